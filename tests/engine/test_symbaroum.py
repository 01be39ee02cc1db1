from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import symbaroum

D20 = st.integers(1, 20)
D10 = st.integers(1, 10)
TARGETS = st.integers(-10, 30)


# --- success tests ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "attribute, opposing, target",
    [(13, None, 13), (13, 10, 13), (13, 7, 16), (13, 15, 8), (5, 20, -5)],
)
def test_target_is_attribute_plus_ten_minus_opposing(attribute, opposing, target):
    assert symbaroum.test_target(attribute, opposing) == target


@pytest.mark.parametrize(
    "target, d20, passes",
    [
        (12, 12, True),  # at the target passes
        (12, 13, False),
        (12, 1, True),
        (-5, 1, True),  # a 1 always passes
        (30, 20, False),  # a 20 always fails
        (30, 19, True),
        (0, 2, False),
    ],
)
def test_passes_rolls_under(target, d20, passes):
    assert symbaroum.test_passes(target, d20) is passes


@pytest.mark.parametrize("d20", [0, 21])
def test_passes_rejects_impossible_faces(d20):
    with pytest.raises(ValueError):
        symbaroum.test_passes(10, d20)


@pytest.mark.parametrize(
    "target, expected",
    [(-3, Fraction(1, 20)), (1, Fraction(1, 20)), (10, Fraction(1, 2)), (11, Fraction(11, 20)), (19, Fraction(19, 20))]
    + [(25, Fraction(19, 20))],
)
def test_chance_single_roll(target, expected):
    assert symbaroum.chance(target) == expected


def test_chance_is_exact_and_equals_the_float():
    assert symbaroum.chance(11) == Fraction(11, 20)
    assert symbaroum.chance(11) == 0.55
    assert symbaroum.chance(9) == 9 / 20
    assert symbaroum.chance(11) != 0.5


@pytest.mark.parametrize(
    "target, to_pass, to_fail, expected",
    [
        (10, True, False, Fraction(3, 4)),
        (10, False, True, Fraction(1, 4)),
        (10, True, True, Fraction(1, 2)),  # both cancel
        (11, True, False, Fraction(319, 400)),
        (11, False, True, Fraction(121, 400)),
        (30, True, False, Fraction(399, 400)),  # only two 20s fail
        (30, False, True, Fraction(361, 400)),
        (-5, True, False, Fraction(39, 400)),  # only a 1 on either die
        (-5, False, True, Fraction(1, 400)),
    ],
)
def test_chance_with_second_chances(target, to_pass, to_fail, expected):
    assert symbaroum.chance(target, second_chance_to_pass=to_pass, second_chance_to_fail=to_fail) == expected


@given(TARGETS)
def test_chance_is_the_fraction_of_faces_that_pass(target):
    passing = sum(symbaroum.test_passes(target, face) for face in range(1, 21))
    assert symbaroum.chance(target) == Fraction(passing, 20)


@given(TARGETS)
def test_chance_with_second_chances_counts_pairs_of_dice(target):
    pairs = [(a, b) for a in range(1, 21) for b in range(1, 21)]
    best = sum(symbaroum.test_passes(target, min(a, b)) for a, b in pairs)
    worst = sum(symbaroum.test_passes(target, max(a, b)) for a, b in pairs)
    assert symbaroum.chance(target, second_chance_to_pass=True) == Fraction(best, 400)
    assert symbaroum.chance(target, second_chance_to_fail=True) == Fraction(worst, 400)


@given(TARGETS)
def test_second_chances_move_the_odds_the_right_way(target):
    plain = symbaroum.chance(target)
    assert symbaroum.chance(target, second_chance_to_pass=True) >= plain
    assert symbaroum.chance(target, second_chance_to_fail=True) <= plain
    assert Fraction(1, 400) <= symbaroum.chance(target, second_chance_to_fail=True)
    assert symbaroum.chance(target, second_chance_to_pass=True) <= Fraction(399, 400)


@given(TARGETS, TARGETS)
def test_chance_never_falls_as_the_target_rises(low, high):
    low, high = sorted((low, high))
    assert symbaroum.chance(low) <= symbaroum.chance(high)


@pytest.mark.parametrize(
    "first, second, to_pass, to_fail, kept",
    [(15, 3, True, False, 3), (15, 3, False, True, 15), (15, 3, True, True, 15), (15, None, False, False, 15)],
)
def test_kept_roll(first, second, to_pass, to_fail, kept):
    assert symbaroum.kept_roll(first, second, to_pass=to_pass, to_fail=to_fail) == kept


def test_second_chance_needs_a_second_die():
    with pytest.raises(ValueError):
        symbaroum.kept_roll(7, to_pass=True)


