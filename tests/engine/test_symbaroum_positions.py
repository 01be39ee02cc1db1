"""rules.engine.symbaroum_positions: flanking and lower ground as Advantage, drawing weapons, the main hand, and the
two homebrew abilities' arithmetic (seed 001 "Special Actions" › "Flanking"; "Turn Order" › "Surprise"; "Homebrew
Rules"; seed 004 "Advantage", "Main Hand")."""

import pytest

from rules.engine import symbaroum_positions as positions


@pytest.mark.parametrize(
    ("attacker", "flankers", "flanks"),
    [(1, [1], False), (1, [1, 2], True), (3, [1, 2], False), (1, [1, 1], False), (2, [1, 2, 4], True)],
)
def test_two_of_a_side_on_one_foe_flank_it(attacker, flankers, flanks):
    assert positions.flanks(attacker, flankers) is flanks


def test_no_more_than_four_stand_around_one_foe():
    assert [positions.room_around(n) for n in (0, 3, 4, 6)] == [4, 1, 0, 0]


def test_flanking_helps_melee_only_and_lower_ground_both():
    assert positions.advantage_reasons(melee=True, flanked=True) == ["flanking"]
    assert positions.advantage_reasons(melee=False, flanked=True) == []
    assert positions.advantage_reasons(melee=False, target_lower=True) == ["from higher ground"]
    assert positions.advantage_reasons(melee=True, target_lower=True, attacker_lower=True) == []


def test_drawing_costs_a_movement_action_but_for_short_and_natural_weapons():
    assert positions.draw_cost() == positions.DRAW_MOVEMENT
    assert positions.draw_cost(short=True) == positions.draw_cost(natural=True) == positions.DRAW_FREE


def test_everyone_is_right_handed_unless_told():
    assert positions.main_hand() == positions.main_hand("sideways") == "right"
    assert positions.hit_hand("right_arm", None) == "main"
    assert positions.hit_hand("right_arm", "left") == "off"
    assert positions.hit_hand("left_arm", "left") == "main"
    assert positions.hit_hand("torso", "left") is None


def test_rapid_fire_opens_its_higher_levels_on_a_hit_or_an_ally_badly_hurt_and_a_passed_quick_test():
    assert positions.rapid_fire_roused(hit=True)
    assert not positions.rapid_fire_roused(ally_damage=7, ally_pain_threshold=8)
    assert positions.rapid_fire_roused(ally_damage=8, ally_pain_threshold=8)
    assert not positions.rapid_fire_roused(ally_damage=30, ally_pain_threshold=None)  # the undead feel no pain
    assert positions.rapid_fire_levels("Master") == ("Novice",)
    assert positions.rapid_fire_levels("Master", roused=True) == ("Novice",)
    assert positions.rapid_fire_levels("Master", roused=True, quick_test_passed=True) == ("Novice", "Adept", "Master")
    assert positions.rapid_fire_levels("", roused=True, quick_test_passed=True) == ()
    assert positions.rapid_fire_needs_test("Adept", roused=True) and not positions.rapid_fire_needs_test("Novice", True)


def test_polearm_mastery_at_adept_works_only_on_one_who_comes():
    assert positions.polearm_mastery_applies("Adept", enemy_approaches=True)
    assert positions.polearm_mastery_applies("Master", enemy_approaches=True)
    assert not positions.polearm_mastery_applies("Adept", enemy_approaches=False)
    assert not positions.polearm_mastery_applies("Novice", enemy_approaches=True)
