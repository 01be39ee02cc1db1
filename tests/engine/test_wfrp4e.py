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
    assert wfrp4e.fumble(d100)["text"].startswith(start)


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


ARMOUR = {"head": 0, "body": 2, "left_arm": 1, "right_arm": 1, "left_leg": 0, "right_leg": 0}


def test_melee_attack_won_by_sl_hits_the_reversed_location():
    # WS 45 rolls 27 (SL +2) vs Melee 35 rolls 62 (SL -3): net +5; reversed 27 -> 72, the body (AP 2).
    result = wfrp4e.attack(
        45, 27, weapon_damage=7, toughness_bonus=3, armour=ARMOUR, defender_target=35, defender_roll=62
    )
    assert (result.hit, result.net_sl, result.location) == (True, 5, "body")
    assert (result.damage, result.wounds) == (12, 7)
    assert not (result.critical_on_defender or result.attacker_fumbled or result.misfire)


def test_equal_sl_goes_to_the_higher_skill_and_a_full_tie_is_a_stalemate():
    assert wfrp4e.opposed_winner(45, 41, 38, 31) == "attacker"  # both SL 0, 45 > 38
    assert wfrp4e.opposed_winner(38, 31, 45, 41) == "defender"
    assert wfrp4e.opposed_winner(40, 30, 40, 30) is None
    assert not wfrp4e.attack(40, 30, 7, 3, ARMOUR, defender_target=40, defender_roll=30).hit


def test_attacker_double_on_a_hit_is_a_critical():
    result = wfrp4e.attack(50, 33, 7, 3, ARMOUR, defender_target=30, defender_roll=70)
    assert result.hit and result.critical_on_defender and result.location == "right_arm"  # 33 reversed is 33


def test_a_winning_defender_with_a_successful_double_criticals_the_attacker():
    result = wfrp4e.attack(40, 38, 7, 3, ARMOUR, defender_target=55, defender_roll=22)
    assert not result.hit and result.critical_on_attacker


def test_a_losing_attacker_with_a_successful_double_still_criticals_the_defender():
    # WS 50 rolls 44 (+1 SL, a double) vs Melee 60 rolling 20 (+4): the defender wins, the Critical stands.
    result = wfrp4e.attack(50, 44, 7, 3, ARMOUR, defender_target=60, defender_roll=20)
    assert not result.hit and (result.damage, result.wounds) == (0, 0)
    assert result.critical_on_defender and not result.critical_on_attacker


def test_both_sides_critical_when_both_roll_successful_doubles():
    # 44 vs 50 (+1) against 11 vs 60 (+5): the defender wins, and each double strikes true.
    result = wfrp4e.attack(50, 44, 7, 3, ARMOUR, defender_target=60, defender_roll=11)
    assert not result.hit and result.critical_on_defender and result.critical_on_attacker
    # A stalemate, both doubles successful: both Critical too.
    result = wfrp4e.attack(40, 33, 7, 3, ARMOUR, defender_target=40, defender_roll=33)
    assert not result.hit and result.critical_on_defender and result.critical_on_attacker


def test_failed_doubles_are_fumbles_and_blackpowder_misfires_on_even_ones():
    result = wfrp4e.attack(40, 88, 9, 3, ARMOUR, weapon_group="Blackpowder")
    assert not result.hit and result.attacker_fumbled and result.misfire
    result = wfrp4e.attack(40, 77, 9, 3, ARMOUR, weapon_group="Blackpowder")
    assert result.attacker_fumbled and not result.misfire
    result = wfrp4e.attack(40, 20, 7, 3, ARMOUR, defender_target=30, defender_roll=66)
    assert result.hit and result.defender_fumbled


# The book's weapon properties seed 000 "Weapon Properties" keeps unchanged.
def test_accurate_adds_ten_to_hit():
    assert wfrp4e.accurate_bonus({"Accurate", "Precise"}) == 10
    assert wfrp4e.accurate_bonus({"Precise"}) == 0


@pytest.mark.parametrize(
    "sl, roll, properties, expected",
    [
        (1, 34, set(), 1),
        (1, 34, {"Damaging"}, 4),  # the units die, 4, beats the SL
        (5, 34, {"Damaging"}, 5),  # the SL beats the units die
        (1, 34, {"Impact"}, 5),  # SL + units die
        (1, 34, {"Damaging", "Impact"}, 8),
        (1, 40, {"Impact"}, 1),  # a units die of 0 adds nothing
        (1, 34, {"Damaging", "Impact", "Tiring"}, 1),  # Tiring: not without a Charge
    ],
)
def test_damaging_impact_and_tiring_change_the_sl_a_hit_adds(sl, roll, properties, expected):
    assert wfrp4e.damage_sl(sl, roll, properties) == expected


def test_tiring_weapons_keep_damaging_and_impact_on_a_charge():
    assert wfrp4e.damage_sl(1, 34, {"Damaging", "Impact", "Tiring"}, charging=True) == 8