@pytest.mark.parametrize(
    "roller, opponent, expected",
    [(False, False, (False, False)), (True, False, (False, True)), (False, True, (True, False))]
    + [(True, True, (False, False))],
)
def test_blind_fighting_and_critical_damage_second_chances(roller, opponent, expected):
    assert symbaroum.roller_second_chances(roller, opponent) == expected


@pytest.mark.parametrize(
    "d20, roll, result",
    [
        (1, "attack", "perfect_hit"),
        (20, "attack", "fumbled_attack"),
        (1, "defence", "perfect_defence"),
        (20, "defence", "fumbled_defence"),
        (2, "attack", None),
        (19, "defence", None),
    ],
)
def test_natural_results(d20, roll, result):
    assert symbaroum.natural_result(d20, roll) == result


def test_the_variant_has_no_perfect_hits():
    assert symbaroum.natural_result(1, "attack", symbaroum.VARIANT) is None


# --- advantage, toughness, damage -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "situation, advantage",
    [
        ({}, False),
        ({"flanked": True}, True),
        ({"prone": True}, True),
        ({"prone": True, "melee": False}, False),  # shooting at someone lying down gains nothing
        ({"flanked": True, "melee": False}, False),
        ({"lower_ground": True, "melee": False}, True),
        ({"unaware": True, "melee": False}, True),
    ],
)
def test_advantage(situation, advantage):
    assert symbaroum.has_advantage(**situation) is advantage


@pytest.mark.parametrize("strong, threshold", [(5, 3), (9, 5), (10, 5), (11, 6), (13, 7), (15, 8), (16, 8)])
def test_pain_threshold_is_half_strong_rounded_up(strong, threshold):
    assert symbaroum.pain_threshold(strong) == threshold


@pytest.mark.parametrize("strong, toughness", [(5, 10), (10, 10), (13, 13), (15, 15)])
def test_toughness_is_strong_but_at_least_ten(strong, toughness):
    assert symbaroum.toughness(strong) == toughness


def test_damage_subtracts_the_armour_roll_and_never_goes_negative():
    assert symbaroum.damage(6, 2, extra=3) == 7
    assert symbaroum.damage(2, 5) == 0
    assert symbaroum.damage(lambda: 8, lambda: 3) == 5


def test_damage_bonuses_name_their_reasons():
    bonuses = symbaroum.damage_bonuses(advantage=True, perfect_hit=True, fumbled_defence=True, distance="short")
    assert [(bonus.reason, bonus.die, bonus.flat) for bonus in bonuses] == [
        ("Advantage", 4, 0),
        ("Perfect Hit", 6, 0),
        ("Fumbled Defence", None, 3),
        ("Short distance", 4, 0),
    ]
    assert symbaroum.roll_bonuses(bonuses, lambda sides: sides) == 4 + 6 + 3 + 4
    assert symbaroum.damage_bonuses(distance="medium") == []


@pytest.mark.parametrize("damage, threshold, reached", [(4, 5, False), (5, 5, True), (9, 5, True), (99, None, False)])
def test_pain_threshold_is_reached_at_or_over(damage, threshold, reached):
    assert symbaroum.reaches_pain_threshold(damage, threshold) is reached


def test_critical_damage_spares_the_undead_and_the_variant():
    assert symbaroum.critically_damaged(6, 6)
    assert not symbaroum.critically_damaged(5, 6)
    assert not symbaroum.critically_damaged(9, 6, undead=True)
    assert not symbaroum.critically_damaged(9, None)
    assert not symbaroum.critically_damaged(9, 6, profile=symbaroum.VARIANT)
    assert symbaroum.critical_damage_ends(1) and not symbaroum.critical_damage_ends(0)


def test_healing_stops_at_the_maximum():
    assert symbaroum.healed(3, 12, 1) == 4
    assert symbaroum.healed(11, 12, lambda: 4) == 12


# --- hit locations ----------------------------------------------------------------------------------------------

NORMAL = ["right_leg", "left_leg", "torso", "torso", "torso", "right_arm", "right_arm", "left_arm", "left_arm", "head"]
HIGH = ["right_leg", "left_leg", "torso", "torso", "right_arm", "right_arm", "left_arm", "left_arm", "head", "head"]
LOW = ["right_leg", "right_leg", "left_leg", "left_leg", "torso", "torso", "torso", "right_arm", "left_arm", "head"]


@pytest.mark.parametrize("aim, table", [("normal", NORMAL), ("high", HIGH), ("low", LOW)])
def test_hit_location_tables(aim, table):
    assert [symbaroum.hit_location(d10, aim) for d10 in range(1, 11)] == table


def test_hit_location_defaults_to_the_unaimed_table():
    assert [symbaroum.hit_location(d10) for d10 in range(1, 11)] == NORMAL


