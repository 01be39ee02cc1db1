"""API tokens: several per user, named, scoped, expiring and revocable; taken by the JSON API only."""

import json
import re
from datetime import timedelta
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from characters.models import ApiToken, Campaign
from combat.models import Encounter, LogEntry

pytestmark = pytest.mark.django_db

TOKEN_PAGE = "/accounts/token/"


def bearer(raw):
    return {"HTTP_AUTHORIZATION": f"Bearer {raw}"}


def state_url(table):
    return f"/api/encounters/{table.encounter.pk}/"


def command(raw, table, name="start", client=None):
    return (client or Client()).post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        json.dumps({"command": name}),
        content_type="application/json",
        **bearer(raw),
    )


def token_named(user, name):
    return ApiToken.objects.get(user=user, name=name)


def make_on_the_page(client, name, scope="full", lasts="never"):
    """The raw value the page shows once."""
    html = client.post(TOKEN_PAGE, {"name": name, "scope": scope, "lasts": lasts}).content.decode()
    return re.search(r'value="([^"]+)" id="api-token"', html).group(1)


def test_a_token_does_not_open_the_admin():
    root = get_user_model().objects.create_superuser("root", password="root-pass-123")
    raw = ApiToken.issue(root)
    for path in ("/admin/", "/admin/characters/campaign/"):
        response = Client().get(path, **bearer(raw))
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/"), path
    assert Client().get("/api/encounters/", **bearer(raw)).status_code == 200  # the same token, where it belongs


def test_a_token_does_not_work_the_pages_forms(table):
    auth = bearer(ApiToken.issue(table.gm))
    campaigns = Campaign.objects.count()
    for path, data in [
        (f"/encounters/{table.encounter.pk}/do/start/", {}),
        ("/campaigns/new/", {"name": "Stolen", "system": "wfrp4e"}),
    ]:
        response = Client().post(path, data, **auth)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/"), path
    assert Campaign.objects.count() == campaigns
    assert not LogEntry.objects.filter(command="start").exists()
    page = Client().get(f"/encounters/{table.encounter.pk}/", **auth)
    assert page.status_code == 302 and page["Location"].startswith("/accounts/login/")


