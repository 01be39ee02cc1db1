"""A player's API state holds exactly what that player's phone shows: the turn order's names and sides, whose turn
it is, the pools, and their own character in full; of a fellow player character only its wounds and conditions (the
phone's party), of an NPC only what the GM lets the players know; nothing of the others' initiative, Advantage,
Momentum or character sheets."""

import re

import pytest
from django.test import Client

from combat import commands

pytestmark = pytest.mark.django_db


def api_state(table, user):
    return Client().get(f"/api/encounters/{table.encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {table.token(user)}")


def phone_turn_order(html):
    """(name, side) of each entry of the phone's initiative order."""
    order = html.split('aria-label="Initiative order"')[1].split("</ol>")[0]
    wounds = r'(?:<span class="seen-wounds">[^<]*</span>)?'  # what the GM lets the players see of them
    return re.findall(rf'<li class="side-(\w+)[^"]*"[^>]*>([^<]+){wounds}</li>', order)


@pytest.fixture
def busy_table(table):
    gm = table.gm
    commands.start(table.encounter, gm)
    commands.apply_damage(table.encounter, gm, combatant=table.gunther.pk, amount=3)
    commands.add_condition(table.encounter, gm, combatant=table.gunther.pk, condition="Bleeding", count=2)
    commands.add_condition(table.encounter, gm, combatant=table.orc.pk, condition="Prone")
    commands.add_condition(table.encounter, gm, combatant=table.anders.pk, condition="Fatigued", count=1)
    commands.apply_damage(table.encounter, gm, combatant=table.anders.pk, amount=4)
    return table


def test_a_players_state_is_what_the_phone_shows(busy_table):
    table = busy_table
    state = api_state(table, table.anna).json()
    phone = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()

    assert [(c["side"], c["name"]) for c in state["combatants"]] == phone_turn_order(phone)
    shown = {c["id"]: {k for k, v in c.items() if v is not None} for c in state["combatants"]}
    assert shown[table.orc.pk] == {"id", "name", "side"}
    assert shown[table.gunther.pk] == {"id", "name", "side", "wounds", "max_wounds", "hurt", "conditions"}
    gunther = next(c for c in state["combatants"] if c["id"] == table.gunther.pk)
    assert gunther["wounds"] == 8 and [c["name"] for c in gunther["conditions"]] == ["Bleeding"]
    assert "8/11 wounds" in phone.split('id="party"')[1] and "Bleeding" in phone.split('id="party"')[1]

    anders = next(c for c in state["combatants"] if c["id"] == table.anders.pk)
    assert f"<strong>{anders['wounds']}</strong> / {anders['max_wounds']} wounds" in phone
    assert anders["wounds"] == 10 and anders["character"] == table.anders.character_id
    assert [c["name"] for c in anders["conditions"]] == ["Fatigued"] and "Fatigued" in phone


def test_the_gm_state_still_holds_everything(busy_table):
    table = busy_table
    state = api_state(table, table.gm).json()
    gunther = next(c for c in state["combatants"] if c["id"] == table.gunther.pk)
    assert gunther["wounds"] == 8 and gunther["conditions"] == [{"name": "Bleeding", "count": 2, "remaining": None}]
    orc = next(c for c in state["combatants"] if c["id"] == table.orc.pk)
    assert orc["initiative"] == 25 and orc["conditions"][0]["name"] == "Prone"
    assert any(c["hidden"] for c in state["combatants"])


def test_open_tests_are_listed_for_whoever_rolls_them(busy_table):
    table = busy_table
    commands.set_house_rules(table.encounter, table.gm, rules=["all"])
    table.encounter.refresh_from_db()
    while table.encounter.active_id != table.gunther.pk:  # Gunther's Bleeding asks for a test at his turn's end
        commands.next_turn(table.encounter, table.gm)
    commands.next_turn(table.encounter, table.gm)
    gm_prompts = api_state(table, table.gm).json()["prompts"]
    assert [(p["combatant"], p["skill"]) for p in gm_prompts] == [(table.gunther.pk, "Endurance")]
    assert api_state(table, table.bruno).json()["prompts"] == gm_prompts
    assert api_state(table, table.anna).json()["prompts"] == []


def test_the_gm_answers_an_open_test_through_the_api_by_its_id(busy_table):
    table = busy_table
    commands.set_house_rules(table.encounter, table.gm, rules=["all"])
    table.encounter.refresh_from_db()
    while table.encounter.active_id != table.gunther.pk:
        commands.next_turn(table.encounter, table.gm)
    commands.next_turn(table.encounter, table.gm)
    state = api_state(table, table.gm).json()
    [test] = state["prompts"]
    assert test["answer"] == "resolve_test" and test["condition"] == "Bleeding" and test["kind"] == "test"
    answer = {"prompt": test["id"], "roll": 5, "target": 40}
    response = Client().post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        {"command": test["answer"], "args": answer, "expected_version": state["version"]},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {table.token(table.gm)}",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["result"]["success"] is True and response.json()["state"]["prompts"] == []
