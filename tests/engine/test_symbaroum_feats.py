"""The feats' arithmetic (seed 001 "Alternate Rules" › "Feats")."""

import pytest

from rules.engine import symbaroum


@pytest.mark.parametrize("dice, most", [("1d8", 8), ("1d12+1d4", 16), ("1d6+3", 9)])
def test_a_clean_hit_deals_the_most_the_dice_show(dice, most):
    assert symbaroum.clean_hit_damage(dice) == most


@pytest.mark.parametrize("armour, resilient, fixed", [("1d4", "1d4+1d4", 4), ("", "1d4", 2), (None, "1d4", 2)])
def test_resilience_adds_a_d4_to_the_armour_worth_2_to_one_who_never_rolls(armour, resilient, fixed):
    assert symbaroum.resilient_armour(armour) == resilient
    assert symbaroum.fixed_value(resilient) == fixed