def test_a_token_does_not_spare_a_page_form_its_csrf_check(table):
    """A browser logged in as the GM, with a token header too: the page's form still wants the CSRF token."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(table.gm)
    response = client.post(f"/encounters/{table.encounter.pk}/do/start/", {}, **bearer(ApiToken.issue(table.gm)))
    assert response.status_code == 403
    assert not LogEntry.objects.filter(command="start").exists()


def test_an_expired_token_is_refused_in_words(table):
    raw = ApiToken.issue(table.gm, expires=timezone.now() + timedelta(days=30))
    assert Client().get(state_url(table), **bearer(raw)).status_code == 200
    ApiToken.objects.filter(user=table.gm).update(expires=timezone.now() - timedelta(seconds=1))
    refused = Client().get(state_url(table), **bearer(raw))
    assert refused.status_code == 401
    assert refused.json() == {"ok": False, "error": "This API token has expired."}
    assert command(raw, table).status_code == 401
    assert not LogEntry.objects.filter(command="start").exists()


def test_a_revoked_token_is_refused_in_words(table):
    raw = ApiToken.issue(table.gm)
    token_named(table.gm, ApiToken.DEFAULT_NAME).revoke()
    refused = command(raw, table)
    assert refused.status_code == 401
    assert refused.json() == {"ok": False, "error": "This API token was revoked."}
    assert not LogEntry.objects.filter(command="start").exists()


def test_a_read_only_token_reads_but_changes_nothing(table):
    raw = ApiToken.issue(table.gm, scope=ApiToken.Scope.READ_ONLY)
    state = Client().get(state_url(table), **bearer(raw))
    assert state.status_code == 200 and state.json()["id"] == table.encounter.pk
    listed = Client().get("/api/encounters/", **bearer(raw))
    assert listed.status_code == 200 and [e["name"] for e in listed.json()["encounters"]] == ["Ford"]

    log = LogEntry.objects.count()
    read_only = {"ok": False, "error": "This token is read-only: it can read encounters but not change or create them."}
    refused = command(raw, table)
    assert refused.status_code == 403 and refused.json() == read_only
    encounters = Encounter.objects.count()
    created = Client().post(
        "/api/encounters/",
        json.dumps({"name": "Ambush", "system": "wfrp4e"}),
        content_type="application/json",
        **bearer(raw),
    )
    assert created.status_code == 403 and created.json() == read_only
    assert Encounter.objects.count() == encounters and LogEntry.objects.count() == log
    assert Client().get(state_url(table), **bearer(raw)).json() == state.json()


def test_a_players_read_only_token_sees_what_their_session_sees(table):
    raw = ApiToken.issue(table.anna, scope=ApiToken.Scope.READ_ONLY)
    by_token = Client().get(state_url(table), **bearer(raw)).json()
    assert by_token == table.client(table.anna).get(state_url(table)).json()
    assert table.hidden_goblin.pk not in {c["id"] for c in by_token["combatants"]}
    assert table.orc.pk in {c["id"] for c in by_token["combatants"]}


def test_a_user_holds_several_named_tokens(table):
    page = table.client(table.gm)
    script = make_on_the_page(page, "Initiative script")
    overlay = make_on_the_page(page, "Stream overlay", scope="read", lasts="30")
    assert command(script, table).status_code == 200
    assert Client().get(state_url(table), **bearer(overlay)).status_code == 200
    assert command(overlay, table, "next_turn").status_code == 403
    html = page.get(TOKEN_PAGE).content.decode()
    assert "Initiative script" in html and "Stream overlay" in html
    assert "Full access" in html and "Read-only" in html and "Never expires" in html
    in_30_days = timezone.localtime(timezone.now() + timedelta(days=30))
    assert f"Expires {in_30_days:%-d %b %Y}" in html
    assert script not in html and overlay not in html  # shown once, on the answer that made it


def test_the_page_shows_when_each_token_was_last_used(table):
    page = table.client(table.gm)
    raw = make_on_the_page(page, "Dice bot")
    assert "Last used never" in page.get(TOKEN_PAGE).content.decode()
    Client().get(state_url(table), **bearer(raw))
    today = timezone.localtime(token_named(table.gm, "Dice bot").last_used)
    assert f"Last used {today:%-d %b %Y, %H:%M}" in page.get(TOKEN_PAGE).content.decode()


def test_last_use_is_written_at_most_once_a_minute(table):
    """API calls come every few seconds: the steady state's calls send no write."""
    raw = ApiToken.issue(table.gm)
    client = Client()

    def writes_of_a_call():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(state_url(table), **bearer(raw)).status_code == 200
        return [q["sql"] for q in queries if q["sql"].startswith('UPDATE "characters_apitoken"')]

    assert len(writes_of_a_call()) == 1
    first_use = token_named(table.gm, ApiToken.DEFAULT_NAME).last_used
    assert writes_of_a_call() == []
    ApiToken.objects.filter(user=table.gm).update(last_used=first_use - ApiToken.LAST_USE_PRECISION)
    assert len(writes_of_a_call()) == 1
    assert token_named(table.gm, ApiToken.DEFAULT_NAME).last_used > first_use


def test_revoking_on_the_page_stops_the_token_at_once(table):
    page = table.client(table.gm)
    raw = make_on_the_page(page, "Old laptop")
    kept = make_on_the_page(page, "New laptop")
    token = token_named(table.gm, "Old laptop")
    assert page.get(f"{TOKEN_PAGE}{token.pk}/revoke/").status_code == 405  # only a form's POST revokes
    response = page.post(f"{TOKEN_PAGE}{token.pk}/revoke/", follow=True)
    html = response.content.decode()
    assert "Token Old laptop revoked: whatever uses it is refused from now on." in html
    assert "New laptop" in html and "Old laptop</strong>" not in html
    assert Client().get(state_url(table), **bearer(raw)).json()["error"] == "This API token was revoked."
    assert Client().get(state_url(table), **bearer(kept)).status_code == 200


def test_the_revoke_button_needs_the_csrf_token(table):
    raw = ApiToken.issue(table.gm)
    page = Client(enforce_csrf_checks=True)
    page.force_login(table.gm)
    token = token_named(table.gm, ApiToken.DEFAULT_NAME)
    assert page.post(f"{TOKEN_PAGE}{token.pk}/revoke/").status_code == 403
    assert Client().get(state_url(table), **bearer(raw)).status_code == 200


def test_another_users_token_cannot_be_revoked(table):
    raw = ApiToken.issue(table.anna)
    token = token_named(table.anna, ApiToken.DEFAULT_NAME)
    gm_page = table.client(table.gm)
    assert gm_page.post(f"{TOKEN_PAGE}{token.pk}/revoke/").status_code == 404
    assert gm_page.post(f"{TOKEN_PAGE}987654/revoke/").status_code == 404
    assert "You have no API token yet." in gm_page.get(TOKEN_PAGE).content.decode()
    assert Client().get(state_url(table), **bearer(raw)).status_code == 200


