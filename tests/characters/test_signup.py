"""Sign-up at /accounts/signup/: a new account, open or closed to the public (SIGNUP_OPEN)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()
GOOD = {"username": "clara", "password1": "rapier-and-lantern", "password2": "rapier-and-lantern"}


def test_a_visitor_signs_up_and_is_logged_in_on_the_home_page():
    client = Client()
    page = client.get("/accounts/signup/").content.decode()
    for name in ("username", "password1", "password2"):
        assert f'name="{name}"' in page
    assert "Create account" in page and "Password again" in page and 'href="/accounts/login/"' in page

    response = client.post("/accounts/signup/", GOOD, follow=True)

    assert response.redirect_chain == [("/", 302)]
    assert User.objects.get(username="clara").check_password("rapier-and-lantern")
    assert response.context["user"].username == "clara"
    assert "Welcome, clara." in response.content.decode()


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        ({"password1": "password", "password2": "password"}, "This password is too common."),
        ({"password1": "12345678901", "password2": "12345678901"}, "This password is entirely numeric."),
        ({"password1": "short", "password2": "short"}, "This password is too short."),
        ({"password2": "rapier-and-lantern!"}, "The two passwords differ: type the same password twice."),
        ({"password2": ""}, "Type the password again."),
        ({"username": ""}, "Choose a username."),
        ({"username": "clara the bold"}, "A username may hold only letters, digits and @ . + - _"),
    ],
)
def test_a_bad_sign_up_says_why_and_creates_no_account(fields, error):
    response = Client().post("/accounts/signup/", {**GOOD, **fields})
    page = response.content.decode()
    assert response.status_code == 200 and error in page
    assert "This field is required" not in page
    assert not User.objects.filter(username__in=["clara", "clara the bold"]).exists()


def test_a_taken_username_is_refused_whatever_its_case():
    UserFactory(username="Clara")
    page = Client().post("/accounts/signup/", GOOD).content.decode()
    assert "That username is taken: choose another." in page
    assert "A user with that username already exists" not in page
    assert User.objects.filter(username__iexact="clara").count() == 1


def test_sign_up_goes_on_to_the_page_asked_for_on_this_site_only():
    response = Client().post("/accounts/signup/?next=/accounts/token/", GOOD)
    assert response["Location"] == "/accounts/token/"
    for elsewhere in ("https://evil.example/", "//evil.example/", "javascript:alert(1)"):
        client = Client()
        page = client.get("/accounts/signup/", {"next": elsewhere}).content.decode()
        assert "evil.example" not in page and "javascript" not in page
        response = client.post("/accounts/signup/", {**GOOD, "username": f"c{len(elsewhere)}", "next": elsewhere})
        assert response["Location"] == "/"


def test_a_logged_in_user_is_sent_home_from_the_sign_up_page():
    client = Client()
    client.force_login(UserFactory(username="anna"))
    assert client.get("/accounts/signup/")["Location"] == "/"


def test_the_login_page_offers_sign_up_while_it_is_open(settings):
    assert 'href="/accounts/signup/"' in Client().get("/accounts/login/").content.decode()
    settings.SIGNUP_OPEN = False
    assert "/accounts/signup/" not in Client().get("/accounts/login/").content.decode()


def test_a_closed_tracker_refuses_sign_up_in_words(settings):
    settings.SIGNUP_OPEN = False
    client = Client()
    response = client.get("/accounts/signup/")
    assert response.status_code == 403
    assert "Sign-up is closed on this tracker. Ask your GM for a join link" in response.content.decode()
    assert client.post("/accounts/signup/", GOOD).status_code == 403
    assert not User.objects.filter(username="clara").exists()
