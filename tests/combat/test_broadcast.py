"""A command tells its encounter's viewers after commit (combat/broadcast.py). Inside a running server the server's
own loop sends the news: the command answers without waiting for the channel layer. A request's changes are told once
its answer is built (broadcast.AfterTheAnswer), so that this process's push does not compete with building it."""

import asyncio
import json
import logging
import threading
import time
import urllib.request

import pytest

from combat import broadcast
from tests.live_server import LiveServer

pytestmark = pytest.mark.django_db(transaction=True)


class HeldLayer:
    """A channel layer whose sends wait until the test lets them go, or fail when told to."""

    def __init__(self, fails=False):
        self.go = threading.Event()
        self.fails = fails
        self.sent = []  # (group, version, the thread that sent it)

    async def group_send(self, group, message):
        await asyncio.get_running_loop().run_in_executor(None, self.go.wait, 10)
        if self.fails:
            raise ConnectionError("Redis is away")
        self.sent.append((group, message["version"], threading.current_thread()))


@pytest.fixture
def server():
    running = LiveServer()
    running.start()
    yield running
    running.stop()


def command_over_the_api(server, table, name):
    request = urllib.request.Request(
        f"{server.url}/api/encounters/{table.encounter.pk}/commands/",
        data=json.dumps({"command": name}).encode(),
        headers={"Authorization": f"Bearer {table.token(table.gm)}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_a_command_answers_before_its_news_has_gone_out_then_the_server_loop_sends_it(server, table, monkeypatch):
    layer = HeldLayer()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)

    answer = command_over_the_api(server, table, "start")

    assert answer["ok"] and layer.sent == []  # the send still waits, the answer is here
    layer.go.set()
    assert wait_until(lambda: layer.sent)
    assert layer.sent[0][2] is server.thread  # the thread the server's loop runs in
    assert [(group, version) for group, version, _ in layer.sent] == [
        (broadcast.group_name(table.encounter.pk), answer["version"])
    ]
    assert wait_until(lambda: not broadcast.unsent)


def test_news_the_server_loop_could_not_send_is_logged_and_the_command_stands(server, table, monkeypatch, caplog):
    layer = HeldLayer(fails=True)
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    layer.go.set()

    with caplog.at_level(logging.ERROR, logger="combat.broadcast"):
        answer = command_over_the_api(server, table, "start")
        assert answer["ok"]
        assert wait_until(lambda: "Could not broadcast" in caplog.text)
    assert f"version {answer['version']} of encounter {table.encounter.pk}" in caplog.text
    table.encounter.refresh_from_db()
    assert table.encounter.version == answer["version"]


def test_with_no_server_running_the_news_is_sent_before_the_command_returns(table, monkeypatch):
    from combat import commands

    layer = HeldLayer()
    layer.go.set()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)

    outcome = commands.start(table.encounter, table.gm)

    assert [(group, version) for group, version, _ in layer.sent] == [
        (broadcast.group_name(table.encounter.pk), outcome.version)
    ]


def noting(events, name, function):
    def noted(*args, **kwargs):
        result = function(*args, **kwargs)
        events.append((name, None))
        return result

    return noted


@pytest.fixture
def told(monkeypatch):
    """[(what, version)]: ("told", version) as a change leaves the command's thread for the channel layer (not when
    it is only noted to be told later). The spine and `held()` both look `broadcast.encounter_changed` up as they
    call it, so the patch sees every change."""
    events = []
    tell = broadcast.encounter_changed

    def noted(encounter_id, version):
        if broadcast.waiting_changes.get() is None:
            events.append(("told", version))
        tell(encounter_id, version)

    monkeypatch.setattr(broadcast, "encounter_changed", noted)
    return events


def test_over_the_api_viewers_are_told_once_the_commands_answer_is_built_and_gzipped(server, table, told, monkeypatch):
    from django.middleware.gzip import GZipMiddleware

    from combat import views_state

    monkeypatch.setattr(views_state, "as_json", noting(told, "answer built", views_state.as_json))
    monkeypatch.setattr(
        GZipMiddleware, "process_response", noting(told, "answer gzipped", GZipMiddleware.process_response)
    )

    answer = command_over_the_api(server, table, "start")

    assert told == [("answer built", None), ("answer gzipped", None), ("told", answer["version"])]


def test_from_the_gm_screen_viewers_are_told_once_the_htmx_answer_is_drawn(table, told, monkeypatch):
    from combat import views

    monkeypatch.setattr(views, "live_fragments", noting(told, "answer drawn", views.live_fragments))

    answer = table.client(table.gm).post(f"/encounters/{table.encounter.pk}/do/start/", HTTP_HX_REQUEST="true")

    assert answer.status_code == 200 and 'id="initiative"' in answer.content.decode()
    table.encounter.refresh_from_db()
    assert told == [("answer drawn", None), ("told", table.encounter.version)]


def wait_until(condition, seconds=10):
    """True once `condition()` holds, checked every few milliseconds; False after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.005)
    return False
