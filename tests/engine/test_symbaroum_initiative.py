"""Symbaroum's turn order rules as pure functions (seed 001 "Turn Order", "Manoeuvres", "Feats")."""

import pytest

from rules.engine import symbaroum


def test_the_variant_sheet_ranks_by_agility_then_vigilance():
    sheet = {"Agility": 13, "Vigilance": 9, "Quick": 5}
    assert symbaroum.initiative_rank(sheet, symbaroum.VARIANT) == (13, 9)
    assert symbaroum.initiative_rank({"Quick": 11, "Vigilant": 7}) == (11, 7)


def test_a_newcomer_takes_the_place_after_higher_ranks_and_rolls_off_an_exact_tie():
    order = [("a", (12, 10)), ("b", (11, 10)), ("c", (10, 15))]
    assert symbaroum.initiative_place(order, ("new", (11, 11)), lambda: 1) == (1, {})
    rolls = iter([3, 17])  # b rolls 3, the newcomer 17: the newcomer goes first
    assert symbaroum.initiative_place(order, ("new", (11, 10)), lambda: next(rolls)) == (1, {"b": [3], "new": [17]})
    assert symbaroum.initiative_place(order, ("new", (9, 20)), lambda: 1) == (3, {})


def test_acting_after_moves_one_later_and_refuses_an_earlier_place():
    assert symbaroum.acting_after(["a", "b", "c", "d"], "a", "c") == ["b", "c", "a", "d"]
    with pytest.raises(ValueError):
        symbaroum.acting_after(["a", "b", "c"], "c", "a")
    with pytest.raises(ValueError):
        symbaroum.acting_after(["a", "b", "c"], "b", "b")


def test_taking_the_initiative_moves_a_passed_taker_up_by_five_quick():
    ranks = {"a": (14, 10), "b": (12, 10), "c": (8, 10), "d": (6, 10)}
    order = ["a", "b", "c", "d"]
    # d's 6 + 5 = 11 passes c (8) but not b (12).
    assert symbaroum.initiative_taken(order, ranks, {"d"}) == ["a", "b", "d", "c"]
    assert symbaroum.initiative_taken(order, ranks, set()) == order


def test_ambush_targets_from_either_side():
    assert symbaroum.surprise_target([7, 12], [10, 13]) == 4  # lowest Discreet 7, highest Vigilant 13
    assert symbaroum.surprise_noticed_target([10, 13], [7, 12]) == 16  # highest Vigilant 13 against Discreet 7


@pytest.mark.parametrize("mover, target, free", [(False, True, True), (True, True, False), (False, False, False)])
def test_a_long_weapon_strikes_at_an_enemy_closing_without_one(mover, target, free):
    assert symbaroum.long_weapon_free_attack(mover, target) is free


@pytest.mark.parametrize(
    "wields_long, shields, reach",
    [(True, [], True), (True, ["Shield"], False), (True, ["Buckler"], True), (False, [], False)],
)
def test_a_shield_takes_the_hand_a_long_weapon_reaches_with(wields_long, shields, reach):
    assert symbaroum.long_reach(wields_long, shields) is reach
