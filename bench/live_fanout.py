"""Fan-out benchmark: the GM's next turn reaching N phone websockets on a real uvicorn server.

Prints, per command: latency from the API call to each phone having the new view (p50/p95/max), bytes per
push, and the queries a command and one viewer's render take. Uses DATABASE_URL / REDIS_URL when set,
else a fresh SQLite file and the in-memory layer.

    .venv/bin/python bench/live_fanout.py --phones 100 --turns 20
"""

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prepare_environment():
    env = dict(os.environ, DEBUG="1", DJANGO_SETTINGS_MODULE="config.settings")
    if not env.get("DATABASE_URL"):
        env["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    for step in (["migrate", "--no-input"], ["loadrules"], ["seeddemo"]):
        subprocess.run([sys.executable, "manage.py", *step], cwd=ROOT, env=env, check=True, capture_output=True)
    os.environ.update(env)
    return env


def django_side(phones):
    """Sessions for `phones` player sockets, the GM's token, and in-process query/render figures."""
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from characters.demo import ENCOUNTER
    from characters.models import ApiToken
    from combat.models import Encounter
    from combat.rendering import live_fragments
    from combat.views_state import build, load_encounter

    encounter = Encounter.objects.get(name=ENCOUNTER)
    players = list(encounter.campaign.players.all())
    cookies = []
    for index in range(phones):
        user = players[index % len(players)]
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        cookies.append(session.session_key)
    token = ApiToken.issue(encounter.campaign.gm)

    figures = {}
    for label, viewer in (("gm", encounter.campaign.gm), ("player", players[0])):
        live_fragments(build(load_encounter(encounter.pk), viewer))  # warm the template cache
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            html = live_fragments(build(load_encounter(encounter.pk), viewer))
        figures[label] = (len(queries), (time.perf_counter() - started) * 1000, len(html.encode()))
    return encounter.pk, cookies, token, figures


def post_next_turn(base, encounter_id, token):
    request = urllib.request.Request(
        f"{base}/api/encounters/{encounter_id}/commands/",
        data=json.dumps({"command": "next_turn"}).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())["version"]


async def run(base, ws_base, encounter_id, cookies, token, turns):
    import websockets

    sockets = []
    for cookie in cookies:
        sockets.append(
            await websockets.connect(
                f"{ws_base}/ws/encounters/{encounter_id}/",
                additional_headers={"Cookie": f"sessionid={cookie}", "Origin": base},
                max_size=None,
            )
        )
    await asyncio.gather(*(ws.recv() for ws in sockets))

    latencies, sizes = [], []

    async def wait_for(ws, version, started):
        marker = f'data-version="{version}"'
        while True:
            message = await asyncio.wait_for(ws.recv(), timeout=10)
            if marker in message:
                latencies.append((time.perf_counter() - started) * 1000)
                sizes.append(len(message.encode()))
                return

    loop = asyncio.get_running_loop()
    for _ in range(turns):
        started = time.perf_counter()
        version = await loop.run_in_executor(None, post_next_turn, base, encounter_id, token)
        await asyncio.gather(*(wait_for(ws, version, started) for ws in sockets))
    await asyncio.gather(*(ws.close() for ws in sockets))
    return latencies, sizes


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--turns", type=int, default=20)
    options = parser.parse_args()

    env = prepare_environment()
    encounter_id, cookies, token, figures = django_side(options.phones)
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "config.asgi:application",
            "--port",
            str(port),
            "--ws",
            "websockets-sansio",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{base}/accounts/login/")
                break
            except OSError:
                time.sleep(0.1)
        latencies, sizes = asyncio.run(run(base, ws_base, encounter_id, cookies, token, options.turns))
    finally:
        server.terminate()
        server.wait(timeout=10)

    layer = "redis" if env.get("REDIS_URL") else "in-memory"
    print(f"database: {env['DATABASE_URL'].split('://')[0]}; channel layer: {layer}")
    print(f"{options.phones} phone sockets x {options.turns} next_turn commands over the JSON API")
    print(
        f"API call -> phone has the new view: p50 {percentile(latencies, 0.5):.1f} ms, "
        f"p95 {percentile(latencies, 0.95):.1f} ms, max {max(latencies):.1f} ms"
    )
    print(f"bytes per push to a phone: median {statistics.median(sizes):.0f}")
    for label, (queries, millis, size) in figures.items():
        print(f"one {label} view render: {queries} queries, {millis:.1f} ms, {size} bytes")


if __name__ == "__main__":
    main()
