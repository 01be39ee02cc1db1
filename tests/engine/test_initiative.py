import itertools

from hypothesis import given
from hypothesis import strategies as st

from rules.engine import symbaroum, wfrp4e
from rules.engine.initiative import turn_order


def scripted(*rolls):
    it = iter(rolls)
    return lambda *args: next(it)


def test_wfrp4e_initiative_then_agility():
    order, rolls = wfrp4e.initiative_order({"a": (30, 40), "b": (35, 20), "c": (30, 45)}, scripted())
    assert order == ["b", "c", "a"]
    assert rolls == {}


def test_wfrp4e_full_tie_is_an_opposed_agility_roll_off():
    # Both Ag 35: "a" rolls 80 (SL -5), "b" rolls 12 (SL +2) -> b acts first.
    order, rolls = wfrp4e.initiative_order({"a": (40, 35), "b": (40, 35)}, scripted(80, 12))
    assert order == ["b", "a"]
    assert rolls == {"a": [-5], "b": [2]}


def test_wfrp4e_roll_off_repeats_while_still_tied():
    order, rolls = wfrp4e.initiative_order({"a": (40, 35), "b": (40, 35)}, scripted(50, 50, 90, 10))
    assert order == ["b", "a"]
    assert rolls == {"a": [-2, -6], "b": [-2, 2]}


def test_symbaroum_quick_then_vigilant_then_d20():
    order, _ = symbaroum.initiative_order({"a": (13, 10), "b": (13, 11), "c": (15, 5)}, scripted())
    assert order == ["c", "b", "a"]
    order, rolls = symbaroum.initiative_order({"a": (13, 10), "b": (13, 10)}, scripted(4, 17))
    assert order == ["b", "a"]


def test_skill_bonus_and_sl():
    assert wfrp4e.skill_bonus(35) == 3
    assert wfrp4e.test_sl(45, 23) == 2
    assert wfrp4e.test_sl(45, 100) == -6


@given(
    st.dictionaries(st.text(min_size=1, max_size=3), st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=12),
    st.randoms(use_true_random=False),
)
def test_turn_order_is_a_permutation_sorted_by_rank(ranks, rng):
    order, _ = turn_order(ranks, lambda key: rng.randint(1, 3))
    assert sorted(order) == sorted(ranks)
    for first, second in itertools.pairwise(order):
        assert ranks[first] >= ranks[second]
