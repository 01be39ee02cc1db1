"""Fan-out: the GM's next turn reaching N phones on two uvicorn workers, PostgreSQL and Redis, against the floor.

The floor (bench/floor.py) is the same stack with no database, command, read or render: its POST bumps a version and
sends one fixed fragment each socket forwards. Both are served side by side and measured by turns: for each of
`--pairs`, each phone count, the project then the floor (the floor first in every other pair). Each figure is the
median over the pairs, and the project's is printed as a ratio to the floor's next to its goal: absolute times move
two- to three-fold with the machine and its other load, the ratios much less. The 10-million-step loop is timed at
the start and the end (docs/performance.md "The machine").

For each phone count (`--phones 10,100`) the phones, logged in as the demo encounter's players, connect in
batches of 50; the GM then sends `--turns` next_turn commands over the JSON API, each once every phone has the
previous one. Prints, next to the goals: from the GM's POST to the last phone's frame with the new version
(p50/p95/max over the commands), the median bytes of a push to one phone, how the sockets spread over the workers,
and the queries one viewer's render takes. A frame gives the phone the highest `data-version` in it (the server may
push only the parts that changed).

Exits non-zero when a version is lost or out of order: a phone's versions must never go back from one frame to the
next, and after the last command every phone's last version must be the server's. A missed goal is printed
(MISSED), not an exit code: a single run on a shared machine is too noisy to fail on. A push that repeats the
version already shown is counted and printed (the page ignores it; the server rendered it for nothing).

Redis is a private redis-server on a free port; the database is PostgreSQL (see common.fresh_database) or with
--sqlite a SQLite file.

    .venv/bin/python bench/live_fanout.py --phones 10,100 --turns 40 --pairs 3
"""

import argparse
import asyncio
import signal
import statistics
import sys
import time

from common import (
    Phone,
    PrivateRedis,
    call_api,
    connect_phone,
    cpu_seconds,
    demo_logins,
    free_port,
    fresh_database,
    machine,
    percentile,
    player_cookies,
    post_command,
    prepare_environment,
    raise_open_files_limit,
    sockets_per_worker,
    start_server,
    worker_pids,
)

WORKERS = 2
PROJECT, COMMAND, FLOOR = "project", "command floor", "floor"
FLOOR_APP = {"app": "floor:application", "app_dir": "bench"}  # bench/floor.py
COMMAND_FLOOR_APP = {"app": "command_floor:application", "app_dir": "bench"}  # bench/command_floor.py
# The project's figures as ratios to the floor's measured in the same run (docs/performance.md): absolute times move
# two- to three-fold with the machine, the ratios much less.
RATIO_GOALS = {"p95": {10: 2.0, 100: 2.0}, "cpu": {10: 2.0, 100: 2.0}}
CPU_PER_PHONE_RATIO_GOAL = 1.5
CONNECT_BATCH = 50
DELIVERY_TIMEOUT = 30.0  # seconds every phone gets to show a command's version before it counts as lost
SETTLE = 5.0  # seconds phones get after the last command to show the database's version


