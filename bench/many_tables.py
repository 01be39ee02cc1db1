"""Many tables: 50 encounters played at once on two uvicorn workers, PostgreSQL and Redis.

The demo encounter is copied `--tables` times (combat.creation.build_encounter, then started); each copy gets
`--phones` sockets logged in as the campaign's players and a GM sending next_turn over the JSON API every
`--interval` seconds, the tables' commands spread evenly over the interval. After `--warm-up` seconds the run is
measured for the rest of `--minutes`. Prints, next to the goals, and exits non-zero when one is missed:

- command p95: the API round trip of a GM's command (goal <= 25 ms);
- delivery p95: from a command's POST to each of its table's phones showing that version, or a newer one
  (goal <= 50 ms); a command some phone never saw counts as missed;
- each worker's RSS after the warm-up and at the end, and its growth (goal <= 10 %);
- the workers' CPU time per command after the warm-up (its fan-out included): steadier than the times on a shared
  machine, so it shows a change's effect where the p95 swings from run to run;
- versions: no phone's versions go back, every phone ends on its encounter's version, no command fails.

    .venv/bin/python bench/many_tables.py --minutes 5
"""

import argparse
import asyncio
import signal
import sys
import time
from concurrent.futures import ThreadPoolExecutor

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
    rss_growth,
    rss_megabytes,
    sockets_per_worker,
    start_server,
    worker_pids,
)

WORKERS = 2
COMMAND_GOAL_MS = 25
DELIVERY_GOAL_MS = 50
SETTLE = 10.0  # seconds phones get after the last command to show their encounter's version


def make_tables(tables, phones):
    """[(encounter id, phone cookies)] for `tables` started copies of the demo encounter, and the GM's token."""
    demo_id, _, token = demo_logins(0)  # sets Django up
    from combat.commands.spine import execute
    from combat.creation import build_encounter, members_of
    from combat.models import Encounter
    from systems.wfrp4e.demo import ENCOUNTER

    demo = Encounter.objects.get(pk=demo_id)
    made = []
    for number in range(1, tables + 1):
        copy = build_encounter(demo.campaign, f"{ENCOUNTER} {number}", demo.house_rules, members_of(demo))
        execute(copy, demo.campaign.gm, "start")
        made.append((copy.pk, player_cookies(demo.campaign, phones)))
    return made, token


class Table:
    def __init__(self, encounter_id, cookies):
        self.encounter_id = encounter_id
        self.cookies = cookies
        self.phones = []
        self.commands = []  # (sent, seconds the API took, version)
        self.failures = []


async def seat(table, port, changed):
    table.phones = [
        Phone(await connect_phone(port, table.encounter_id, cookie, ping_interval=None), changed)
        for cookie in table.cookies
    ]
    return [asyncio.create_task(phone.listen()) for phone in table.phones]


async def game_master(table, port, token, interval, offset, until, api):
    loop = asyncio.get_running_loop()
    due = time.perf_counter() + offset
    while due < until:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        sent = time.perf_counter()
        try:
            version = await loop.run_in_executor(api, post_command, port, table.encounter_id, token)
            table.commands.append((sent, time.perf_counter() - sent, version))
        except (OSError, ValueError, KeyError) as error:
            table.failures.append(error)
        due += interval


async def play(options, port, made, token, server):
    changed = asyncio.Condition()
    tables = [Table(*entry) for entry in made]
    listeners = []
    for table in tables:
        listeners += await seat(table, port, changed)
    async with changed:
        await asyncio.wait_for(changed.wait_for(lambda: all(p.frames for t in tables for p in t.phones)), 60)
    pids = worker_pids(server)
    spread = sockets_per_worker(pids, port)

    # A thread per GM: a command that waited here for a free thread would count the wait as the server's.
    api = ThreadPoolExecutor(len(tables))
    started = time.perf_counter()
    until = started + options.minutes * 60
    gms = [
        asyncio.create_task(
            game_master(table, port, token, options.interval, index * options.interval / len(tables), until, api)
        )
        for index, table in enumerate(tables)
    ]
    await asyncio.sleep(options.warm_up)
    warmed = time.perf_counter()
    rss_start = {pid: rss_megabytes(pid) for pid in pids}
    cpu_start = cpu_seconds(pids)
    await asyncio.gather(*gms)
    rss_end = {pid: rss_megabytes(pid) for pid in worker_pids(server)}
    cpu = cpu_seconds(pids) - cpu_start

    loop = asyncio.get_running_loop()
    finals = {}
    for table in tables:
        answer = await loop.run_in_executor(api, call_api, port, f"encounters/{table.encounter_id}/", token)
        finals[table.encounter_id] = answer["version"]

    def everyone_final():
        return all(phone.version == finals[table.encounter_id] for table in tables for phone in table.phones)

    async with changed:
        try:
            await asyncio.wait_for(changed.wait_for(everyone_final), SETTLE)
        except TimeoutError:
            pass
    await asyncio.gather(*(phone.ws.close() for table in tables for phone in table.phones))
    await asyncio.gather(*listeners)
    api.shutdown()
    return dict(
        tables=tables, warmed=warmed, rss_start=rss_start, rss_end=rss_end, finals=finals, spread=spread, cpu=cpu
    )