@given(D10, st.sampled_from(["normal", "high", "low"]))
def test_every_d10_lands_somewhere(d10, aim):
    assert symbaroum.hit_location(d10, aim) in symbaroum.LOCATIONS


@pytest.mark.parametrize("aim, modifier", [("normal", 0), ("high", -2), ("low", -2), ("body_part", -5)])
def test_aim_modifiers(aim, modifier):
    assert symbaroum.aim_modifier(aim) == modifier


@pytest.mark.parametrize("aim, d10", [("body_part", 3), ("sideways", 3), ("normal", 0), ("high", 11)])
def test_hit_location_refuses_what_has_no_table(aim, d10):
    with pytest.raises(ValueError):
        symbaroum.hit_location(d10, aim)


def test_location_effects_only_at_the_pain_threshold():
    assert symbaroum.location_effect("torso", 4, 5) is None
    assert symbaroum.location_effect("torso", 5, 5).incapacitated_turns == 1
    legs = symbaroum.location_effect("left_leg", 7, 5)
    assert legs.prone and legs.half_movement_for_scene
    arm = symbaroum.location_effect("right_arm", 7, 5)
    assert arm.drops_item_unless_quick_test and arm.arm_second_chance_to_fail_for_scene
    head = symbaroum.location_effect("head", 7, 5)
    assert (head.extra_damage_die, head.unconscious_turns_die) == (6, 4)
    assert symbaroum.location_effect("head", 20, None) is None


def test_main_hand():
    assert symbaroum.main_hand_hit("right_arm")
    assert not symbaroum.main_hand_hit("right_arm", main_hand="left")


@pytest.mark.parametrize(
    "impeding, segments, expected",
    [
        (4, ["torso"], 2),  # 1.6
        (5, ["torso"], 2),  # 2.0
        (5, ["head"], 1),  # 1.0
        (5, ["right_leg"], 1),  # 0.5 rounds up
        (3, ["right_leg"], 0),  # 0.3
        (3, ["right_leg", "left_leg", "torso", "right_arm", "left_arm", "head"], 3),
    ],
)
def test_armour_segments_impeding(impeding, segments, expected):
    assert symbaroum.segments_impeding(impeding, segments) == expected


def test_armour_segments_price():
    assert symbaroum.segments_price(100, ["right_leg", "left_leg"]) == 20
    assert symbaroum.segments_price(50, ["torso", "head"]) == 30
    with pytest.raises(ValueError):
        symbaroum.segments_share(["tail"])


# --- dying ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "d20, closer_so_far, outcome",
    [
        (1, 0, "wakes"),
        (1, 2, "wakes"),
        (2, 0, "remains"),
        (10, 2, "remains"),
        (11, 0, "closer"),
        (19, 1, "closer"),
        (11, 2, "dies"),  # the third step closer
        (19, 2, "dies"),
        (20, 0, "dies"),
    ],
)
def test_death_test_bands(d20, closer_so_far, outcome):
    assert symbaroum.death_test(d20, closer_so_far) == outcome


@given(D20)
def test_death_test_bands_cover_the_die(d20):
    assert symbaroum.death_test(d20, 0) in {"wakes", "remains", "closer", "dies"}


def test_three_steps_closer_kill():
    steps = 0
    outcomes = []
    for roll in (12, 5, 15, 18):
        outcomes.append(symbaroum.death_test(roll, steps))
        steps += outcomes[-1] == "closer"
    assert outcomes == ["closer", "remains", "closer", "dies"]


def test_who_dies_at_zero():
    assert symbaroum.at_zero_toughness(player_character=True) == "dying"
    assert symbaroum.at_zero_toughness(player_character=False) == "dead"
    assert symbaroum.wake_up_toughness(lambda: 3) == 3


# --- ammunition and reclaiming ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "remaining, critical, left",
    [(3, False, 2), (2, False, 1), (1, False, 0), (0, False, 0), (3, True, 1), (2, True, 0), (1, True, 0)],
)
def test_ammunition_countdown(remaining, critical, left):
    assert symbaroum.ammunition_after_miss(remaining, critical_failure=critical) == left


def test_three_misses_empty_the_quiver():
    remaining = symbaroum.AMMUNITION_MISSES
    for _ in range(3):
        remaining = symbaroum.ammunition_after_miss(remaining)
    assert remaining == 0
    assert symbaroum.ammunition_after_combat(remaining, searched=True) == 3
    assert symbaroum.ammunition_after_combat(1, searched=False) == 1
    assert symbaroum.is_critical_failure(20) and not symbaroum.is_critical_failure(19)


@pytest.mark.parametrize(
    "kind, last_whole",
    [("ordinary", 10), ("quality", 15), ("mystical", 17)],
)
def test_reclaim_thresholds(kind, last_whole):
    assert not symbaroum.projectile_damaged(last_whole, kind)
    assert symbaroum.projectile_damaged(last_whole + 1, kind)
    assert not symbaroum.projectile_damaged(1, kind)
    assert symbaroum.projectile_damaged(20, kind)


