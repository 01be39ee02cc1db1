import itertools

from hypothesis import given
from hypothesis import strategies as st

from rules.engine import symbaroum
from rules.engine.initiative import acting_last, turn_order


def scripted(*rolls):
    it = iter(rolls)
    return lambda *args: next(it)


def test_symbaroum_quick_then_vigilant_then_d20():
    order, _ = symbaroum.initiative_order({"a": (13, 10), "b": (13, 11), "c": (15, 5)}, scripted())
    assert order == ["c", "b", "a"]
    order, rolls = symbaroum.initiative_order({"a": (13, 10), "b": (13, 10)}, scripted(4, 17))
    assert order == ["b", "a"]


@given(
    st.dictionaries(st.text(min_size=1, max_size=3), st.tuples(st.integers(0, 3), st.integers(0, 3)), max_size=12),
    st.randoms(use_true_random=False),
)
def test_turn_order_is_a_permutation_sorted_by_rank(ranks, rng):
    order, _ = turn_order(ranks, lambda key: rng.randint(1, 3))
    assert sorted(order) == sorted(ranks)
    for first, second in itertools.pairwise(order):
        assert ranks[first] >= ranks[second]


def test_acting_last_moves_keys_to_the_end_in_their_own_order():
    assert acting_last(["a", "b", "c", "d"], {"c", "a"}) == ["b", "d", "a", "c"]
