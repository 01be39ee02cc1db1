"""House rules (seed 000): every worked example and the natural 1/20 boundaries for both rolling sides."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import wfrp4e
from rules.engine.wfrp4e_house import (
    Attack,
    attack,
    casting_target,
    d20_dice,
    deadly_death_roll,
    death_roll_kills,
    defence_bonuses,
    momentum_end_of_turn,
    opposed,
    pick_d20,
    player_advantage,
    situations_from_conditions,
    spell_attack_bonus,
    worse_d100,
)


def test_anders_attacks_an_orc():
    # "Melee Skill 63 ... ASB 6. The orc ... 47 ... DSB 4. D20 11, D100 53: PSL 5, OSL 1, hits the body."
    result = opposed(wfrp4e.skill_bonus(63), wfrp4e.skill_bonus(47), d20=11, d100=53)
    assert (result.player_sl, result.opposed_sl, result.hit) == (5, 1, True)
    assert result.location == "body" and not result.critical and not result.fumble


def test_the_books_damaging_impact_and_dangerous_read_the_d100():
    # ASB 6 vs DSB 4, D20 11: OSL +1; D100 53 hits the body (units die 3). TB 4, body AP 1.
    plain = attack(6, 4, 11, 53, 7, 4, {"body": 1})
    assert (plain.damage, plain.wounds) == (8, 3)
    assert attack(6, 4, 11, 53, 7, 4, {"body": 1}, properties={"Damaging"}).damage == 7 + 3
    assert attack(6, 4, 11, 53, 7, 4, {"body": 1}, properties={"Impact"}).damage == 7 + 1 + 3
    # D20 18: PSL -2, a miss; the D100 59 shows a 9, so a Dangerous weapon fumbles.
    assert not attack(6, 4, 18, 59, 7, 4, {}).fumble
    assert attack(6, 4, 18, 59, 7, 4, {}, properties={"Dangerous"}).fumble
    assert not attack(6, 4, 11, 59, 7, 4, {}, properties={"Dangerous"}).fumble  # a hit never fumbles


def test_gunthers_bolt_on_two_targets():
    # Language (Magick) 80, CN 4: rolls 23 -> 2 SL; ASB 8 + 2; d20 12 vs DDB 6 and d20 15 vs SDB 4.
    target = casting_target(80, 4)
    assert target == 40 and wfrp4e.test_sl(target, 23) == 2
    asb = spell_attack_bonus(80, 2)
    first, second = opposed(asb, 6, d20=12), opposed(asb, 4, d20=15)
    assert (first.player_sl, second.player_sl) == (8, 5)
    assert first.hit and second.hit
    assert wfrp4e.skill_bonus(50) * 2 == 10  # the seed's example: 5 WPB, so both take 10 Damage


def test_aarons_strike_to_stun():
    # "effective Skills are 70 and 60 ... Aaron rolls a 9 ... 7 - 6 + 10 - 9 = 2": won with 2 SL.
    result = opposed(wfrp4e.skill_bonus(70), wfrp4e.skill_bonus(60), d20=9)
    assert result.opposed_sl == 2 and result.hit


def test_the_death_roll_of_one_ablaze_and_two_bleeding_is_71_to_100():
    assert deadly_death_roll(3) == 71
    assert not death_roll_kills(3, 70) and death_roll_kills(3, 71) and death_roll_kills(3, 100)
    assert deadly_death_roll(1) == 91 and deadly_death_roll(0) is None and deadly_death_roll(12) == 1


@pytest.mark.parametrize(
    "attacker, defender, d20, roller, opposed_sl, hit, fumble",
    [
        # The attacker rolls: a tie goes to the roller; a natural 1 always hits; a natural 20 always misses.
        (4, 5, 9, "attacker", 0, True, False),
        (2, 9, 1, "attacker", 2, True, False),  # 2 + 10 - 1 = 11 vs 9: +2
        (0, 12, 1, "attacker", 0, True, False),  # 0 + 10 - 1 = 9 vs 12: -3, lifted to 0, and the roller wins
        (9, 0, 20, "attacker", -1, False, True),  # 9 + 10 - 20 = -1 vs 0: a miss and a Fumble
        (11, 0, 20, "attacker", 0, False, True),  # +1 capped at 0: the roller loses even at 0
        (12, 0, 20, "attacker", 0, False, True),  # 12 - 10 = 2 vs 0 -> capped at 0: the roller loses at 0
        # The defender (a player) rolls against an NPC's attack: OSL = attacker SL - PSL.
        (5, 4, 9, "defender", 0, False, False),  # PSL 5 = enemy 5: a tie goes to the roller, a miss
        (5, 4, 12, "defender", 3, True, False),  # PSL 2 -> the attack hits by 3
        (9, 0, 1, "defender", 0, False, True),  # a natural 1 defends at least at 0; the miss is a Fumble
        (0, 12, 20, "defender", 0, True, False),  # PSL 2 > 0 but a natural 20 loses: the attack hits
    ],
)
def test_natural_ones_and_twenties_for_both_rolling_sides(attacker, defender, d20, roller, opposed_sl, hit, fumble):
    result = opposed(attacker, defender, d20=d20, roller=roller)
    assert (result.opposed_sl, result.hit, result.fumble) == (opposed_sl, hit, fumble)


@given(st.integers(0, 12), st.integers(0, 12), st.integers(1, 20), st.sampled_from(["attacker", "defender"]))
def test_a_natural_one_wins_and_a_twenty_loses_for_whoever_rolled(attacker, defender, d20, roller):
    result = opposed(attacker, defender, d20=d20, roller=roller)
    roller_won = result.hit if roller == "attacker" else not result.hit
    if d20 == 1:
        assert roller_won
    if d20 == 20:
        assert not roller_won
    assert result.fumble == (d20 in (1, 20) and not result.hit)


def test_a_double_on_a_hit_is_a_critical_and_the_straight_d100_is_the_location():
    assert opposed(6, 4, d20=5, d100=44).critical
    assert opposed(6, 4, d20=5, d100=44).location == "right_arm"  # straight, not reversed
    assert not opposed(0, 9, d20=15, d100=44).critical  # a miss is never a critical
    assert opposed(6, 4, d20=5, d100=100).location == "right_leg"


@pytest.mark.parametrize(
    "advantage, disadvantage, fortune, dice",
    [
        (False, False, False, (1, "single")),
        (True, False, False, (2, "best")),
        (False, True, False, (2, "worst")),
        (True, True, False, (1, "single")),
        (False, False, True, (2, "best")),
        (True, False, True, (3, "best")),
        (False, True, True, (1, "single")),
        (True, True, True, (2, "best")),
    ],
)
def test_d20_dice_with_and_without_fortune(advantage, disadvantage, fortune, dice):
    assert d20_dice(advantage, disadvantage, fortune) == dice


def test_the_enemys_advantage_is_the_players_disadvantage_and_low_d20s_are_best():
    assert player_advantage(enemy_advantage=True) == (False, True)
    assert player_advantage(enemy_disadvantage=True) == (True, False)
    assert pick_d20([14, 3], "best") == 3 and pick_d20([14, 3], "worst") == 14 and pick_d20([7], "single") == 7


def test_entangled_defends_at_disadvantage_against_any_attack_the_other_conditions_only_in_melee():
    assert situations_from_conditions("melee", defender_conditions=["Entangled"]) == {"defender_condition"}
    assert situations_from_conditions("ranged", defender_conditions=["Entangled"]) == {"defender_entangled"}
    assert situations_from_conditions("ranged", defender_conditions=["Stunned", "Broken"]) == set()


def test_defence_bonuses_and_defenceless():
    melee, ranged = Attack("melee"), Attack("ranged")
    assert defence_bonuses(melee, melee_skill=47, dodge_skill=35, willpower=30) == {"melee": 4, "dodge": 3}
    assert defence_bonuses(melee, melee_skill=47, dodge_skill=35, defensive=True, fatigued=1) == {
        "melee": 4,
        "dodge": 2,
    }
    # Ranged: Dodge, and Melee only with a Shield of 2+.
    assert defence_bonuses(ranged, melee_skill=47, dodge_skill=35) == {"dodge": 3}
    assert defence_bonuses(ranged, melee_skill=47, dodge_skill=35, shield_rating=2) == {"melee": 4, "dodge": 3}
    # Blinded, Prone, Stunned, Surprised, or unseen: Defenceless against Ranged, no shield, DSB at most 0.
    for condition in ("Blinded", "Prone", "Stunned", "Surprised"):
        assert defence_bonuses(ranged, 47, 35, shield_rating=3, conditions=[condition]) == {"dodge": 0}
    assert defence_bonuses(ranged, 47, 35, sees_attacker=False) == {"dodge": 0}
    assert defence_bonuses(melee, 47, 35, conditions=["Prone"]) == {"melee": 4, "dodge": 3}
    # Unconscious: Defenceless against all attacks; against spells WP only, not Defenceless.
    assert defence_bonuses(melee, 47, 35, conditions=["Unconscious"]) == {"melee": 0, "dodge": 0}
    assert defence_bonuses(Attack("spell", magic_missile=True), 47, 35, 42, conditions=["Unconscious"]) == {"spell": 4}
    # Blackpowder: no Dodge, no standard shield: Defenceless.
    assert defence_bonuses(Attack("ranged", blackpowder=True), 47, 35, shield_rating=2) == {"defenceless": 0}
    # Without "Shield (Rating)" the shield still parries the shot, held to the Defenceless DSB of 0.
    bullet = Attack("ranged", blackpowder=True)
    assert defence_bonuses(bullet, 47, 35, shield_rating=2, shield_rule=False) == {"melee": 0}
    assert defence_bonuses(ranged, 47, 35, shield_rating=3, conditions=["Prone"], shield_rule=False) == {
        "melee": 0,
        "dodge": 0,
    }
    # Spells: Willpower; Magic Missiles also Dodge.
    assert defence_bonuses(Attack("spell"), 47, 35, 42) == {"spell": 4}
    assert defence_bonuses(Attack("spell", magic_missile=True), 47, 35, 42) == {"dodge": 3, "spell": 4}


def test_momentum_decays_at_the_end_of_a_turn_without_a_gain():
    assert momentum_end_of_turn(3, earned_this_turn=False) == 2
    assert momentum_end_of_turn(3, earned_this_turn=True) == 3
    assert momentum_end_of_turn(0, earned_this_turn=False) == 0


def test_the_worse_of_two_d100s_is_the_lower_sl_then_the_failure():
    assert worse_d100(60, [11, 88]) == 88
    assert worse_d100(60, [88, 11]) == 88
    assert worse_d100(45, [41, 48]) == 48  # both 0 SL: the failure is worse
    assert worse_d100(3, [2, 97]) == 97  # 01-05 always succeeds, 96-00 always fails
