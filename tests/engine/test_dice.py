import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.dice import Dice, TypedDice, parse


@pytest.mark.parametrize(
    "expression, parsed",
    [("1d10+2", (1, 10, 2)), ("d100", (1, 100, 0)), ("2d6-1", (2, 6, -1)), (" 3 D 8 ", (3, 8, 0))],
)
def test_parse_reads_dice_expressions(expression, parsed):
    assert parse(expression) == parsed


@pytest.mark.parametrize("expression", ["", "d", "1d1", "0d6", "101d6", "d10+x", "2x6", None])
def test_parse_rejects_nonsense_with_a_message(expression):
    with pytest.raises(ValueError, match="dice"):
        parse(expression)


@given(count=st.integers(1, 20), sides=st.integers(2, 100), modifier=st.integers(-20, 20), seed=st.integers())
def test_roll_totals_stay_within_the_expression_bounds(count, sides, modifier, seed):
    sign = "+" if modifier >= 0 else "-"
    roll = Dice(random.Random(seed)).roll(f"{count}d{sides}{sign}{abs(modifier)}")
    assert len(roll.rolls) == count
    assert count + modifier <= roll.total <= count * sides + modifier


def test_same_seed_same_rolls():
    assert Dice(random.Random(3)).roll("5d10").rolls == Dice(random.Random(3)).roll("5d10").rolls


def test_typed_dice_show_the_typed_values_first_then_roll():
    class Always3:
        def randint(self, low, high):
            return 3

    dice = TypedDice(Dice(Always3()), {10: [9]})
    assert (dice.d(100), dice.d(10), dice.d(10)) == (3, 9, 3)
    assert dice.unused == {}
    assert TypedDice(Dice(Always3()), {10: [9]}).unused == {10: [9]}
