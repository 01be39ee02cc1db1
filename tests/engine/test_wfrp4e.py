import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import wfrp4e

ROLLS = st.integers(1, 100)


@pytest.mark.parametrize(
    "roll, location",
    [  # the roll to hit is reversed first: 10 -> 01, 90 -> 09 ...
        (10, "head"),
        (90, "head"),
        (1, "left_arm"),
        (42, "left_arm"),
        (52, "right_arm"),
        (44, "right_arm"),
        (54, "body"),
        (97, "body"),
        (8, "left_leg"),
        (98, "left_leg"),
        (9, "right_leg"),
        (100, "right_leg"),
    ],
)
def test_hit_location_reversed_boundaries(roll, location):
    assert wfrp4e.hit_location(roll) == location


@pytest.mark.parametrize(
    "roll, location",
    [
        (1, "head"),
        (9, "head"),
        (10, "left_arm"),
        (24, "left_arm"),
        (25, "right_arm"),
        (44, "right_arm"),
        (45, "body"),
        (79, "body"),
        (80, "left_leg"),
        (89, "left_leg"),
        (90, "right_leg"),
        (100, "right_leg"),
    ],
)
def test_hit_location_table_boundaries(roll, location):
    assert wfrp4e.hit_location(roll, reverse=False) == location


@given(ROLLS)
def test_every_roll_has_a_location(roll):
    assert wfrp4e.hit_location(roll) in {"head", "left_arm", "right_arm", "body", "left_leg", "right_leg"}


@pytest.mark.parametrize("roll", [11, 22, 33, 44, 55, 66, 77, 88, 99, 100])
def test_doubles(roll):
    assert wfrp4e.is_double(roll)


@pytest.mark.parametrize("roll", [1, 5, 10, 12, 50, 98])
def test_not_doubles(roll):
    assert not wfrp4e.is_double(roll)


@pytest.mark.parametrize(
    "target, roll, sl, success",
    [
        (45, 23, 2, True),
        (45, 45, 0, True),
        (45, 46, 0, False),
        (45, 67, -2, False),
        (10, 5, 1, True),  # 01-05 always succeed ...
        (3, 5, 0, True),  # ... with at least +0 SL
        (0, 1, 0, True),
        (120, 96, 0, False),  # 96-00 always fail, with at most -0 SL
        (99, 100, -1, False),
        (30, 100, -7, False),
    ],
)
def test_sl_and_success_including_automatic_results(target, roll, sl, success):
    assert wfrp4e.test_sl(target, roll) == sl
    assert wfrp4e.test_success(target, roll) is success


def test_criticals_and_fumbles_on_doubles():
    assert wfrp4e.is_critical(45, 33) and not wfrp4e.is_fumble(45, 33)
    assert wfrp4e.is_fumble(45, 66) and not wfrp4e.is_critical(45, 66)
    assert wfrp4e.is_fumble(99, 100)  # 00 always fails, and is a double
    assert not wfrp4e.is_critical(45, 34) and not wfrp4e.is_fumble(45, 67)


@pytest.mark.parametrize(
    "d100, start",
    [
        (1, "You catch"),
        (20, "You catch"),
        (21, "Your melee weapon jars"),
        (40, "Your melee weapon jars"),
        (41, "Your manoeuvre"),
        (60, "Your manoeuvre"),
        (61, "You stumble badly"),
        (70, "You stumble badly"),
        (71, "You mishandle"),
        (80, "You mishandle"),
        (81, "You overextend"),
        (90, "You overextend"),
        (91, "You completely mess up"),
        (100, "You completely mess up"),
    ],
)
def test_fumble_table_ranges(d100, start):
    assert wfrp4e.fumble(d100).startswith(start)


def test_misfires_on_even_fumbles_with_blackpowder_engineering_explosives():
    assert wfrp4e.misfires("Blackpowder", 88) and wfrp4e.misfires("engineering", 100)
    assert not wfrp4e.misfires("Blackpowder", 77)
    assert not wfrp4e.misfires("Bow", 88)


def test_wounds_suffered():
    assert wfrp4e.wounds_suffered(damage=12, toughness_bonus=3, armour=2) == 7
    assert wfrp4e.wounds_suffered(damage=4, toughness_bonus=3, armour=2) == 0


@pytest.mark.parametrize(
    "ally, adversary, dominant, expected",
    [
        (2, 3, "ally", (3, 2)),
        (2, 0, "ally", (3, 0)),
        (2, 3, "adversary", (1, 4)),
        (0, 3, "adversary", (0, 4)),
        (2, 3, None, (2, 3)),
    ],
)
def test_group_advantage_end_of_round(ally, adversary, dominant, expected):
    assert wfrp4e.group_advantage_end_of_round(ally, adversary, dominant) == expected


@given(st.integers(0, 50), st.integers(0, 50), st.sampled_from(["ally", "adversary"]))
def test_group_advantage_end_of_round_never_negative_and_adds_at_most_one(ally, adversary, dominant):
    new_ally, new_adversary = wfrp4e.group_advantage_end_of_round(ally, adversary, dominant)
    assert new_ally >= 0 and new_adversary >= 0
    assert (new_ally + new_adversary) - (ally + adversary) in (0, 1)


def test_dominant_side_by_numbers():
    assert wfrp4e.dominant_side(4, 3) == "ally"
    assert wfrp4e.dominant_side(2, 5) == "adversary"
    assert wfrp4e.dominant_side(3, 3) is None
