"""Soak: phones stay live for half an hour under two uvicorn workers while Redis is restarted every few minutes.

The GM sends `next_turn` through the JSON API every `--interval` seconds; each phone is a websocket logged in as a
demo player that reconnects like the htmx ws extension (same close codes, same backoff). Redis is a private
redis-server on a free port, stopped and started again every `--restart-every` minutes. Prints, and exits non-zero
when a goal is missed:

- sockets lost (closed by the server while the phone wanted them; goal 0) and phones not recovered at the end:
  those whose last pushed version is not the database's after a short settle (goal 0);
- per Redis restart, the time to converge: from Redis answering again until every phone has been pushed the first
  version committed after that (at most one interval of it is the wait for the GM's next command); the worst one;
- RSS of each uvicorn worker after the warm-up and at the end, and its growth (goal <= 10 %).

Database: DATABASE_URL as is when set, else a PostgreSQL database `tracker_soak_<pid>` on 127.0.0.1:5432 made for the
run and dropped after it, or with --sqlite a fresh SQLite file.

    .venv/bin/python bench/soak.py --minutes 30 --phones 20 --interval 2 --restart-every 5
"""

import argparse
import asyncio
import bisect
import os
import platform
import random
import signal
import sys
import time
from collections import Counter
from datetime import datetime
from pathlib import Path

from common import (
    PrivateRedis,
    call_api,
    connect_phone,
    demo_logins,
    frame_version,
    free_port,
    fresh_database,
    percentile,
    post_command,
    prepare_environment,
    rss_growth,
    rss_megabytes,
    sockets_per_worker,
    start_server,
    worker_pids,
)

DATABASE_NAME = "tracker_soak"
WORKERS = 2
# The htmx ws extension reconnects after these close codes only; after any other the phone's page stays stale.
RECONNECT_CODES = {1006, 1011, 1012, 1013}
ABNORMAL_CLOSURE = 1006
JOIN_GAP = 0.2


class Phone:
    def __init__(self, cookie):
        self.cookie = cookie
        # Versions pushed so far (running maximum) and when, so "first saw >= v" is a bisection.
        self.versions, self.times = [], []
        self.closes = []  # (time, close code) of sockets the server or the network closed
        self.failed_connects = 0
        self.gave_up_on = None
        self.open = False

    @property
    def version(self):
        return self.versions[-1] if self.versions else None

    def saw(self, message):
        version = frame_version(message)
        if version is not None:
            self.versions.append(max([version, *self.versions[-1:]]))
            self.times.append(time.monotonic())

    def first_seen(self, version):
        index = bisect.bisect_left(self.versions, version)
        return self.times[index] if index < len(self.times) else None


def reconnect_delay(retries):
    """The htmx ws extension's "full-jitter" backoff, in seconds."""
    return random.random() * 2 ** min(retries, 6)


async def keep_open(phone, port, encounter_id, joins_after):
    import websockets

    await asyncio.sleep(joins_after)
    retries = 0
    while True:
        try:
            ws = await connect_phone(port, encounter_id, phone.cookie, ping_interval=None)
        except (OSError, websockets.InvalidHandshake):
            # A browser reports a failed handshake as a close with 1006.
            phone.failed_connects += 1
            code = ABNORMAL_CLOSURE
        else:
            retries = 0
            phone.open = True
            async with ws:
                try:
                    async for message in ws:
                        phone.saw(message)
                except websockets.ConnectionClosed:
                    pass
            phone.open = False
            code = ws.close_code
            phone.closes.append((time.monotonic(), code))
        if code not in RECONNECT_CODES:
            phone.gave_up_on = code
            return
        await asyncio.sleep(reconnect_delay(retries))
        retries += 1


async def game_master(port, encounter_id, token, interval, until, commands, failures):
    loop = asyncio.get_running_loop()
    due = time.monotonic()
    while due < until:
        await asyncio.sleep(max(0.0, due - time.monotonic()))
        sent = time.monotonic()
        try:
            version = await loop.run_in_executor(None, post_command, port, encounter_id, token)
            commands.append((sent, version))
        except (OSError, ValueError, KeyError) as error:
            failures.append((sent, error))
        due += interval


