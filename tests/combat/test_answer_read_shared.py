"""A command's answer and the push to the process's sockets come from one read of the version it made
(combat/live.py, `execute_for_answer`): the change is told only once that read is kept for the sockets."""

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from combat import broadcast, views_state
from tests.combat.screen import Screen
from tests.combat.test_consumers import connect

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def versions_read(monkeypatch):
    """The version of every read of an encounter the process makes, in every thread."""
    read = views_state.read
    versions = []

    def counted(encounter, *args, **kwargs):
        data = read(encounter, *args, **kwargs)
        versions.append(data.version)
        return data

    monkeypatch.setattr(views_state, "read", counted)
    return versions


async def following(table, *viewers):
    """Sockets of `viewers` on the table's encounter, each with the view it was sent on connect."""
    sockets = []
    for viewer in viewers:
        socket, connected, _ = await connect(table.encounter.pk, viewer)
        screen = Screen()
        screen.take(await socket.receive_from(timeout=3))
        sockets.append((socket, screen))
    return sockets


async def shown(sockets, version):
    """Each socket's screen once it shows `version`."""
    for socket, screen in sockets:
        while screen.version != version:
            screen.take(await socket.receive_from(timeout=5))
        await socket.disconnect()
    return [screen for _, screen in sockets]


def over_the_api(table, user, command, **args):
    return Client().post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        json.dumps({"command": command, "args": args}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {table.token(user)}",
    )


async def test_a_command_over_the_api_is_pushed_from_the_read_of_its_answer(table, channel_layer, versions_read):
    sockets = await following(table, table.gm, table.anna)
    versions_read.clear()
    # In a thread of its own, as a request's: the sockets' pushes run meanwhile on the database thread.
    answer = await sync_to_async(over_the_api, thread_sensitive=False)(
        table, table.gm, "apply_damage", combatant=table.orc.pk, amount=5
    )
    assert answer.status_code == 200, answer.content
    version = answer.json()["version"]
    gm, anna = await shown(sockets, version)
    assert versions_read == [version]
    orc = next(c for c in answer.json()["state"]["combatants"] if c["id"] == table.orc.pk)
    assert orc["wounds"] == 7 and "7/12" in gm.html
    assert "7/12" not in anna.html  # an NPC's wounds stay the GM's


async def test_a_gm_form_is_pushed_from_the_read_of_its_answer(table, channel_layer, versions_read):
    sockets = await following(table, table.anna)
    versions_read.clear()
    client = Client()
    await sync_to_async(client.force_login)(table.gm)
    url = reverse("command", args=[table.encounter.pk, "apply_damage"])
    answer = await sync_to_async(client.post, thread_sensitive=False)(
        url, {"combatant": table.gunther.pk, "amount": 2}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 200
    version = await sync_to_async(lambda: type(table.encounter).objects.get(pk=table.encounter.pk).version)()
    (anna,) = await shown(sockets, version)
    assert versions_read == [version]
    assert f'data-version="{version}"' in answer.content.decode()


def test_with_no_socket_following_the_api_answer_reads_without_the_log(table, versions_read):
    """Nothing in this process follows the encounter: its answer reads only what the API's state shows."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ran:
        assert over_the_api(table, table.gm, "start").status_code == 200
    assert len(versions_read) == 1
    assert not any("combat_logentry" in query["sql"] and "SELECT" in query["sql"] for query in ran.captured_queries)


def test_changes_told_while_held_go_out_when_the_block_ends_even_if_it_fails(monkeypatch):
    sent = []
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: Recorder(sent))
    with pytest.raises(ZeroDivisionError), broadcast.held():
        broadcast.encounter_changed(7, 3)
        broadcast.encounter_changed(7, 4)
        assert sent == []
        1 / 0
    assert sent == [("encounter-7", 3), ("encounter-7", 4)]
    broadcast.encounter_changed(7, 5)
    assert sent[-1] == ("encounter-7", 5)


class Recorder:
    def __init__(self, sent):
        self.sent = sent

    async def group_send(self, group, message):
        self.sent.append((group, message["version"]))


def reads_of_combatants(table, user, command, **args):
    """How many times the combatants are read while `command` runs over the API and answers."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ran:
        answer = over_the_api(table, user, command, **args)
    assert answer.status_code == 200, answer.content
    return answer, sum(query["sql"].startswith('SELECT "combat_combatant"."id"') for query in ran.captured_queries)


def test_an_answer_is_built_from_the_rows_the_command_left(table):
    """The command read the combatants under its lock and wrote what it changed: its answer reads them no more."""
    answer, reads = reads_of_combatants(table, table.gm, "apply_damage", combatant=table.orc.pk, amount=5)
    assert reads == 1
    orc = next(c for c in answer.json()["state"]["combatants"] if c["id"] == table.orc.pk)
    assert orc["wounds"] == 7


def test_an_answer_to_a_command_that_wrote_rows_itself_reads_them_again(table):
    """Undo writes the rows back itself, past the spine: the answer reads what the database now holds."""
    over_the_api(table, table.gm, "apply_damage", combatant=table.orc.pk, amount=5)
    answer, reads = reads_of_combatants(table, table.gm, "undo")
    assert reads == 2
    orc = next(c for c in answer.json()["state"]["combatants"] if c["id"] == table.orc.pk)
    assert orc["wounds"] == 12


def test_a_new_condition_is_answered_in_the_order_the_database_gives(table):
    """Conditions the command created are read again, in the database's own order by name."""
    over_the_api(table, table.gm, "add_condition", combatant=table.orc.pk, condition="Stunned")
    answer = over_the_api(table, table.gm, "add_condition", combatant=table.orc.pk, condition="Bleeding")
    orc = next(c for c in answer.json()["state"]["combatants"] if c["id"] == table.orc.pk)
    assert [condition["name"] for condition in orc["conditions"]] == ["Bleeding", "Stunned"]
