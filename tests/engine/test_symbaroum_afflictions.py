"""Poison's strengths and duration, the clarified Quake, Familiar // Beast Companion, Curse and Regeneration (seed
001 "Clarifications"), the Advantage a Knock Out risks and a dead player character's Experience (seed 004 "Dead
Player Characters"), as pure functions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import symbaroum_afflictions as rules


def test_poisons_bite_by_strength_for_a_d4_of_turns():
    assert [rules.poison_damage(s) for s in ("weak", "moderate", "strong")] == [2, 3, 4]
    assert rules.poison_turns(3) == 3
    with pytest.raises(ValueError):
        rules.poison_damage("deadly")
    with pytest.raises(ValueError):
        rules.poison_turns(5)


def test_a_second_dose_keeps_the_worse_of_each():
    assert rules.poison_mixed(None, (2, 3)) == (2, 3)
    assert rules.poison_mixed((4, 1), (2, 3)) == (4, 3)


def test_a_poison_counts_down_to_its_end():
    assert rules.poison_turn_ends(2) == 1 and rules.poison_turn_ends(1) == 0 and rules.poison_turn_ends(None) is None


def test_regeneration_by_level_and_what_stops_it():
    assert [rules.regeneration_dice(level) for level in (1, 2, 3)] == ["1d4", "1d6", "1d8"]
    assert rules.regeneration_stopped({"Unconscious": 1}) == "Unconscious"
    assert rules.regeneration_stopped({"Dying": 1, "Prone": 1}) == "Dying"
    assert rules.regeneration_stopped({"Prone": 1}) is None
    assert rules.regenerated(18, 20, 3) == 20


def test_quake_halves_on_a_passed_defence():
    assert rules.quake_damage(7, defence_passed=False) == 7
    assert rules.quake_damage(7, defence_passed=True) == 3


@given(st.integers(0, 60), st.data(), st.booleans())
def test_a_shared_hit_loses_no_damage(damage, data, forceful):
    share = data.draw(st.integers(0, damage))
    split = rules.companion_split(damage, share, forceful)
    assert split["struck"] + split["partner"] == damage
    assert split["threshold_damage"] == (damage if forceful else split["struck"])


def test_curse_needs_no_resolute_test_under_the_clarification():
    assert not rules.curse_needs_resolute_test(clarified=True, caster_hurt=True)
    assert rules.curse_needs_resolute_test(clarified=False, caster_hurt=True)
    assert rules.cursed_second_chance_to_fail(True)


def test_a_failed_knock_out_loses_the_advantage():
    assert rules.advantage_after_knock_out(hit=True) and not rules.advantage_after_knock_out(hit=False)


def test_a_dead_characters_experience_counts_what_bought_its_abilities():
    gathered = rules.experience_gathered(4, {"Iron Fist": "Adept", "Recovery": "Novice"})
    assert gathered == {"unspent": 4, "in_abilities": 40, "total": 44}