def report(options, figures):
    tables, warmed = figures["tables"], figures["warmed"]
    missed = []
    measured = [(table, command) for table in tables for command in table.commands if command[0] >= warmed]
    print(
        f"\n{len(tables)} tables x {options.phones} phones, next_turn every {options.interval:g} s per table, "
        f"{options.minutes:g} min ({options.warm_up:g} s warm-up); sockets per worker: "
        + ", ".join(map(str, figures["spread"].values()))
    )
    failures = sum(len(table.failures) for table in tables)
    print(f"commands: {sum(len(table.commands) for table in tables)} committed, {failures} failed")
    if failures:
        missed.append(f"{failures} commands failed")
    if not measured:
        print("no command after the warm-up: run longer")
        return ["nothing measured"]

    api_ms = [took * 1000 for _, (_, took, _) in measured]
    command_p95 = percentile(api_ms, 0.95)
    print(
        f"command (API round trip): p50 {percentile(api_ms, 0.5):.0f} ms, p95 {command_p95:.0f} ms, "
        f"max {max(api_ms):.0f} ms (goal p95 <= {COMMAND_GOAL_MS} ms)"
    )
    if command_p95 > COMMAND_GOAL_MS:
        missed.append(f"command p95 {command_p95:.0f} ms")
    print(f"the workers' CPU per command, its fan-out included: {figures['cpu'] * 1000 / len(measured):.1f} ms")

    deliveries, unseen = [], 0
    for table, (sent, _, version) in measured:
        for phone in table.phones:
            seen = phone.first_seen(version)
            if seen is None:
                unseen += 1
            else:
                deliveries.append((seen - sent) * 1000)
    if deliveries:
        delivery_p95 = percentile(deliveries, 0.95)
        print(
            f"delivery (POST -> phone shows the version): p50 {percentile(deliveries, 0.5):.0f} ms, "
            f"p95 {delivery_p95:.0f} ms, max {max(deliveries):.0f} ms (goal p95 <= {DELIVERY_GOAL_MS} ms); "
            f"never seen: {unseen}"
        )
        if delivery_p95 > DELIVERY_GOAL_MS:
            missed.append(f"delivery p95 {delivery_p95:.0f} ms")
    if unseen:
        missed.append(f"{unseen} deliveries never seen")

    phones = [(table, phone) for table in tables for phone in table.phones]
    backwards = sum(bool(phone.out_of_order) for _, phone in phones)
    behind = sum(phone.version != figures["finals"][table.encounter_id] for table, phone in phones)
    repeats = sum(phone.repeats for _, phone in phones)
    print(
        f"versions: {backwards} phones saw one go back, {behind} end behind their encounter (goal 0 and 0); "
        f"{repeats} pushes repeated the version already shown"
    )
    if backwards or behind:
        missed.append("versions lost or out of order")

    rss_growth(figures["rss_start"], figures["rss_end"], missed)
    print("goals missed: " + "; ".join(missed) if missed else "all goals met")
    return missed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=5)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6, help="phones per table")
    parser.add_argument("--interval", type=float, default=2, help="seconds between a GM's commands")
    parser.add_argument("--warm-up", type=float, default=60, help="seconds before the measured part")
    parser.add_argument("--sqlite", action="store_true", help="a fresh SQLite file instead of PostgreSQL")
    options = parser.parse_args()
    options.warm_up = min(options.warm_up, options.minutes * 60 / 3)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    raise_open_files_limit()

    redis = PrivateRedis()
    redis.start()
    try:
        with fresh_database("tracker_tables", options.sqlite) as database_url:
            env = prepare_environment(database_url, REDIS_URL=redis.url)
            made, token = make_tables(options.tables, options.phones)
            print(f"{machine()}; database {database_url.split('://')[0]}, Redis layer, {WORKERS} uvicorn workers")
            port = free_port()
            server = start_server(env, port, "--workers", str(WORKERS))
            try:
                figures = asyncio.run(play(options, port, made, token, server))
            finally:
                server.terminate()
                server.wait(timeout=30)
    finally:
        redis.stop()
    sys.exit(1 if report(options, figures) else 0)


if __name__ == "__main__":
    main()