def render_figures(encounter_id):
    """Queries, time and bytes of one GM and one player live view, rendered in this process."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from combat.models import Encounter
    from combat.reads import encounter as load_encounter
    from combat.rendering import live_fragments
    from combat.views_state import build

    encounter = Encounter.objects.get(pk=encounter_id)
    figures = {}
    for label, viewer in (("gm", encounter.campaign.gm), ("player", encounter.campaign.players.first())):
        live_fragments(build(load_encounter(encounter.pk), viewer))  # warm the template cache
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            html = live_fragments(build(load_encounter(encounter.pk), viewer))
        figures[label] = (len(queries), (time.perf_counter() - started) * 1000, len(html.encode()))
    return figures


async def wait_until(changed, predicate, timeout):
    async with changed:
        try:
            await asyncio.wait_for(changed.wait_for(predicate), timeout)
        except TimeoutError:
            pass
    return predicate()


async def connect_all(port, encounter_id, cookies, changed):
    """Phones connected in batches, each batch once all of it shows its first view."""
    phones, listeners = [], []
    for first in range(0, len(cookies), CONNECT_BATCH):
        batch = [
            Phone(await connect_phone(port, encounter_id, cookie, ping_interval=None), changed)
            for cookie in cookies[first : first + CONNECT_BATCH]
        ]
        listeners += [asyncio.create_task(phone.listen()) for phone in batch]
        await wait_until(changed, lambda: all(phone.frames for phone in batch), DELIVERY_TIMEOUT)
        phones += batch
    return phones, listeners


async def fan_out(port, encounter_id, token, cookies, turns, server):
    """Per command, seconds from the POST to the last phone's frame with its version (None: some phone never
    had it), and the phones."""
    changed = asyncio.Condition()
    phones, listeners = await connect_all(port, encounter_id, cookies, changed)
    workers = worker_pids(server)
    spread = sockets_per_worker(workers, port)
    loop = asyncio.get_running_loop()
    delays = []
    cpu_before = cpu_seconds(workers)
    for _ in range(turns):
        started = time.perf_counter()
        version = await loop.run_in_executor(None, post_command, port, encounter_id, token)

        def everyone_has(version=version):
            return all(phone.version is not None and phone.version >= version for phone in phones)

        if await wait_until(changed, everyone_has, DELIVERY_TIMEOUT):
            delays.append(max(phone.first_seen(version) for phone in phones) - started)
        else:
            delays.append(None)
    cpu_per_change = (cpu_seconds(workers) - cpu_before) / turns
    final = (await loop.run_in_executor(None, call_api, port, f"encounters/{encounter_id}/", token))["version"]
    await wait_until(changed, lambda: all(phone.version == final for phone in phones), SETTLE)
    await asyncio.gather(*(phone.ws.close() for phone in phones))
    await asyncio.gather(*listeners)
    return delays, phones, final, spread, cpu_per_change


def summary(runs):
    """The medians over a subject's runs at one phone count: p50 and p95 of POST -> last phone (ms), the workers'
    CPU per change (ms), the median bytes of a push to a phone."""
    figures = {"p50": [], "p95": [], "cpu": [], "bytes": []}
    for delays, phones, _, _, cpu_per_change in runs:
        reached = [delay * 1000 for delay in delays if delay is not None]
        if reached:
            figures["p50"].append(percentile(reached, 0.5))
            figures["p95"].append(percentile(reached, 0.95))
        figures["cpu"].append(cpu_per_change * 1000)
        sizes = [size for phone in phones for size in phone.push_sizes]
        if sizes:
            figures["bytes"].append(statistics.median(sizes))
    return {name: statistics.median(values) if values else None for name, values in figures.items()}


def violations_of(label, count, delays, phones, final, spread, cpu_per_change):
    """What went wrong with versions in one run: lost, out of order, or not the database's at the end."""
    violations = []
    if None in delays:
        violations.append(f"{delays.count(None)} commands did not reach every phone within {DELIVERY_TIMEOUT:g} s")
    disordered = [phone for phone in phones if phone.out_of_order]
    if disordered:
        example = disordered[0].out_of_order[0]
        violations.append(f"{len(disordered)} phones got versions out of order (e.g. {example[0]} then {example[1]})")
    behind = [phone.version for phone in phones if phone.version != final]
    if behind:
        violations.append(f"{len(behind)} phones end on another version than the server's {final}: {behind[:5]}")
    return [f"{label}, {count} phones: {violation}" for violation in violations]


def verdict(ratio, goal):
    return "" if goal is None or ratio is None else f" (goal <= {goal:g}x: {'met' if ratio <= goal else 'MISSED'})"


def ratio_of(mine, floor):
    return None if mine is None or not floor else mine / floor


def report(count, runs, turns):
    """Prints one phone count's medians, the project's (and the command floor's, when it ran) as ratios to the
    floor's when both ran."""
    figures_of = {label: summary(runs[label]) for label in (PROJECT, COMMAND, FLOOR) if runs.get(label)}
    floor = figures_of.get(FLOOR)
    pairs = max(len(subject_runs) for subject_runs in runs.values())
    spread = next(iter(runs.get(PROJECT) or runs[FLOOR]))[3]
    print(
        f"\n{count} phones x {turns} next_turn, median of {pairs} runs; sockets per worker: "
        f"{', '.join(map(str, spread.values()))}"
    )
    rows = [
        ("GM's POST -> last phone has the version, p50", "p50", "ms", None),
        ("GM's POST -> last phone has the version, p95", "p95", "ms", RATIO_GOALS["p95"].get(count)),
        ("workers' CPU per change (the command and its fan-out)", "cpu", "ms", RATIO_GOALS["cpu"].get(count)),
        ("bytes per push to a phone, median", "bytes", "", None),
    ]
    for text, name, unit, goal in rows:
        shown = [
            f"{label} {figures[name]:.1f}{' ' + unit if unit else ''}"
            for label, figures in figures_of.items()
            if figures[name] is not None
        ]
        against = []
        for label, figures in figures_of.items():
            ratio = ratio_of(figures[name], floor and floor[name]) if label != FLOOR else None
            if ratio is not None:
                against.append(f"{label} {ratio:.2f}x the floor{verdict(ratio, goal) if label == PROJECT else ''}")
        print(f"  {text}: {', '.join(shown)}{': ' + '; '.join(against) if against else ''}")
    for label, subject_runs in runs.items():
        repeated = sum(phone.repeats for run in subject_runs for phone in run[1])
        if repeated:
            print(f"  {label}: pushes that repeated the version already shown: {repeated}")