async def soak(options, port, encounter_id, cookies, token, redis, server):
    phones = [Phone(cookie) for cookie in cookies]
    # Phones join one by one, as at a table: a burst of connects is accepted by whichever worker wakes first.
    phone_tasks = [
        asyncio.create_task(keep_open(phone, port, encounter_id, joins_after=index * JOIN_GAP))
        for index, phone in enumerate(phones)
    ]
    loop = asyncio.get_running_loop()
    started = time.monotonic()
    until = started + options.minutes * 60
    commands, failures, restarts = [], [], []
    gm_task = asyncio.create_task(game_master(port, encounter_id, token, options.interval, until, commands, failures))

    await asyncio.sleep(min(options.warm_up, options.restart_every * 30))
    workers = worker_pids(server)
    rss_start = {pid: rss_megabytes(pid) for pid in workers}
    warmed = time.monotonic()
    spread = sockets_per_worker(workers, port)
    restart_at = started + options.restart_every * 60
    while restart_at < until - options.interval:
        await asyncio.sleep(restart_at - time.monotonic())
        rss_before = {pid: rss_megabytes(pid) for pid in worker_pids(server)}
        restarts.append((*await loop.run_in_executor(None, redis.restart), rss_before))
        restart_at += options.restart_every * 60
    await gm_task
    rss_end = {pid: rss_megabytes(pid) for pid in worker_pids(server)}

    final = call_api(port, f"encounters/{encounter_id}/", token)["version"]
    settle_until = time.monotonic() + options.settle
    while time.monotonic() < settle_until and any(phone.version != final for phone in phones):
        await asyncio.sleep(0.2)
    for task in phone_tasks:
        task.cancel()
    await asyncio.gather(*phone_tasks, return_exceptions=True)
    return dict(
        phones=phones,
        commands=commands,
        failures=failures,
        restarts=restarts,
        final=final,
        started=started,
        warmed=warmed,
        rss_start=rss_start,
        rss_end=rss_end,
        spread=spread,
    )


def convergence(back, until, commands, phones):
    """Per phone, seconds from Redis answering again to its having the first version committed after; None when
    that did not happen before `until` (the next restart, which may revive it, or the end)."""
    target = next((version for sent, version in commands if sent >= back), None)
    seen = [phone.first_seen(target) if target is not None else None for phone in phones]
    return [moment - back if moment is not None and moment < until else None for moment in seen]


def codes_text(codes):
    return ", ".join(f"{count}x{code}" for code, count in sorted(codes.items())) or "none"


def phone_state(phone, clock):
    if phone.open:
        state = f"socket open, no push since {clock(phone.times[-1])}" if phone.times else "socket open, no push"
    elif phone.gave_up_on is not None:
        state = f"gave up after close code {phone.gave_up_on}"
    else:
        state = "reconnecting"
    return f"last version {phone.version}, {state}"


