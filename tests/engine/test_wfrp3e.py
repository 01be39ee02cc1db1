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
    with pytest.raises(ValueError):
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


# --- wounds ----------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "damage, strength, toughness, soak, expected",
    [(5, 3, 3, 2, 3), (4, 3, 4, 3, 1), (2, 2, 5, 4, 1), (6, 4, 3, 0, 7)],
)
def test_wounds_inflicted(damage, strength, toughness, soak, expected):
    assert wfrp3e.wounds_inflicted(damage, strength, toughness, soak) == expected


@given(st.integers(0, 12), STAT, STAT, st.integers(0, 6))
def test_wounds_inflicted_is_at_least_one_and_grows_with_damage(damage, strength, toughness, soak):
    wounds = wfrp3e.wounds_inflicted(damage, strength, toughness, soak)
    assert wounds >= 1
    assert wfrp3e.wounds_inflicted(damage + 1, strength, toughness, soak) >= wounds


@pytest.mark.parametrize(
    "succeeded, critical, weakened, expected",
    [(True, False, False, 5), (True, False, True, 3), (False, True, False, 1), (False, False, False, 0)],
)
def test_attack_wounds(succeeded, critical, weakened, expected):
    assert wfrp3e.attack_wounds(succeeded, 6, 3, 3, 1, critical=critical, weakened=weakened) == expected


def test_knocked_out_past_the_threshold_turns_a_wound_critical():
    health = wfrp3e.suffer_wounds(8, 0, threshold=10, toughness=3, new_wounds=4)
    assert health == wfrp3e.Health(wounds=11, criticals=1, knocked_out=True, dead=False)
    assert wfrp3e.suffer_wounds(8, 0, threshold=10, toughness=3, new_wounds=2).knocked_out is False


def test_dead_when_criticals_pass_toughness():
    assert wfrp3e.suffer_wounds(2, 3, threshold=10, toughness=3, new_criticals=1).dead is True
    assert wfrp3e.suffer_wounds(2, 2, threshold=10, toughness=3, new_criticals=1).dead is False


def test_first_aid_is_harder_on_criticals():
    assert (wfrp3e.first_aid_challenge(0), wfrp3e.first_aid_challenge(2)) == (1, 2)


def test_enemies_take_strain_as_wounds():
    assert wfrp3e.enemy_wounds(fatigue=2, stress=1) == 3


def test_henchmen_group():
    assert wfrp3e.henchmen_wound_threshold(3, 4) == 12
    assert wfrp3e.henchmen_standing(3, 4, wounds=7) == 2
    assert wfrp3e.henchmen_standing(3, 4, wounds=20) == 0
    assert wfrp3e.henchmen_fortune(4) == 3
    assert wfrp3e.henchmen_fortune(0) == 0
    assert wfrp3e.henchmen_critical(2) == 2


# --- conditions ------------------------------------------------------------------------------------------------------


def test_brief_condition_starts_with_three_tokens_and_does_not_stack():
    held, happened = wfrp3e.gain_condition({}, "Staggered")
    assert (held, happened) == ({"Staggered": 3}, "gained")
    assert wfrp3e.gain_condition({"Staggered": 1}, "Staggered") == ({"Staggered": 3}, "renewed")
    assert wfrp3e.gain_condition({"Staggered": 3}, "Staggered") == ({"Staggered": 3}, "already held")


def test_lingering_and_admin_conditions_hold_no_tokens():
    assert wfrp3e.gain_condition({}, "Blinded") == ({"Blinded": None}, "gained")
    assert wfrp3e.gain_condition({"Blinded": None}, "Blinded")[1] == "already held"
    assert wfrp3e.gain_condition({}, "Cursed", duration="permanent") == ({"Cursed": None}, "gained")
    with pytest.raises(ValueError):
        wfrp3e.gain_condition({}, "Cursed", duration="forever")


@pytest.mark.parametrize("held, gained", [("Inspired", "Demoralized"), ("Sluggish", "Energized")])
def test_cancelling_pairs(held, gained):
    assert wfrp3e.gain_condition({held: None, "Blinded": None}, gained) == ({"Blinded": None}, "cancelled")


def test_rally_ends_lingering_and_the_encounter_all_but_permanent():
    held = {"Staggered": 2, "Blinded": None, "Frightened": None, "Madness": None}
    durations = wfrp3e.CONDITION_DURATIONS | {"Madness": "permanent"}
    assert wfrp3e.conditions_kept(held, "rally", durations) == {"Staggered": 2, "Frightened": None, "Madness": None}
    assert wfrp3e.conditions_kept(held, "encounter", durations) == {"Madness": None}


