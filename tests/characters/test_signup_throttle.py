"""The sign-up throttle from the outside: the real sign-up and join-link forms, posted from chosen addresses."""

import os
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client

from characters.models import JoinLink
from tests.factories import CampaignFactory, UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()
LIMIT = 3
TABLE_WIFI = "198.51.100.20"
ELSEWHERE = "203.0.113.50"
PASSWORD = "rapier-and-lantern"
TOO_MANY = re.compile(
    r"Too many new accounts from this network this hour\. Try again in (\d+) minutes?, or ask your GM\."
)
CACHES = {"in-memory": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
if os.environ.get("REDIS_URL"):
    CACHES["redis"] = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": os.environ["REDIS_URL"]}


@pytest.fixture(autouse=True, params=list(CACHES))
def counted(request, settings):
    """A handful of sign-ups per test instead of the default 10, counted in each cache the tracker may use (Redis:
    this process's own database, tests/redis_db.py), and forgotten after each test."""
    settings.SIGNUP_LIMIT_PER_HOUR = LIMIT
    settings.CACHES = {"default": CACHES[request.param]}
    cache.clear()
    yield
    cache.clear()


def sign_up(username, address=TABLE_WIFI, **headers):
    fields = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return Client(REMOTE_ADDR=address).post("/accounts/signup/", fields, **headers)


def join(link, username, address=TABLE_WIFI):
    fields = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return Client(REMOTE_ADDR=address).post(f"/join/{link.token}/", fields)


def assert_signed_up(response, username):
    assert response.status_code == 302 and User.objects.filter(username=username).exists()


def assert_too_many(response, username):
    assert response.status_code == 429
    page = response.content.decode()
    minutes = TOO_MANY.search(page)
    assert minutes and 1 <= int(minutes[1]) <= 60
    assert 0 < int(response["Retry-After"]) <= 60 * 60
    assert "⚔ Combat tracker" in page and "css/app.css" in page  # the app's own layout
    assert not User.objects.filter(username=username).exists()


def test_one_address_signs_up_to_the_limit_and_the_next_is_told_to_wait():
    for n in range(LIMIT):
        assert_signed_up(sign_up(f"player{n}"), f"player{n}")
    assert_too_many(sign_up("one-too-many"), "one-too-many")
    assert_too_many(sign_up("and-again"), "and-again")
    assert User.objects.count() == LIMIT


def test_another_address_still_signs_up():
    for n in range(LIMIT):
        sign_up(f"player{n}")
    assert_too_many(sign_up("late"), "late")
    assert_signed_up(sign_up("late", address=ELSEWHERE), "late")


def test_mistyped_sign_ups_do_not_count():
    for _ in range(LIMIT * 2):
        typo = Client(REMOTE_ADDR=TABLE_WIFI).post(
            "/accounts/signup/", {"username": "anna", "password1": PASSWORD, "password2": "rapier-and-lanter"}
        )
        assert typo.status_code == 200 and "The two passwords differ" in typo.content.decode()
    for n in range(LIMIT):
        assert_signed_up(sign_up(f"player{n}"), f"player{n}")
    assert_too_many(sign_up("one-too-many"), "one-too-many")


def test_the_setting_sets_the_limit(settings):
    settings.SIGNUP_LIMIT_PER_HOUR = LIMIT + 2
    for n in range(LIMIT + 2):
        assert_signed_up(sign_up(f"player{n}"), f"player{n}")
    assert_too_many(sign_up("one-too-many"), "one-too-many")


@pytest.mark.parametrize("proxies", [1, 2])
def test_behind_proxies_the_count_follows_the_client_whatever_it_forges(settings, proxies):
    # As PROXY_COUNT=proxies sets it. Each proxy appends the address it saw: the client is `proxies` entries from the
    # right, whatever it wrote in front; REMOTE_ADDR (here the innermost proxy's) counts for nothing.
    settings.AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR",)
    settings.AXES_IPWARE_PROXY_COUNT = proxies - 1
    outer_proxies = ["192.0.2.1"] * (proxies - 1)

    def chain(forged, client):
        return ", ".join([forged, client, *outer_proxies])

    for n in range(LIMIT):
        response = sign_up(f"player{n}", address=f"10.0.0.{n}", HTTP_X_FORWARDED_FOR=chain(f"10.9.9.{n}", TABLE_WIFI))
        assert_signed_up(response, f"player{n}")
    forged = sign_up("forger", address="10.0.0.99", HTTP_X_FORWARDED_FOR=chain(ELSEWHERE, TABLE_WIFI))
    assert_too_many(forged, "forger")
    elsewhere = sign_up("late", address="10.0.0.99", HTTP_X_FORWARDED_FOR=chain(TABLE_WIFI, ELSEWHERE))
    assert_signed_up(elsewhere, "late")


def test_join_links_share_the_count_and_a_player_with_an_account_still_joins():
    campaign = CampaignFactory(name="Reikland", gm=UserFactory(username="gm"))
    link = JoinLink.issue(campaign)
    assert_signed_up(sign_up("clara"), "clara")
    for n in range(1, LIMIT):
        assert_signed_up(join(link, f"player{n}"), f"player{n}")
    assert_too_many(join(link, "one-too-many"), "one-too-many")
    assert campaign.players.count() == LIMIT - 1

    bruno = Client(REMOTE_ADDR=TABLE_WIFI)
    bruno.force_login(UserFactory(username="bruno"))
    assert bruno.post(f"/join/{link.token}/")["Location"] == f"/campaigns/{campaign.pk}/"
    assert campaign.players.filter(username="bruno").exists()
    assert_signed_up(join(link, "dieter", address=ELSEWHERE), "dieter")
