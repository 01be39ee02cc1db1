"""Round structure (seed 002 "Combat Summary"): surprise, start- and end-of-round effects, Resolve vs Surprise."""

import pytest

from combat import commands
from combat.commands import CommandError, TurnRefused
from combat.models import ConditionInstance
from combat.views_state import build
from rules.models import ConditionDefinition
from tests.factories import give_points, point

pytestmark = pytest.mark.django_db


def conditions(combatant):
    return {c.definition.name: c for c in ConditionInstance.objects.filter(combatant=combatant)}


def run_round(table):
    for _ in range(table.encounter.combatants.count()):
        outcome = commands.next_turn(table.encounter, table.gm)
    return outcome


def api(table, user, command, **args):
    return table.client(user).post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        {"command": command, "args": args},
        content_type="application/json",
    )


def test_surprise_lasts_until_the_end_of_the_first_round(table):
    commands.surprise(table.encounter, table.gm, combatant=table.orc.pk)
    with pytest.raises(CommandError, match="already Surprised"):
        commands.surprise(table.encounter, table.gm, combatant=table.orc.pk)
    started = commands.start(table.encounter, table.gm)
    assert "Surprised: Orc Grukk (a Resolve point removes it)" in started.message
    assert conditions(table.orc)["Surprised"].remaining == 1
    told = []
    while table.encounter.round == 1:
        told.append(commands.next_turn(table.encounter, table.gm).message)
    assert any("Orc Grukk is Surprised: no turn." in message for message in told)  # passed over in round 1
    assert "Surprised" not in conditions(table.orc)
    assert "end of round 1: Orc Grukk Surprised" in told[-1]


def test_end_of_round_effects_are_listed_for_the_gm_in_turn_order_and_undo_restores_them(table):
    commands.start(table.encounter, table.gm)
    commands.add_condition(table.encounter, table.gm, combatant=table.anders.pk, condition="Bleeding", count=2)
    commands.add_condition(table.encounter, table.gm, combatant=table.orc.pk, condition="Stunned")
    commands.add_condition(table.encounter, table.gm, combatant=table.orc.pk, condition="Prone")  # no round effect
    outcome = run_round(table)
    effects = outcome.result["round_effects"]
    assert [(e["name"], e["condition"], e["count"]) for e in effects["end"]] == [
        ("Anders", "Bleeding", 2),
        ("Orc Grukk", "Stunned", 1),
    ]
    assert effects["end"][1]["text"] == "An Endurance Test removes one, plus one per SL."
    assert "end of round 1:" in outcome.message and "Anders Bleeding ×2" in outcome.message
    view = build(table.encounter, table.gm)
    assert view.round_effects["round"] == 2
    page = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert "End of round 1" in page and "Lose 1 Wound per Bleeding" in page
    # Players do not get the GM's checklist.
    assert build(table.encounter, table.anna).round_effects is None
    commands.undo(table.encounter, table.gm)
    table.encounter.refresh_from_db()
    assert table.encounter.round == 1 and table.encounter.pools["round_effects"]["round"] == 1


def test_effects_in_turn_order(table):
    commands.start(table.encounter, table.gm)
    first, second = table.encounter.combatants.order_by("position")[:2]
    commands.add_condition(table.encounter, table.gm, combatant=second.pk, condition="Bleeding")
    commands.add_condition(table.encounter, table.gm, combatant=first.pk, condition="Poisoned")
    effects = run_round(table).result["round_effects"]["end"]
    assert [e["name"] for e in effects] == [first.name, second.name]


def test_start_of_round_effects_come_from_the_admins_condition_text(table):
    ConditionDefinition.objects.filter(system="wfrp4e", name="Entangled").update(
        start_of_round="Try to break free before acting."
    )
    commands.add_condition(table.encounter, table.gm, combatant=table.gunther.pk, condition="Entangled")
    started = commands.start(table.encounter, table.gm)
    assert "start of round: Gunther Entangled" in started.message
    outcome = run_round(table)
    assert outcome.result["round_effects"]["start"][0]["text"] == "Try to break free before acting."


def test_a_player_spends_resolve_to_shake_off_surprise_from_their_phone(table):
    give_points(table.anders.character_id, resolve=2)
    commands.surprise(table.encounter, table.gm, combatant=table.anders.pk)
    phone = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert f'id="use-resolve-{table.anders.pk}"' in phone and "(2 left)" in phone
    response = api(table, table.anna, "use_resolve", combatant=table.anders.pk)
    assert response.status_code == 200, response.content
    assert "Surprised" not in conditions(table.anders)
    assert point(table.anders.character_id, "resolve") == 1
    assert table.encounter.log.first().message == "Anders spends a Resolve point and is no longer Surprised (1 left)."
    # Undo gives the point back along with the condition.
    commands.undo(table.encounter, table.gm)
    assert point(table.anders.character_id, "resolve") == 2
    assert "Surprised" in conditions(table.anders)


