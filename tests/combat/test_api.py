import json

import pytest
from django.test import Client

from combat.models import Encounter, LogEntry

pytestmark = pytest.mark.django_db


def post(client, url, body, **headers):
    return client.post(
        url, json.dumps(body) if not isinstance(body, str) else body, content_type="application/json", **headers
    )


def bearer(table, user):
    return {"HTTP_AUTHORIZATION": f"Bearer {table.token(user)}"}


def command_url(encounter):
    return f"/api/encounters/{encounter.pk}/commands/"


def test_create_encounter_and_read_its_state(table):
    response = post(
        Client(),
        "/api/encounters/",
        {"name": "Bridge", "system": "wfrp4e", "houserules": []},
        **bearer(table, table.gm),
    )
    assert response.status_code == 201
    body = response.json()
    assert {"id", "version", "round", "turn", "active", "pools", "combatants"} <= set(body)
    encounter = Encounter.objects.get(pk=body["id"])
    assert encounter.campaign.gm == table.gm

    state = Client().get(f"/api/encounters/{encounter.pk}/", **bearer(table, table.gm)).json()
    assert state["version"] == 0 and state["combatants"] == []


def test_create_encounter_in_an_existing_campaign(table):
    response = post(
        Client(), "/api/encounters/", {"name": "Second", "campaign": table.campaign.pk}, **bearer(table, table.gm)
    )
    assert response.status_code == 201
    assert Encounter.objects.get(pk=response.json()["id"]).campaign == table.campaign


@pytest.mark.parametrize(
    "body, message",
    [
        ({"system": "wfrp4e"}, "name"),
        ({"name": "X", "system": "chess"}, "system must be one of"),
        ({"name": "X", "system": "wfrp4e", "houserules": "all"}, "houserules"),
        ({"name": "X", "campaign": 99999}, "no campaign"),
        ("[1, 2]", "JSON object"),
        ("{not json", "not valid JSON"),
    ],
)
def test_create_encounter_rejects_bad_input(table, body, message):
    count = Encounter.objects.count()
    response = post(Client(), "/api/encounters/", body, **bearer(table, table.gm))
    assert response.status_code == 400
    assert message in response.json()["error"]
    assert Encounter.objects.count() == count


def test_player_cannot_create_an_encounter_in_someone_elses_campaign(table):
    response = post(
        Client(), "/api/encounters/", {"name": "Coup", "campaign": table.campaign.pk}, **bearer(table, table.anna)
    )
    assert response.status_code == 400


def test_command_runs_and_returns_version_result_and_state(table):
    encounter = table.encounter
    response = post(
        Client(),
        command_url(encounter),
        {
            "command": "apply_damage",
            "args": {"combatant": table.orc.pk, "amount": 5},
            "expected_version": encounter.version,
        },
        **bearer(table, table.gm),
    )
    assert response.status_code == 200
    body = response.json()
    assert body["ok"] is True
    assert body["version"] == encounter.version + 1
    assert body["result"]["wounds"] == 7
    orc = next(c for c in body["state"]["combatants"] if c["id"] == table.orc.pk)
    assert orc["wounds"] == 7


def test_stale_version_is_409_and_a_double_click_advances_one_turn(table):
    client = Client()
    auth = bearer(table, table.gm)
    post(client, command_url(table.encounter), {"command": "start"}, **auth)
    version = client.get(f"/api/encounters/{table.encounter.pk}/", **auth).json()["version"]
    first = post(client, command_url(table.encounter), {"command": "next_turn", "expected_version": version}, **auth)
    second = post(client, command_url(table.encounter), {"command": "next_turn", "expected_version": version}, **auth)
    assert first.status_code == 200
    assert second.status_code == 409
    assert "changed" in second.json()["error"]
    state = client.get(f"/api/encounters/{table.encounter.pk}/", **auth).json()
    assert state["turn"] == 2


