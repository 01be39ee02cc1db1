"""Fan-out: the GM's next turn reaching N phones on two uvicorn workers, PostgreSQL and Redis.

For each phone count (`--phones 10,100,500`) the phones, logged in as the demo encounter's players, connect in
batches of 50; the GM then sends `--turns` next_turn commands over the JSON API, each once every phone has the
previous one. Prints, next to the goals: from the GM's POST to the last phone's frame with the new version
(p50/p95/max over the commands), the median bytes of a push to one phone, how the sockets spread over the workers,
and the queries one viewer's render takes. A frame gives the phone the highest `data-version` in it (the server may
push only the parts that changed).

Exits non-zero when a version is lost or out of order: a phone's versions must never go back from one frame to the
next, and after the last command every phone's last version must be the database's. A push that repeats the
version already shown is counted and printed (the page ignores it; the server rendered it for nothing).

Redis is a private redis-server on a free port; the database is PostgreSQL (see common.fresh_database) or with
--sqlite a SQLite file.

    .venv/bin/python bench/live_fanout.py --phones 10,100,500 --turns 20
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
GOALS_MS = {10: 30, 100: 80, 500: 400}  # GM's POST -> the last phone has the version
CPU_PER_PHONE_GOAL_MS = 1.0
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


def report(count, turns, delays, phones, final, spread, cpu_per_change):
    """Prints one phone count's figures; returns the violations of version order and loss."""
    reached = [delay * 1000 for delay in delays if delay is not None]
    goal = GOALS_MS.get(count)
    print(f"\n{count} phones x {turns} next_turn; sockets per worker: {', '.join(map(str, spread.values()))}")
    if reached:
        p95 = percentile(reached, 0.95)
        verdict = "" if goal is None else f" (goal p95 <= {goal} ms: {'met' if p95 <= goal else 'MISSED'})"
        print(
            f"  GM's POST -> last phone has the version: p50 {percentile(reached, 0.5):.0f} ms, p95 {p95:.0f} ms, "
            f"max {max(reached):.0f} ms{verdict}"
        )
    print(f"  workers' CPU per change (the command and its fan-out): {cpu_per_change * 1000:.1f} ms")
    sizes = [size for phone in phones for size in phone.push_sizes]
    if sizes:
        print(f"  bytes per push to a phone: median {statistics.median(sizes):.0f}")
    violations = []
    if None in delays:
        violations.append(f"{delays.count(None)} commands did not reach every phone within {DELIVERY_TIMEOUT:g} s")
    disordered = [phone for phone in phones if phone.out_of_order]
    if disordered:
        example = disordered[0].out_of_order[0]
        violations.append(f"{len(disordered)} phones got versions out of order (e.g. {example[0]} then {example[1]})")
    repeated = [phone.repeats for phone in phones if phone.repeats]
    if repeated:
        print(f"  pushes that repeated the version already shown: {sum(repeated)} (to {len(repeated)} phones)")
    behind = [phone.version for phone in phones if phone.version != final]
    if behind:
        violations.append(f"{len(behind)} phones end on another version than the database's {final}: {behind[:5]}")
    print("  versions: " + ("; ".join(violations) if violations else f"in order, every phone ends on {final}"))
    return violations


def report_cpu_per_phone(cpu):
    """What one more phone costs the workers per change, between successive phone counts (the command's own cost
    cancels out)."""
    counts = sorted(cpu)
    for fewer, more in zip(counts, counts[1:]):
        per_phone = (cpu[more] - cpu[fewer]) / (more - fewer) * 1000
        verdict = "met" if per_phone <= CPU_PER_PHONE_GOAL_MS else "MISSED"
        print(
            f"workers' CPU per phone per change, {fewer} -> {more} phones: {per_phone:.2f} ms "
            f"(goal <= {CPU_PER_PHONE_GOAL_MS} ms: {verdict})"
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", default="10,100,500", help="phone counts, comma-separated")
    parser.add_argument("--turns", type=int, default=20)
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead of PostgreSQL")
    options = parser.parse_args()
    counts = [int(count) for count in options.phones.split(",")]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    raise_open_files_limit()

    redis = PrivateRedis()
    redis.start()
    violations = []
    try:
        with fresh_database("tracker_fanout", options.sqlite) as database_url:
            env = prepare_environment(database_url, REDIS_URL=redis.url)
            encounter_id, _, token = demo_logins(0)
            from combat.models import Encounter

            cookies = player_cookies(Encounter.objects.get(pk=encounter_id).campaign, max(counts))
            figures = render_figures(encounter_id)
            port = free_port()
            server = start_server(env, port, "--workers", str(WORKERS))
            print(f"{machine()}; database {database_url.split('://')[0]}, Redis layer, {WORKERS} uvicorn workers")
            for label, (queries, millis, size) in figures.items():
                print(f"one {label} view render: {queries} queries, {millis:.1f} ms, {size} bytes")
            try:
                cpu = {}
                for count in counts:
                    outcome = asyncio.run(fan_out(port, encounter_id, token, cookies[:count], options.turns, server))
                    violations += report(count, options.turns, *outcome)
                    cpu[count] = outcome[-1]
                report_cpu_per_phone(cpu)
            finally:
                server.terminate()
                server.wait(timeout=30)
    finally:
        redis.stop()
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
