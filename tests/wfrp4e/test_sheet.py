"""The WFRP 4e character sheet: what it shows, who may see it, and who may change what."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from characters.models import Character, CharacterSkill
from combat import commands
from combat.models import Combatant, Encounter, LogEntry
from rules.models import Armour, Skill, Weapon
from tests.factories import CharacterFactory, equip, point

pytestmark = pytest.mark.django_db

STATS = {"WS": 42, "BS": 31, "S": 38, "T": 41, "I": 35, "Ag": 33, "Dex": 28, "Int": 30, "WP": 34, "Fel": 29}


def kit_out(character, weapons=("Hand Weapon", "Shield")):
    character.points = {"fate": 3, "fortune": 2, "resilience": 1, "resolve": 1}
    skills = {"Melee (Basic)": 10, "Dodge": 5}
    return equip(character, STATS, skills, weapons, armour=("Mail Shirt", "Leather Jack"))


@pytest.fixture
def anders(table):
    return kit_out(table.anders.character)


def text(response):
    return response.content.decode()


def test_owner_sees_characteristics_bonuses_skills_weapons_armour_and_points(table, anders):
    page = text(table.client(table.anna).get(f"/characters/{anders.pk}/"))
    assert '<dt>WS</dt><dd><strong>42</strong> <span class="bonus">4</span>' in page
    assert 'Melee (Basic) <span class="muted small">WS+10</span></span> <strong>52</strong>' in page
    assert "Dodge" in page and "<strong>38</strong>" in page  # Ag 33 + 5
    # Hand Weapon +SB+4 with S 38: damage 7; armour: body 2 (mail) + 1 (jack), arms 1, head 0
    assert "<strong>Hand Weapon</strong>" in page and "damage <strong>7</strong>" in page
    assert "<td>Body</td><td><strong>3</strong></td>" in page
    assert "<td>Left arm</td><td><strong>1</strong></td>" in page
    assert "<td>Head</td><td><strong>0</strong></td>" in page
    assert "Fortune <strong>2</strong>" in page and "Resolve <strong>1</strong>" in page
    assert "(core" not in page  # SB 3 + 2 × TB 4 + WPB 3 = 14: the sheet agrees
    Character.objects.filter(pk=anders.pk).update(max_wounds=17)  # Hardy, say
    assert "(core 14)" in text(table.client(table.anna).get(f"/characters/{anders.pk}/"))
    assert "In combat" not in page  # the encounter has not started


def test_sheet_shows_live_wounds_conditions_while_in_combat(table, anders):
    from combat import commands

    commands.start(table.encounter, table.gm)
    commands.apply_damage(table.encounter, table.gm, combatant=table.anders.pk, amount=4)
    commands.add_condition(table.encounter, table.gm, combatant=table.anders.pk, condition="Bleeding", count=2)
    page = text(table.client(table.anna).get(f"/characters/{anders.pk}/"))
    assert "In combat" in page and "<strong>10</strong> / 14 wounds" in page and "Bleeding ×2" in page


# A fellow player knows Anders (403); an outsider cannot know he exists, so his sheet answers like a missing one.
@pytest.mark.parametrize("who, status", [("bruno", 403), ("outsider", 404)])
def test_other_players_and_outsiders_cannot_see_or_change_a_sheet(table, anders, who, status):
    client = table.client(getattr(table, who))
    assert client.get(f"/characters/{anders.pk}/").status_code == status
    assert client.post(f"/characters/{anders.pk}/notes/", {"notes": "mine now"}).status_code == status
    assert client.get(f"/characters/{anders.pk}/edit/").status_code == status
    assert Character.objects.get(pk=anders.pk).notes == ""


def test_players_cannot_see_npc_sheets_and_gm_notes_stay_with_the_gm(table, anders):
    npc = CharacterFactory(campaign=table.campaign, name="Orc Boss", is_npc=True, gm_notes="Has the key")
    anna = table.client(table.anna)
    assert anna.get(f"/characters/{npc.pk}/").status_code == 404  # like a missing one: NPC ids cannot be probed
    assert anna.get("/characters/999999/").status_code == 404
    anders.gm_notes = "Secretly a cultist"
    anders.save()
    assert "cultist" not in text(anna.get(f"/characters/{anders.pk}/"))
    gm = table.client(table.gm)
    assert "cultist" in text(gm.get(f"/characters/{anders.pk}/"))
    assert "Has the key" in text(gm.get(f"/characters/{npc.pk}/"))


def test_a_player_edits_only_their_own_notes(table, anders):
    client = table.client(table.anna)
    response = client.post(f"/characters/{anders.pk}/notes/", {"notes": "Owes Gunther 3 shillings"})
    assert response.status_code == 302
    assert Character.objects.get(pk=anders.pk).notes == "Owes Gunther 3 shillings"
    # The notes form cannot smuggle in other fields, and the full edit form is the GM's.
    client.post(f"/characters/{anders.pk}/notes/", {"notes": "x", "fortune": 99, "max_wounds": 99})
    anders.refresh_from_db()
    assert (anders.point("fortune"), anders.max_wounds) == (2, 14)
    assert client.post(f"/characters/{anders.pk}/edit/", {"name": "Anders the Great"}).status_code == 403
    assert Character.objects.get(pk=anders.pk).name == "Anders"


def edit_form(character, **changes):
    data = {
        "name": character.name,
        "max_wounds": character.max_wounds,
        "fate": 3, "fortune": 2, "resilience": 1, "resolve": 1,
        "notes": character.notes,
        "gm_notes": "",
        "weapons": [w.pk for w in character.weapons.all()],
        "armour": [a.pk for a in character.armour.all()],
        **{f"characteristic_{key}": value for key, value in STATS.items()},
        "skills-TOTAL_FORMS": "1", "skills-INITIAL_FORMS": "0", "skills-MIN_NUM_FORMS": "0",
        "skills-MAX_NUM_FORMS": "1000",
        "skills-0-skill": Skill.objects.get(system="wfrp4e", name="Intimidate").pk, "skills-0-advances": "5",
    }  # fmt: skip
    data.update(changes)
    return data


def test_the_gm_edits_everything_on_a_sheet(table, anders):
    helm = Armour.objects.get(system="wfrp4e", name="Helm")
    form = edit_form(anders, fortune=0, characteristic_WS=50, gm_notes="Watch him", armour=[helm.pk])
    response = table.client(table.gm).post(f"/characters/{anders.pk}/edit/", form)
    assert response.status_code == 302
    anders = Character.objects.get(pk=anders.pk)
    assert anders.point("fortune") == 0 and anders.characteristics["WS"] == 50 and anders.gm_notes == "Watch him"
    assert [a.name for a in anders.armour.all()] == ["Helm"]
    assert {s.skill.name: s.advances for s in anders.skills.all()} == {"Melee (Basic)": 10, "Dodge": 5, "Intimidate": 5}


def test_bad_sheet_input_gets_a_message_and_changes_nothing(table, anders):
    form = edit_form(anders, characteristic_WS=-5, fortune=1)
    response = table.client(table.gm).post(f"/characters/{anders.pk}/edit/", form)
    assert response.status_code == 200
    assert "WS runs from 0 to 200." in text(response)  # in the words of the sheet, not Django's
    anders.refresh_from_db()
    assert anders.characteristics["WS"] == 42 and anders.point("fortune") == 2 and anders.skills.count() == 2
    # A weapon of another game system is not on offer.
    other = Weapon.objects.create(system="symbaroum", name="Hand Weapon", group="Basic", damage=4)
    response = table.client(table.gm).post(f"/characters/{anders.pk}/edit/", edit_form(anders, weapons=[other.pk]))
    assert response.status_code == 200 and "Select a valid choice" in text(response)


def test_the_phone_shows_the_full_sheet_in_the_encounter(table, anders):
    page = text(table.client(table.anna).get(f"/encounters/{table.encounter.pk}/"))
    assert "<strong>Hand Weapon</strong>" in page and "<td>Body</td><td><strong>3</strong></td>" in page
    # ... and only the player's own: Gunther's sheet is not on Anna's phone.
    kit_out(table.gunther.character, weapons=("Rapier",))
    page = text(table.client(table.anna).get(f"/encounters/{table.encounter.pk}/"))
    assert "Rapier" not in page


def test_sheet_page_queries_do_not_grow_with_skills_and_gear(table, anders):
    client = table.client(table.anna)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/characters/{anders.pk}/").status_code == 200
        return len(captured)

    before = queries()
    for skill in Skill.objects.filter(system="wfrp4e").exclude(name__in=["Melee (Basic)", "Dodge"])[:15]:
        CharacterSkill.objects.create(character=anders, skill=skill, advances=3)
    anders.weapons.set(Weapon.objects.filter(system="wfrp4e"))
    anders.armour.set(Armour.objects.filter(system="wfrp4e"))
    assert queries() == before


def test_live_pushes_carry_points_but_not_the_stat_block(table, anders):
    from combat.reads import encounter as load_encounter
    from combat.rendering import live_fragments
    from combat.views_state import build

    push = live_fragments(build(load_encounter(table.encounter.pk), table.anna))
    assert "Fortune <strong>2</strong>" in push and "Characteristics" not in push


def test_a_gm_sheet_edit_during_a_fight_is_a_command_that_undo_cannot_overwrite(table, anders):
    """Undo puts back a character's Fortune and Resolve as they were; an edit made straight into the sheet
    mid-fight would be silently overwritten by undoing an earlier command. It is a logged command instead."""
    commands.start(table.encounter, table.gm)
    commands.apply_damage(table.encounter, table.gm, combatant=table.anders.pk, amount=2)
    version = Encounter.objects.get(pk=table.encounter.pk).version
    response = table.client(table.gm).post(f"/characters/{anders.pk}/edit/", edit_form(anders, fortune=5, resolve=3))
    assert response.status_code == 302
    assert point(anders.pk, "fortune") == 5
    entry = LogEntry.objects.get(encounter=table.encounter, version=version + 1)
    assert entry.command == "set_points" and entry.message == "The GM sets Anders's Fortune 5, Resolve 3."

    commands.undo(table.encounter, table.gm)  # the newest command is the edit: it goes first, in the open
    anders = Character.objects.get(pk=anders.pk)
    assert anders.points == {"fate": 3, "fortune": 2, "resilience": 1, "resolve": 1}
    assert Combatant.objects.get(pk=table.anders.pk).wounds == 12  # the earlier damage still stands


def test_a_sheet_edit_out_of_a_fight_is_saved_straight_away(table, anders):
    response = table.client(table.gm).post(f"/characters/{anders.pk}/edit/", edit_form(anders, fortune=4))
    assert response.status_code == 302 and point(anders.pk, "fortune") == 4
    assert not LogEntry.objects.filter(command="set_points").exists()


def test_the_phone_shows_fortune_once_and_live(table, anders):
    """The phone's stat block is sent on page load only: the live points line alone carries Fortune and Resolve."""
    phone = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert phone.count("Fortune <strong>") == 1 and 'class="points">Fortune <strong>2</strong>' in phone
    assert "Characteristics" in phone
    sheet = table.client(table.anna).get(f"/characters/{anders.pk}/").content.decode()
    assert "Fortune <strong>2</strong>" in sheet and "Resolve <strong>" in sheet


def test_max_wounds_left_empty_come_from_the_sheet_and_a_typed_value_overrides(table, anders):
    # STATS: S 38, T 41, WP 34: SB 3 + 2 × TB 4 + WPB 3 = 14 (seed 002).
    gm = table.client(table.gm)
    assert gm.post(f"/characters/{anders.pk}/edit/", edit_form(anders, max_wounds="")).status_code == 302
    anders = Character.objects.get(pk=anders.pk)
    assert anders.max_wounds == 14
    page = gm.get(f"/characters/{anders.pk}/edit/").content.decode()
    field = re.search(r'<input [^>]*name="max_wounds"[^>]*>', page)[0]
    assert "value=" not in field  # shown empty: it follows the characteristics
    fresh = Encounter.objects.create(campaign=table.campaign, name="Another day")
    joined = commands.add_combatant(fresh, table.gm, character=anders.pk)
    assert Combatant.objects.get(pk=joined.result["combatant"]).max_wounds == 14
    again = edit_form(anders, max_wounds=17, **{"skills-TOTAL_FORMS": "0"})  # Intimidate is on the sheet now
    assert gm.post(f"/characters/{anders.pk}/edit/", again).status_code == 302
    assert Character.objects.get(pk=anders.pk).max_wounds == 17