def test_undamaging_doubles_every_armour_point():
    assert wfrp4e.armour_against(ARMOUR, {"Undamaging"}) == {**ARMOUR, "body": 4, "left_arm": 2, "right_arm": 2}
    assert wfrp4e.armour_against(ARMOUR, {"Shield"}) is ARMOUR


@pytest.mark.parametrize("roll, fumble", [(49, True), (93, True), (47, False), (88, True), (80, False), (9, True)])
def test_dangerous_fumbles_on_any_failed_roll_showing_a_nine(roll, fumble):
    assert wfrp4e.is_fumble(5, roll, dangerous=True) is fumble
    assert not wfrp4e.is_fumble(60, 49, dangerous=True)  # a success is never a fumble
    assert wfrp4e.is_fumble(5, roll) is (roll == 88)


def test_attack_with_properties():
    # WS 45 rolls 27 (SL +2) vs 35 rolls 62 (SL -3): won by 5, units die 7; body AP 2.
    args = dict(weapon_damage=7, toughness_bonus=3, armour=ARMOUR, defender_target=35, defender_roll=62)
    assert wfrp4e.attack(45, 27, **args, properties={"Damaging"}).damage == 7 + 7
    assert wfrp4e.attack(45, 27, **args, properties={"Impact"}).damage == 7 + 5 + 7
    assert wfrp4e.attack(45, 27, **args).damage == 12
    missed = wfrp4e.attack(45, 59, 7, 3, ARMOUR, defender_target=35, defender_roll=20, properties={"Dangerous"})
    assert not missed.hit and missed.attacker_fumbled  # 59 fails and shows a 9


def test_unopposed_attack_uses_its_own_sl():
    result = wfrp4e.attack(45, 12, weapon_damage=8, toughness_bonus=2, armour=ARMOUR)
    assert (result.hit, result.net_sl, result.location, result.damage, result.wounds) == (True, 3, "left_arm", 11, 8)


@given(ROLLS, ROLLS, st.integers(1, 99), st.integers(1, 99))
def test_attack_wounds_never_negative_and_only_on_hits(attacker_roll, defender_roll, attacker_skill, defender_skill):
    result = wfrp4e.attack(
        attacker_skill, attacker_roll, 8, 3, ARMOUR, defender_target=defender_skill, defender_roll=defender_roll
    )
    assert result.wounds >= 0
    assert result.hit or (result.wounds == 0 and result.location is None)
    assert result.critical_on_defender == wfrp4e.is_critical(attacker_skill, attacker_roll)
    assert result.critical_on_attacker == wfrp4e.is_critical(defender_skill, defender_roll)


def test_tables_are_parameters_with_the_seed_as_default():
    house_table = [
        {"low": 1, "high": 50, "location": "body"},
        {"low": 51, "high": 100, "location": "head"},
    ]
    assert wfrp4e.hit_location(12, table=house_table) == "body"  # reversed: 21
    assert wfrp4e.hit_location(12) == "left_arm"
    short_fumbles = [{"low": 1, "high": 100, "name": "Oops", "text": "Drop it", "wounds": 0}]
    assert wfrp4e.fumble(77, table=short_fumbles)["name"] == "Oops"
    assert wfrp4e.fumble(5) == {**wfrp4e.fumble(5), "name": "Caught your anatomy", "wounds": 1}


def test_a_table_with_a_gap_names_the_roll_it_cannot_read():
    with pytest.raises(ValueError, match="hit location table has no row for a roll of 21"):
        wfrp4e.hit_location(12, table=[{"low": 1, "high": 9, "location": "head"}])


def test_critical_wound_rows_are_looked_up_and_missing_rows_are_none():
    head = [{"low": 1, "high": 10, "name": "Dramatic Injury", "text": "A fine scar.", "wounds": 1}]
    assert wfrp4e.critical_wound(head, 10)["name"] == "Dramatic Injury"
    assert wfrp4e.critical_wound(head, 11) is None
    assert wfrp4e.critical_wound([], 50) is None


def test_a_flexible_layer_adds_to_the_piece_over_it():
    jack, mail_shirt, helm = (["body", "left_arm", "right_arm"], 1, False), (["body"], 2, True), (["head"], 2, False)
    points = wfrp4e.armour_points([jack, mail_shirt, helm])
    assert points == {"head": 2, "left_arm": 1, "right_arm": 1, "body": 3, "left_leg": 0, "right_leg": 0}


def test_pieces_that_cannot_be_layered_do_not_add_up():
    """The book's Flexible: only a Flexible layer goes under another piece; a jerkin over a jack adds nothing, and
    two mail layers are still one layer."""
    jack, jerkin = (["body", "left_arm", "right_arm"], 1, False), (["body"], 1, False)
    breastplate = (["body"], 2, False)
    assert wfrp4e.armour_points([jack, jerkin])["body"] == 1
    assert wfrp4e.armour_points([jack, breastplate])["body"] == 2
    shirt, coat = (["body"], 2, True), (["body", "left_arm", "right_arm", "left_leg", "right_leg"], 2, True)
    assert wfrp4e.armour_points([shirt, coat, breastplate])["body"] == 4


