"""The log keeps every line whole, with who ran it; the GM undoes back to any line as one command; and the GM acts
on several combatants at once, each as the single command would, in one logged and undoable command."""

import json

import pytest
from django.test import Client

from characters.models import Character
from combat.models import Combatant, LogEntry
from tests import guards
from tests.factories import CharacterFactory, give_points, point

pytestmark = pytest.mark.django_db


def run(table, command, user=None, **args):
    return Client().post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        json.dumps({"command": command, "args": args}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {table.token(user or table.gm)}",
    )


def wounds(*combatants):
    return [Combatant.objects.get(pk=c.pk).wounds for c in combatants]


def test_damage_to_several_is_one_line_and_one_undo(table):
    before = guards.kept(table.encounter)
    answer = run(table, "act_on_several", action="apply_damage", combatants=[table.anders.pk, table.orc.pk], amount=3)
    assert answer.status_code == 200, answer.content
    assert wounds(table.anders, table.orc) == [11, 9]
    line = LogEntry.objects.filter(encounter=table.encounter).first()
    assert "Anders takes 3 damage" in line.message and "Orc Grukk takes 3 damage" in line.message
    assert run(table, "undo").status_code == 200
    assert guards.kept(table.encounter) == before


def test_a_bad_target_among_several_refuses_the_whole(table):
    before = guards.kept(table.encounter)
    answer = run(
        table,
        "act_on_several",
        action="remove_condition",
        combatants=[table.orc.pk, table.anders.pk],
        condition="Prone",
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == "Nothing was done: Orc Grukk does not have Prone."
    answer = run(table, "act_on_several", action="apply_damage", combatants=[table.orc.pk, 999_999], amount=2)
    assert answer.status_code == 400 and "There is no combatant 999999" in answer.json()["error"]
    answer = run(table, "act_on_several", action="apply_damage", combatants=[table.orc.pk, table.orc.pk], amount=2)
    assert answer.json()["error"] == "Combatants: Pick each once: Orc Grukk is picked twice."
    assert run(table, "act_on_several", action="heal", combatants=[table.orc.pk]).json()["error"] == "Give the amount."
    assert run(table, "act_on_several", action="heal", amount=2).json()["error"] == "Pick the combatants."
    assert guards.kept(table.encounter) == before
    assert not LogEntry.objects.filter(encounter=table.encounter, command="act_on_several").exists()


def test_conditions_to_several_and_a_player_may_not(table):
    several = {"combatants": [table.orc.pk, table.gunther.pk], "condition": "Bleeding"}
    assert run(table, "act_on_several", table.anna, action="add_condition", **several).status_code == 403
    answer = run(table, "act_on_several", action="add_condition", count=2, **several)
    assert answer.json()["message"] == "Orc Grukk gains Bleeding ×2. Gunther gains Bleeding ×2."
    answer = run(table, "act_on_several", action="remove_condition", count=1, **several)
    assert answer.json()["message"] == "Orc Grukk loses Bleeding (×1 left). Gunther loses Bleeding (×1 left)."


def test_a_player_cannot_undo_back_nor_see_what_only_the_gm_may(table):
    run(table, "apply_damage", combatant=table.anders.pk, amount=2)
    version = LogEntry.objects.filter(encounter=table.encounter).first().version
    answer = run(table, "undo_to", table.anna, version=version - 1)
    assert answer.status_code == 403
    page = Client()
    page.force_login(table.anna)
    html = page.get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert "What just happened to you: Anders takes 2 damage" in html and "Run by gm" in html
    assert "undo_to" not in html


def test_undo_back_to_a_line(table):
    states = []
    for name, args in [
        ("apply_damage", {"combatant": table.orc.pk, "amount": 2}),
        ("add_condition", {"combatant": table.anders.pk, "condition": "Bleeding"}),
        ("start", {}),
        ("next_turn", {}),
        ("act_on_several", {"action": "heal", "combatants": [table.orc.pk], "amount": 1}),
    ]:
        assert run(table, name, **args).status_code == 200
        states.append(
            (LogEntry.objects.filter(encounter=table.encounter).first().version, guards.kept(table.encounter))
        )
    assert run(table, "undo").status_code == 200  # the healing: already undone, passed over below
    second, after_second = states[1]
    answer = run(table, "undo_to", version=second)
    assert answer.status_code == 200, answer.content
    assert answer.json()["message"] == f"Undid 2 commands back to #{second}: Anders gains Bleeding ×1."
    assert guards.kept(table.encounter) == after_second
    line = LogEntry.objects.filter(encounter=table.encounter).first()
    assert line.command == "undo_to" and line.undo_state is None
    assert run(table, "undo_to", version=second).json()["error"] == f"Nothing after line #{second} is left to undo."
    assert run(table, "undo_to", version=states[3][0]).json()["error"].endswith("go back to a line that stands.")
    assert run(table, "undo_to", version=9999).json()["error"] == "There is no line #9999 in this fight's log."
    assert run(table, "undo").status_code == 200  # undo passes over undo_to's line, as over its own
    assert guards.kept(table.encounter) == states[0][1]


def test_undo_back_restores_a_sheet_from_the_oldest_snapshot_naming_it_and_says_what_is_gone(table):
    start = LogEntry.objects.filter(encounter=table.encounter).first().version
    ulrika = CharacterFactory(campaign=table.campaign, name="Ulrika", max_wounds=13)
    give_points(ulrika.pk, fortune=3)
    added = run(table, "add_combatant", character=ulrika.pk).json()["result"]["combatant"]
    assert run(table, "set_points", combatant=added, fortune=1).status_code == 200
    assert run(table, "remove_combatant", combatant=table.gunther.pk).status_code == 200
    assert run(table, "set_points", combatant=added, fortune=0).status_code == 200
    Character.objects.filter(pk=table.gunther.character_id).delete()  # deleted meanwhile: cannot come back
    answer = run(table, "undo_to", version=start)
    assert answer.status_code == 200, answer.content
    assert answer.json()["message"].endswith("(Gunther's character sheet was deleted.)")
    assert answer.json()["message"].startswith(f"Undid 4 commands back to #{start}")
    # Ulrika joined after the line: only the snapshots after it name her sheet, the oldest of them as it was.
    assert point(ulrika.pk, "fortune") == 3
    assert not Combatant.objects.filter(pk=added).exists()
    assert Combatant.objects.get(pk=table.gunther.pk).character_id is None


def test_the_log_keeps_a_long_line_whole_with_who_ran_it(table):
    run(table, "add_combatant", name="Orc of the Red Fang tribe, " + "very " * 17 + "angry", max_wounds=5, count=8)
    everyone = list(Combatant.objects.filter(encounter=table.encounter).values_list("pk", flat=True))
    answer = run(table, "act_on_several", action="apply_damage", combatants=everyone, amount=1)
    message = answer.json()["message"]
    assert len(message) >= 1000
    assert LogEntry.objects.filter(encounter=table.encounter).first().message == message
    page = Client()
    page.force_login(table.gm)
    html = page.get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert message.replace("'", "&#x27;") in html
    assert f"#{answer.json()['version']} · gm</small>" in html
