"""WFRP 3e dice: faces, rolling, resolving and exact odds against enumeration."""

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import wfrp3e
from rules.engine.dice import Dice
from rules.engine.wfrp3e import (
    BANE,
    BOON,
    CHALLENGE,
    CHAOS_STAR,
    DELAY,
    EXERTION,
    RIGHTEOUS_SUCCESS,
    SIGMARS_COMET,
    SUCCESS,
)

# --- faces ---------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind, sides, symbols",
    [
        ("characteristic", 8, {SUCCESS: 4, BOON: 2}),
        ("conservative", 10, {SUCCESS: 7, BOON: 3, DELAY: 2}),
        ("reckless", 10, {SUCCESS: 7, BOON: 3, BANE: 2, EXERTION: 2}),
        ("expertise", 6, {SUCCESS: 1, RIGHTEOUS_SUCCESS: 1, BOON: 2, SIGMARS_COMET: 1}),
        ("fortune", 6, {SUCCESS: 2, BOON: 1}),
        ("challenge", 8, {CHALLENGE: 6, BANE: 3, CHAOS_STAR: 1}),
        ("misfortune", 6, {CHALLENGE: 2, BANE: 1}),
    ],
)
def test_each_die_has_the_issue_faces(kind, sides, symbols):
    faces = wfrp3e.DIE_FACES[kind]
    assert len(faces) == sides
    assert Counter(symbol for face in faces for symbol in face) == symbols


def test_blank_sides():
    blanks = {kind: faces.count(()) for kind, faces in wfrp3e.DIE_FACES.items()}
    assert blanks == dict(
        characteristic=2, conservative=1, reckless=2, expertise=1, fortune=3, challenge=1, misfortune=3
    )


# --- rolling -------------------------------------------------------------------------------------------------------


def scripted(*values):
    values = list(values)
    return lambda sides: values.pop(0)


def test_a_righteous_success_rolls_another_expertise_die():
    rolled = wfrp3e.roll_pool({"expertise": 1}, scripted(3, 3, 2))
    assert rolled == (("expertise", (RIGHTEOUS_SUCCESS,)),) * 2 + (("expertise", (SUCCESS,)),)


def test_roll_pool_reads_faces_in_order():
    rolled = wfrp3e.roll_pool({"characteristic": 1, "challenge": 1}, scripted(3, 8))
    assert rolled == (("characteristic", (SUCCESS,)), ("challenge", (CHAOS_STAR,)))
    assert wfrp3e.symbols_shown(rolled) == {SUCCESS: 1, CHAOS_STAR: 1}


@given(st.integers())
def test_seeded_rolls_repeat(seed):
    pool = {"reckless": 2, "expertise": 2, "misfortune": 1}
    first = wfrp3e.roll_pool(pool, Dice(random.Random(seed)).d)
    assert first == wfrp3e.roll_pool(pool, Dice(random.Random(seed)).d)
    assert len(first) >= 5


@pytest.mark.parametrize("pool", [{"d20": 1}, {"fortune": -1}, {"fortune": 61}])
def test_bad_pools_are_refused(pool):
    with pytest.raises(ValueError):
        wfrp3e.checked_pool(pool)


# --- resolving -----------------------------------------------------------------------------------------------------


def test_challenges_cancel_successes_and_banes_cancel_boons():
    outcome = wfrp3e.resolve({SUCCESS: 3, CHALLENGE: 1, BOON: 1, BANE: 3})
    assert (outcome.successes, outcome.boons, outcome.banes, outcome.succeeded) == (2, 0, 2, True)


def test_more_challenges_than_successes_fail_at_zero():
    outcome = wfrp3e.resolve({SUCCESS: 1, CHALLENGE: 3})
    assert (outcome.successes, outcome.succeeded) == (0, False)


def test_righteous_success_counts_as_success():
    outcome = wfrp3e.resolve({RIGHTEOUS_SUCCESS: 1, CHALLENGE: 1, SUCCESS: 1})
    assert (outcome.successes, outcome.righteous_successes) == (1, 1)


def test_chaos_star_is_a_bane_unless_an_effect_names_it():
    assert wfrp3e.resolve({CHAOS_STAR: 1, BOON: 2}).boons == 1
    assert wfrp3e.resolve({CHAOS_STAR: 1, BOON: 2}, chaos_star_effect=True).boons == 2
    assert wfrp3e.resolve({CHAOS_STAR: 1}).chaos_stars == 1