def report(options, database_url, figures):
    phones, commands, restarts = figures["phones"], figures["commands"], figures["restarts"]
    started, final = figures["started"], figures["final"]
    missed = []

    def clock(moment):
        seconds = int(moment - started)
        return f"{seconds // 60}:{seconds % 60:02d}"

    cpuinfo = Path("/proc/cpuinfo").read_text().splitlines()
    cpu = next((line.split(":", 1)[1].strip() for line in cpuinfo if "model name" in line), platform.machine())
    print(f"soak of {datetime.now():%Y-%m-%d %H:%M}, {os.cpu_count()} cores ({cpu}), Python {sys.version.split()[0]}")
    print(
        f"{options.minutes:g} min, {options.phones} phones, next_turn every {options.interval:g} s, Redis restarted "
        f"every {options.restart_every:g} min; {WORKERS} uvicorn workers; database {database_url.split('://')[0]}"
    )
    print("phones per worker after warm-up: " + ", ".join(f"{count}" for count in figures["spread"].values()))

    closes = [close for phone in phones for close in phone.closes]
    worst = 0.0
    for number, (down, back, rss) in enumerate(restarts, 1):
        window_end = restarts[number][0] if number < len(restarts) else float("inf")
        closed = Counter(code for moment, code in closes if down <= moment < window_end)
        times = convergence(back, window_end, commands, phones)
        reached = [seconds for seconds in times if seconds is not None]
        never = len(times) - len(reached)
        took = f"{len(reached)} phones in {max(reached):.1f} s" if reached else "no phone"
        if never:
            took += f", {never} " + ("not before the next restart" if number < len(restarts) else "never")
        worst = float("inf") if never else max(worst, max(reached))
        memory = " / ".join(f"{megabytes:.1f}" for megabytes in rss.values())
        print(
            f"restart {number} at {clock(down)}: Redis down {back - down:.2f} s, sockets closed {codes_text(closed)}; "
            f"converged: {took}; RSS before {memory} MB"
        )
    if restarts:
        print(f"worst time to converge after a Redis restart: {'never' if worst == float('inf') else f'{worst:.1f} s'}")
        if worst == float("inf"):
            missed.append("phones never converged after a restart")

    print(
        f"sockets lost: {len(closes)} ({codes_text(Counter(code for _, code in closes))}; goal 0), "
        f"failed reconnect attempts: {sum(phone.failed_connects for phone in phones)}"
    )
    if closes:
        missed.append("sockets lost")
    stale = [phone for phone in phones if phone.version != final]
    print(f"sockets not recovered at the end: {len(stale)} (goal 0; database at version {final})")
    for state, count in Counter(phone_state(phone, clock) for phone in stale).items():
        print(f"  {count} phones: {state}")
    if stale:
        missed.append("sockets not recovered")

    # Only after the warm-up: before it, phones still joining see earlier commands late.
    latencies = [
        seen - sent
        for sent, version in commands
        if sent >= figures["warmed"]
        for seen in (phone.first_seen(version) for phone in phones)
        if seen is not None
    ]
    if latencies:
        print(
            f"after warm-up, API call -> phone has the version: p50 {percentile(latencies, 0.5) * 1000:.0f} ms, "
            f"p95 {percentile(latencies, 0.95) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
        )
    print(f"GM commands: {len(commands)} committed, {len(figures['failures'])} failed")
    for sent, error in figures["failures"]:
        print(f"  at {clock(sent)}: {error!r}")
    if figures["failures"]:
        missed.append("commands failed")

    rss_growth(figures["rss_start"], figures["rss_end"], missed)

    print("goals missed: " + "; ".join(missed) if missed else "all goals met")
    return not missed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--phones", type=int, default=20)
    parser.add_argument("--interval", type=float, default=2, help="seconds between the GM's commands")
    parser.add_argument("--restart-every", type=float, default=5, help="minutes between Redis restarts")
    parser.add_argument("--warm-up", type=float, default=60, help="seconds before the first RSS figure")
    parser.add_argument("--settle", type=float, default=15, help="seconds phones get to catch up at the end")
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead of PostgreSQL")
    options = parser.parse_args()
    # A terminated soak still stops its uvicorn and redis-server (the finally clauses below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    redis = PrivateRedis()
    redis.start()
    try:
        with fresh_database(DATABASE_NAME, options.sqlite) as database_url:
            env = prepare_environment(database_url, REDIS_URL=redis.url)
            encounter_id, cookies, token = demo_logins(options.phones)
            port = free_port()
            server = start_server(env, port, "--workers", str(WORKERS))
            try:
                figures = asyncio.run(soak(options, port, encounter_id, cookies, token, redis, server))
            finally:
                server.terminate()
                server.wait(timeout=30)
    finally:
        redis.stop()
    sys.exit(0 if report(options, database_url, figures) else 1)


if __name__ == "__main__":
    main()