def test_weapon_damage_and_misfire_damage():
    assert wfrp4e.weapon_damage(4, strength_bonus=3) == 7  # +SB+4
    assert wfrp4e.weapon_damage(9, strength_bonus=3, adds_strength_bonus=False) == 9
    assert wfrp4e.misfire_damage(9, 88) == 17  # units die 8 as SL
    assert wfrp4e.misfire_damage(9, 100) == 9  # "00": units die 0


def test_advantage_spend_costs_from_an_edited_table():
    spends = wfrp4e.advantage_spends()
    assert spends["additional_action"]["cost"] == 4 and spends["additional_action"]["once_per_turn"]
    assert wfrp4e.advantage_spend_cost("batter") == 1
    assert wfrp4e.advantage_spend_cost("additional_effort", 3) == 3
    with pytest.raises(ValueError, match="at least 2"):
        wfrp4e.advantage_spend_cost("additional_effort", 1)
    edited = {**spends, "batter": {**spends["batter"], "cost": 2}}
    assert wfrp4e.advantage_spend_cost("batter", spends=edited) == 2
    with pytest.raises(ValueError, match="not a way"):
        wfrp4e.advantage_spend_cost("sing", spends=edited)


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


def test_a_newcomer_takes_its_place_by_initiative_then_agility_then_an_opposed_agility_test():
    order = [("a", (40, 35)), ("b", (35, 30)), ("c", (35, 30)), ("d", (30, 50))]
    assert wfrp4e.initiative_place(order, ("n", (35, 40)), scripted()) == (1, {})  # ties b and c on I, more Ag
    assert wfrp4e.initiative_place(order, ("n", (35, 20)), scripted()) == (3, {})
    # Tied with b on both: b rolls 20 (+1 SL) and wins, n 60 (-3); then against c, n rolls 10 (+2) to c's 70 (-4).
    assert wfrp4e.initiative_place(order, ("n", (35, 30)), scripted(20, 60, 70, 10)) == (
        2,
        {"b": [1], "n": [-3, 2], "c": [-4]},
    )
    # Losing every roll-off: after the last one tied, before the lower ranked.
    assert wfrp4e.initiative_place(order, ("n", (35, 30)), scripted(20, 60, 20, 60))[0] == 3


def test_skill_bonus_and_sl():
    assert wfrp4e.skill_bonus(35) == 3
    assert wfrp4e.test_sl(45, 23) == 2
    assert wfrp4e.test_sl(45, 100) == -6


@pytest.mark.parametrize(
    "spend, winner, condition, advantage_to, opponent_gains",
    [
        ("batter", "attacker", None, "opponent", "Prone"),  # seed 002's wording: the opponent gains it on a win too
        ("batter", "defender", None, "opponent", None),
        ("trick", "attacker", "Entangled", "initiator", "Entangled"),
        ("trick", "attacker", None, "initiator", None),
        ("trick", "defender", "Ablaze", "opponent", None),
        ("trick", None, "Blinded", None, None),  # a stalemate: nobody wins or loses
    ],
)
def test_batter_and_trick_outcomes(spend, winner, condition, advantage_to, opponent_gains):
    outcome = wfrp4e.advantage_test(spend, winner, condition)
    assert (outcome.advantage_to, outcome.opponent_gains) == (advantage_to, opponent_gains)


@pytest.mark.parametrize("spend, condition", [("batter", "Blinded"), ("trick", "Stunned"), ("assess", None)])
def test_batter_and_trick_refuse_what_the_seed_does_not_offer(spend, condition):
    with pytest.raises(ValueError):
        wfrp4e.advantage_test(spend, "attacker", condition)


def test_an_engagement_lapses_after_a_full_round_without_attacks():
    assert not wfrp4e.engagement_lapsed(last_round=3, ended_round=3)
    assert wfrp4e.engagement_lapsed(last_round=3, ended_round=4)


@pytest.mark.parametrize(
    "roll, effect",
    [(1, None), (20, None), (21, "act_last"), (40, "act_last"), (41, "action_penalty"), (60, "action_penalty"),
     (61, "lose_move"), (70, "lose_move"), (71, "miss_action"), (80, "miss_action"), (81, "torn_muscle"),
     (90, "torn_muscle"), (91, "hit_ally"), (100, "hit_ally")],
)  # fmt: skip
def test_fumble_effect_bands(roll, effect):
    assert wfrp4e.fumble_effect(roll) == effect


def test_a_fumbled_hit_uses_the_units_die_as_sl():
    assert wfrp4e.fumbled_hit_damage(7, 99) == 16 and wfrp4e.fumbled_hit_damage(7, 100) == 7
