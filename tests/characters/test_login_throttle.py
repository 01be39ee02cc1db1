"""Login throttling from the outside: the real login forms, posted by test clients from chosen addresses."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import F
from django.test import AsyncClient, Client, override_settings

from characters.models import ApiToken
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LIMIT = 3
LOCKED_OUT = "Too many failed logins for this account, or from this network. Try again in 15 minutes, or ask your GM."
TABLE_WIFI = "198.51.100.20"
ELSEWHERE = "203.0.113.50"


def log_in(username, password, address=TABLE_WIFI, path="/accounts/login/", client=None, **headers):
    client = client or Client(REMOTE_ADDR=address)
    return client.post(path, {"username": username, "password": password}, **headers)


def fail(times, username, **where):
    return [log_in(username, "wrong-guess", **where).status_code for _ in range(times)]


def assert_locked_out(response):
    assert response.status_code == 429
    page = response.content.decode()
    assert LOCKED_OUT in page
    assert "⚔ Combat tracker" in page and "css/app.css" in page  # the app's own layout, not Django's stock text
    assert "Account locked" not in page and "Traceback" not in page


def assert_logged_in(response):
    assert response.status_code == 302 and response["Location"] == "/"


@pytest.fixture(autouse=True)
def small_limit(settings):
    # A handful of posts per test instead of the default 10: the behaviour at the limit is what is tested.
    settings.AXES_FAILURE_LIMIT = LIMIT


@pytest.fixture
def players():
    return UserFactory(username="anna"), UserFactory(username="bruno")


def test_the_limit_locks_the_account_and_then_even_the_right_password_is_refused(players):
    for _ in range(LIMIT - 1):
        response = log_in("anna", "wrong-guess")
        assert response.status_code == 200 and "didn't match" in response.content.decode()
    assert_locked_out(log_in("anna", "wrong-guess"))
    client = Client(REMOTE_ADDR=ELSEWHERE)
    assert_locked_out(log_in("anna", "secret-pass", client=client))
    assert client.get("/").status_code == 302  # not logged in


def test_a_locked_account_stays_locked_from_any_address(players):
    assert fail(LIMIT, "anna")[-1] == 429
    assert_locked_out(log_in("anna", "secret-pass", address=ELSEWHERE))


def test_another_player_on_the_same_network_logs_in_until_the_network_reaches_the_limit(players):
    fail(LIMIT - 1, "anna")
    assert_logged_in(log_in("bruno", "secret-pass"))
    assert_locked_out(log_in("bruno", "a-typo"))  # the network's limit: anna's failures and bruno's typo
    assert_locked_out(log_in("bruno", "secret-pass"))
    assert_logged_in(log_in("bruno", "secret-pass", address=ELSEWHERE))  # bruno's own count is under it


def test_a_spray_over_many_accounts_from_one_address_is_stopped(players):
    statuses = [log_in(f"guess{n}", "Password1").status_code for n in range(LIMIT)]
    assert statuses == [200] * (LIMIT - 1) + [429]
    assert_locked_out(log_in("bruno", "secret-pass"))
    assert_logged_in(log_in("bruno", "secret-pass", address=ELSEWHERE))


def test_a_success_before_the_limit_does_not_wipe_the_count(players):
    fail(LIMIT - 1, "anna", address=ELSEWHERE)
    assert_logged_in(log_in("anna", "secret-pass", address=ELSEWHERE))
    assert_locked_out(log_in("anna", "wrong-guess", address=ELSEWHERE))


def test_after_the_cool_off_the_right_password_works_again(players):
    fail(LIMIT, "anna")
    # The cool-off runs from the last failure: age every failure past it.
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - settings.AXES_COOLOFF_TIME - timedelta(seconds=1))
    assert_logged_in(log_in("anna", "secret-pass"))


def test_the_admin_login_is_throttled_too(players):
    get_user_model().objects.create_superuser("root", password="root-pass-123")
    statuses = fail(LIMIT, "root", path="/admin/login/")
    assert statuses == [200] * (LIMIT - 1) + [429]
    client = Client(REMOTE_ADDR=ELSEWHERE)
    assert_locked_out(log_in("root", "root-pass-123", path="/admin/login/", client=client))
    assert client.get("/admin/").status_code == 302


@override_settings(AXES_IPWARE_META_PRECEDENCE_ORDER=("HTTP_X_FORWARDED_FOR",))  # as PROXY_COUNT=1 sets it
def test_behind_the_proxy_a_forged_x_forwarded_for_does_not_dodge_the_address_count(players):
    # The proxy appends the address it saw after whatever the client wrote: only the proxy's entry counts.
    statuses = [
        log_in(
            f"guess{n}", "Password1", address=f"10.0.0.{n}", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}, {TABLE_WIFI}"
        ).status_code
        for n in range(LIMIT)
    ]
    assert statuses == [200] * (LIMIT - 1) + [429]
    assert_locked_out(log_in("bruno", "secret-pass", HTTP_X_FORWARDED_FOR=f"{ELSEWHERE}, {TABLE_WIFI}"))
    assert_logged_in(log_in("bruno", "secret-pass", HTTP_X_FORWARDED_FOR=f"{TABLE_WIFI}, {ELSEWHERE}"))


def test_api_tokens_still_work_for_a_locked_out_account(players):
    anna, _ = players
    fail(LIMIT, "anna")
    response = Client().get("/api/encounters/", headers={"Authorization": f"Bearer {ApiToken.issue(anna)}"})
    assert response.status_code == 200 and response.json() == {"encounters": []}


@pytest.mark.django_db(transaction=True)
async def test_the_lockout_page_under_asgi(players):
    # uvicorn serves the app through Django's async middleware chain, which takes another path in axes.
    client = AsyncClient(REMOTE_ADDR=TABLE_WIFI)
    for _ in range(LIMIT - 1):
        await client.post("/accounts/login/", {"username": "anna", "password": "wrong-guess"})
    assert_locked_out(await client.post("/accounts/login/", {"username": "anna", "password": "wrong-guess"}))
