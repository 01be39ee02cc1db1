"""What a WFRP 4e combatant may still do this turn, through the JSON API: a Condition's refusal names it, the GM allows
anyway (logged, undoable), a player cannot, and the turn order passes over the Surprised."""

import pytest

from combat import commands
from combat.models import Encounter, LogEntry

STUNNED_REFUSAL = "Anders cannot do that: Stunned: no Action, half Move this turn. The GM can allow it anyway."


def turn_of(fight, combatant):
    encounter, gm = fight.table.encounter, fight.table.gm
    while encounter.active_id != combatant.pk:
        commands.next_turn(encounter, gm)


def command(fight, user, name, **args):
    return fight.table.client(user).post(
        f"/api/encounters/{fight.table.encounter.pk}/commands/",
        {"command": name, "args": args},
        content_type="application/json",
    )


def state(fight, user):
    return fight.table.client(user).get(f"/api/encounters/{fight.table.encounter.pk}/").json()


def this_turn(fight, user, combatant):
    return next(c for c in state(fight, user)["combatants"] if c["id"] == combatant.pk)["this_turn"]


def attack(fight, user, **more):
    return command(
        fight, user, "attack", attacker=fight.anders.pk, target=fight.orc.pk, weapon="Hand Weapon",
        defence="Melee (Basic)", attacker_roll=23, defender_roll=45, **more,
    )  # fmt: skip


@pytest.fixture
def stunned(fight):
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.anders.pk, condition="Stunned")
    turn_of(fight, fight.anders)
    return fight


def test_a_stunned_attacker_is_refused_naming_the_condition_and_nothing_changes(stunned):
    fight = stunned
    version = Encounter.objects.get(pk=fight.table.encounter.pk).version
    refused = attack(fight, fight.table.gm)
    assert refused.status_code == 400 and refused.json() == {"ok": False, "error": STUNNED_REFUSAL}
    assert Encounter.objects.get(pk=fight.table.encounter.pk).version == version
    shown = this_turn(fight, fight.table.gm, fight.anders)
    assert shown["parts"] == [
        {"part": "move", "label": "Move", "left": 1, "why": ""},
        {"part": "action", "label": "Action", "left": 0, "why": "Stunned: no Action, half Move"},
    ]
    assert shown["limits"] == [{"cause": "Stunned", "text": "no Action, half Move", "no_turn": False}]
    assert this_turn(fight, fight.table.anna, fight.anders) == shown  # Anna's own character, on her phone's state


def test_the_gm_allows_it_anyway_the_log_says_so_and_undo_restores_the_turn(stunned):
    fight = stunned
    before = Encounter.objects.get(pk=fight.table.encounter.pk).pools
    allowed = attack(fight, fight.table.gm, allow_anyway=True)
    assert allowed.status_code == 200
    body = allowed.json()
    assert body["result"]["allowed_anyway"] == ["Anders, Stunned: no Action, half Move this turn"]
    entry = LogEntry.objects.filter(encounter=fight.table.encounter).latest("version")
    assert entry.command == "attack" and entry.args["allow_anyway"] is True
    assert entry.message.endswith("The GM allows it anyway (Anders, Stunned: no Action, half Move this turn).")
    assert Encounter.objects.get(pk=fight.table.encounter.pk).pools != before  # the turn's Action is used
    assert command(fight, fight.table.gm, "undo").status_code == 200
    assert Encounter.objects.get(pk=fight.table.encounter.pk).pools == before
    assert attack(fight, fight.table.gm).json()["error"] == STUNNED_REFUSAL  # refused again after the undo


def test_a_player_cannot_allow_anyway_and_is_not_offered_it(stunned):
    fight = stunned
    assert command(fight, fight.table.anna, "mark_turn", part="action", used=True).status_code == 403  # GM's tool
    forbidden = command(fight, fight.table.anna, "use_resolve", combatant=fight.anders.pk, allow_anyway=True)
    assert forbidden.status_code == 403
    assert forbidden.json()["error"] == "Only the GM can allow what a combatant's turn does not."


def test_the_gm_screen_offers_allow_anyway_after_a_refusal_and_it_goes_through(stunned):
    fight = stunned
    client = fight.table.client(fight.table.gm)
    url = f"/encounters/{fight.table.encounter.pk}/do/mark_turn/"
    refused = client.post(url, {"part": "action", "used": "true"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Anders cannot do that: Stunned: no Action, half Move this turn." in refused
    assert 'id="allow-anyway"' in refused and 'name="allow_anyway" value="true"' in refused
    assert 'name="part" value="action"' in refused
    allowed = client.post(url, {"part": "action", "used": "true", "allow_anyway": "true"}, HTTP_HX_REQUEST="true")
    assert "The GM allows it anyway (Anders, Stunned: no Action, half Move this turn)." in allowed.content.decode()
    page = client.get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert 'id="budget-' + str(fight.anders.pk) + '"' in page and "Action: none, Stunned" in page


def test_an_entangled_combatant_cannot_move_and_the_surprised_lose_their_turn(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    commands.add_condition(encounter, gm, combatant=fight.anders.pk, condition="Entangled")
    turn_of(fight, fight.anders)
    assert command(fight, gm, "mark_turn", part="move", used=True).json()["error"] == (
        "Anders cannot do that: Entangled: cannot Move this turn. The GM can allow it anyway."
    )
    assert command(fight, gm, "mark_turn", part="action", used=True).status_code == 200
    commands.surprise(encounter, gm, combatant=fight.orc.pk)
    told = []
    while encounter.round == 1:
        told.append(commands.next_turn(encounter, gm).message)
    assert any("Orc Boy is Surprised: no turn." in message for message in told)


def test_unconscious_keeps_its_turn_with_nothing_in_it(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    commands.add_condition(encounter, gm, combatant=fight.anders.pk, condition="Unconscious")
    turn_of(fight, fight.anders)
    shown = this_turn(fight, gm, fight.anders)
    assert [part["left"] for part in shown["parts"]] == [0, 0]
    assert attack(fight, gm).json()["error"].startswith("Anders cannot do that: Unconscious: can do nothing")
    # Out of their turn too: the orc's turn, and Anders, unconscious, still cannot attack.
    turn_of(fight, fight.orc)
    assert attack(fight, gm).json()["error"].startswith("Anders cannot do that: Unconscious")


def test_every_action_a_stunned_combatant_would_take_is_refused_naming_stunned(stunned):
    fight = stunned
    encounter, gm = fight.table.encounter, fight.table.gm
    commands.gain_advantage(encounter, gm, side="ally", reason="winning")
    refusals = [
        command(fight, gm, "batter_or_trick", spend="batter", initiator=fight.anders.pk, opponent=fight.orc.pk),
        command(fight, gm, "defend", skill="Dodge"),
        command(fight, gm, "mark_turn", part="sprint", used=True),
    ]
    assert [answer.json()["error"] for answer in refusals] == [STUNNED_REFUSAL] * 3
    assert command(fight, gm, "mark_turn", part="move", used=True).status_code == 200  # the Move is still there