# --- the end of a turn -----------------------------------------------------------------------------------------------


def test_end_of_turn_runs_the_steps_in_order():
    end = wfrp3e.end_of_turn(
        {"Melee Strike": 0, "Parry": 2, "Shoot": 1},
        {"Savvy": 4},
        {"Staggered": 1, "Exposed": 3, "Blinded": None},
        used_cards={"Melee Strike": 2},
        power=6,
        willpower=4,
    )
    assert end.action_cards == {"Melee Strike": 1, "Parry": 1, "Shoot": 0}
    assert end.talents == {"Savvy": 3}
    assert end.conditions == {"Exposed": 2, "Blinded": None}
    assert end.power == 5
    assert end.changes == (
        wfrp3e.Change(1, "Melee Strike", 0, 2),
        wfrp3e.Change(2, "Staggered", 1, None),
        wfrp3e.Change(2, "Exposed", 3, 2),
        wfrp3e.Change(3, "Melee Strike", 2, 1),
        wfrp3e.Change(3, "Parry", 2, 1),
        wfrp3e.Change(3, "Shoot", 1, 0),
        wfrp3e.Change(4, "Savvy", 4, 3),
        wfrp3e.Change(5, "power", 6, 5),
    )


def test_a_brief_condition_expires_after_three_turns_and_a_card_recharges():
    cards, conditions = {"Strike": 0}, wfrp3e.gain_condition({}, "Exposed")[0]
    end = wfrp3e.end_of_turn(cards, {}, conditions, used_cards={"Strike": wfrp3e.recharge_tokens(2)})
    for _ in range(2):
        end = wfrp3e.end_of_turn(end.action_cards, {}, end.conditions)
    assert end.conditions == {}
    assert end.action_cards == {"Strike": 0}


def test_invigorated_takes_one_more_token_from_one_card():
    end = wfrp3e.end_of_turn({"Parry": 3, "Dodge": 3}, {}, {"Invigorated": None}, invigorated_card="Parry")
    assert end.action_cards == {"Parry": 1, "Dodge": 2}
    end = wfrp3e.end_of_turn({"Parry": 3}, {}, {}, invigorated_card="Parry")
    assert end.action_cards == {"Parry": 2}


def test_staggered_active_defence_takes_one_more_recharge_token():
    assert wfrp3e.recharge_tokens(2, active_defence=True, conditions=("Staggered",)) == 3
    assert wfrp3e.recharge_tokens(2, active_defence=False, conditions=("Staggered",)) == 2


@given(st.dictionaries(st.text(min_size=1, max_size=5), st.integers(0, 6), max_size=5))
def test_cards_never_go_below_zero_and_change_at_most_one_token(cards):
    end = wfrp3e.end_of_turn(cards, {}, {})
    assert all(0 <= end.action_cards[name] == max(tokens - 1, 0) for name, tokens in cards.items())


# --- stance, manoeuvres, movement ------------------------------------------------------------------------------------


@pytest.mark.parametrize("current, wanted, stress", [(0, 1, 0), (0, -1, 0), (0, 3, 2), (-2, 2, 3), (1, 1, 0)])
def test_one_stance_step_is_free_and_each_further_costs_stress(current, wanted, stress):
    assert wfrp3e.shift_stance(current, wanted, conservative_steps=2, reckless_steps=3) == wfrp3e.StanceShift(
        wanted, stress
    )


def test_the_stance_stays_on_the_meter():
    with pytest.raises(ValueError):
        wfrp3e.shift_stance(0, -3, conservative_steps=2, reckless_steps=3)


@pytest.mark.parametrize("stance, after", [(3, 2), (-2, -1), (0, 0)])
def test_rally_moves_stance_toward_neutral(stance, after):
    assert wfrp3e.toward_neutral(stance) == after


def test_frightened_costs_stress_at_the_start_of_a_turn():
    assert (wfrp3e.beginning_of_turn_stress({"Frightened": None}), wfrp3e.beginning_of_turn_stress({})) == (1, 0)


@pytest.mark.parametrize(
    "performed, conditions, fatigue",
    [
        (0, (), 0),
        (1, (), 1),
        (3, (), 1),
        (1, ("Energized",), 0),
        (2, ("Energized",), 1),
        (0, ("Sluggish",), 1),
        (1, ("Sluggish", "Entangled"), 3),
    ],
)
def test_one_manoeuvre_is_free(performed, conditions, fatigue):
    assert wfrp3e.manoeuvre_fatigue(performed, conditions) == fatigue