def report_cpu_per_phone(cpu):
    """What one more phone costs the workers per change, between successive phone counts (the command's own cost
    cancels out), each subject's the median over its runs, and the project's as a ratio to the floor's."""
    for fewer, more in zip(sorted(cpu), sorted(cpu)[1:]):
        per_phone = {}
        for label in (PROJECT, COMMAND, FLOOR):
            costs = [
                (bigger - smaller) / (more - fewer)
                for smaller, bigger in zip(cpu[fewer].get(label, ()), cpu[more].get(label, ()))
            ]
            if costs:
                per_phone[label] = statistics.median(costs) * 1000
        shown = ", ".join(f"{label} {millis:.2f} ms" for label, millis in per_phone.items())
        against = []
        for label in (PROJECT, COMMAND):
            ratio = ratio_of(per_phone.get(label), per_phone.get(FLOOR))
            if ratio is not None:
                goal = verdict(ratio, CPU_PER_PHONE_RATIO_GOAL) if label == PROJECT else ""
                against.append(f"{label} {ratio:.2f}x the floor{goal}")
        against = f": {'; '.join(against)}" if against else ""
        print(f"workers' CPU per phone per change, {fewer} -> {more} phones: {shown}{against}")


def calibration():
    """Seconds of a 10-million-step Python loop: how fast the machine is just now (docs/performance.md)."""

    def loop(n=10_000_000):
        i = 0
        while i < n:
            i += 1

    started = time.perf_counter()
    loop()
    return time.perf_counter() - started


def serve(env, app="config.asgi:application", app_dir="."):
    """(the server, its port): `app` on WORKERS uvicorn workers."""
    port = free_port()
    return start_server(env, port, "--workers", str(WORKERS), "--app-dir", app_dir, app=app), port


def main(floor_only=False):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", default="10,100", help="phone counts, comma-separated")
    parser.add_argument("--turns", type=int, default=20, help="commands per run")
    parser.add_argument("--pairs", type=int, default=3, help="runs of each subject per phone count, by turns")
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead of PostgreSQL")
    parser.add_argument(
        "--command-floor",
        action="store_true",
        help="also the command floor (bench/command_floor.py): the project's commands with no live view behind them",
    )
    options = parser.parse_args()
    counts = [int(count) for count in options.phones.split(",")]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    raise_open_files_limit()

    redis = PrivateRedis()
    redis.start()
    violations = []
    servers = {}
    try:
        with fresh_database("tracker_fanout", options.sqlite) as database_url:
            env = prepare_environment(database_url, REDIS_URL=redis.url)
            encounter_id, _, token = demo_logins(0)
            from combat.models import Encounter

            cookies = player_cookies(Encounter.objects.get(pk=encounter_id).campaign, max(counts))
            print(f"{machine()}; database {database_url.split('://')[0]}, Redis layer, {WORKERS} uvicorn workers")
            print(f"the 10-million-step loop: {calibration():.2f} s")
            if not floor_only:
                for label, (queries, millis, size) in render_figures(encounter_id).items():
                    print(f"one {label} view render: {queries} queries, {millis:.1f} ms, {size} bytes")
                servers[PROJECT] = serve(env)
                if options.command_floor:
                    servers[COMMAND] = serve(env, **COMMAND_FLOOR_APP)
            servers[FLOOR] = serve(env, **FLOOR_APP)
            runs = {count: {label: [] for label in servers} for count in counts}
            for pair in range(options.pairs):
                for count in counts:
                    order = list(servers) if pair % 2 == 0 else list(reversed(servers))  # who goes first alternates
                    for label in order:
                        server, port = servers[label]
                        outcome = asyncio.run(
                            fan_out(port, encounter_id, token, cookies[:count], options.turns, server)
                        )
                        runs[count][label].append(outcome)
                        violations += violations_of(label, count, *outcome)
            for count in counts:
                report(count, runs[count], options.turns)
            report_cpu_per_phone(
                {
                    count: {label: [run[-1] for run in subject] for label, subject in by_label.items()}
                    for count, by_label in runs.items()
                }
            )
            print(f"the 10-million-step loop at the end: {calibration():.2f} s")
    finally:
        for server, _ in servers.values():
            server.terminate()
            server.wait(timeout=30)
        redis.stop()
    print("versions: " + ("; ".join(violations) or "in order, every phone ends on the server's version"))
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
