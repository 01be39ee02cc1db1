"""To an outsider, another campaign's ids answer exactly as missing ones do, at every door: page, form, htmx, API."""

import json
import re

import pytest
from django.test import Client

from characters.models import JoinLink
from combat.models import CombatantGroup, LogEntry
from tests.factories import CampaignFactory, CharacterFactory, CombatantFactory, EncounterFactory

pytestmark = pytest.mark.django_db

# Ids no other number on a page looks like, so that replacing them neutralises only the id.
OTHER_TABLE_IDS = range(424_241, 424_300)
MISSING = 535_353
CSRF_TOKEN = re.compile(r'"X-CSRFToken": "\w+"|name="csrfmiddlewaretoken" value="\w+"')

CAMPAIGN_DOORS = [
    "/campaigns/{}/",
    "/campaigns/{}/export/",
    "/campaigns/{}/house-rules/",
    "/campaigns/{}/characters/new/",
    "/campaigns/{}/npcs/new/",
    "/campaigns/{}/characters/import/",
    "/campaigns/{}/encounters/new/",
    "/campaigns/{}/join-links/",
]
ENCOUNTER_DOORS = [
    "/encounters/{}/",
    "/encounters/{}/do/next_turn/",
    "/encounters/{}/do/no_such_command/",
    "/encounters/{}/house-rules/",
    "/encounters/{}/duplicate/",
    "/encounters/{}/save-group/",
    "/encounters/{}/attack/",
    "/api/encounters/{}/",
    "/api/encounters/{}/commands/",
]
CHARACTER_DOORS = [
    "/characters/{}/",
    "/characters/{}/claim/",
    "/characters/{}/notes/",
    "/characters/{}/edit/",
    "/characters/{}/duplicate/",
    "/characters/{}/delete/",
    "/characters/{}/download/",
]


def answers(client, door, pk):
    """Each way of knocking on `door` with `pk`: status and body, with the path and id made neutral."""
    path = door.format(pk)
    knocks = [
        client.get(path),
        client.get(path, headers={"HX-Request": "true"}),
        client.post(path, {"name": "Probe", "combatant": 1}),
        client.post(path, json.dumps({"command": "next_turn"}), content_type="application/json"),
    ]
    return [(r.status_code, CSRF_TOKEN.sub("<csrf>", r.content.decode().replace(str(pk), "<id>"))) for r in knocks]


@pytest.fixture
def other_table(table):
    """Another GM's campaign, with an encounter, a player's character in it, a saved group and a join link."""
    ids = iter(OTHER_TABLE_IDS)
    campaign = CampaignFactory(pk=next(ids), name="Middenheim")
    campaign.players.add(table.bruno)
    encounter = EncounterFactory(pk=next(ids), campaign=campaign)
    hero = CharacterFactory(pk=next(ids), campaign=campaign, player=table.bruno)
    CombatantFactory(pk=next(ids), encounter=encounter, character=hero, name=hero.name)
    group = CombatantGroup.objects.create(pk=next(ids), campaign=campaign, name="Ambushers", members=[])
    link = JoinLink.objects.create(pk=next(ids), campaign=campaign, expires=JoinLink.issue(campaign).expires)
    return [
        *((door, campaign.pk) for door in CAMPAIGN_DOORS),
        (f"/campaigns/{{}}/join-links/{link.pk}/revoke/", campaign.pk),
        (f"/campaigns/{campaign.pk}/join-links/{{}}/revoke/", link.pk),
        ("/groups/{}/delete/", group.pk),
        *((door, encounter.pk) for door in ENCOUNTER_DOORS),
        *((door, hero.pk) for door in CHARACTER_DOORS),
    ]


@pytest.mark.parametrize("who", ["outsider", "anna"])
def test_every_door_answers_an_outsider_as_for_a_missing_id(table, other_table, who):
    """Nobody outside the campaign, whether they play in another of its GM's or in none, learns its ids exist."""
    client = table.client(getattr(table, who))
    logged = LogEntry.objects.count()
    for door, pk in other_table:
        real, missing = answers(client, door, pk), answers(client, door, MISSING)
        assert real == missing, door
        # 400: a form posted to the JSON API is refused, whatever the id, before any encounter is looked up.
        assert {status for status, _ in real} <= {400, 404, 405}, door
    assert LogEntry.objects.count() == logged


def test_an_outsiders_api_token_learns_nothing_either(table, other_table):
    bearer = {"Authorization": f"Bearer {table.token(table.outsider)}"}
    for door, pk in other_table:
        if door.startswith("/api/"):
            real, missing = (answers(Client(headers=bearer), door, some_id) for some_id in (pk, MISSING))
            assert real == missing, door


def test_a_player_of_the_campaign_still_hears_what_is_not_theirs(table):
    """Members know the campaign exists: they are told what they may not do, not that nothing is there."""
    client = table.client(table.anna)
    assert client.get(f"/campaigns/{table.campaign.pk}/export/").status_code == 403
    assert client.post(f"/encounters/{table.encounter.pk}/do/next_turn/").status_code == 403
    assert client.get(f"/encounters/{table.encounter.pk}/attack/").status_code == 403
