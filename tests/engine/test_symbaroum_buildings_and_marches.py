"""The rules this slice added to the engine: the Encumbrance Threshold and Carrying Limit (the core book's values,
seed 004 "Encumbrance" gives none) and how long a fire has raged (seed 004 "Set Buildings on Fire")."""

from hypothesis import given
from hypothesis import strategies as st

from rules.engine import symbaroum


@given(st.integers(1, 30))
def test_the_threshold_is_strong_and_the_limit_twice_it(strong):
    assert symbaroum.encumbrance_threshold(strong) == strong
    assert symbaroum.carrying_limit(strong) == 2 * strong


def test_a_fire_has_burned_one_turn_in_the_round_it_caught():
    assert symbaroum.fire_turns_burning(caught_in_round=2, this_round=2) == 1
    assert symbaroum.fire_turns_burning(caught_in_round=2, this_round=5) == 4
    # Putting it out: Cunning less the turns after the first.
    assert symbaroum.fire_extinguish_target(10, symbaroum.fire_turns_burning(2, 5)) == 7
