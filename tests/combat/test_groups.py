"""Saved groups: the GM saves an encounter's combatants as a named group of the campaign, starts new encounters
from it on the campaign page and deletes it; players and other campaigns never reach them."""

import json

import pytest

from characters import backup
from characters.models import Campaign
from combat import commands
from combat.models import CombatantGroup, Encounter

pytestmark = pytest.mark.django_db


def save(table, user, name="Ford band", encounter=None):
    return table.client(user).post(f"/encounters/{(encounter or table.encounter).pk}/save-group/", {"name": name})


def new_encounter(table, user, **data):
    return table.client(user).post(f"/campaigns/{table.campaign.pk}/encounters/new/", data, follow=True)


def test_the_gm_saves_a_group_and_starts_an_encounter_from_it(table):
    commands.apply_damage(table.encounter, table.gm, combatant=table.orc.pk, amount=5)

    saved = table.client(table.gm).post(
        f"/encounters/{table.encounter.pk}/save-group/", {"name": " Ford band "}, follow=True
    )

    assert "Saved the group Ford band (4 combatants)." in saved.content.decode()
    group = CombatantGroup.objects.get(campaign=table.campaign)
    assert group.name == "Ford band"
    assert next(m for m in group.members if m["name"] == "Orc Grukk") == {
        "character": None, "name": "Orc Grukk", "side": "adversary", "hidden": False, "max_wounds": 12,
    }  # fmt: skip
    page = table.client(table.gm).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    assert "Saved groups" in page and f'<option value="{group.pk}">Ford band</option>' in page

    response = new_encounter(table, table.gm, name="Second ford", group=str(group.pk))

    second = Encounter.objects.get(name="Second ford")
    assert response.redirect_chain[-1][0] == f"/encounters/{second.pk}/"
    fresh = [(c.name, c.character_id, c.wounds, c.max_wounds, c.hidden) for c in second.combatants.order_by("position")]
    assert fresh == [(m["name"], m["character"], m["max_wounds"], m["max_wounds"], m["hidden"]) for m in group.members]
    assert second.status == "planning" and not second.log.exists()


def test_an_encounter_without_a_group_starts_empty_as_before(table):
    new_encounter(table, table.gm, name="Empty road", group="")
    assert not Encounter.objects.get(name="Empty road").combatants.exists()


@pytest.mark.parametrize(
    "name, said",
    [("", "Give the group a name."), ("   ", "Give the group a name."), ("x" * 121, "at most 120 characters")],
)
def test_a_group_needs_a_name(table, name, said):
    response = table.client(table.gm).post(f"/encounters/{table.encounter.pk}/save-group/", {"name": name}, follow=True)
    assert said in response.content.decode() and not CombatantGroup.objects.exists()


def test_a_second_group_of_the_same_name_is_refused(table):
    gm = table.client(table.gm)
    gm.post(f"/encounters/{table.encounter.pk}/save-group/", {"name": "Ford ambushers"})
    response = gm.post(f"/encounters/{table.encounter.pk}/save-group/", {"name": "Ford ambushers"}, follow=True)
    assert "There is already a group named Ford ambushers" in response.content.decode()
    assert CombatantGroup.objects.filter(name="Ford ambushers").count() == 1


def test_an_empty_encounter_saves_no_group(table):
    empty = Encounter.objects.create(campaign=table.campaign, name="Nobody")
    response = table.client(table.gm).post(f"/encounters/{empty.pk}/save-group/", {"name": "None"}, follow=True)
    assert "Add combatants to the encounter before saving them as a group." in response.content.decode()
    assert not CombatantGroup.objects.exists()


@pytest.mark.parametrize("group", ["abc", "0", "99999", "9" * 30])
def test_a_group_that_is_not_there_is_refused_in_words(table, group):
    before = Encounter.objects.count()
    response = new_encounter(table, table.gm, name="Ghosts", group=group)
    assert "There is no such group in this campaign" in response.content.decode()
    assert Encounter.objects.count() == before


def test_the_gm_deletes_a_group(table):
    save(table, table.gm)
    group = CombatantGroup.objects.get()
    response = table.client(table.gm).post(f"/groups/{group.pk}/delete/", follow=True)
    assert "Deleted the group Ford band." in response.content.decode()
    assert not CombatantGroup.objects.exists()


def test_players_cannot_save_or_delete_groups_nor_see_them(table):
    assert save(table, table.anna).status_code == 403
    save(table, table.gm)
    group = CombatantGroup.objects.get()
    assert table.client(table.anna).post(f"/groups/{group.pk}/delete/").status_code == 403
    page = table.client(table.anna).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    assert "Ford band" not in page and "save-group" not in page
    assert CombatantGroup.objects.count() == 1


def test_another_campaign_cannot_reach_a_group(table, other_table):
    save(table, table.gm)
    group = CombatantGroup.objects.get()
    other_gm = other_table.campaign.gm
    assert table.client(other_gm).post(f"/groups/{group.pk}/delete/").status_code == 404
    assert table.client(table.outsider).post(f"/groups/{group.pk}/delete/").status_code == 404
    assert save(table, other_gm).status_code == 404  # not their encounter
    # Their own campaign's new-encounter form names our group: answered as if it did not exist.
    response = table.client(other_gm).post(
        f"/campaigns/{other_table.campaign.pk}/encounters/new/", {"name": "Theft", "group": group.pk}, follow=True
    )
    assert "There is no such group in this campaign" in response.content.decode()
    assert not Encounter.objects.filter(name="Theft").exists() and CombatantGroup.objects.count() == 1


def test_a_campaign_backup_carries_its_groups(table):
    save(table, table.gm)
    saved = list(CombatantGroup.objects.values())
    data = json.loads(backup.as_json(backup.export_campaign(table.campaign)))
    Campaign.objects.filter(pk=table.campaign.pk).delete()
    assert not CombatantGroup.objects.exists()

    backup.import_campaign(data)

    assert list(CombatantGroup.objects.values()) == saved
