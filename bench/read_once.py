"""Read once, render once: what one change costs the server for each phone following the encounter.

Runs the real ASGI application in this process (Channels' test communicator, the in-memory layer, the demo on a
fresh SQLite file or DATABASE_URL), with N phone sockets logged in as the demo's players and the GM's own socket.
For each N it prints the SQL statements the fan-out of one `next_turn` ran (all but the command's own; the most of any
turn, so the first, which loads what the process keeps, counts), the views built for it, and the CPU a change takes
(server and test client). Then, between successive counts, what one more phone adds to a change: the goals are
statements flat in N and <= 1 ms a phone. A change also costs a fixed amount whatever the phones (the read and a
render per viewer), which at 10 phones alone is more than 1 ms a phone, so the goal is on what a phone adds.

    .venv/bin/python bench/read_once.py --phones 10,100,500 --turns 20
"""

import argparse
import asyncio
import os
import sys
import tempfile
import threading
import time

from common import demo_logins, prepare_environment

CPU_GOAL_MS = 1.0


def count_statements():
    """[thread id] of every SQL statement run from now on, on any connection of this process."""
    from django.db.backends.utils import CursorWrapper

    ran = []
    execute = CursorWrapper.execute

    def counted(cursor, *args, **kwargs):
        ran.append(threading.get_ident())
        return execute(cursor, *args, **kwargs)

    CursorWrapper.execute = counted
    return ran


def count_builds():
    from combat import live

    built = []
    build = live.views_state.build

    def counted(*args, **kwargs):
        built.append(args[1].pk)
        return build(*args, **kwargs)

    live.views_state.build = counted
    return built


async def measure(encounter_id, cookies, gm, turns, statements, built):
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator

    from combat import commands
    from combat.models import Encounter
    from config.asgi import application

    headers = [(b"host", b"127.0.0.1:8000"), (b"origin", b"http://127.0.0.1:8000")]
    sockets = []
    for cookie in cookies:
        cookie_header = [(b"cookie", f"sessionid={cookie}".encode())]
        socket = WebsocketCommunicator(application, f"/ws/encounters/{encounter_id}/", headers=headers + cookie_header)
        assert (await socket.connect())[0]
        await socket.receive_from(timeout=30)
        sockets.append(socket)

    def next_turn():
        encounter = Encounter.objects.get(pk=encounter_id)
        return commands.next_turn(encounter, gm).version, threading.get_ident()

    fan_out_statements, views, cpu = [], [], 0.0
    for _ in range(turns):
        statements.clear()
        built.clear()
        version, command_thread = await sync_to_async(next_turn, thread_sensitive=False)()
        started = time.process_time()
        for socket in sockets:
            while f'data-version="{version}"' not in await socket.receive_from(timeout=30):
                pass
        cpu += time.process_time() - started
        fan_out_statements.append(sum(1 for thread in statements if thread != command_thread))
        views.append(len(built))
    for socket in sockets:
        await socket.disconnect()
    return max(fan_out_statements), max(views), cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", default="10,100,500")
    parser.add_argument("--turns", type=int, default=20)
    options = parser.parse_args()
    counts = [int(n) for n in options.phones.split(",")]

    prepare_environment(os.environ.get("DATABASE_URL") or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    os.environ.pop("REDIS_URL", None)  # the in-memory layer: one process, as this measures one process's work
    encounter_id, cookies, _ = demo_logins(max(counts))
    from django.contrib.auth import get_user_model

    from combat.models import Encounter

    gm = get_user_model().objects.get(pk=Encounter.objects.get(pk=encounter_id).campaign.gm_id)
    players = Encounter.objects.get(pk=encounter_id).campaign.players.count()
    statements, built = count_statements(), count_builds()

    print(f"{options.turns} next_turn commands; phones are the demo's {players} players in turn, in one process")
    print("phones  statements per fan-out  views built per change  CPU per change (server + test client)")
    flat = set()
    per_change = {}
    for count in counts:
        most, views, cpu = asyncio.run(measure(encounter_id, cookies[:count], gm, options.turns, statements, built))
        per_change[count] = cpu * 1000 / options.turns
        flat.add(most)
        print(f"{count:>6}  {most:>22}  {views:>22}  {per_change[count]:>22.2f} ms")
    print(f"statements flat in the number of phones: {'yes' if len(flat) == 1 else 'NO'} (goal: yes)")
    ordered = sorted(per_change)
    added = {
        (fewer, more): (per_change[more] - per_change[fewer]) / (more - fewer)
        for fewer, more in zip(ordered, ordered[1:])
    } or {(ordered[0],) * 2: per_change[ordered[0]] / ordered[0]}  # one count: its CPU per phone, fixed cost and all
    for (fewer, more), millis in added.items():
        print(f"CPU one more phone adds to a change, {fewer} -> {more} phones: {millis:.3f} ms", end=" ")
        print(f"(goal <= {CPU_GOAL_MS} ms)")
    if len(flat) != 1 or max(added.values()) > CPU_GOAL_MS:
        sys.exit(1)


if __name__ == "__main__":
    main()