def test_entangled_physical_actions_cost_two_fatigue():
    assert wfrp3e.action_fatigue({"Entangled": None}, physical=True) == 2
    assert wfrp3e.action_fatigue({"Entangled": None}, physical=False) == 0


@pytest.mark.parametrize(
    "start, end, safely, expected",
    [
        ("extreme", "long", True, (3, False)),
        ("long", "medium", True, (2, False)),
        ("medium", "close", True, (1, False)),
        ("close", "engaged", True, (1, False)),
        ("extreme", "engaged", True, (7, False)),
        ("engaged", "medium", True, (2, False)),
        ("engaged", "close", False, (0, True)),
        ("engaged", "medium", False, (1, True)),
        ("close", "close", True, (0, False)),
    ],
)
def test_movement_between_range_bands(start, end, safely, expected):
    movement = wfrp3e.movement(start, end, safely)
    assert (movement.manoeuvres, movement.free_attack) == expected


# --- initiative, fear, recovery --------------------------------------------------------------------------------------


def test_initiative_by_successes_then_agility_then_roll_off():
    order, rolls = wfrp3e.initiative_order(
        {"ann": (2, 3), "bob": (3, 1), "cat": (2, 4), "dan": (2, 3)}, roll_off={"ann": 1, "dan": 5}.get
    )
    assert order == ["bob", "cat", "dan", "ann"]
    assert rolls == {"ann": [1], "dan": [5]}


def test_initiative_place_keeps_the_set_order():
    index, _ = wfrp3e.initiative_place([("bob", (3, 1)), ("ann", (1, 3))], ("eve", (2, 2)), roll_off=lambda key: 0)
    assert index == 1


def test_initiative_check_is_agility_with_its_conditions():
    pool = wfrp3e.initiative_check(3, stance=-1, conditions=("Traumatized",))
    assert (pool["characteristic"], pool["conservative"], pool["challenge"]) == (2, 1, 1)


def test_initiative_sources_say_why_each_die_is_in_the_pool():
    sources = wfrp3e.initiative_sources(3, stance=-1, conditions=("Traumatized",))
    assert [(s.kind, s.count, s.why) for s in sources] == [
        ("characteristic", 2, "Agility"),
        ("conservative", 1, "conservative stance"),
        ("challenge", 1, "Traumatized"),
    ]


@pytest.mark.parametrize(
    "passed, banes, terror, expected",
    [(True, 0, False, (0, 0, False)), (False, 1, False, (2, 0, False)), (False, 2, True, (2, 2, True))],
)
def test_fear_and_terror(passed, banes, terror, expected):
    result = wfrp3e.fear_result(2, passed, banes, terror)
    assert (result.stress, result.fatigue, result.frightened) == expected


def test_rally_phase():
    recovery = wfrp3e.rally(
        2, 3, 2, {"Strike": 2, "Parry": 0}, {"Savvy": 1}, {"Blinded": None, "Staggered": 2}, power=1, willpower=3
    )
    assert recovery == wfrp3e.Recovery(
        stance=1,
        fatigue=2,
        stress=1,
        power=2,
        action_cards={"Strike": 1, "Parry": 0},
        talents={"Savvy": 0},
        conditions={"Staggered": 2},
    )
    assert wfrp3e.rally(0, 0, 2, {}, {}, {"Shock": None}).stress == 2


def test_a_rally_ends_a_condition_an_admin_made_lingering():
    durations = wfrp3e.CONDITION_DURATIONS | {"Haunted": "lingering"}
    assert wfrp3e.rally(0, 0, 0, {}, {}, {"Haunted": None}).conditions == {"Haunted": None}
    assert wfrp3e.rally(0, 0, 0, {}, {}, {"Haunted": None}, durations=durations).conditions == {}


def test_rest_recovers_toughness_and_willpower():
    assert wfrp3e.rest(5, 2, toughness=3, willpower=4) == (2, 0)


def test_a_night_rest_recovers_strain_and_heals_wounds_up_to_toughness():
    assert wfrp3e.overnight_rest(5, 2, 7, toughness=3, willpower=4) == wfrp3e.Rested(2, 0, 4)
    assert wfrp3e.overnight_rest(1, 0, 2, toughness=3, willpower=3) == wfrp3e.Rested(0, 0, 0)


def test_the_resilience_check_after_a_rest_heals_a_wound_per_success_up_to_those_taken():
    assert wfrp3e.resilience_healing(wounds_taken=5, net_successes=2) == 2
    assert wfrp3e.resilience_healing(wounds_taken=1, net_successes=3) == 1
    assert wfrp3e.resilience_healing(wounds_taken=4, net_successes=0) == 0
