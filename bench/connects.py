"""Connects: many phones opening their websocket at once on one uvicorn worker, and what an idle socket costs.

On the in-memory channel layer and then on Redis (a private redis-server), each time on a fresh single-worker
server: a few sockets warm it up and close; then `--sockets` phones connect all at once. Prints, next to the goals:

- the time from the first attempt until every socket shows its first view (goal: 300 within 1 s), and the failed
  handshakes (goal 0); the worker's CPU per connect, which a busy machine changes less than the time;
- memory per idle socket: the worker's RSS (/proc/<pid>/status) before the burst and after `--settle` seconds of
  the sockets idling, divided by their number (goal <= 60 KB).

The server runs as in production, without permessage-deflate; with --deflate it runs with it, to show what the
compression costs per socket.
With --trace the worker runs under tracemalloc (bench/traced_asgi.py) and the script prints where the Python
memory of the idle sockets went (snapshot diff per socket, by file and by line) and the asyncio tasks per socket.

Exits non-zero when a goal is missed. Database: PostgreSQL (see common.fresh_database) or with --sqlite a file.

    .venv/bin/python bench/connects.py --sockets 300 [--trace]
"""

import argparse
import asyncio
import os
import signal
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

from common import (
    PrivateRedis,
    connect_phone,
    cpu_seconds,
    demo_logins,
    frame_version,
    free_port,
    fresh_database,
    machine,
    prepare_environment,
    raise_open_files_limit,
    rss_megabytes,
    start_server,
)

BURST_GOAL_SECONDS = 1.0
PER_SOCKET_GOAL_KB = 60
WARM_UP_SOCKETS = 5
FIRST_VIEW_TIMEOUT = 30.0
TOP = 12


async def open_phone(port, encounter_id, cookie):
    """The open socket once it shows its first view."""
    ws = await connect_phone(port, encounter_id, cookie, ping_interval=None, open_timeout=FIRST_VIEW_TIMEOUT)
    while frame_version(await asyncio.wait_for(ws.recv(), FIRST_VIEW_TIMEOUT)) is None:
        pass
    return ws


async def burst(port, encounter_id, cookies):
    """(sockets that show their first view, failed attempts, seconds from the first attempt to the last view)."""
    started = time.perf_counter()
    outcomes = await asyncio.gather(
        *(open_phone(port, encounter_id, cookie) for cookie in cookies), return_exceptions=True
    )
    took = time.perf_counter() - started
    opened = [ws for ws in outcomes if not isinstance(ws, BaseException)]
    failed = Counter(type(error).__name__ for error in outcomes if isinstance(error, BaseException))
    return opened, failed, took


class Snapshots:
    """Asks the traced worker for tracemalloc snapshots and reads them back."""

    def __init__(self, env):
        self.stem = f"{tempfile.mkdtemp()}/snapshot"
        env["BENCH_SNAPSHOT"] = self.stem
        self.taken = 0

    async def take(self, pid):
        self.taken += 1
        path = Path(f"{self.stem}.{self.taken}.trace")
        os.kill(pid, signal.SIGUSR1)
        while not path.exists():
            await asyncio.sleep(0.1)
        tasks = Counter(Path(f"{self.stem}.{self.taken}.tasks").read_text().split())
        return tracemalloc.Snapshot.load(str(path)), tasks


def print_largest(stats, sockets, with_line):
    for stat in sorted(stats, key=lambda stat: -stat.size_diff)[:TOP]:
        frame = stat.traceback[0]
        where = "/".join(Path(frame.filename).parts[-3:]) + (f":{frame.lineno}" if with_line else "")
        print(f"    {stat.size_diff / sockets / 1024:6.2f} KB  {stat.count_diff / sockets:5.1f} blocks  {where}")


def print_trace_diff(before, after, sockets):
    (old, old_tasks), (new, new_tasks) = before, after
    ignored = [tracemalloc.Filter(False, tracemalloc.__file__), tracemalloc.Filter(False, "<frozen importlib._*>")]
    old, new = old.filter_traces(ignored), new.filter_traces(ignored)
    by_file = new.compare_to(old, "filename")
    total = sum(stat.size_diff for stat in by_file)
    print(f"  tracemalloc: Python allocations grew {total / sockets / 1024:.1f} KB per socket; by file:")
    print_largest(by_file, sockets, with_line=False)
    print("  by line:")
    print_largest(new.compare_to(old, "lineno"), sockets, with_line=True)
    grown = {name: new_tasks[name] - old_tasks[name] for name in new_tasks}
    shown = ", ".join(f"{count / sockets:.2f} {name}" for name, count in Counter(grown).most_common(6) if count > 0)
    print(f"  asyncio tasks per socket: {sum(grown.values()) / sockets:.2f} ({shown})")