def test_comets_serve_as_the_roller_chooses():
    outcome = wfrp3e.resolve({SIGMARS_COMET: 3, CHALLENGE: 1}, comet_successes=1, comet_boons=1)
    assert (outcome.successes, outcome.boons, outcome.comets) == (0, 1, 1)
    with pytest.raises(ValueError):
        wfrp3e.resolve({SIGMARS_COMET: 1}, comet_successes=1, comet_boons=1)


def test_delays_and_exertions_are_counted():
    outcome = wfrp3e.resolve({DELAY: 2, EXERTION: 1})
    assert (outcome.delays, outcome.exertions) == (2, 1)


@pytest.mark.parametrize("symbols", [{"skull": 1}, {SUCCESS: -1}])
def test_bad_symbols_are_refused(symbols):
    with pytest.raises(ValueError):
        wfrp3e.resolve(symbols)


@pytest.mark.parametrize(
    "symbols, characteristic, expected",
    [
        ({BANE: 2}, "strength", ("fatigue", 1, 0)),
        ({BANE: 5, BOON: 1}, "agility", ("fatigue", 2, 0)),
        ({BOON: 2}, "willpower", ("stress", 0, 1)),
        ({BOON: 1, CHAOS_STAR: 2}, "fellowship", ("stress", 0, 0)),
    ],
)
def test_two_banes_cost_and_two_boons_recover_fatigue_or_stress(symbols, characteristic, expected):
    effect = wfrp3e.universal_effect(wfrp3e.resolve(symbols), characteristic)
    assert (effect.strain, effect.suffered, effect.recovered) == expected


# --- exact odds ------------------------------------------------------------------------------------------------------


def enumerate_pool(pool, explosions):
    """Every sequence of faces, each extra expertise die included while at most `explosions` came in all: returns
    ({(net successes, net boons, net banes): chance}, chance of the sequences cut off there)."""
    dice = [kind for kind in wfrp3e.DIE_KINDS for _ in range(pool.get(kind, 0))]
    found, cut = Counter(), Fraction(0)

    def walk(dice, symbols, chance, left):
        nonlocal cut
        if not dice:
            outcome = wfrp3e.resolve(symbols, comet_successes=symbols[SIGMARS_COMET])
            found[outcome.successes, outcome.boons, outcome.banes] += chance
            return
        kind, rest = dice[0], dice[1:]
        faces = wfrp3e.DIE_FACES[kind]
        for face in faces:
            shown = symbols + Counter(face)
            if kind == "expertise" and RIGHTEOUS_SUCCESS in face:
                if left == 0:
                    cut += chance / len(faces)
                    continue
                walk(["expertise", *rest], shown, chance / len(faces), left - 1)
            else:
                walk(rest, shown, chance / len(faces), left)

    walk(dice, Counter(), Fraction(1), explosions)
    return found, cut


def marginal(found, index):
    totals = Counter()
    for key, chance in found.items():
        totals[key[index]] += chance
    return totals


@pytest.mark.parametrize(
    "pool",
    [
        {"characteristic": 2, "challenge": 1},
        {"conservative": 1, "reckless": 1, "misfortune": 2},
        {"characteristic": 1, "fortune": 1, "challenge": 2},
        {"reckless": 2, "challenge": 1, "misfortune": 1},
        {},
    ],
)
def test_odds_without_expertise_equal_enumeration(pool):
    found, cut = enumerate_pool(pool, 0)
    odds = wfrp3e.odds(pool)
    assert cut == 0
    assert odds.successes == {k: v for k, v in sorted(marginal(found, 0).items())}
    assert odds.more_successes == 0
    assert {k: v for k, v in odds.boons.items() if v} == marginal(found, 1)
    assert {k: v for k, v in odds.banes.items() if v} == marginal(found, 2)
    assert odds.success == 1 - marginal(found, 0)[0]


POOLS = st.builds(
    lambda others, expertise: Counter(others) | {"expertise": expertise},
    st.lists(st.sampled_from(wfrp3e.DIE_KINDS), max_size=2),
    st.integers(1, 2),
)


@settings(max_examples=25, deadline=None)
@given(POOLS)
def test_odds_with_exploding_expertise_lie_within_the_enumeration(pool):
    """Enumeration up to 3 explosions gives each chance to within the mass it cut off; the exact odds must sit in
    that window."""
    found, cut = enumerate_pool(pool, 3)
    odds = wfrp3e.odds(pool)
    assert 0 < cut < Fraction(1, 100)
    for exact, enumerated in ((odds.successes, marginal(found, 0)), (odds.boons, marginal(found, 1))):
        for value, chance in exact.items():
            assert enumerated[value] <= chance <= enumerated[value] + cut
    assert 1 - marginal(found, 0)[0] - cut <= odds.success <= 1 - marginal(found, 0)[0]


