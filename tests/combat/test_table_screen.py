"""The table screen from the outside: its link (made, listed, revoked, expired, refused to players and outsiders),
its page without a login, and its websocket, which follows only its own encounter and never shows a hidden one."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.utils import timezone

import systems
from combat import commands, consumers
from combat.models import Encounter, TableLink
from config.asgi import application
from systems.symbaroum import demo as symbaroum_demo
from systems.wfrp3e import demo as wfrp3e_demo
from systems.wfrp4e import demo as wfrp4e_demo

HIDDEN = "Sneaky Goblin"


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def started(table):
    """The fight running with the hidden goblin first (initiative 50) and a log line naming it."""
    gm = table.gm
    commands.set_initiative(table.encounter, gm, combatant=table.anders.pk, value=30)
    commands.set_initiative(table.encounter, gm, combatant=table.gunther.pk, value=20)
    commands.start(table.encounter, gm)
    commands.apply_damage(table.encounter, gm, combatant=table.hidden_goblin.pk, amount=2)
    commands.add_condition(table.encounter, gm, combatant=table.orc.pk, condition="Prone", remaining=2)


@pytest.fixture
def link(table):
    return TableLink.issue(encounter=table.encounter)


def test_the_gm_makes_a_link_and_finds_it_on_the_table_screen_page(table):
    gm = logged_in(table.gm)
    screen = gm.get(f"/encounters/{table.encounter.pk}/").text
    assert f'href="/encounters/{table.encounter.pk}/table-links/"' in screen
    answer = gm.post(f"/encounters/{table.encounter.pk}/table-links/new/", {"days": "1"}, follow=True)
    link = TableLink.objects.get(encounter=table.encounter)
    assert "New table screen link, valid for 1 day" in answer.text
    assert f"/table/{link.token}/" in answer.text
    assert timedelta(hours=23) < link.expires - timezone.now() <= timedelta(days=1)


def test_a_link_lasts_only_as_long_as_offered(table):
    answer = logged_in(table.gm).post(f"/encounters/{table.encounter.pk}/table-links/new/", {"days": "2"}, follow=True)
    assert "Choose how long the link lasts: 1, 3, 7, 14 or 30 days." in answer.text
    assert not TableLink.objects.exists()


def test_only_the_gm_makes_lists_or_revokes_links(table, other_table, link):
    pk = table.encounter.pk
    player, outsider = logged_in(table.anna), logged_in(table.outsider)
    assert player.get(f"/encounters/{pk}/table-links/").status_code == 403
    assert player.post(f"/encounters/{pk}/table-links/new/", {"days": "1"}).status_code == 403
    assert player.post(f"/encounters/{pk}/table-links/{link.pk}/revoke/").status_code == 403
    assert outsider.get(f"/encounters/{pk}/table-links/").status_code == 404
    assert outsider.post(f"/encounters/{pk}/table-links/new/", {"days": "1"}).status_code == 404
    # Another GM cannot reach this link through their own encounter.
    other_gm = logged_in(other_table.campaign.gm)
    assert other_gm.post(f"/encounters/{other_table.pk}/table-links/{link.pk}/revoke/").status_code == 404
    assert Client().get(f"/encounters/{pk}/table-links/").status_code == 302  # to the login page
    assert TableLink.objects.count() == 1 and TableLink.objects.get().revoked is None
    assert link.token not in player.get(f"/encounters/{pk}/").text


def test_the_table_screen_shows_the_fight_as_players_see_it_without_a_login(table, link):
    started(table)
    page = Client().get(f"/table/{link.token}/")
    assert page.status_code == 200
    html = page.text
    assert HIDDEN not in html and "goblin" not in html.lower()
    assert "Orc Grukk" in html and "Anders" in html and "Gunther" in html
    assert "Prone" in html and "2 rounds left" in html
    assert "Waiting…" in html  # the hidden goblin's turn names no one
    assert f'ws-connect="/ws/table/{link.token}/' in html
    assert "as of round 1" in html
    assert "Reikland" not in html  # nothing of the campaign
    assert 'name="csrfmiddlewaretoken"' not in html and "<form" not in html
    commands.next_turn(table.encounter, table.gm)
    html = Client().get(f"/table/{link.token}/").text
    assert "Now: <strong" in html and "as of round 1, Anders's turn" in html
    assert HIDDEN not in html


@pytest.mark.parametrize("gone", ["revoked", "expired", "unknown"])
def test_a_link_gone_answers_in_words(table, link, gone):
    if gone == "revoked":
        logged_in(table.gm).post(f"/encounters/{table.encounter.pk}/table-links/{link.pk}/revoke/")
    elif gone == "expired":
        TableLink.objects.filter(pk=link.pk).update(expires=timezone.now() - timedelta(seconds=1))
    token = "no-such-token" if gone == "unknown" else link.token
    page = Client().get(f"/table/{token}/")
    assert page.status_code == (404 if gone == "unknown" else 410)
    assert {"revoked": "The GM revoked", "expired": "has expired", "unknown": "is not known"}[gone] in page.text
    assert "Ford" not in page.text and "Orc Grukk" not in page.text


async def table_socket(token, query=""):
    headers = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")]
    communicator = WebsocketCommunicator(application, f"/ws/table/{token}/{query}", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


@pytest.mark.django_db(transaction=True)
async def test_the_table_socket_follows_its_encounter_alone_and_never_a_hidden_one(table, other_table, channel_layer):
    link = await sync_to_async(TableLink.issue)(encounter=table.encounter)
    await sync_to_async(started)(table)
    socket, connected = await table_socket(link.token)
    assert connected
    first = await socket.receive_from(timeout=3)
    assert 'id="table-order"' in first and "Orc Grukk" in first and HIDDEN not in first
    await sync_to_async(commands.next_turn)(table.encounter, table.gm)
    pushed = await socket.receive_from(timeout=3)
    assert "Anders" in pushed and HIDDEN not in pushed
    # A change to another campaign's encounter reaches nothing here.
    elsewhere = other_table.campaign.gm
    await sync_to_async(commands.add_combatant)(other_table, elsewhere, name="Elsewhere Ogre", max_wounds=9)
    assert await socket.receive_nothing(timeout=0.3)
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_a_bad_token_gets_no_socket(table):
    revoked = await sync_to_async(TableLink.issue)(encounter=table.encounter)
    expired = await sync_to_async(TableLink.issue)(encounter=table.encounter)
    await sync_to_async(revoked.revoke)()
    await sync_to_async(TableLink.objects.filter(pk=expired.pk).update)(expires=timezone.now())
    for token in (revoked.token, expired.token, revoked.token[:-1], "%20", "x" * 5000):
        assert not (await table_socket(token))[1], token


@pytest.mark.django_db(transaction=True)
async def test_revoking_closes_an_open_table_socket(table, monkeypatch):
    monkeypatch.setattr(consumers, "REJOIN_INTERVAL", 0.05)
    link = await sync_to_async(TableLink.issue)(encounter=table.encounter)
    socket, connected = await table_socket(link.token)
    assert connected
    await socket.receive_from(timeout=3)
    await sync_to_async(link.revoke)()
    closed = await socket.receive_output(timeout=3)
    assert closed == {"type": "websocket.close", "code": consumers.FORBIDDEN}
    await socket.disconnect()


@pytest.mark.parametrize(
    "system, fight, players_see",
    [
        ("wfrp4e", wfrp4e_demo.ENCOUNTER, "Allies' Advantage"),
        ("symbaroum", symbaroum_demo.ENCOUNTER, "Now:"),
        ("wfrp3e", wfrp3e_demo.ENCOUNTER, "Party fortune"),
    ],
)
def test_each_game_shows_the_table_what_it_shows_players_and_no_hidden_one(rules_data, system, fight, players_see):
    """Each game's demo fight, running, with a hidden creature: the table gets the pools the phone shows."""
    systems.get(system).seed_demo()
    encounter = Encounter.objects.get(name=fight)
    html = Client().get(TableLink.issue(encounter=encounter).get_absolute_url()).text
    assert players_see in html and "as of round 1" in html
    for hidden in encounter.combatants.filter(hidden=True).values_list("name", flat=True):
        assert hidden not in html