def test_resolve_is_refused_for_someone_elses_character_without_points_or_without_surprise(table):
    commands.surprise(table.encounter, table.gm, combatant=table.gunther.pk)
    give_points(table.gunther.character_id, resolve=1)
    assert api(table, table.anna, "use_resolve", combatant=table.gunther.pk).status_code == 403
    assert api(table, table.anna, "use_resolve", combatant=table.orc.pk).status_code == 403
    assert "Surprised" in conditions(table.gunther)
    assert point(table.gunther.character_id, "resolve") == 1
    response = api(table, table.anna, "use_resolve", combatant=table.anders.pk)
    assert response.status_code == 400 and "Anders is not Surprised" in response.json()["error"]
    commands.surprise(table.encounter, table.gm, combatant=table.anders.pk)
    response = api(table, table.anna, "use_resolve", combatant=table.anders.pk)
    assert response.status_code == 400 and "Anders has 0 Resolve; that needs 1" in response.json()["error"]
    # Players still cannot run the GM's commands.
    assert api(table, table.anna, "surprise", combatant=table.orc.pk).status_code == 403


def test_a_turn_is_one_move_and_one_action_and_advantage_buys_a_second_action(table):
    from systems.wfrp4e.commands.turn import turn_state

    commands.start(table.encounter, table.gm)
    encounter = table.encounter
    assert turn_state(encounter) == {"move": False, "actions": 0, "allowed": 1, "swaps": 0}
    commands.mark_turn(encounter, table.gm, part="move", used=True)
    outcome = commands.mark_turn(encounter, table.gm, part="action", used=True)
    assert outcome.result == {"part": "action", "used": True, "move": True, "actions": 1, "allowed": 1, "swaps": 0}
    version = encounter.version
    refused = r"^Sneaky Goblin cannot do that: no Action left this turn \(1 of 1 used\)\. The GM can allow it anyway\.$"
    with pytest.raises(CommandError, match=refused):
        commands.mark_turn(encounter, table.gm, part="action", used=True)
    encounter.refresh_from_db()
    assert encounter.version == version
    commands.gain_advantage(encounter, table.gm, side="adversary", reason="assess", sl=6)
    commands.gain_advantage(encounter, table.gm, side="adversary", reason="winning")
    commands.spend_advantage(encounter, table.gm, side="adversary", spend="additional_action")
    assert turn_state(encounter)["allowed"] == 2
    assert "beyond" not in commands.mark_turn(encounter, table.gm, part="action", used=True).message
    commands.next_turn(encounter, table.gm)
    assert turn_state(encounter) == {"move": False, "actions": 0, "allowed": 1, "swaps": 0}
    phone = table.client(table.bruno).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "Move free · Action 0/1" in phone  # Gunther's turn, on Bruno's phone


def test_an_attack_by_the_active_combatant_uses_their_action(fight):
    from systems.wfrp4e.commands.turn import turn_state

    encounter = fight.table.encounter
    commands.move_combatant(encounter, fight.table.gm, combatant=fight.anders.pk, position=0)
    encounter.active = fight.anders
    encounter.save()
    fight.attack(attacker_roll=23, defender_roll=45)
    assert turn_state(encounter)["actions"] == 1
    with pytest.raises(TurnRefused, match="^Anders cannot do that: no Action left this turn \\(1 of 1 used\\)"):
        fight.attack(attacker_roll=23, defender_roll=45)
    allowed = fight.attack(attacker_roll=23, defender_roll=45, allow_anyway=True).message
    assert "An attack beyond this turn's Action" in allowed
    assert "The GM allows it anyway (Anders, no Action left this turn (1 of 1 used))." in allowed


def test_sprinting_uses_the_action_and_one_weapon_swap_per_turn_is_free(table):
    commands.start(table.encounter, table.gm)
    sprint = commands.mark_turn(table.encounter, table.gm, part="sprint", used=True)
    assert "(moves as if with two Moves)" in sprint.message and sprint.result["actions"] == 1
    assert "(" not in commands.mark_turn(table.encounter, table.gm, part="swap", used=True).message
    again = commands.mark_turn(table.encounter, table.gm, part="swap", used=True)
    assert "(a further swap takes a Move or an Action)" in again.message


def test_an_action_ticked_by_mistake_is_taken_back_and_nothing_unused_can_be(table):
    commands.start(table.encounter, table.gm)
    encounter = table.encounter
    encounter.refresh_from_db()
    active = encounter.active.name
    with pytest.raises(CommandError, match=f"^{active} has not used an Action this turn.$"):
        commands.mark_turn(encounter, table.gm, part="action", used=False)
    commands.mark_turn(encounter, table.gm, part="action", used=True)
    page = table.client(table.gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'id="turn-action-back"' in page and "Action 1/1" in page
    back = commands.mark_turn(encounter, table.gm, part="action", used=False)
    assert back.message == f"{active} gets back their Action." and back.result["actions"] == 0
    commands.mark_turn(encounter, table.gm, part="move", used=True)
    with pytest.raises(
        CommandError,
        match=f"^{active} cannot do that: the Move is already used this turn. The GM can allow it anyway.$",
    ):
        commands.mark_turn(encounter, table.gm, part="charge", used=True)
    commands.undo(encounter, table.gm)
    assert commands.mark_turn(encounter, table.gm, part="charge", used=True).result["move"] is True
