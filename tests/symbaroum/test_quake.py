"""Quake on a creature from the outside (seed 001 "Clarifications" › "Quake (Staff Mage Ritual)"): the weapon's usual
damage, which a passed Defence test halves rather than avoids; the creature's player rolls Defence on the phone, an
NPC's is the tracker's; only while the table plays the clarification; undo takes it back."""

import pytest

from combat.commands import CommandError


@pytest.fixture
def clarified(fight):
    fight.encounter.house_rules = ["quake"]
    fight.encounter.save()
    return fight


def test_a_failed_defence_takes_it_all(clarified):
    fight = clarified
    outcome = fight.gm("quake", combatant=fight.ansgar.pk, target=fight.goblin.pk, damage=6, d20=20)
    assert "failed: all; Goblin takes 6 damage" in outcome.message
    assert fight.fresh(fight.goblin).wounds == 2


def test_a_passed_defence_halves_it(clarified):
    fight = clarified
    outcome = fight.gm("quake", combatant=fight.ansgar.pk, target=fight.goblin.pk, damage=7, d20=1)
    assert "passed: half; Goblin takes 3 damage" in outcome.message
    assert fight.fresh(fight.goblin).wounds == 5
    fight.gm("undo")
    assert fight.fresh(fight.goblin).wounds == 8


def test_a_player_rolls_her_defence_on_the_phone(clarified):
    fight = clarified
    fight.gm("quake", combatant=fight.goblin.pk, target=fight.ulrika.pk, damage=8)
    [entry] = fight.prompts()
    assert (entry["kind"], entry["combatant"]) == ("quake", fight.ulrika.pk)
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "Defence against the Quake: a pass halves 8 damage" in phone
    outcome = fight.run(fight.table.anna, "roll_test", prompt=entry["id"], d20=1)
    assert "Ulrika takes 4 damage" in outcome.message and fight.fresh(fight.ulrika).wounds == 11


def test_only_with_the_clarification_and_never_on_a_building(fight):
    with pytest.raises(CommandError, match="house rule this encounter does not use"):
        fight.gm("quake", combatant=fight.ansgar.pk, target=fight.goblin.pk, damage=6, d20=20)
    fight.encounter.house_rules = ["quake", "damage_on_buildings"]
    fight.encounter.save()
    croft = fight.gm("add_building", building="Croft").result["combatant"]
    with pytest.raises(CommandError, match="is a building, not a creature"):
        fight.gm("quake", combatant=fight.ansgar.pk, target=croft, damage=6, d20=20)