@pytest.mark.parametrize(
    "body, message",
    [
        ({"command": "dance"}, "Unknown command"),
        ({}, "Say which command"),
        ({"command": "apply_damage", "args": {"amount": 2}}, "Pick the combatant."),
        ({"command": "apply_damage", "args": {"combatant": "orc", "amount": "two"}}, "whole number"),
        (
            {"command": "apply_damage", "args": {"combatant": "orc", "amount": -1}},
            "Give a whole number from 0 to 10000",
        ),
        ({"command": "apply_damage", "args": {"combatant": 424242, "amount": 1}}, "no combatant 424242"),
        ({"command": "apply_damage", "args": [1]}, "args must be an object"),
        ({"command": "next_turn", "expected_version": "latest"}, "expected_version"),
    ],
)
def test_bad_commands_are_400_with_a_message_and_change_nothing(table, body, message):
    if body.get("args") and isinstance(body["args"], dict) and body["args"].get("combatant") == "orc":
        body["args"]["combatant"] = table.orc.pk
    auth = bearer(table, table.gm)
    before = Client().get(f"/api/encounters/{table.encounter.pk}/", **auth).json()
    response = post(Client(), command_url(table.encounter), body, **auth)
    assert response.status_code == 400
    assert response.json() == {"ok": False, "error": response.json()["error"]}
    assert message in response.json()["error"]
    assert Client().get(f"/api/encounters/{table.encounter.pk}/", **auth).json() == before


def test_unknown_encounter_is_404(table):
    auth = bearer(table, table.gm)
    assert Client().get("/api/encounters/987654/", **auth).status_code == 404
    assert post(Client(), "/api/encounters/987654/commands/", {"command": "start"}, **auth).status_code == 404


def test_no_credentials_is_401_and_a_bad_token_is_401(table):
    assert Client().get(f"/api/encounters/{table.encounter.pk}/").status_code == 401
    response = Client().get(f"/api/encounters/{table.encounter.pk}/", HTTP_AUTHORIZATION="Bearer nope")
    assert response.status_code == 401


def test_the_token_of_a_deactivated_account_is_refused_and_the_next_user_gets_their_own(table):
    """The token's lookup is a prepared read (characters/models.py): each call runs with its own digest."""
    auth = bearer(table, table.anna)
    table.anna.is_active = False
    table.anna.save(update_fields=["is_active"])

    refused = Client().get(f"/api/encounters/{table.encounter.pk}/", **auth)
    assert refused.status_code == 401 and refused.json() == {"ok": False, "error": "Invalid API token."}
    gm = Client().get("/api/encounters/", **bearer(table, table.gm)).json()["encounters"]
    assert {e["name"] for e in gm} >= {"Ford"}
    assert post(Client(), command_url(table.encounter), {"command": "start"}, **auth).status_code == 401
    assert not LogEntry.objects.filter(command="start").exists()


def test_session_auth_needs_csrf(table):
    client = Client(enforce_csrf_checks=True)
    client.force_login(table.gm)
    response = post(client, command_url(table.encounter), {"command": "start"})
    assert response.status_code == 403
    assert response.json() == {
        "ok": False,
        "error": "The CSRF check failed: CSRF cookie not set. With a session login, send the X-CSRFToken header, "
        "or authenticate with 'Authorization: Bearer <token>'.",
    }
    assert not LogEntry.objects.filter(command="start").exists()
    client.get(f"/encounters/{table.encounter.pk}/")  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    response = post(client, command_url(table.encounter), {"command": "start"}, HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200


def test_pages_answer_a_failed_csrf_check_with_the_sites_page(table):
    client = Client(enforce_csrf_checks=True)
    client.force_login(table.gm)
    response = client.post(f"/encounters/{table.encounter.pk}/do/start/", {})
    assert response.status_code == 403 and response["Content-Type"].startswith("text/html")
    assert "Reload the page and send it again" in response.content.decode()
    assert not LogEntry.objects.filter(command="start").exists()


def test_list_encounters_shows_only_mine(table, other_table):
    names = {e["name"] for e in Client().get("/api/encounters/", **bearer(table, table.anna)).json()["encounters"]}
    assert names == {"Ford"}


def test_createapitoken_command_prints_a_working_token(table):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("createapitoken", "gm", stdout=out)
    response = Client().get(
        f"/api/encounters/{table.encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {out.getvalue().strip()}"
    )
    assert response.status_code == 200
