"""Seed 003 "Maneuvers" 8: standing up from prone is a manoeuvre, spent from the turn's budget as any other (the
first free, then a fatigue each). The GM knocks a combatant prone (or sets them back on their feet); the screens
tag them and offer the stand-up on their turn."""

import pytest

from combat import commands
from combat.commands import CommandError, CommandForbidden, TurnRefused
from tests.factories import EncounterFactory
from tests.wfrp3e.test_phone_actions import form


def test_the_gm_knocks_prone_and_the_screens_show_it(fight):
    assert fight.gm("set_prone", combatant=fight.magda.pk, prone=True).message == "Magda is knocked prone."
    assert fight.state().prone == [fight.magda.pk]
    assert f'id="prone-{fight.magda.pk}"' in fight.page(fight.table.gm)
    phone = fight.page(fight.table.anna)
    assert f'id="prone-{fight.magda.pk}"' in phone
    assert "Stand up (a manoeuvre)" in form(phone, "stand-up")
    assert "Stand up (a manoeuvre)" not in fight.page(fight.table.bruno)  # not his turn, not his character


def test_standing_up_from_the_phone_spends_the_manoeuvre_and_undo_lays_them_down_again(fight):
    fight.gm("set_prone", combatant=fight.magda.pk, prone=True)
    fight.run(fight.table.anna, "manoeuvre", combatant=fight.magda.pk)  # the free one spent
    client = fight.table.client(fight.table.anna)
    answer = client.post(f"/encounters/{fight.encounter.pk}/do/stand_up/", {"combatant": fight.magda.pk})
    assert answer.status_code == 302
    assert fight.encounter.log.first().message == "Magda stands up, 1 fatigue."
    assert fight.points(fight.magda)["fatigue"] == 5
    assert fight.state().prone == [] and fight.state().turn["manoeuvres"] == 2
    assert f'id="prone-{fight.magda.pk}"' not in fight.page(fight.table.gm)
    fight.gm("undo")
    assert fight.state().prone == [fight.magda.pk]
    assert fight.points(fight.magda)["fatigue"] == 4


def test_the_first_manoeuvre_of_the_turn_stands_up_free(fight):
    fight.gm("set_prone", combatant=fight.magda.pk, prone=True)
    outcome = fight.gm("stand_up", combatant=fight.magda.pk)
    assert outcome.message == "Magda stands up." and outcome.result == {"fatigue": 0}


def test_the_gm_sets_someone_back_on_their_feet_without_a_manoeuvre(fight):
    fight.gm("set_prone", combatant=fight.orc.pk, prone=True)
    assert fight.gm("set_prone", combatant=fight.orc.pk, prone=False).message == "Orc is back on their feet."
    assert fight.state().prone == [] and fight.state().turn.get("manoeuvres", 0) == 0


def test_refusals_are_in_words_and_change_nothing(fight):
    table = fight.table
    fight.gm("set_prone", combatant=fight.gunther.pk, prone=True)
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Magda is not prone: there is nothing to stand up from\.$"):
        fight.run(table.anna, "stand_up", combatant=fight.magda.pk)
    with pytest.raises(CommandError, match=r"^Gunther stands up on their own turn only\.$"):
        fight.run(table.bruno, "stand_up", combatant=fight.gunther.pk)
    with pytest.raises(CommandForbidden, match=r"^Gunther is not your character\.$"):
        fight.run(table.anna, "stand_up", combatant=fight.gunther.pk)
    with pytest.raises(CommandError, match=r"^Gunther is already prone\.$"):
        fight.gm("set_prone", combatant=fight.gunther.pk, prone=True)
    with pytest.raises(CommandError, match=r"^Orc is not prone\.$"):
        fight.gm("set_prone", combatant=fight.orc.pk, prone=False)
    with pytest.raises(CommandForbidden):
        fight.run(table.anna, "set_prone", combatant=fight.orc.pk, prone=True)  # the GM's call
    elsewhere = EncounterFactory(campaign=table.campaign, name="Elsewhere")
    stranger = commands.add_combatant(elsewhere, table.gm, name="Stranger", max_wounds=5).result["combatant"]
    with pytest.raises(CommandError, match=f"There is no combatant {stranger} in this encounter."):
        fight.gm("set_prone", combatant=stranger, prone=True)
    assert fight.state() == before


def test_a_senseless_character_cannot_stand_up_unless_the_gm_allows_it(fight):
    fight.gm("set_prone", combatant=fight.magda.pk, prone=True)
    fight.magda.character.points = {**fight.magda.character.points, "fatigue": 7}  # past twice Toughness 3
    fight.magda.character.save()
    with pytest.raises(TurnRefused, match="Unconscious"):
        fight.run(fight.table.anna, "stand_up", combatant=fight.magda.pk)
    assert fight.gm("stand_up", combatant=fight.magda.pk, allow_anyway=True).message.startswith("Magda stands up")
