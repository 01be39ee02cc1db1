"""Distance categories from the outside (seed 001 "Alternate Rules" › "Distance Categories"): the GM sets how far
apart the sides stand, both screens show it, and ranged attacks take its modifier, its damage and its limits."""

import pytest

from combat.commands import CommandError
from tests.symbaroum.conftest import armed


def at(fight, distance):
    fight.encounter.house_rules = ["distance_categories"]
    fight.encounter.save()
    return fight.gm("set_distance", distance=distance)


def shot(fight, **args):
    """Brother Ansgar shoots the goblin; the prompt on bruno's phone."""
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, **args)
    return fight.prompts()[-1]


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_setting_the_distance_needs_the_rule(fight):
    with pytest.raises(CommandError, match="Distance Categories"):
        fight.gm("set_distance", distance="short")


def test_both_screens_show_the_distance_and_the_movements_to_engage(fight):
    fight.encounter.house_rules = ["distance_categories"]
    fight.encounter.save()
    assert "Distance not set" in page(fight, fight.table.gm)
    assert 'id="phone-distance"' not in page(fight, fight.table.anna)
    outcome = fight.gm("set_distance", distance="long")
    assert "Long distance (about 50 m): 5 Movement Actions to engage" in outcome.message
    assert "Distance <strong>Long</strong> (≈50 m) · 5 Movement Actions to engage" in page(fight, fight.table.gm)
    assert "Distance <strong>Long</strong>" in page(fight, fight.table.anna)
    with pytest.raises(CommandError, match="already at Long distance"):
        fight.gm("set_distance", distance="long")
    with pytest.raises(CommandError, match="Choose one of: Close, Short, Medium, Long, Extreme"):
        fight.gm("set_distance", distance="far")


def test_no_distance_shown_without_the_rule(fight):
    assert 'id="distance-form"' not in page(fight, fight.table.gm)


def test_short_distance_gives_the_shot_plus_two_and_a_d4_of_damage(fight):
    at(fight, "short")
    entry = shot(fight)
    # Accurate 12 against the goblin's Defence 10, +2 at Short.
    assert (entry["target"], entry["chance"]) == (14, 70)
    fight.run(fight.table.bruno, "roll_test", prompt=entry["id"], d20=13)
    assert fight.prompts()[-1]["dice"] == "1d8+1d4"


@pytest.mark.parametrize(("distance", "target"), [("medium", 12), ("long", 10), ("extreme", 7)])
def test_farther_away_the_shot_is_harder_and_does_no_extra_damage(fight, distance, target):
    at(fight, distance)
    entry = shot(fight)
    assert entry["target"] == target
    fight.run(fight.table.bruno, "roll_test", prompt=entry["id"], d20=1)
    assert fight.prompts()[-1]["dice"] == "1d8"


def test_melee_ignores_the_distance(fight):
    at(fight, "extreme")
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    assert fight.prompts()[-1]["target"] == 13  # Accurate 13 against Defence 10, nothing for Extreme


def test_an_npc_shooting_from_far_away_makes_her_defence_easier(fight):
    armed(fight.goblin.character, ["Spear", "Bow"], ["Leather Armour"])
    at(fight, "extreme")
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk, weapon="Bow")
    entry = fight.prompts()[-1]
    # Her Defence 9 against the goblin's Accurate 10, and the goblin's −5 for Extreme distance is her +5.
    assert (entry["kind"], entry["target"]) == ("defence", 14)


def test_at_close_distance_he_shoots_only_in_the_first_round_before_the_target_acts(fight):
    at(fight, "close")
    # The order as added: Ulrika, Brother Ansgar, the goblin, the troll.
    entry = shot(fight)
    assert entry["target"] == 12  # Close changes nothing else
    fight.gm("dismiss_test", prompt=entry["id"])
    fight.gm("move_combatant", combatant=fight.goblin.pk, position=0)
    with pytest.raises(CommandError, match="cannot shoot at Close distance"):
        fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk)
    fight.gm("move_combatant", combatant=fight.goblin.pk, position=3)
    for _ in range(4):
        fight.gm("next_turn")
    assert fight.encounter.round == 2
    with pytest.raises(CommandError, match="only in the first round"):
        fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk)
    assert fight.prompts() == []


def test_the_api_gives_the_distance(fight):
    at(fight, "short")
    state = fight.table.client(fight.table.anna).get(f"/api/encounters/{fight.encounter.pk}/").json()
    assert (state["distance"]["key"], state["distance"]["movements"]) == ("short", 1)
