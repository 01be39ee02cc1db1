"""What the bench scripts share: a seeded demo, logged-in phones, a real uvicorn, the GM's JSON API."""

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VERSION = re.compile(r'data-version="(\d+)"')


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# The server runs with production settings: with DEBUG on, Django keeps the last 9,000 queries of every database
# connection, which alone grows a long-running worker by megabytes. Plain HTTP on loopback, so no TLS redirect.
PRODUCTION = {
    "DEBUG": "",
    "SECRET_KEY": "bench-only-key-never-used-outside-bench-0123456789abcdef",
    "ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SECURE_SSL_REDIRECT": "0",
    "SECURE_COOKIES": "0",
}


def prepare_environment(database_url, **extra):
    """Migrate and seed the demo into `database_url`; the returned environment is also this process's."""
    env = dict(
        os.environ,
        DEBUG="1",
        SECRET_KEY=PRODUCTION["SECRET_KEY"],  # the sessions made here must be the server's
        DJANGO_SETTINGS_MODULE="config.settings",
        DATABASE_URL=database_url,
        **extra,
    )
    for step in (["migrate", "--no-input"], ["loadrules"], ["seeddemo"]):
        subprocess.run([sys.executable, "manage.py", *step], cwd=ROOT, env=env, check=True, capture_output=True)
    os.environ.update(env)
    return env


def demo_logins(phones):
    """The demo encounter's id, session cookies for `phones` sockets (its players in turn) and the GM's API token."""
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from characters.demo import ENCOUNTER
    from characters.models import ApiToken
    from combat.models import Encounter

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
    return encounter.pk, cookies, ApiToken.issue(encounter.campaign.gm)


def production_environment(env):
    """`env` with production settings, its static files collected as the Dockerfile does."""
    served = {**env, **PRODUCTION}
    collect = [sys.executable, "manage.py", "collectstatic", "--no-input"]
    subprocess.run(collect, cwd=ROOT, env=served, check=True, capture_output=True)
    return served


def start_server(env, port, *options):
    """uvicorn as in production (Dockerfile, DEBUG off), on 127.0.0.1:`port`; returns once it answers."""
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
            *options,
        ],
        cwd=ROOT,
        env=production_environment(env),
    )
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=5)
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError(f"uvicorn did not answer on port {port}")


def connect_phone(port, encounter_id, cookie, **options):
    """A phone's websocket to the encounter, as the logged-in browser opens it."""
    import websockets

    return websockets.connect(
        f"ws://127.0.0.1:{port}/ws/encounters/{encounter_id}/",
        additional_headers={"Cookie": f"sessionid={cookie}", "Origin": f"http://127.0.0.1:{port}"},
        max_size=None,
        **options,
    )


def call_api(port, path, token, payload=None, timeout=10):
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/{path}",
        data=None if payload is None else json.dumps(payload).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        return json.loads(response.read())


def post_command(port, encounter_id, token, command="next_turn", args=None):
    """The encounter's version once the GM's command is committed."""
    payload = {"command": command, "args": args or {}}
    return call_api(port, f"encounters/{encounter_id}/commands/", token, payload)["version"]


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