@pytest.mark.parametrize(
    "data, message",
    [
        ({"name": "", "scope": "full", "lasts": "90"}, "Give the token a name, e.g. the script that will use it."),
        ({"name": "   ", "scope": "full", "lasts": "90"}, "Give the token a name, e.g. the script that will use it."),
        ({"name": "x" * 61, "scope": "full", "lasts": "90"}, "Keep the name to 60 characters or fewer."),
        ({"name": "dice BOT", "scope": "full", "lasts": "90"}, "You already have a token named dice BOT"),
        ({"name": "Bot", "scope": "admin", "lasts": "90"}, "Choose what the token may do: read and act, or only read."),
        ({"name": "Bot", "lasts": "90"}, "Choose what the token may do: read and act, or only read."),
        ({"name": "Bot", "scope": "read", "lasts": "forever"}, "Choose when the token expires: in 30 days"),
        ({"name": "Bot", "scope": "read"}, "Choose when the token expires."),
    ],
)
def test_bad_input_on_the_page_is_answered_in_words(table, data, message):
    page = table.client(table.gm)
    make_on_the_page(page, "Dice bot")
    response = page.post(TOKEN_PAGE, data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert 'id="api-token"' not in response.content.decode()
    assert ApiToken.objects.filter(user=table.gm).count() == 1


def test_the_token_page_is_for_logged_in_users_only(table):
    raw = ApiToken.issue(table.gm)
    response = Client().post(TOKEN_PAGE, {"name": "Sneaky", "scope": "full", "lasts": "never"}, **bearer(raw))
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not ApiToken.objects.filter(name="Sneaky").exists()


def test_a_session_post_to_the_api_still_needs_csrf_and_a_bearer_post_does_not(table):
    session = Client(enforce_csrf_checks=True)
    session.force_login(table.gm)
    refused = session.post(
        f"/api/encounters/{table.encounter.pk}/commands/", json.dumps({"command": "start"}), "application/json"
    )
    assert refused.status_code == 403 and refused.json()["error"].startswith("The CSRF check failed")
    assert not LogEntry.objects.filter(command="start").exists()

    raw = ApiToken.issue(table.gm)
    assert command(raw, table, client=Client(enforce_csrf_checks=True)).status_code == 200
    assert LogEntry.objects.filter(command="start").count() == 1


def test_createapitoken_makes_a_full_token_that_never_expires_and_replaces_its_own(table):
    kept = ApiToken.issue(table.gm, name="Dice bot")
    out = StringIO()
    call_command("createapitoken", "gm", stdout=out)
    first = out.getvalue().strip()
    token = token_named(table.gm, "createapitoken")
    assert token.scope == ApiToken.Scope.FULL and token.expires is None
    assert command(first, table).status_code == 200

    out = StringIO()
    call_command("createapitoken", "gm", stdout=out)
    assert Client().get(state_url(table), **bearer(first)).json()["error"] == "This API token was revoked."
    assert Client().get(state_url(table), **bearer(out.getvalue().strip())).status_code == 200
    assert Client().get(state_url(table), **bearer(kept)).status_code == 200


def test_the_admin_shows_tokens_but_never_their_value():
    root = get_user_model().objects.create_superuser("root", password="root-pass-123")
    raw = ApiToken.issue(root, name="Backup script", scope=ApiToken.Scope.READ_ONLY)
    token = token_named(root, "Backup script")
    admin = Client()
    admin.force_login(root)
    listing = admin.get("/admin/characters/apitoken/").content.decode()
    for heading in ("Name", "User", "Scope", "Created", "Last used", "Expires", "Revoked"):
        assert f">{heading}</a>" in listing, heading
    assert "Backup script" in listing and "Read-only" in listing
    change = admin.get(f"/admin/characters/apitoken/{token.pk}/change/").content.decode()
    for page in (listing, change):
        assert raw not in page and token.digest not in page


def test_the_admin_revokes_the_chosen_tokens():
    root = get_user_model().objects.create_superuser("root", password="root-pass-123")
    raw = ApiToken.issue(root, name="Leaked")
    admin = Client()
    admin.force_login(root)
    token = token_named(root, "Leaked")
    response = admin.post(
        "/admin/characters/apitoken/", {"action": "revoke", "_selected_action": [token.pk]}, follow=True
    )
    assert "1 token(s) revoked." in response.content.decode()
    assert Client().get("/api/encounters/", **bearer(raw)).json()["error"] == "This API token was revoked."
