"""Stand Up from the outside (seed 001 "Special Actions" › "Stand Up", "Actions in Combat" › "Movement Action"; seed
004 "Stand"): a prone combatant gets up on their own turn for the Movement Action with a passed Quick test, or for
the whole turn after a failed one or without one; the GM's screen and the player's phone offer it, undo takes it
back, and what may not be done is refused in words."""

import json
import re

import pytest

from combat import commands
from combat.commands import CommandError, CommandForbidden, TurnRefused
from rules.engine.dice import Dice
from tests.factories import EncounterFactory


def turn_of(fight, combatant):
    for _ in range(len(fight.encounter.combatants.all()) + 1):
        if fight.state() and fight.encounter.active_id == combatant.pk:
            return
        fight.gm("next_turn")
    raise AssertionError(f"{combatant.name}'s turn never came")


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def used(fight):
    turn = fight.state().turn
    return turn.get("combat", 0), turn.get("movements", 0)


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def action_of(html, form_id):
    return re.search(rf'action="([^"]+)"[^>]*id="{form_id}"', html).group(1)


def api(fight, user, name, **args):
    response = fight.table.client(user).post(
        f"/api/encounters/{fight.encounter.pk}/commands/",
        json.dumps({"command": name, "args": args}),
        content_type="application/json",
    )
    assert response.status_code < 500
    return response.status_code, response.json()


@pytest.fixture
def prone(fight):
    """Ulrika (Quick 11) lies prone at the start of her turn."""
    turn_of(fight, fight.ulrika)
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Prone")
    return fight


def test_a_passed_quick_test_costs_the_movement_action_only(prone):
    fight = prone
    outcome = fight.gm("stand_up", combatant=fight.ulrika.pk, d20=4)
    assert outcome.message == "Ulrika's Quick test to stand up, d20 4 vs 11: on their feet, for the Movement Action."
    assert "Prone" not in conditions(fight, fight.ulrika)
    assert used(fight) == (0, 1)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=15)  # the Combat Action is still hers


def test_a_failed_quick_test_takes_the_whole_turn(prone):
    fight = prone
    outcome = fight.gm("stand_up", combatant=fight.ulrika.pk, d20=15)
    assert outcome.message == (
        "Ulrika's Quick test to stand up, d20 15 vs 11: up, but it takes the whole turn: no Combat Action."
    )
    assert "Prone" not in conditions(fight, fight.ulrika) and used(fight) == (1, 1)
    with pytest.raises(TurnRefused, match="Combat Action is already used this turn. The GM can allow it anyway"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=3)


def test_a_failed_test_after_the_combat_action_leaves_her_down(prone):
    fight = prone
    fight.gm("mark_action", part="combat", used=True)
    outcome = fight.gm("stand_up", combatant=fight.ulrika.pk, d20=15)
    assert outcome.message.endswith(
        "still prone, the whole turn is not there to give (the Combat Action is already used this turn)."
    )
    assert "Prone" in conditions(fight, fight.ulrika) and outcome.result["stands"] is False


def test_the_whole_turn_without_a_test(prone):
    fight = prone
    outcome = fight.gm("stand_up", combatant=fight.ulrika.pk, whole_turn=True)
    assert outcome.message == "Ulrika takes the whole turn to stand up, no Quick test: no Combat Action this turn."
    assert "Prone" not in conditions(fight, fight.ulrika) and used(fight) == (1, 1)


def test_the_whole_turn_once_she_has_moved_is_refused_unless_the_gm_allows_it(prone):
    fight = prone
    fight.gm("mark_action", part="movement", used=True)
    with pytest.raises(TurnRefused, match="^Ulrika cannot do that: .*The GM can allow it anyway.$"):
        fight.gm("stand_up", combatant=fight.ulrika.pk, whole_turn=True)
    assert "Prone" in conditions(fight, fight.ulrika)
    allowed = fight.gm("stand_up", combatant=fight.ulrika.pk, whole_turn=True, allow_anyway=True)
    assert "The GM allows it anyway" in allowed.message and "Prone" not in conditions(fight, fight.ulrika)


def test_undo_lays_her_down_again_with_her_movement_back(prone):
    fight = prone
    fight.gm("stand_up", combatant=fight.ulrika.pk, d20=15)
    fight.gm("undo")
    assert "Prone" in conditions(fight, fight.ulrika) and used(fight) == (0, 0)


