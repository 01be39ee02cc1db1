"""WFRP 3e engine: the dice pool, impairments, power, wounds and the turn's bookkeeping."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import wfrp3e
from rules.engine.wfrp3e import BANE, CHALLENGE, Check

STRENGTH = Check("strength")
WILLPOWER = Check("willpower")
STAT = st.integers(1, 8)
STRAIN = st.integers(0, 30)

# --- the dice pool ---------------------------------------------------------------------------------------------------


def test_pool_has_every_kind_of_the_contract():
    pool = wfrp3e.build_pool(STRENGTH, 3)
    assert pool == {
        "characteristic": 3,
        "conservative": 0,
        "reckless": 0,
        "expertise": 0,
        "fortune": 0,
        "challenge": 0,
        "misfortune": 0,
    }


@pytest.mark.parametrize(
    "stance, conditions, expected",
    [
        (2, (), ("reckless", 2)),
        (-1, (), ("conservative", 1)),
        (5, (), ("reckless", 3)),  # never more than the rating
        (0, (), ("conservative", 0)),
        (2, ("Staggered",), ("reckless", 1)),
        (2, ("Frightened",), ("reckless", 1)),
        (1, ("Staggered", "Frightened"), ("reckless", 0)),
        (2, ("Cowed",), ("reckless", 0)),
        (-2, ("Cowed",), ("conservative", 2)),
        (-2, ("Rattled",), ("conservative", 0)),
    ],
)
def test_stance_turns_characteristic_dice(stance, conditions, expected):
    assert wfrp3e.stance_dice(3, stance, conditions) == expected


def test_an_attack_pool_from_every_source():
    pool = wfrp3e.build_pool(
        STRENGTH,
        4,
        stance=2,
        training=1,
        specialisations=1,
        fortune=1,
        difficulty=wfrp3e.COMBAT_DIFFICULTY,
        defence=2,
        conditions=("Inspired", "Weakened", "Perplexed"),
        target_conditions=("Exposed",),
        extra=[("fortune", 2, "henchmen")],
    )
    assert pool == {
        "characteristic": 2,
        "conservative": 0,
        "reckless": 2,
        "expertise": 1,
        "fortune": 6,  # specialisation, Strength fortune, Inspired, target Exposed, two henchmen
        "challenge": 1,  # Perplexed is for mental checks
        "misfortune": 4,  # Defence 2, Weakened 2
    }


def test_sources_say_why_for_the_summary():
    sources = wfrp3e.pool_sources(WILLPOWER, 3, difficulty="hard", conditions=("Shock",), stress=5, willpower=3)
    assert [(s.kind, s.count, s.why) for s in sources] == [
        ("characteristic", 3, "Willpower"),
        ("challenge", 3, "difficulty"),
        ("misfortune", 1, "Shock"),
        ("misfortune", 2, "Distressed"),
    ]


@pytest.mark.parametrize(
    "check, conditions, added",
    [
        (Check("agility", sight=True), ("Blinded",), {"challenge": 1}),
        (Check("agility"), ("Blinded",), {}),
        (Check("agility", initiative=True), ("Traumatized",), {"challenge": 1}),
        (Check("toughness"), ("Overwhelmed", "Perplexed"), {"challenge": 1}),
        (Check("intelligence"), ("Overwhelmed", "Perplexed"), {"challenge": 1}),
        (Check("fellowship"), ("Intoxicated", "Demoralized"), {"misfortune": 3, "fortune": 1}),
        (Check("agility"), ("Weakened",), {}),
    ],
)
def test_conditions_add_dice_to_the_checks_they_name(check, conditions, added):
    base = wfrp3e.build_pool(check, 3)
    pool = wfrp3e.build_pool(check, 3, conditions=conditions)
    assert {kind: pool[kind] - base[kind] for kind in pool if pool[kind] != base[kind]} == added


def test_fatigue_past_toughness_hinders_physical_checks_only():
    assert wfrp3e.build_pool(STRENGTH, 3, fatigue=5, toughness=3)["misfortune"] == 2
    assert wfrp3e.build_pool(WILLPOWER, 3, fatigue=5, toughness=3)["misfortune"] == 0


def test_opposing_skill_adds_misfortune_and_difficulty_names_count_challenge():
    pool = wfrp3e.build_pool(Check("fellowship"), 2, difficulty="daunting", opposing_training=2)
    assert (pool["challenge"], pool["misfortune"]) == (4, 2)


def test_impossible_pools_are_refused():
    with pytest.raises(ValueError):
        wfrp3e.build_pool(STRENGTH, -1)
    with pytest.raises(ValueError):
        wfrp3e.build_pool(STRENGTH, 2, extra=[("fortune", -1, "mistake")])
    with pytest.raises(KeyError):
        wfrp3e.build_pool(STRENGTH, 2, difficulty="impossible")


# --- impairments -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fatigue, stress, expected",
    [
        (0, 0, set()),
        (3, 4, set()),  # at the characteristic is not past it
        (4, 0, {"Fatigued"}),
        (7, 0, {"Fatigued", "Unconscious"}),
        (6, 0, {"Fatigued"}),
        (0, 5, {"Distressed"}),
        (0, 9, {"Distressed", "Exhausted"}),
        (4, 5, {"Fatigued", "Distressed", "Strained"}),
    ],
)
def test_impairment_thresholds(fatigue, stress, expected):
    assert wfrp3e.impairments(fatigue, stress, toughness=3, willpower=4) == expected


@given(STRAIN, STRAIN, STAT, STAT)
def test_impairments_follow_the_thresholds(fatigue, stress, toughness, willpower):
    found = wfrp3e.impairments(fatigue, stress, toughness, willpower)
    assert ("Fatigued" in found) == (fatigue > toughness)
    assert ("Unconscious" in found) <= ("Fatigued" in found)
    assert ("Exhausted" in found) <= ("Distressed" in found)
    assert ("Strained" in found) == ({"Fatigued", "Distressed"} <= found)


# --- power and favour ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "power, expected",
    [(0, {"Zero Power"}), (3, {"Equilibrium"}), (6, set()), (7, {"Excess Power"}), (4, set())],
)
def test_spellcaster_conditions(power, expected):
    assert wfrp3e.spellcaster_conditions(power, willpower=3) == expected


@given(st.integers(0, 20), STAT)
def test_power_moves_one_step_toward_willpower(power, willpower):
    after = wfrp3e.toward_equilibrium(power, willpower)
    assert abs(after - power) == (power != willpower)
    assert abs(after - willpower) <= abs(power - willpower)


def test_venting_excess_power():
    venting = wfrp3e.vent_power(9, willpower=3)
    assert (venting.power, venting.fatigue, venting.misfortune_dice) == (3, 6, 3)
    assert wfrp3e.venting_harm({CHALLENGE: 2, BANE: 1}) == (2, 1)


def test_forced_loss_at_zero_power():
    assert wfrp3e.forced_power_loss(3, 2) == (1, 0)
    assert wfrp3e.forced_power_loss(1, 3) == (0, 2)
    assert wfrp3e.zero_power_result(True, 2) == wfrp3e.ZeroPowerResult(1, None)
    assert wfrp3e.zero_power_result(False, 2) == wfrp3e.ZeroPowerResult(1, 2)
