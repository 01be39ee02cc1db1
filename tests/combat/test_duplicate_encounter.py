"""Duplicating an encounter from the campaign page: the same combatants and house rules in a new planned encounter,
fresh, with nothing of the first fight's turns, wounds, conditions or log."""

import pytest

from combat import commands
from combat.models import Encounter

pytestmark = pytest.mark.django_db


def duplicate(table, user, encounter=None):
    return table.client(user).post(f"/encounters/{(encounter or table.encounter).pk}/duplicate/")


def test_the_copy_has_the_same_combatants_fresh_and_the_same_house_rules(table, dice):
    encounter = table.encounter
    commands.set_house_rules(encounter, table.gm, rules=["momentum"])
    commands.roll_initiative(encounter, table.gm, dice=dice)
    commands.start(encounter, table.gm)
    commands.apply_damage(encounter, table.gm, combatant=table.orc.pk, amount=5)
    commands.add_condition(encounter, table.gm, combatant=table.orc.pk, condition="Bleeding")

    gm = table.client(table.gm)
    response = gm.post(f"/encounters/{encounter.pk}/duplicate/")

    copy = Encounter.objects.exclude(pk=encounter.pk).get(campaign=table.campaign)
    assert response.status_code == 302 and response.url == f"/encounters/{copy.pk}/"
    assert (copy.name, copy.status, copy.round, copy.version, copy.active) == ("Ford (copy)", "planning", 0, 0, None)
    assert copy.house_rules == ["momentum"] != table.campaign.house_rules
    assert not copy.log.exists() and copy.pools == {}

    def kept(c):
        return (c.name, c.character_id, c.side, c.hidden, c.max_wounds)

    originals = list(encounter.combatants.order_by("position"))
    copies = list(copy.combatants.order_by("position"))
    assert [kept(c) for c in copies] == [kept(c) for c in originals]
    assert all(c.wounds == c.max_wounds and c.initiative is None and not c.conditions.exists() for c in copies)
    page = gm.get(response.url).content.decode()
    assert "Ford (copy) is ready" in page and "Sneaky Goblin" in page


def test_a_long_name_keeps_its_copy_mark_within_120_characters(table):
    table.encounter.name = "B" * 120
    table.encounter.save()
    duplicate(table, table.gm)
    copy = Encounter.objects.exclude(pk=table.encounter.pk).get(campaign=table.campaign)
    assert len(copy.name) == 120 and copy.name.endswith("B (copy)")


def test_a_copy_of_a_copy_is_numbered(table):
    duplicate(table, table.gm)
    copy = Encounter.objects.get(name="Ford (copy)")
    duplicate(table, table.gm, copy)
    duplicate(table, table.gm)
    names = set(Encounter.objects.filter(campaign=table.campaign).values_list("name", flat=True))
    assert names == {"Ford", "Ford (copy)", "Ford (copy 2)", "Ford (copy 3)"}


def test_a_player_cannot_duplicate_and_an_outsider_learns_nothing(table, other_table):
    assert duplicate(table, table.anna).status_code == 403
    assert duplicate(table, table.outsider).status_code == 404
    assert duplicate(table, table.gm, other_table).status_code == 404  # another GM's encounter
    assert table.client(table.gm).get(f"/encounters/{table.encounter.pk}/duplicate/").status_code == 405
    assert Encounter.objects.count() == 2


def test_the_campaign_page_offers_duplicate_to_the_gm_only(table):
    url = f"/campaigns/{table.campaign.pk}/"
    assert f"/encounters/{table.encounter.pk}/duplicate/" in table.client(table.gm).get(url).content.decode()
    assert "/duplicate/" not in table.client(table.anna).get(url).content.decode()
