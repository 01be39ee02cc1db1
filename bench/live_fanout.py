"""Fan-out benchmark: the GM's next turn reaching N phone websockets on a real uvicorn server.

Prints, per command: latency from the API call to each phone having the new view (p50/p95/max), bytes per
push, and the queries a command and one viewer's render take. Uses DATABASE_URL / REDIS_URL when set,
else a fresh SQLite file and the in-memory layer.

    .venv/bin/python bench/live_fanout.py --phones 100 --turns 20
"""

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from common import connect_phone, demo_logins, free_port, percentile, post_command, prepare_environment, start_server


def render_figures(encounter_id):
    """Queries, time and bytes of one GM and one player live view, rendered in this process."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from combat.models import Encounter
    from combat.rendering import live_fragments
    from combat.views_state import build, load_encounter

    encounter = Encounter.objects.get(pk=encounter_id)
    figures = {}
    for label, viewer in (("gm", encounter.campaign.gm), ("player", encounter.campaign.players.first())):
        live_fragments(build(load_encounter(encounter.pk), viewer))  # warm the template cache
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            html = live_fragments(build(load_encounter(encounter.pk), viewer))
        figures[label] = (len(queries), (time.perf_counter() - started) * 1000, len(html.encode()))
    return figures


async def run(port, encounter_id, cookies, token, turns):
    sockets = [await connect_phone(port, encounter_id, cookie) for cookie in cookies]
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
        version = await loop.run_in_executor(None, post_command, port, encounter_id, token)
        await asyncio.gather(*(wait_for(ws, version, started) for ws in sockets))
    await asyncio.gather(*(ws.close() for ws in sockets))
    return latencies, sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--turns", type=int, default=20)
    options = parser.parse_args()

    env = prepare_environment(os.environ.get("DATABASE_URL") or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    encounter_id, cookies, token = demo_logins(options.phones)
    figures = render_figures(encounter_id)
    port = free_port()
    server = start_server(env, port)
    try:
        latencies, sizes = asyncio.run(run(port, encounter_id, cookies, token, options.turns))
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
