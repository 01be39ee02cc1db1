"""Main Hand from the outside (seed 004 "Main Hand", with "Hit Locations"): every fighter is right-handed unless their
player (or the GM) says otherwise; an arm struck at the Pain Threshold is the weapon hand or the other one, and only
the weapon hand's hurt hampers the fighter's attacks (a second chance to fail, here a second chance to pass for the
one defending). The phone offers the switch; undo takes it back."""

import pytest

from combat.commands import CommandError, CommandForbidden


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def seen(fight, user, combatant):
    state = fight.table.client(user).get(f"/api/encounters/{fight.encounter.pk}/").json()
    return next(c for c in state["combatants"] if c["id"] == combatant.pk)


@pytest.fixture
def hands(fight):
    fight.encounter.house_rules = ["hit_locations", "main_hand"]
    fight.encounter.save()
    return fight


def strike_the_goblins_right_arm(fight):
    """Ulrika aims at the goblin's right arm (−5: 6 to pass) and deals 8 against its leather: over its Pain
    Threshold of 4."""
    return fight.gm(
        "attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, aim="body_part", part="right_arm", d20=3, damage=8
    )


def defence_prompt(fight):
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    return next(p for p in fight.prompts() if p["kind"] == "defence")


def test_the_right_handed_goblin_hit_in_the_right_arm_strikes_hampered(hands):
    fight = hands
    assert seen(fight, fight.table.gm, fight.goblin)["main_hand"] == "right"
    outcome = strike_the_goblins_right_arm(fight)
    assert "the main hand (right): Spear may drop, and attacks with it are hampered" in outcome.message
    assert defence_prompt(fight)["second"] == "pass"


def test_a_left_handed_goblin_hit_in_the_right_arm_strikes_as_well_as_ever(hands):
    fight = hands
    fight.gm("set_main_hand", combatant=fight.goblin.pk, hand="left")
    outcome = strike_the_goblins_right_arm(fight)
    assert "the off hand: attacks with the main hand are not hampered" in outcome.message
    assert defence_prompt(fight)["second"] is None
    assert f'id="main-hand-{fight.goblin.pk}"' in page(fight, fight.table.gm)  # the row's "left-handed" tag


def test_without_main_hand_any_hurt_arm_hampers_as_before(fight):
    fight.encounter.house_rules = ["hit_locations"]
    fight.encounter.save()
    outcome = strike_the_goblins_right_arm(fight)
    assert "main hand" not in outcome.message and "off hand" not in outcome.message
    assert defence_prompt(fight)["second"] == "pass"
    assert seen(fight, fight.table.gm, fight.goblin)["main_hand"] is None
    with pytest.raises(CommandError):
        fight.gm("set_main_hand", combatant=fight.goblin.pk, hand="left")


def test_her_player_says_she_is_left_handed_on_the_phone_and_only_for_her_own(hands):
    fight = hands
    anna = fight.table.anna
    assert "Main hand: <strong>right</strong>" in page(fight, anna)
    outcome = fight.run(anna, "set_main_hand", combatant=fight.ulrika.pk, hand="left")
    assert outcome.message == "Ulrika is left-handed."
    assert seen(fight, anna, fight.ulrika)["main_hand"] == "left"
    assert "Main hand: <strong>left</strong>" in page(fight, anna)
    with pytest.raises(CommandForbidden):
        fight.run(anna, "set_main_hand", combatant=fight.goblin.pk, hand="left")
    with pytest.raises(CommandError, match="already left-handed"):
        fight.run(anna, "set_main_hand", combatant=fight.ulrika.pk, hand="left")
    fight.gm("undo")
    assert seen(fight, anna, fight.ulrika)["main_hand"] == "right"
