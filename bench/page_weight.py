"""Bytes on the wire of a first load of the demo encounter, in a real browser, as a phone and as the GM.

Two servers: `make run`'s (DEBUG on, static files from static/) and production's (DEBUG off, collected static
files). Each viewer is a fresh browser context, so nothing is cached; it is done once the live socket has pushed
the first view. Wire bytes are Chromium's encodedDataLength (headers and body as received), summed over every HTTP
response; the websocket's first push is counted apart.

    .venv/bin/python bench/page_weight.py
"""

import os
import subprocess
import sys
import tempfile

from common import ROOT, answering, demo_logins, free_port, prepare_environment, start_server

from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path

GOALS = {"phone": 30_000, "GM": 60_000}
VIEWPORTS = {"phone": {"width": 360, "height": 740}, "GM": {"width": 1366, "height": 768}}
LIVE_SOCKET_OPEN = (
    "() => document.querySelector('[ws-connect]') && "
    "document.querySelector('[ws-connect]')['htmx-internal-data']?.webSocket?.socket?.readyState === 1"
)


def start_make_run_server(env, port):
    """uvicorn as `make run` starts it (DEBUG on, static files collected); returns once it answers."""
    env = {**env, "DEBUG": "1"}
    collect = [sys.executable, "manage.py", "collectstatic", "--no-input"]
    subprocess.run(collect, cwd=ROOT, env=env, check=True, capture_output=True)
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)]
    command += ["--ws", "websockets-sansio", "--ws-per-message-deflate", "false", "--log-level", "warning"]
    return answering(subprocess.Popen(command, cwd=ROOT, env=env), port)


def gm_session():
    from django.test import Client

    from combat.models import Encounter
    from systems.wfrp4e.demo import ENCOUNTER

    client = Client()
    client.force_login(Encounter.objects.get(name=ENCOUNTER).campaign.gm)
    return client.cookies["sessionid"].value


class Weighing:
    """What one page load received, from Chromium's Network events."""

    def __init__(self, cdp):
        self.wire, self.body, self.encodings, self.urls = {}, {}, {}, {}
        self.frames, self.ws_extensions, self.accept_encoding = [], "", ""
        cdp.on("Network.requestWillBeSentExtraInfo", self.request_headers)
        cdp.on("Network.responseReceived", self.response)
        cdp.on("Network.dataReceived", self.data)
        cdp.on("Network.loadingFinished", self.finished)
        cdp.on("Network.webSocketHandshakeResponseReceived", self.handshake)
        cdp.on("Network.webSocketFrameReceived", self.frame)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})

    def request_headers(self, event):
        headers = {name.lower(): value for name, value in event["headers"].items()}
        self.accept_encoding = self.accept_encoding or headers.get("accept-encoding", "")

    def response(self, event):
        headers = {name.lower(): value for name, value in event["response"]["headers"].items()}
        self.urls[event["requestId"]] = event["response"]["url"]
        self.encodings[event["requestId"]] = headers.get("content-encoding", "identity")

    def data(self, event):
        self.body[event["requestId"]] = self.body.get(event["requestId"], 0) + event["dataLength"]

    def finished(self, event):
        self.wire[event["requestId"]] = event["encodedDataLength"]

    def handshake(self, event):
        headers = {name.lower(): value for name, value in event["response"]["headers"].items()}
        self.ws_extensions = headers.get("sec-websocket-extensions", "none")

    def frame(self, event):
        self.frames.append(len(event["response"]["payloadData"].encode()))


def weigh(browser, base_url, path, viewer, cookie):
    context = browser.new_context(viewport=VIEWPORTS[viewer])
    context.add_cookies([{"name": "sessionid", "value": cookie, "url": base_url}])
    page = context.new_page()
    weighing = Weighing(context.new_cdp_session(page))
    page.goto(base_url + path)
    page.wait_for_function(LIVE_SOCKET_OPEN)
    page.wait_for_function("n => document.querySelectorAll('[data-version]').length >= n", arg=1)
    page.wait_for_load_state("networkidle")
    context.close()
    return weighing


def report(mode, viewer, weighing):
    wire, body = sum(weighing.wire.values()), sum(weighing.body.values())
    goal = GOALS[viewer]
    verdict = "met" if wire <= goal else "MISSED"
    print(
        f"{mode:<10} {viewer:<5} {wire / 1000:6.1f} KB on the wire ({body / 1000:6.1f} KB uncompressed), "
        f"{len(weighing.wire)} responses; goal <= {goal // 1000} KB: {verdict}"
    )
    for request_id, size in sorted(weighing.wire.items(), key=lambda item: -item[1]):
        url = weighing.urls.get(request_id, "?").split("/", 3)[-1]
        plain = weighing.body.get(request_id, 0)
        print(f"    {size:7,d} B wire {plain:7,d} B plain  {weighing.encodings.get(request_id, '?'):<8} /{url}")
    first_push = weighing.frames[0] if weighing.frames else 0
    print(
        f"    websocket: first push {first_push:,d} B (decompressed), extensions: {weighing.ws_extensions}; "
        f"browser asked Accept-Encoding: {weighing.accept_encoding}"
    )
    return wire <= goal


def main():
    path = chromium_path()
    if not path:
        sys.exit("Debian's chromium is needed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    met = True
    with tempfile.TemporaryDirectory() as scratch:
        env = prepare_environment(f"sqlite:///{scratch}/weight.sqlite3")
        encounter_id, (player_cookie,), _ = demo_logins(1)
        cookies = {"phone": player_cookie, "GM": gm_session()}
        servers = {"make run": start_make_run_server, "production": start_server}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
            for mode, start in servers.items():
                port = free_port()
                server = start(env, port)
                try:
                    for viewer, cookie in cookies.items():
                        weighing = weigh(
                            browser, f"http://127.0.0.1:{port}", f"/encounters/{encounter_id}/", viewer, cookie
                        )
                        met = report(mode, viewer, weighing) and met
                finally:
                    server.terminate()
                    server.wait()
            browser.close()
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
