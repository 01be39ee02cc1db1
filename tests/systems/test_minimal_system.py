"""A fourth game system from a package of its own (tests/minimal_system, installed by tests/settings.py): it
passes the start-up checks, and a turn of it plays through the spine, the GM's page, the player's phone and the
API, with its one command, its timed condition and its sheet, with no generic file naming it."""

import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

import systems
from characters.models import ApiToken
from combat import commands
from combat.models import ConditionInstance, Encounter
from rules.models import ConditionDefinition
from tests.factories import CampaignFactory, CharacterFactory, EncounterFactory, UserFactory

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
GENERIC = ["characters", "combat", "config", "rules", "systems", "templates", "static"]


@pytest.fixture
def duel():
    ConditionDefinition.objects.create(system="duel", name="Dazed", stacks=False)
    gm, player = UserFactory(), UserFactory()
    campaign = CampaignFactory(system="duel", gm=gm)
    campaign.players.add(player)
    hero = CharacterFactory(
        campaign=campaign, name="Ser Aldo", player=player, characteristics={"Skill": 12}, points={"renown": 2}
    )
    brute = CharacterFactory(campaign=campaign, name="Brute", is_npc=True, characteristics={"Skill": 8})
    encounter = EncounterFactory(campaign=campaign, name="At the crossroads")
    aldo = commands.add_combatant(encounter, gm, character=hero.pk, initiative=10, max_wounds=5).result["combatant"]
    foe = commands.add_combatant(encounter, gm, character=brute.pk, initiative=5, max_wounds=4).result["combatant"]
    commands.start(encounter, gm)
    return encounter, gm, player, aldo, foe


def client_of(user):
    client = Client()
    client.force_login(user)
    return client


def api(user, encounter, command=None, **args):
    token = ApiToken.issue(user)
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"}
    if command is None:
        return Client().get(f"/api/encounters/{encounter.pk}/", **headers)
    body = json.dumps({"command": command, "args": args})
    return Client().post(f"/api/encounters/{encounter.pk}/commands/", body, "application/json", **headers)


def test_it_is_registered_and_passes_the_start_up_checks():
    duel = systems.get("duel")
    assert duel.label == "Duel d20" and not duel.complete
    assert "duel" not in dict(systems.offered())  # not complete: not offered for new campaigns
    call_command("check", fail_level="ERROR")


def test_no_generic_file_names_it():
    named = [
        str(path.relative_to(ROOT))
        for top in GENERIC
        for path in (ROOT / top).rglob("*")
        if path.suffix in (".py", ".html", ".js", ".json") and "Duel" in path.read_text(errors="ignore")
    ]
    assert named == []


def test_a_turn_plays_through_the_phone_the_api_and_the_gm_page(duel):
    encounter, gm, player, aldo, foe = duel
    phone = client_of(player).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'id="duel-phone-strike"' in phone and "Ser Aldo" in phone  # its partial, on the player's turn

    answer = api(player, encounter, "strike", combatant=aldo, target=foe, d20=1)
    assert answer.status_code == 200, answer.content
    assert answer.json()["message"] == "Ser Aldo rolls 1 against 12 and hits Brute (3 hit points left)."
    dazed = ConditionInstance.objects.get(combatant_id=aldo)
    assert (dazed.name, dazed.remaining) == ("Dazed", 1)

    state = api(player, encounter).json()
    mine = next(c for c in state["combatants"] if c["id"] == aldo)
    assert mine["dazed"] is True and mine["conditions"] == [{"name": "Dazed", "count": 1, "remaining": 1}]
    assert next(c for c in state["combatants"] if c["id"] == foe)["wounds"] is None  # an NPC's, to a player
    assert next(c for c in api(gm, encounter).json()["combatants"] if c["id"] == foe)["wounds"] == 3

    gm_page = client_of(gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "Ser Aldo rolls 1 against 12" in gm_page and "Hit points" in gm_page

    commands.next_turn(encounter, gm)  # the brute's turn: the GM strikes for it from the turn tools
    gm_page = client_of(gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'id="duel-strike"' in gm_page
    refused = api(player, encounter, "strike", combatant=foe, target=aldo)
    assert refused.status_code == 403 and "not your character" in refused.json()["error"]
    commands.strike(encounter, gm, combatant=foe, target=aldo, d20=20)
    commands.next_turn(encounter, gm)  # the round ends: the daze wears off
    assert not ConditionInstance.objects.filter(combatant_id=aldo).exists()

    commands.undo(encounter, gm)
    assert ConditionInstance.objects.get(combatant_id=aldo).remaining == 1
    assert Encounter.objects.get(pk=encounter.pk).round == 1


def test_its_sheet_counter_is_set_by_the_generic_command_and_refused_out_of_range(duel):
    encounter, gm, _, aldo, _ = duel
    answer = api(gm, encounter, "set_points", combatant=aldo, renown=5)
    assert answer.status_code == 200 and answer.json()["message"] == "The GM sets Ser Aldo's Renown 5."
    refused = api(gm, encounter, "set_points", combatant=aldo, renown=-1)
    assert refused.status_code == 400
    assert api(gm, encounter, "set_points", combatant=aldo, fortune=3).status_code == 400  # not its counter
