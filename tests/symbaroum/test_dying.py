"""A dying player character from the outside: the death test on her phone at the start of each of her turns, with
the odds of each outcome; waking, staying, the steps toward death and dying; she cannot act meanwhile."""

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.engine.dice import Dice, TypedDice


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def bring_down(fight, combatant):
    fight.gm("apply_damage", combatant=combatant.pk, amount=combatant.max_wounds)
    fight.gm("add_condition", combatant=combatant.pk, condition="Dying")


def turn_of(fight, combatant, dice=None):
    """next_turn until it is `combatant`'s turn; that last turn change's Outcome."""
    for _ in range(len(fight.encounter.combatants.all()) + 1):
        outcome = fight.gm("next_turn", dice=dice)
        if outcome.result["active"] == combatant.pk:
            return outcome
    raise AssertionError(f"{combatant.name}'s turn never came")


def death_test(fight):
    [entry] = [p for p in fight.prompts() if p["kind"] == "death"]
    return entry


def roll_death_test(fight, **rolled):
    return fight.run(fight.table.anna, "roll_test", prompt=death_test(fight)["id"], **rolled)


@pytest.fixture
def dying(fight):
    """Ulrika at 0 Toughness and dying, at the start of her next turn: her death test is open."""
    bring_down(fight, fight.ulrika)
    fight.turn_start = turn_of(fight, fight.ulrika)
    return fight


def test_her_turn_opens_a_death_test_on_her_phone_with_no_target(dying):
    entry = death_test(dying)
    assert (entry["combatant"], entry["target"], entry["dice"], entry["d4"]) == (dying.ulrika.pk, None, None, True)
    assert [(band["faces"], band["chance"]) for band in entry["bands"]] == [
        ("1", 5),
        ("2–10", 45),
        ("11–19", 45),
        ("20", 5),
    ]
    assert "Ulrika is dying and cannot act" in dying.turn_start.message


def test_the_phone_shows_her_the_bands_and_that_she_cannot_act_another_player_sees_nothing(dying):
    entry = death_test(dying)
    phone = page(dying, dying.table.anna)
    assert f'id="death-bands-{entry["id"]}"' in phone
    assert "wakes with 1d4 Toughness · <strong" in phone and "a step closer to death (1 of 3 steps)" in phone
    assert "You are dying and cannot act" in phone and "0 of 3 steps</strong> toward death" in phone
    assert "Roll the death test" in phone
    other = page(dying, dying.table.bruno)
    assert f'id="prompt-{entry["id"]}"' not in other and "death-bands" not in other
    gm = page(dying, dying.table.gm)
    assert f'id="prompt-{entry["id"]}"' in gm and f'id="death-steps-{dying.ulrika.pk}"' in gm


def test_another_player_cannot_roll_her_death_test(dying):
    with pytest.raises(CommandForbidden):
        dying.run(dying.table.bruno, "roll_test", prompt=death_test(dying)["id"], d20=1)
    assert "Dying" in conditions(dying, dying.ulrika)


def test_a_1_wakes_her_with_the_d4_she_typed_and_she_acts_from_her_next_turn(dying):
    outcome = roll_death_test(dying, d20=1, d4=3)
    assert outcome.result["outcome"] == "wakes"
    assert dying.fresh(dying.ulrika).wounds == 3
    assert "Dying" not in conditions(dying, dying.ulrika) and dying.prompts() == []
    with pytest.raises(CommandError, match="Combat Action is already used"):
        dying.gm("attack", attacker=dying.ulrika.pk, target=dying.goblin.pk, d20=3)


def test_a_1_without_a_typed_d4_has_the_tracker_roll_it(dying):
    roll_death_test(dying, d20=1, dice=TypedDice(Dice(), {4: [2]}))
    assert dying.fresh(dying.ulrika).wounds == 2


def test_2_to_10_changes_nothing(dying):
    outcome = roll_death_test(dying, d20=10)
    assert (outcome.result["outcome"], outcome.result["steps"]) == ("remains", 0)
    assert "Dying" in conditions(dying, dying.ulrika) and dying.fresh(dying.ulrika).wounds == 0


def test_11_to_19_count_steps_shown_on_her_row_and_phone_and_the_third_kills(dying):
    assert roll_death_test(dying, d20=11).result["steps"] == 1
    turn_of(dying, dying.ulrika)
    assert death_test(dying)["reason"] == "Death test (1 of 3 steps so far)"
    assert roll_death_test(dying, d20=19).result["steps"] == 2
    assert "dying · 2 of 3 steps" in page(dying, dying.table.gm)
    assert "2 of 3 steps</strong> toward death" in page(dying, dying.table.anna)
    turn_of(dying, dying.ulrika)
    assert "a step closer to death (this one kills)" in page(dying, dying.table.anna)
    outcome = roll_death_test(dying, d20=15)
    assert outcome.result["outcome"] == "dies" and "the third step closer" in outcome.message
    assert conditions(dying, dying.ulrika) == ["Dead"] and dying.state().death_steps == {}


def test_a_20_kills_her(dying):
    outcome = roll_death_test(dying, d20=20)
    assert outcome.result["outcome"] == "dies"
    assert conditions(dying, dying.ulrika) == ["Dead"]
    said = " ".join(dying.gm("next_turn").message for _ in range(4))  # a round: she takes no turn any more
    assert "Ulrika is dead: no turn." in said and "death test" not in said and dying.prompts() == []


def test_undo_restores_the_step_count(dying):
    roll_death_test(dying, d20=12)
    assert dying.state().death_steps == {str(dying.ulrika.pk): 1}
    dying.gm("undo")
    assert dying.state().death_steps == {} and death_test(dying)


def test_an_unanswered_death_test_is_not_asked_twice(dying):
    turn_of(dying, dying.ulrika)
    death_test(dying)  # still exactly one


def test_a_dying_character_cannot_attack(dying):
    with pytest.raises(CommandError, match="Ulrika is dying and cannot act"):
        dying.gm("attack", attacker=dying.ulrika.pk, target=dying.goblin.pk, d20=3)


def test_a_d4_is_refused_on_a_test_that_takes_none(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    entry = fight.prompts()[-1]
    with pytest.raises(CommandError, match="This test takes no d4"):
        fight.run(fight.table.anna, "roll_test", prompt=entry["id"], d20=3, d4=2)
    assert fight.prompts() == [entry]


def test_she_collapses_once_and_more_damage_does_not_say_it_again(fight):
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ansgar.pk, d20=19)
    outcome = fight.gm("attack", attacker=fight.troll.pk, target=fight.ansgar.pk, d20=19)
    assert "collapses" in outcome.message
    again = fight.gm("attack", attacker=fight.troll.pk, target=fight.ansgar.pk, d20=19)
    assert "collapses" not in again.message and conditions(fight, fight.ansgar) == ["Dying"]