def test_one_expertise_die_by_hand():
    odds = wfrp3e.odds({"expertise": 1})
    # success, righteous success or comet on the first face
    assert odds.success == Fraction(1, 2)
    # one success face or comet, or a righteous success and then a blank or a boon
    assert odds.successes[1] == Fraction(2, 6) + Fraction(1, 6) * Fraction(3, 6)
    # the last face is one of the five that do not explode
    assert odds.boons == {0: Fraction(3, 5), 1: Fraction(2, 5)}
    assert odds.more_successes == Fraction(1, 12)


def test_comets_can_count_as_boons_in_the_odds():
    assert wfrp3e.odds({"expertise": 1}, comet_as=BOON).success == Fraction(2, 6)
    assert wfrp3e.odds({"expertise": 1}, comet_as=BOON).boons[1] == Fraction(3, 5)
    assert wfrp3e.odds({"expertise": 1}, comet_as=None).success == Fraction(2, 6)


def test_net_success_chance_is_the_contract_name():
    pool = {"characteristic": 3, "conservative": 1, "expertise": 1, "fortune": 1, "challenge": 1, "misfortune": 1}
    assert wfrp3e.net_success_chance(pool) == wfrp3e.odds(pool).success
    assert 0 < wfrp3e.net_success_chance(pool) < 1
    assert wfrp3e.net_success_chance({"characteristic": 1}) == Fraction(1, 2)
    assert wfrp3e.net_success_chance({"challenge": 3}) == 0
    assert wfrp3e.net_success_chance({"characteristic": 2}) == 0.75


LARGER_POOLS = st.fixed_dictionaries({kind: st.integers(0, 3) for kind in wfrp3e.DIE_KINDS})


@settings(max_examples=30, deadline=None)
@given(
    LARGER_POOLS,
    st.sampled_from(["fortune", "characteristic", "expertise"]),
    st.sampled_from(["challenge", "misfortune"]),
)
def test_odds_are_distributions_and_move_the_right_way(pool, helping, hindering):
    odds = wfrp3e.odds(pool)
    assert sum(odds.successes.values()) + odds.more_successes == 1
    assert sum(odds.boons.values()) == 1 == sum(odds.banes.values())
    assert odds.more_successes >= 0
    assert wfrp3e.net_success_chance(pool | {helping: pool[helping] + 1}) >= odds.success
    assert wfrp3e.net_success_chance(pool | {hindering: pool[hindering] + 1}) <= odds.success


def test_a_large_pool_stays_quick_and_exact():
    pool = dict.fromkeys(wfrp3e.DIE_KINDS, 6)
    assert isinstance(wfrp3e.net_success_chance(pool).denominator, int)


def test_dice_that_explode_forever_are_refused():
    with pytest.raises(ValueError):
        wfrp3e.roll_pool({"expertise": 1}, lambda sides: 3)


def test_the_most_a_pool_can_show_is_each_die_on_its_best_face_for_that_symbol():
    most = wfrp3e.most_shown({"characteristic": 4, "challenge": 1, "reckless": 1})
    assert most[SUCCESS] == 4 + 2 and most[CHALLENGE] == 2 and most[CHAOS_STAR] == 1
    assert most[SIGMARS_COMET] == most[RIGHTEOUS_SUCCESS] == 0  # only expertise dice show them


def test_each_righteous_success_rolls_one_more_expertise_die_once_the_pool_has_one():
    assert wfrp3e.most_shown({"expertise": 1}, righteous_successes=3)[SIGMARS_COMET] == 4
    assert wfrp3e.most_shown({"characteristic": 1}, righteous_successes=3)[SIGMARS_COMET] == 0


@settings(max_examples=200, deadline=None)
@given(
    pool=st.fixed_dictionaries({kind: st.integers(0, 3) for kind in wfrp3e.DIE_KINDS}),
    seed=st.integers(0, 10**6),
)
def test_whatever_a_pool_rolls_is_within_the_most_it_can_show(pool, seed):
    dice = Dice(random.Random(seed))
    shown = wfrp3e.symbols_shown(wfrp3e.roll_pool(pool, dice.d))
    most = wfrp3e.most_shown(pool, shown[RIGHTEOUS_SUCCESS])
    assert all(count <= most[symbol] for symbol, count in shown.items())
