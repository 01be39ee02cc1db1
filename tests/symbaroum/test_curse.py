"""Curse from the outside (seed 001 "Clarifications" › "Curse (Mystical Power)"): the GM records a curse; the cursed
one has a second chance to fail every success test; harm to the caster breaks nothing when the table plays the
clarification (no concentration), and asks the caster's Resolute test otherwise; the curse ends when lifted or when
its caster is down; undo takes it back; the phone names no hidden caster."""

import pytest

from combat.commands import CommandError
from rules.engine.dice import Dice, TypedDice
from tests.symbaroum.test_dying import conditions, turn_of


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


@pytest.fixture
def clarified(fight):
    fight.encounter.house_rules = ["curse"]
    fight.encounter.save()
    return fight


def test_the_cursed_goblins_attack_gives_her_defence_a_second_chance_to_pass(clarified):
    fight = clarified
    outcome = fight.gm("curse", combatant=fight.ulrika.pk, target=fight.goblin.pk)
    assert outcome.message == (
        "Ulrika curses Goblin: a second chance to fail every success test (no concentration: harm to the caster "
        "does not break it)."
    )
    assert conditions(fight, fight.goblin) == ["Cursed"]
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    assert fight.prompts()[-1]["second"] == "pass"


def test_a_cursed_player_rolls_her_tests_with_a_second_chance_to_fail(clarified):
    fight = clarified
    fight.gm("curse", combatant=fight.goblin.pk, target=fight.ulrika.pk)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    assert fight.prompts()[-1]["second"] == "fail"
    phone = page(fight, fight.table.anna)
    assert "cursed by Goblin: second chance to fail tests" in phone


def test_under_the_clarification_harm_to_the_caster_keeps_the_curse(clarified):
    fight = clarified
    fight.gm("curse", combatant=fight.ulrika.pk, target=fight.goblin.pk)
    outcome = fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=3)
    assert "Ulrika's curse holds: no concentration to break" in outcome.message
    assert fight.prompts() == [] and conditions(fight, fight.goblin) == ["Cursed"]


def test_without_it_harm_asks_the_casters_resolute_test_and_a_failure_breaks_the_curse(fight):
    fight.gm("curse", combatant=fight.ulrika.pk, target=fight.goblin.pk)
    outcome = fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=3)
    assert "Ulrika's player rolls Resolute against 9 to keep the curse" in outcome.message
    [entry] = fight.prompts()
    assert (entry["kind"], entry["combatant"], entry["target"]) == ("curse_hold", fight.ulrika.pk, 9)
    broken = fight.run(fight.table.anna, "roll_test", prompt=entry["id"], d20=15)
    assert broken.message == (
        "Ulrika's Resolute test to keep the curse, d20 15 vs 9: it breaks; the curse on Goblin is lifted."
    )
    assert conditions(fight, fight.goblin) == [] and fight.state().curses == []


def test_an_npc_casters_resolute_test_is_the_trackers(fight):
    fight.gm("curse", combatant=fight.goblin.pk, target=fight.ulrika.pk)
    outcome = fight.gm("apply_damage", combatant=fight.goblin.pk, amount=1, dice=TypedDice(Dice(), {20: [3]}))
    assert "Goblin's Resolute test to keep the curse, d20 3 vs 9: it holds" in outcome.message


def test_the_curse_ends_when_lifted_or_when_its_caster_is_down(clarified):
    fight = clarified
    fight.gm("curse", combatant=fight.ulrika.pk, target=fight.goblin.pk)
    assert 'id="lift-curse-' in page(fight, fight.table.gm)
    fight.gm("lift_curse", combatant=fight.goblin.pk)
    assert conditions(fight, fight.goblin) == []
    with pytest.raises(CommandError, match="^Goblin is not cursed.$"):
        fight.gm("lift_curse", combatant=fight.goblin.pk)
    fight.gm("curse", combatant=fight.ulrika.pk, target=fight.goblin.pk)
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Unconscious")
    outcome = turn_of(fight, fight.ansgar)
    assert "The curse on Goblin is lifted: its caster is down." in outcome.message
    assert conditions(fight, fight.goblin) == []


def test_refusals_change_nothing_and_undo_takes_the_curse_back(clarified):
    fight = clarified
    with pytest.raises(CommandError, match="^A mystic curses somebody else.$"):
        fight.gm("curse", combatant=fight.ulrika.pk, target=fight.ulrika.pk)
    fight.gm("curse", combatant=fight.ulrika.pk, target=fight.goblin.pk)
    with pytest.raises(CommandError, match="^Goblin is already cursed.$"):
        fight.gm("curse", combatant=fight.ansgar.pk, target=fight.goblin.pk)
    fight.gm("undo")
    assert fight.state().curses == [] and conditions(fight, fight.goblin) == []


def test_a_hidden_casters_name_stays_off_the_phone(clarified):
    fight = clarified
    fight.gm("curse", combatant=fight.troll.pk, target=fight.ulrika.pk)
    phone = page(fight, fight.table.anna)
    assert "cursed by someone" in phone and "Troll" not in phone
