"""What the bench scripts share: a seeded demo, logged-in phones, a real uvicorn, the GM's JSON API."""

import contextlib
import json
import os
import re
import resource
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

VERSION = re.compile(r'data-version="(\d+)"')
POSTGRES_SERVER = "postgres://postgres@127.0.0.1:5432"


FRAGMENT_BYTES = 1500  # a phone's push of a next turn in the demo encounter (docs/performance.md)


def fragment(version):
    """The floors' fixed fragment at `version`, padded to FRAGMENT_BYTES (bench/floor.py, bench/command_floor.py)."""
    head = f'<input type="hidden" id="encounter-version" data-version="{version}" hx-swap-oob="true">'
    return head + "<!--" + "x" * (FRAGMENT_BYTES - len(head) - 7) + "-->"


def frame_version(message):
    """The version a pushed frame gives the phone: the highest `data-version` in it (a push may carry only the
    parts that changed), or None for a frame with none."""
    return max(map(int, VERSION.findall(message)), default=None)


@contextlib.contextmanager
def fresh_database(name, sqlite=False):
    """The URL of a database to seed: DATABASE_URL as is when set; else PostgreSQL database `name`_<pid> on
    127.0.0.1:5432, created afresh and dropped afterwards (other people's runs share the server), or with `sqlite`
    a fresh SQLite file."""
    if sqlite:
        yield f"sqlite:///{tempfile.mkdtemp()}/{name}.sqlite3"
        return
    if os.environ.get("DATABASE_URL"):
        yield os.environ["DATABASE_URL"]
        return
    import psycopg

    name = f"{name}_{os.getpid()}"

    def administer(statement):
        with psycopg.connect(f"{POSTGRES_SERVER}/postgres", autocommit=True) as connection:
            connection.execute(statement)

    administer(f"CREATE DATABASE {name}")
    try:
        yield f"{POSTGRES_SERVER}/{name}"
    finally:
        administer(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class PrivateRedis:
    """A redis-server of our own: the machine's Redis on 6379 serves other people's tests."""

    def __init__(self):
        self.port = free_port()
        self.directory = tempfile.mkdtemp()
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--save", "", "--appendonly", "no"],
            cwd=self.directory,
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as connection:
                    connection.sendall(b"PING\r\n")
                    if connection.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)

    def restart(self):
        """(time Redis was told to stop, time it answered again)."""
        stopping = time.monotonic()
        self.stop()
        self.start()
        return stopping, time.monotonic()


def machine():
    """Cores, Python and the load average when the run starts: figures on a shared machine are only as good as that."""
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    return f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, load average {load}"


def raise_open_files_limit():
    """Hundreds of sockets need as many file descriptors, here and in the server (which inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def worker_pids(server):
    """The uvicorn worker processes of a server started with --workers."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return sorted(int(pid) for pid in children if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes())


def cpu_seconds(pids):
    """The CPU time (user + system) the processes have used so far."""
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime and stime, the 14th and 15th fields of the whole line
    return ticks / os.sysconf("SC_CLK_TCK")


