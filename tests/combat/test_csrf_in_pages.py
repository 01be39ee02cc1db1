"""The encounter screens are drawn with a stand-in for the CSRF token, so the GM's rows can be reused from one
request to the next (combat/rendering.py); every form that leaves still carries the viewer's own token, which the
server accepts, and never the stand-in or another browser's token."""

import re

import pytest
from django.test import Client

from combat.models import Combatant
from combat.rendering import CSRF_PLACEHOLDER

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HEADER = re.compile(r'"X-CSRFToken": "([^"]+)"')
CSRF_REFUSAL = "Reload the page and send it again"  # templates/403_csrf.html


def browser(user):
    """A browser that, like a real one, is refused a form post without the token its page gave it."""
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    return client


def tokens(html):
    found = TOKEN.findall(html) + HEADER.findall(html)
    assert found and CSRF_PLACEHOLDER not in html
    return set(found)


def set_initiative(client, table, token, value, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(
        f"/encounters/{table.encounter.pk}/do/set_initiative/",
        {"csrfmiddlewaretoken": token, "combatant": table.orc.pk, "value": value},
        headers=headers,
    )


def initiative_of_orc(table):
    return Combatant.objects.get(pk=table.orc.pk).initiative


def test_the_gm_page_carries_the_gms_own_token_in_every_form_and_the_server_takes_it(table):
    gm = browser(table.gm)
    page = gm.get(f"/encounters/{table.encounter.pk}/").content.decode()
    (token,) = tokens(page)  # one token for the whole page: the rows' forms, the panels' and htmx's header

    assert set_initiative(gm, table, token, 33).status_code == 302
    assert initiative_of_orc(table) == 33


def test_two_browsers_of_one_gm_each_get_their_own_token_though_the_rows_are_reused(table):
    laptop, tablet = browser(table.gm), browser(table.gm)
    url = f"/encounters/{table.encounter.pk}/"
    (laptop_token,) = tokens(laptop.get(url).content.decode())
    (tablet_token,) = tokens(tablet.get(url).content.decode())  # its rows come from the laptop's render

    assert set_initiative(tablet, table, tablet_token, 34).status_code == 302
    assert initiative_of_orc(table) == 34
    assert laptop_token != tablet_token


def test_a_commands_htmx_answer_carries_the_token_of_who_sent_it(table):
    gm = browser(table.gm)
    (token,) = tokens(gm.get(f"/encounters/{table.encounter.pk}/").content.decode())

    answer = set_initiative(gm, table, token, 35, htmx=True)
    assert answer.status_code == 200
    (answered,) = tokens(answer.content.decode())

    assert set_initiative(gm, table, answered, 36, htmx=True).status_code == 200
    assert initiative_of_orc(table) == 36


def test_a_players_phone_carries_the_players_own_token(table):
    phone = browser(table.anna)
    url = f"/encounters/{table.encounter.pk}/"
    (token,) = tokens(phone.get(url).content.decode())
    command = f"{url}do/next_turn/"

    forged = phone.post(command).content.decode()
    passed = phone.post(command, {"csrfmiddlewaretoken": token}).content.decode()

    assert CSRF_REFUSAL in forged  # the check is really made
    assert CSRF_REFUSAL not in passed  # the token passes; next turn is the GM's, so it is refused for that
