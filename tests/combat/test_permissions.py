"""A player must not reach GM data, act as the GM, or see another campaign — by page, API or htmx command."""

import json

import pytest
from django.test import Client

from characters.models import JoinLink
from combat.models import LogEntry

pytestmark = pytest.mark.django_db


def api_state(table, user, encounter=None):
    encounter = encounter or table.encounter
    return Client().get(f"/api/encounters/{encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {table.token(user)}")


def test_player_cannot_run_commands_by_api(table):
    response = Client().post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        json.dumps({"command": "apply_damage", "args": {"combatant": table.orc.pk, "amount": 5}}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {table.token(table.anna)}",
    )
    assert response.status_code == 403
    assert not LogEntry.objects.filter(command="apply_damage").exists()


def test_player_cannot_run_commands_by_the_gm_screen_endpoint(table):
    client = table.client(table.anna)
    response = client.post(f"/encounters/{table.encounter.pk}/do/next_turn/", HTTP_HX_REQUEST="true")
    assert response.status_code == 403
    response = client.post(f"/encounters/{table.encounter.pk}/do/hide_combatant/", {"combatant": table.orc.pk})
    assert response.status_code == 403
    assert not LogEntry.objects.filter(command__in=["next_turn", "hide_combatant"]).exists()


def test_player_state_hides_hidden_combatants_and_npc_wounds(table):
    state = api_state(table, table.anna).json()
    names = [c["name"] for c in state["combatants"]]
    assert "Sneaky Goblin" not in names
    orc = next(c for c in state["combatants"] if c["name"] == "Orc Grukk")
    assert orc["wounds"] is None and orc["max_wounds"] is None
    anders = next(c for c in state["combatants"] if c["name"] == "Anders")
    assert anders["wounds"] == 14


def test_hidden_active_combatant_is_not_revealed_to_players(table):
    from combat import commands

    commands.start(table.encounter, table.gm)  # the hidden goblin has the highest initiative
    state = api_state(table, table.anna).json()
    assert state["active"] is None and state["turn"] is None


def test_player_page_never_contains_hidden_combatants_or_npc_wounds(table):
    from combat import commands

    commands.apply_damage(table.encounter, table.gm, combatant=table.orc.pk, amount=5)
    html = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert "Sneaky Goblin" not in html
    assert "Orc Grukk" in html
    assert "7/12" not in html and "7 / 12" not in html and 'value="7"' not in html
    assert "14 / 14" in html.replace("<strong>", "").replace("</strong>", "")
    assert "do/next_turn" not in html  # no GM controls


def test_gm_page_shows_everything(table):
    html = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert "Sneaky Goblin" in html and "do/next_turn" not in html  # not started: Start button instead
    assert "do/start" in html


def test_outsider_cannot_open_the_encounter_or_campaign(table):
    client = table.client(table.outsider)
    assert client.get(f"/encounters/{table.encounter.pk}/").status_code == 404
    assert client.get(f"/campaigns/{table.campaign.pk}/").status_code == 404
    assert api_state(table, table.outsider).status_code == 404


def test_player_cannot_open_another_campaigns_encounter(table, other_table):
    assert table.client(table.anna).get(f"/encounters/{other_table.pk}/").status_code == 404
    assert api_state(table, table.anna, other_table).status_code == 404
    assert table.client(table.anna).get(f"/campaigns/{other_table.campaign.pk}/").status_code == 404


def test_anonymous_visitors_are_sent_to_login(table):
    response = Client().get(f"/encounters/{table.encounter.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_player_campaign_page_hides_npcs_and_join_link(table):
    from tests.factories import CharacterFactory

    CharacterFactory(campaign=table.campaign, name="Secret Villain", is_npc=True)
    link = JoinLink.issue(table.campaign)
    html = table.client(table.anna).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    assert "Secret Villain" not in html
    assert link.token not in html and "Create a join link" not in html


@pytest.mark.parametrize("body", [{"command": "no_such_command"}, {"command": "next_turn", "args": [1]}])
def test_outsiders_get_404_before_any_validation(table, body):
    def command_on(pk):
        return Client().post(
            f"/api/encounters/{pk}/commands/",
            json.dumps(body),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {table.token(table.outsider)}",
        )

    response, missing = command_on(table.encounter.pk), command_on(999_999)
    assert response.status_code == missing.status_code == 404
    assert response.json() == {"ok": False, "error": f"There is no encounter {table.encounter.pk}."}
    assert missing.json() == {"ok": False, "error": "There is no encounter 999999."}
