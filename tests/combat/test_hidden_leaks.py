"""A player's error never names what that player cannot see, and a hidden id answers exactly like a missing one:
by API, htmx form, flash message, claim and sheet pages, and websocket."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from characters.models import Character
from combat import commands
from combat.commands import offered_to
from tests.combat.test_consumers import connect
from tests.factories import CharacterFactory

WFRP4E_COMMANDS = offered_to("wfrp4e")  # the commands a WFRP 4e encounter may run

pytestmark = pytest.mark.django_db

CANARY = "Zygmunt Canary"
MISSING = 987654


@pytest.fixture
def hidden(table):
    """A hidden NPC with a sheet, acting first, with an open Bleeding test of its own (house rules on)."""
    commands.set_house_rules(table.encounter, table.gm, rules=["all"])
    npc = CharacterFactory(campaign=table.campaign, name=CANARY, is_npc=True, characteristics={"I": 60, "T": 30})
    pk = commands.add_combatant(table.encounter, table.gm, character=npc.pk, initiative=99, hidden=True).result
    combatant = table.encounter.combatants.get(pk=pk["combatant"])
    commands.add_condition(table.encounter, table.gm, combatant=combatant.pk, condition="Bleeding", count=1)
    commands.start(table.encounter, table.gm)
    commands.next_turn(table.encounter, table.gm)  # the canary's turn ends: its Bleeding test opens
    table.encounter.refresh_from_db()
    prompt = next(p for p in table.encounter.pools["prompts"] if p["combatant"] == combatant.pk)
    return combatant, npc, prompt["id"]


def player_commands():
    return sorted(name for name, cmd in WFRP4E_COMMANDS.items() if not cmd.gm_only)


def id_fields(name):
    return [field for field in WFRP4E_COMMANDS[name].args.base_fields if field in {"combatant", "prompt"}]


def args_for(name, field, value):
    """The id under test, plus what else the command needs to get as far as looking it up."""
    return {field: value, **({"position": 0} if "position" in WFRP4E_COMMANDS[name].args.base_fields else {})}


def api(client, encounter, name, args):
    return client.post(
        f"/api/encounters/{encounter.pk}/commands/",
        json.dumps({"command": name, "args": args}),
        content_type="application/json",
    )


def assert_same_answer(hidden_response, missing_response, hidden_id):
    assert CANARY not in hidden_response.content.decode()
    assert hidden_response.status_code == missing_response.status_code
    assert hidden_response.content.decode().replace(str(hidden_id), "ID") == missing_response.content.decode().replace(
        str(MISSING), "ID"
    )


@pytest.mark.parametrize("name", player_commands())
def test_api_answers_a_hidden_id_like_a_missing_one(table, hidden, name):
    combatant, _, prompt = hidden
    anna = table.client(table.anna)
    for field in id_fields(name):
        hidden_id = prompt if field == "prompt" else combatant.pk
        hidden_answer = api(anna, table.encounter, name, args_for(name, field, hidden_id))
        missing_answer = api(anna, table.encounter, name, args_for(name, field, MISSING))
        assert_same_answer(hidden_answer, missing_answer, hidden_id)
        assert hidden_answer.status_code == 400


@pytest.mark.parametrize("name", player_commands())
def test_phone_forms_answer_a_hidden_id_like_a_missing_one(table, hidden, name):
    combatant, _, prompt = hidden
    anna = table.client(table.anna)
    url = f"/encounters/{table.encounter.pk}/do/{name}/"
    for field in id_fields(name):
        hidden_id = prompt if field == "prompt" else combatant.pk
        for htmx in ({"HTTP_HX_REQUEST": "true"}, {}):
            hidden_answer = anna.post(url, args_for(name, field, hidden_id), follow=True, **htmx)
            missing_answer = anna.post(url, args_for(name, field, MISSING), follow=True, **htmx)
            assert CANARY not in hidden_answer.content.decode()
            assert hidden_answer.status_code == missing_answer.status_code == 200
        flashes = [str(message) for message in hidden_answer.context["messages"]]  # the page after the redirect
        assert flashes == [str(m).replace(str(MISSING), str(hidden_id)) for m in missing_answer.context["messages"]]
        assert any("no combatant" in text or "no open test" in text for text in flashes), flashes


def test_choosing_a_place_while_a_hidden_combatant_acts_does_not_name_it(table, hidden):
    table.encounter.refresh_from_db()
    combatant, _, _ = hidden
    while table.encounter.active_id != combatant.pk:
        commands.next_turn(table.encounter, table.gm)
    first = table.encounter.combatants.order_by("position").first()
    assert first.pk == combatant.pk  # the hidden canary opens the Round and is acting
    answer = api(
        table.client(table.anna), table.encounter, "choose_when_to_act", {"combatant": table.anders.pk, "position": 0}
    )
    assert answer.status_code == 400
    assert CANARY not in answer.content.decode() and "already acting" in answer.json()["error"]


def test_hidden_npc_sheet_and_claim_answer_like_missing_ones(table, hidden):
    _, npc, _ = hidden
    anna = table.client(table.anna)
    for path in ("/characters/{}/", "/characters/{}/edit/"):
        hidden_answer, missing_answer = anna.get(path.format(npc.pk)), anna.get(path.format(MISSING))
        assert hidden_answer.status_code == missing_answer.status_code == 404
        assert CANARY not in hidden_answer.content.decode()
    hidden_answer = anna.post(f"/characters/{npc.pk}/claim/", follow=True)
    missing_answer = anna.post(f"/characters/{MISSING}/claim/", follow=True)
    assert hidden_answer.status_code == missing_answer.status_code == 404
    assert CANARY not in hidden_answer.content.decode()
    assert Character.objects.get(pk=npc.pk).player is None


def test_an_outsider_learns_nothing_from_ids(table, hidden):
    combatant, npc, prompt = hidden
    outsider = Client()
    outsider.force_login(table.outsider)
    for name in player_commands():
        assert CANARY not in api(outsider, table.encounter, name, {"combatant": combatant.pk}).content.decode()
    assert outsider.get(f"/characters/{npc.pk}/").status_code == 404


@pytest.mark.django_db(transaction=True)
async def test_the_phone_socket_never_carries_the_hidden_name(table, hidden):
    combatant, _, prompt = hidden
    socket, connected, _ = await connect(table.encounter.pk, table.anna)
    assert connected
    frames = [await socket.receive_from(timeout=3)]
    await sync_to_async(commands.apply_damage)(table.encounter, table.gm, combatant=combatant.pk, amount=2)
    frames.append(await socket.receive_from(timeout=3))
    await socket.send_to(text_data="resync please")  # any message from a viewer asks for a full resync
    frames.append(await socket.receive_from(timeout=3))
    assert all(CANARY not in frame for frame in frames)
    assert all("Sneaky Goblin" not in frame for frame in frames)
    await socket.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_while_a_hidden_combatant_acts_no_player_page_or_frame_carries_its_turn(table):
    await sync_to_async(commands.start)(table.encounter, table.gm)  # the hidden goblin (initiative 50) acts first
    hidden_turn = f"1:{table.hidden_goblin.pk}"
    url = f"/encounters/{table.encounter.pk}/"
    gm_page = await sync_to_async(lambda: table.client(table.gm).get(url).content.decode())()
    assert f'data-turn="{hidden_turn}"' in gm_page  # the GM's screen redraws its turn's panels by it
    player_page = await sync_to_async(lambda: table.client(table.anna).get(url).content.decode())()
    socket, connected, _ = await connect(table.encounter.pk, table.anna)
    assert connected
    frames = [await socket.receive_from(timeout=3)]
    await sync_to_async(commands.apply_damage)(table.encounter, table.gm, combatant=table.hidden_goblin.pk, amount=1)
    frames.append(await socket.receive_from(timeout=3))  # a push during its turn: the version alone
    assert 'data-version="' in frames[-1]
    assert all("data-turn" not in text and hidden_turn not in text for text in [player_page, *frames])
    await socket.disconnect()