def rss_megabytes(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


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


def sockets_per_worker(pids, port):
    """Established connections on the server's port held by each worker: shows both take phones."""
    established = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port and fields[3] == "01":
                established.add(f"socket:[{fields[9]}]")
    counts = {}
    for pid in pids:
        links = [os.readlink(fd) for fd in Path(f"/proc/{pid}/fd").iterdir() if fd.exists()]
        counts[pid] = sum(link in established for link in links)
    return counts


def demo_logins(phones):
    """The demo encounter's id, session cookies for `phones` sockets (its players in turn) and the GM's API token."""
    import django

    django.setup()
    from characters.models import ApiToken
    from combat.models import Encounter
    from systems.wfrp4e.demo import ENCOUNTER

    encounter = Encounter.objects.get(name=ENCOUNTER)
    return encounter.pk, player_cookies(encounter.campaign, phones), ApiToken.issue(encounter.campaign.gm)


def player_cookies(campaign, phones):
    """Session cookies for `phones` sockets logged in as `campaign`'s players in turn."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    players = list(campaign.players.all())
    cookies = []
    for index in range(phones):
        user = players[index % len(players)]
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.save()
        cookies.append(session.session_key)
    return cookies


def production_environment(env):
    """`env` with production settings, its static files collected as the Dockerfile does."""
    served = {**env, **PRODUCTION}
    collect = [sys.executable, "manage.py", "collectstatic", "--no-input"]
    subprocess.run(collect, cwd=ROOT, env=served, check=True, capture_output=True)
    return served


def start_server(env, port, *options, app="config.asgi:application"):
    """uvicorn as in production (Dockerfile, DEBUG off), on 127.0.0.1:`port`; returns once it answers."""
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uvicorn",
            app,
            "--port",
            str(port),
            "--ws",
            "websockets-sansio",
            "--ws-per-message-deflate",
            "false",
            "--log-level",
            "warning",
            *options,
        ],
        cwd=ROOT,
        env=production_environment(env),
    )
    return answering(server, port)


def answering(server, port):
    """`server` once it answers on `port`. Generous: on a loaded machine, and under tracemalloc, Django's start
    alone can take half a minute."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and server.poll() is None:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/accounts/login/", timeout=5)
            return server
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise RuntimeError(f"uvicorn did not answer on port {port} (exit code {server.poll()})")


RSS_GROWTH_GOAL = 10.0  # per cent a worker may grow between the warm-up and the end of a long run


def rss_growth(rss_start, rss_end, missed, goal=RSS_GROWTH_GOAL):
    """Prints each worker's RSS after the warm-up and at the end; a worker replaced or grown past `goal` % is
    added to `missed`."""
    if set(rss_start) != set(rss_end):
        print(f"workers were replaced during the run: {sorted(rss_start)} -> {sorted(rss_end)}")
        missed.append("a worker was replaced")
    for pid in sorted(set(rss_start) & set(rss_end)):
        growth = (rss_end[pid] - rss_start[pid]) / rss_start[pid] * 100
        print(
            f"worker {pid} RSS: {rss_start[pid]:.1f} MB after warm-up -> {rss_end[pid]:.1f} MB at the end "
            f"({growth:+.1f} %, goal <= {goal:g} %)"
        )
        if growth > goal:
            missed.append(f"worker {pid} grew {growth:.1f} %")


def connect_phone(port, encounter_id, cookie, **options):
    """A phone's websocket to the encounter, as the logged-in browser opens it."""
    import websockets

    return websockets.connect(
        f"ws://127.0.0.1:{port}/ws/encounters/{encounter_id}/",
        additional_headers={"Cookie": f"sessionid={cookie}", "Origin": f"http://127.0.0.1:{port}"},
        max_size=None,
        **options,
    )


class Phone:
    """One socket and what it was pushed: (version, time) per frame carrying a version, and the sizes of the frames
    after the first view. `changed` (an asyncio.Condition) is notified after each such frame."""

    def __init__(self, ws, changed):
        self.ws = ws
        self.changed = changed
        self.frames = []
        self.push_sizes = []
        self.out_of_order = []  # (version shown, older version pushed after it)
        self.repeats = 0  # pushes of the version already shown: harmless to the page, wasted work for the server

    @property
    def version(self):
        return self.frames[-1][0] if self.frames else None

    async def listen(self):
        import websockets

        try:
            async for message in self.ws:
                version = frame_version(message)
                if version is None:
                    continue
                if self.frames:
                    self.push_sizes.append(len(message.encode()))
                    if version < self.version:
                        self.out_of_order.append((self.version, version))
                    self.repeats += version == self.version
                self.frames.append((version, time.perf_counter()))
                async with self.changed:
                    self.changed.notify_all()
        except websockets.ConnectionClosed:
            pass

    def first_seen(self, version):
        return next((moment for seen, moment in self.frames if seen >= version), None)


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
