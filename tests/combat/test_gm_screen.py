"""The GM screen's htmx endpoint: commands answer with out-of-band partials, never a full page."""

import pytest

from combat.models import Combatant, LogEntry

pytestmark = pytest.mark.django_db


def do(table, name, data=None, htmx=True, user=None):
    client = table.client(user or table.gm)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(f"/encounters/{table.encounter.pk}/do/{name}/", data or {}, **headers)


def test_htmx_command_returns_oob_partials_and_a_flash(table):
    response = do(table, "start", {"expected_version": table.encounter.version})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    partials = (
        'id="encounter-version"',
        'id="round-status"',
        'id="round-actions"',
        'id="house-rules-link"',
        'id="last-event"',
        'id="turn-tools"',
        'id="pools"',
        'id="prompts"',
        'id="initiative"',
        'id="log"',
        'id="flash"',
    )
    for element in partials:
        assert element in html
    assert html.count('hx-swap-oob="true"') == len(partials)
    assert "Round 1 begins" in html


def test_stale_click_shows_a_message_and_refreshes_the_view(table):
    version = table.encounter.version
    do(table, "start", {"expected_version": version})
    response = do(table, "undo", {"expected_version": version})
    html = response.content.decode()
    assert "has changed since you looked" in html and 'class="flash error"' in html
    assert not LogEntry.objects.filter(command="undo").exists()


def test_form_fields_become_arguments_and_empty_inputs_are_ignored(table):
    response = do(table, "add_combatant", {"name": "Troll", "max_wounds": "30", "initiative": "", "side": "adversary"})
    assert "Troll joins the fight" in response.content.decode()
    assert Combatant.objects.get(name="Troll").initiative is None


def test_bad_input_shows_the_message_and_changes_nothing(table):
    response = do(table, "apply_damage", {"combatant": table.orc.pk, "amount": "-4"})
    assert "Give a whole number from 0 to 10000" in response.content.decode()
    assert Combatant.objects.get(pk=table.orc.pk).wounds == 12


def test_without_javascript_commands_redirect_back_with_a_message(table):
    response = do(table, "apply_damage", {"combatant": table.orc.pk, "amount": "3"}, htmx=False)
    assert response.status_code == 302 and response["Location"] == f"/encounters/{table.encounter.pk}/"
    page = table.client(table.gm).get(response["Location"]).content.decode()
    assert Combatant.objects.get(pk=table.orc.pk).wounds == 9
    assert "9/12" in page


def test_gm_screen_has_keyboard_shortcuts_and_live_socket(table):
    html = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()
    socket = f'ws-connect="/ws/encounters/{table.encounter.pk}/?shows={table.encounter.version}"'
    assert "js/gm.js" in html and socket in html
    assert "<kbd>U</kbd>" in html


def test_pages_send_a_content_security_policy(table):
    response = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/")
    assert "script-src 'self'" in response["Content-Security-Policy"]
