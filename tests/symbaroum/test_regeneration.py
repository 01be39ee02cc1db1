"""Regeneration from the outside (seed 001 "Clarifications" › "Regeneration (Monstrous Trait)"): when the table plays
the clarification, a creature with the trait heals its value at the start of its own turn (its die's fixed half,
or the die when the table rolls monstrous traits' values, seed 001 "Clarifications" › "Miscellaneous"), never over
its maximum, and not at all while unconscious, dying or dead; undo takes it back."""

import pytest

from rules.engine.dice import Dice, TypedDice
from tests.symbaroum.test_dying import turn_of


@pytest.fixture
def regenerating(fight):
    troll = fight.troll.character
    troll.traits = {"Regeneration": 2}
    troll.save()
    fight.encounter.house_rules = ["regeneration"]
    fight.encounter.save()
    fight.gm("apply_damage", combatant=fight.troll.pk, amount=10)
    return fight


def test_the_troll_heals_3_at_the_start_of_his_turn(regenerating):
    fight = regenerating
    outcome = turn_of(fight, fight.troll)
    assert "Troll regenerates 3 (1d6 fixed at 3): 13/20 Toughness." in outcome.message
    assert fight.fresh(fight.troll).wounds == 13
    fight.gm("undo")
    assert fight.fresh(fight.troll).wounds == 10


def test_only_on_his_own_turn(regenerating):
    fight = regenerating
    turn_of(fight, fight.goblin)
    assert fight.fresh(fight.troll).wounds == 10


def test_rolled_trait_values_roll_the_die(regenerating):
    fight = regenerating
    fight.encounter.house_rules = ["regeneration", "rolled_trait_values"]
    fight.encounter.save()
    turn_of(fight, fight.goblin)
    outcome = fight.gm("next_turn", dice=TypedDice(Dice(), {6: [5]}))
    assert "Troll regenerates 5 (1d6 rolled 5): 15/20 Toughness." in outcome.message


def test_not_while_unconscious(regenerating):
    fight = regenerating
    fight.gm("add_condition", combatant=fight.troll.pk, condition="Unconscious", remaining=1)
    turn_of(fight, fight.ulrika)  # the troll's turn was passed over, unconscious
    assert fight.fresh(fight.troll).wounds == 10


def test_not_while_dying(regenerating):
    fight = regenerating
    ulrika = fight.table.ulrika
    ulrika.traits = {"Regeneration": 1}
    ulrika.save()
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=15)
    outcome = turn_of(fight, fight.ulrika)
    assert "Ulrika's Regeneration does not work: dying." in outcome.message
    assert fight.fresh(fight.ulrika).wounds == 0


def test_without_the_clarification_the_tracker_leaves_it_to_the_gm(regenerating):
    fight = regenerating
    fight.encounter.house_rules = []
    fight.encounter.save()
    outcome = turn_of(fight, fight.troll)
    assert "regenerates" not in outcome.message and fight.fresh(fight.troll).wounds == 10


def test_never_over_the_maximum(regenerating):
    fight = regenerating
    fight.gm("heal", combatant=fight.troll.pk, amount=9)
    outcome = turn_of(fight, fight.troll)
    assert "Troll regenerates 1" in outcome.message and fight.fresh(fight.troll).wounds == 20


def test_the_hidden_trolls_regeneration_reaches_no_phone(regenerating):
    fight = regenerating
    turn_of(fight, fight.troll)
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "regenerates" not in phone and "Troll" not in phone