async def measure(port, encounter_id, cookies, pid, settle, snapshots):
    warm, _, _ = await burst(port, encounter_id, cookies[:WARM_UP_SOCKETS])
    await asyncio.gather(*(ws.close() for ws in warm))
    await asyncio.sleep(settle)
    before_trace = await snapshots.take(pid) if snapshots else None
    rss_before = rss_megabytes(pid)
    cpu_before = cpu_seconds([pid])
    opened, failed, took = await burst(port, encounter_id, cookies)
    cpu = cpu_seconds([pid]) - cpu_before
    await asyncio.sleep(settle)
    rss_after = rss_megabytes(pid)
    after_trace = await snapshots.take(pid) if snapshots else None
    await asyncio.gather(*(ws.close() for ws in opened))
    return dict(
        opened=len(opened),
        failed=failed,
        took=took,
        cpu=cpu,
        rss_before=rss_before,
        rss_after=rss_after,
        traces=(before_trace, after_trace) if snapshots else None,
    )


def report(layer, wanted, figures):
    missed = []
    opened, failed, took = figures["opened"], figures["failed"], figures["took"]
    failures = sum(failed.values())
    print(f"\n{layer} layer, one worker, {wanted} sockets at once")
    print(
        f"  every socket has its first view after {took:.2f} s (goal {wanted} within {BURST_GOAL_SECONDS:g} s); "
        f"failed handshakes: {failures} {dict(failed) if failed else ''}(goal 0)"
    )
    print(f"  the worker's CPU for the burst: {figures['cpu'] / wanted * 1000:.2f} ms per connect")
    if took > BURST_GOAL_SECONDS:
        missed.append(f"{layer}: {wanted} sockets took {took:.2f} s")
    if failures:
        missed.append(f"{layer}: {failures} failed handshakes")
    grown = (figures["rss_after"] - figures["rss_before"]) * 1024
    per_socket = grown / opened if opened else float("nan")
    print(
        f"  worker RSS {figures['rss_before']:.1f} MB -> {figures['rss_after']:.1f} MB with {opened} idle sockets: "
        f"{per_socket:.0f} KB per socket (goal <= {PER_SOCKET_GOAL_KB} KB)"
    )
    if not per_socket <= PER_SOCKET_GOAL_KB:
        missed.append(f"{layer}: {per_socket:.0f} KB per idle socket")
    if figures["traces"]:
        print_trace_diff(*figures["traces"], opened)
    return missed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--settle", type=float, default=3, help="seconds the worker gets before each RSS figure")
    parser.add_argument("--trace", action="store_true", help="tracemalloc in the worker; prints where memory went")
    parser.add_argument("--deflate", action="store_true", help="uvicorn with permessage-deflate")
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead of PostgreSQL")
    options = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    raise_open_files_limit()

    redis = PrivateRedis()
    redis.start()
    missed = []
    try:
        with fresh_database("tracker_connects", options.sqlite) as database_url:
            env = prepare_environment(database_url)
            encounter_id, cookies, _ = demo_logins(options.sockets)
            uvicorn_options = ["--ws-per-message-deflate", "true"] if options.deflate else []
            deflate = "on" if options.deflate else "off"
            print(f"{machine()}; database {database_url.split('://')[0]}; permessage-deflate {deflate}")
            for layer, extra in (("in-memory", {}), ("Redis", {"REDIS_URL": redis.url})):
                served = {**env, **extra}
                snapshots = Snapshots(served) if options.trace else None
                app = "bench.traced_asgi:application" if options.trace else "config.asgi:application"
                port = free_port()
                server = start_server(served, port, *uvicorn_options, app=app)
                try:
                    figures = asyncio.run(measure(port, encounter_id, cookies, server.pid, options.settle, snapshots))
                finally:
                    server.terminate()
                    server.wait(timeout=30)
                missed += report(layer, options.sockets, figures)
    finally:
        redis.stop()
    print("\ngoals missed: " + "; ".join(missed) if missed else "\nall goals met")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
