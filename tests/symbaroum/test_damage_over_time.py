"""Poison, bleeding and burning from the outside: applied at the start of the affected combatant's own turn,
ignoring armour, logged with the rounds (the poison: the turns) left, with the Pain Threshold and 0 Toughness
counting as for any hit."""

import pytest

from combat.commands import CommandError
from rules.engine.dice import Dice, TypedDice
from tests.symbaroum.test_dying import conditions, death_test, turn_of


def afflict(fight, combatant, condition, count=None, remaining=None):
    args = {"count": count, "remaining": remaining}
    fight.gm("add_condition", combatant=combatant.pk, condition=condition,
             **{key: value for key, value in args.items() if value})  # fmt: skip


def test_poison_hurts_its_strength_on_each_of_the_goblins_turns_through_his_armour(fight):
    afflict(fight, fight.goblin, "Poisoned", count=2, remaining=2)  # two of his turns
    outcome = turn_of(fight, fight.goblin)
    assert "Goblin takes 2 poison damage, 1 turn left." in outcome.message
    assert fight.fresh(fight.goblin).wounds == 6  # his leather armour stops none of it
    outcome = turn_of(fight, fight.goblin)
    assert "Goblin takes 2 poison damage, the poison has run its course." in outcome.message
    assert fight.fresh(fight.goblin).wounds == 4
    outcome = turn_of(fight, fight.goblin)
    assert "poison" not in outcome.message and fight.fresh(fight.goblin).wounds == 4


def test_bleeding_hurts_1_and_only_on_the_bleeders_turn(fight):
    afflict(fight, fight.goblin, "Bleeding")
    passing = fight.gm("next_turn")  # Brother Ansgar's turn
    assert "bleeding" not in passing.message and fight.fresh(fight.goblin).wounds == 8
    outcome = fight.gm("next_turn")
    assert "Goblin takes 1 bleeding damage, until the GM ends it." in outcome.message
    assert fight.fresh(fight.goblin).wounds == 7


def test_burning_hurts_the_goblin_its_fixed_2_for_the_d4(fight):
    afflict(fight, fight.goblin, "Burning", remaining=3)
    turn_of(fight, fight.ansgar)
    outcome = fight.gm("next_turn", dice=TypedDice(Dice(), {4: [4]}))  # a d4 the tracker must not roll
    assert "Goblin takes 2 burning damage, 3 rounds left." in outcome.message
    assert fight.fresh(fight.goblin).wounds == 6


def test_a_burning_player_character_rolls_the_d4_on_his_phone_when_his_turn_starts(fight):
    afflict(fight, fight.ansgar, "Burning", remaining=2)
    outcome = turn_of(fight, fight.ansgar)
    assert "Brother Ansgar's player rolls 1d4 burning damage, 2 rounds left." in outcome.message
    assert fight.fresh(fight.ansgar).wounds == 10
    [entry] = fight.prompts()
    assert (entry["combatant"], entry["dice"], entry["reason"]) == (fight.ansgar.pk, "1d4", "1d4 burning damage")
    phone = fight.table.client(fight.table.bruno).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "1d4 burning damage</strong>" in phone and f'id="prompt-{entry["id"]}"' in phone
    with pytest.raises(CommandError, match="1d4 shows 1 to 4, not 5"):
        fight.run(fight.table.bruno, "roll_test", prompt=entry["id"], total=5)
    outcome = fight.run(fight.table.bruno, "roll_test", prompt=entry["id"], total=3)
    assert outcome.message == "Brother Ansgar takes 3 burning damage."
    assert fight.fresh(fight.ansgar).wounds == 7 and fight.prompts() == []


def test_the_phones_burning_roll_at_zero_toughness_leaves_him_dying(fight):
    fight.gm("apply_damage", combatant=fight.ansgar.pk, amount=8)
    afflict(fight, fight.ansgar, "Burning")
    turn_of(fight, fight.ansgar)
    [entry] = fight.prompts()
    outcome = fight.run(fight.table.bruno, "roll_test", prompt=entry["id"], total=4)
    assert outcome.message.endswith("Brother Ansgar collapses, dying: a death test on each of their turns.")
    assert fight.fresh(fight.ansgar).wounds == 0
    assert conditions(fight, fight.ansgar) == ["Burning", "Dying"]


def test_damage_at_the_pain_threshold_critically_damages(fight):
    fight.encounter.house_rules = ["critical_damage"]
    fight.encounter.save()
    afflict(fight, fight.goblin, "Poisoned", count=4)  # the goblin's Pain Threshold is 4 (Strong 8)
    outcome = turn_of(fight, fight.goblin)
    assert "at or over the Pain Threshold (4)" in outcome.message
    assert conditions(fight, fight.goblin) == ["Critically Damaged", "Poisoned"]


def test_at_zero_the_npc_dies_and_takes_no_more(fight):
    fight.gm("apply_damage", combatant=fight.goblin.pk, amount=7)
    afflict(fight, fight.goblin, "Bleeding")
    afflict(fight, fight.goblin, "Poisoned", count=3)
    outcome = turn_of(fight, fight.goblin)
    assert "Goblin dies" in outcome.message and "poison" not in outcome.message
    assert "Dead" in conditions(fight, fight.goblin)


def test_a_player_character_brought_to_zero_is_dying_and_rolls_her_first_death_test_next_turn(fight):
    fight.gm("apply_damage", combatant=fight.ansgar.pk, amount=9)
    afflict(fight, fight.ansgar, "Bleeding")
    outcome = turn_of(fight, fight.ansgar)
    assert "Brother Ansgar collapses, dying" in outcome.message and fight.prompts() == []
    turn_of(fight, fight.ansgar)
    assert death_test(fight)["combatant"] == fight.ansgar.pk