def test_her_phone_offers_it_and_she_rolls_the_test_there(prone):
    fight = prone
    anna = fight.table.anna
    phone = page(fight, anna)
    assert 'id="stand-up-form"' in phone and 'id="stand-up-form"' not in page(fight, fight.table.bruno)
    client = fight.table.client(anna)
    response = client.post(action_of(phone, "stand-up-form"), {"combatant": fight.ulrika.pk},
                           headers={"HX-Request": "true"})  # fmt: skip
    assert response.status_code < 400
    [entry] = fight.prompts()
    assert (entry["kind"], entry["target"], entry["chance"]) == ("stand_up", 11, 55)
    assert used(fight) == (0, 1) and 'id="stand-up-form"' not in page(fight, anna)  # asked once only
    with pytest.raises(CommandError, match="already asked"):
        fight.gm("stand_up", combatant=fight.ulrika.pk)
    outcome = fight.run(anna, "roll_test", prompt=entry["id"], d20=9)
    assert "on their feet" in outcome.message and "Prone" not in conditions(fight, fight.ulrika)


def test_the_gm_screen_offers_both_ways_and_posts_them(prone):
    fight = prone
    gm_page = page(fight, fight.table.gm)
    assert 'id="stand-up"' in gm_page and 'id="stand-up-whole-turn"' in gm_page
    fight.table.client(fight.table.gm).post(
        action_of(gm_page, "stand-up-form"), {"combatant": fight.ulrika.pk, "whole_turn": "true"}
    )
    assert "Prone" not in conditions(fight, fight.ulrika) and used(fight) == (1, 1)
    assert 'id="stand-up-form"' not in page(fight, fight.table.gm)


def test_the_variant_tests_agility(prone):
    fight = prone
    fight.gm("set_house_rules", rules=["variant"])
    fight.run(fight.table.anna, "stand_up", combatant=fight.ulrika.pk)
    assert fight.prompts()[-1]["reason"] == "Agility: stand up"


def test_what_may_not_be_done_is_refused_in_words(prone):
    fight = prone
    with pytest.raises(CommandForbidden, match="Brother Ansgar is not your character"):
        fight.run(fight.table.anna, "stand_up", combatant=fight.ansgar.pk)
    status, body = api(fight, fight.table.anna, "stand_up", combatant=fight.ansgar.pk)
    assert status == 403 and "not your character" in body["error"]
    with pytest.raises(CommandError, match="on their own turn only"):
        fight.gm("stand_up", combatant=fight.goblin.pk)
    with pytest.raises(CommandError, match="takes no Quick test"):
        fight.gm("stand_up", combatant=fight.ulrika.pk, whole_turn=True, d20=3)
    elsewhere = EncounterFactory(campaign=fight.table.campaign, name="Elsewhere")
    stranger = commands.add_combatant(elsewhere, fight.table.gm, name="Stranger", max_wounds=5).result["combatant"]
    status, body = api(fight, fight.table.gm, "stand_up", combatant=stranger)
    assert status == 400 and body["error"] == f"Combatant: There is no combatant {stranger} in this encounter."
    status, body = api(fight, fight.table.gm, "stand_up", combatant="junk")
    assert status == 400 and body["error"]
    fight.gm("remove_condition", combatant=fight.ulrika.pk, condition="Prone")
    status, body = api(fight, fight.table.gm, "stand_up", combatant=fight.ulrika.pk, d20=3)
    assert status == 400 and body["error"] == "Ulrika is not prone."


class Rolls:
    """A random source that always rolls `value` (clamped to the die)."""

    def __init__(self, value):
        self.value = value

    def randint(self, low, high):
        return max(low, min(high, self.value))


def test_an_npc_never_rolls_the_tracker_rolls_his_test(fight):
    turn_of(fight, fight.goblin)
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Prone")
    outcome = fight.gm("stand_up", combatant=fight.goblin.pk, dice=Dice(Rolls(13)))
    assert outcome.message == (
        "Goblin's Quick test to stand up, d20 13 vs 12: up, but it takes the whole turn: no Combat Action."
    )
    assert fight.prompts() == [] and "Prone" not in conditions(fight, fight.goblin)