@given(D20)
def test_better_projectiles_survive_at_least_as_often(d20):
    kinds = ("ordinary", "quality", "mystical")
    ordinary, quality, mystical = (symbaroum.projectile_damaged(d20, kind) for kind in kinds)
    assert mystical <= quality <= ordinary


def test_reclaim_refuses_unknown_kinds():
    with pytest.raises(ValueError):
        symbaroum.projectile_damaged(5, "golden")


# --- distance and movement --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "category, modifier, movements",
    [("close", 0, 0), ("short", 2, 1), ("medium", 0, 2), ("long", -2, 5), ("extreme", -5, 10)],
)
def test_distance_categories(category, modifier, movements):
    assert symbaroum.distance_modifier(category) == modifier
    assert symbaroum.distance_modifier(category, mystical=True) == 0
    assert symbaroum.movements_to_engage(category) == movements


def test_only_short_distance_adds_damage():
    assert {key: distance.damage_die for key, distance in symbaroum.DISTANCES.items()} == {
        "close": None,
        "short": 4,
        "medium": None,
        "long": None,
        "extreme": None,
    }


@pytest.mark.parametrize(
    "category, first_turn, initiative, mystical, allowed",
    [
        ("close", True, True, False, True),
        ("close", True, False, False, False),
        ("close", False, True, False, False),
        ("close", False, False, True, True),
        ("long", False, False, False, True),
    ],
)
def test_shooting_at_close_distance(category, first_turn, initiative, mystical, allowed):
    assert symbaroum.ranged_attack_allowed(category, first_turn, initiative, mystical) is allowed


def test_movement_by_scale():
    assert symbaroum.engaged(0) and not symbaroum.engaged(1)
    assert [symbaroum.movements_to_reach(squares) for squares in (0, 1, 5, 6, 10, 11)] == [0, 1, 1, 2, 2, 3]
    assert symbaroum.SQUARES_PER_MOVEMENT * symbaroum.METRES_PER_SQUARE == symbaroum.METRES_PER_MOVEMENT


# --- turn order -------------------------------------------------------------------------------------------------


def test_initiative_quick_then_vigilant_then_d20():
    rolls = iter([4, 17])
    order, roll_offs = symbaroum.initiative_order(
        {"a": (13, 10), "b": (15, 5), "c": (13, 12), "d": (13, 12)}, lambda: next(rolls)
    )
    assert order == ["b", "d", "c", "a"]
    assert roll_offs == {"c": [4], "d": [17]}


def test_take_the_initiative_and_quick_strike():
    assert symbaroum.take_the_initiative_rank((10, 12), resolute_test_passed=True) == (15, 12)
    assert symbaroum.take_the_initiative_rank((10, 12), resolute_test_passed=False) == (10, 12)
    assert symbaroum.quick_strike_first(["a", "b", "c", "d"], {"d", "b"}) == ["b", "d", "a", "c"]


def test_group_surprise_uses_the_weakest_sneak_and_the_sharpest_eye():
    assert symbaroum.surprise_target([13, 9, 15], [7, 12]) == 7
    assert symbaroum.surprise_target(13, 10) == 13


# --- feats and manoeuvres ---------------------------------------------------------------------------------------


def test_feat_cost():
    assert symbaroum.feat_cost() == {"experience": 1}
    assert symbaroum.feat_cost("corruption", npc=True) == {"corruption": 1}
    with pytest.raises(ValueError):
        symbaroum.feat_cost("experience", npc=True)


@pytest.mark.parametrize(
    "manoeuvres, test, expected",
    [
        (["careful_aiming"], "ranged_attack", (True, False)),
        (["careful_aiming"], "melee_attack", (False, False)),
        (["full_defence"], "defence", (True, False)),
        (["full_offense"], "melee_attack", (True, False)),
        (["full_offense"], "defence", (False, True)),
        (["take_the_initiative"], "defence", (False, True)),
        (["take_the_initiative", "full_offense"], "melee_attack", (True, True)),
    ],
)
def test_manoeuvre_second_chances(manoeuvres, test, expected):
    assert symbaroum.manoeuvre_second_chances(manoeuvres, test) == expected


def test_manoeuvre_arithmetic():
    assert [symbaroum.robust_hold_bonus(level) for level in range(4)] == [0, 2, 4, 8]
    assert [symbaroum.robust_tackle_bonus(level) for level in range(4)] == [0, 2, 4, 6]
    assert symbaroum.knocked_out(4, 5) and not symbaroum.knocked_out(5, 5)
    assert symbaroum.push_back_damage(7) == 3
    assert symbaroum.backfires(20) and not symbaroum.backfires(19)
