"""The WFRP 3e engine's rules for quickcasting, miscasts, mounting, talents exchanged, preparation, Damaged
equipment and environmental conditions (seed 003 "Spellcaster Conditions", "Maneuvers", "Condition Cards")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import wfrp3e


def test_quickcasting_adds_one_challenge_die():
    assert wfrp3e.quickcast_source() == (wfrp3e.CHALLENGE_DIE, 1, "quickcasting")


@given(st.integers(0, 20))
def test_one_miscast_card_per_chaos_star(stars):
    assert wfrp3e.miscast_cards(stars) == stars


def test_no_negative_chaos_stars():
    with pytest.raises(ValueError):
        wfrp3e.miscast_cards(-1)


def test_only_the_untrained_check_ride_to_mount():
    assert wfrp3e.mount_needs_check(0) and not wfrp3e.mount_needs_check(1)


def test_a_talent_is_exchanged_once_recharged_for_one_of_its_type():
    assert wfrp3e.exchange_refusal(2, "focus") == wfrp3e.RECHARGING_TALENT
    assert wfrp3e.exchange_refusal(0, "focus", "tactic") == wfrp3e.OTHER_TYPE
    assert wfrp3e.exchange_refusal(0, "focus", "focus") == "" == wfrp3e.exchange_refusal(0, "focus")


@given(st.integers(0, 5), st.integers(0, 5))
def test_preparation_left_never_below_zero(needed, prepared):
    assert wfrp3e.preparation_left(needed, prepared) == max(needed - prepared, 0)


def test_damaged_weapon_armour_and_gear():
    assert wfrp3e.damaged_damage(5, True) == 3 and wfrp3e.damaged_damage(1, True) == 0
    assert wfrp3e.damaged_damage(5, False) == 5
    assert wfrp3e.damaged_defence(3, True) == 1 and wfrp3e.damaged_defence(3, False) == 3
    gear = {"Rope": "Athletics", "Lockpicks": "Skulduggery"}
    assert wfrp3e.damaged_gear_sources(gear, "athletics") == [(wfrp3e.MISFORTUNE, 2, "damaged Rope")]
    assert wfrp3e.damaged_gear_sources(gear, "Ride") == []


def test_environmental_dice_touch_only_their_checks():
    strength, willpower = wfrp3e.Check("strength"), wfrp3e.Check("willpower")
    around = [("Blizzard", 2, "physical"), ("Fog", 1, "any"), ("Calm", 0, "any")]
    assert wfrp3e.environment_sources(around, strength) == [
        (wfrp3e.CHALLENGE_DIE, 2, "Blizzard"),
        (wfrp3e.CHALLENGE_DIE, 1, "Fog"),
    ]
    assert wfrp3e.environment_sources(around, willpower) == [(wfrp3e.CHALLENGE_DIE, 1, "Fog")]
    with pytest.raises(ValueError):
        wfrp3e.environment_sources([("Storm", 5, "any")], strength)
