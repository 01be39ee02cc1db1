"""The GM screen at scale: per system, an encounter of 10, 30 and 100 combatants.

Prints, for each: the GM page through the test client; the GM's whole live view (`views_state.build` +
`rendering.live_fragments`, what a connect or resync sends); and the GM's push after one combatant's damage (the
process's read and render of the new version, `combat/live.py`, and the parts that changed), median and p95 in
ms; the raw and gzipped HTML bytes; the bytes of the GM's `next_turn` push;
the queries each takes; then the first load on the wire at 10 combatants (the gzipped page and the gzipped static
files it loads). Runs with production settings (DEBUG off, collected static files) on a fresh SQLite file unless
DATABASE_URL is set.

    .venv/bin/python bench/gm_scale.py [--runs 30]
"""

import argparse
import gzip
import os
import re
import statistics
import tempfile
import time

from common import PRODUCTION, percentile, prepare_environment, production_environment

SIZES = (10, 30, 100)
PAGE_TARGET_MS = 30
LIVE_TARGET_MS = 10
NEXT_TURN_TARGET_BYTES = 8 * 1024
FIRST_LOAD_TARGET_KB = 60
STATIC_LINK = re.compile(r'<(?:script|link)[^>]+(?:src|href)="(/static/[^"]+)"')


def scaled_encounter(demo_name, size):
    """A running copy of the demo encounter `demo_name` with `size` combatants (its own, over and over)."""
    from combat import commands
    from combat.creation import build_encounter, members_of
    from combat.models import Encounter

    demo = Encounter.objects.get(name=demo_name)
    members = members_of(demo)
    many = [members[index % len(members)] for index in range(size)]
    encounter = build_encounter(demo.campaign, f"{demo_name} × {size}", demo.house_rules, many)
    gm = demo.campaign.gm
    for name in ("roll_initiative", "start"):
        commands.execute(encounter, gm, name, {})
    encounter.refresh_from_db()
    return encounter


def timed(function, runs, before_each=None):
    """Median and p95 (ms) of `runs` calls, each after an untimed `before_each()`; the queries of one call and its
    last result."""
    from django.db import connection

    queries = []  # counted by a wrapper: the test client's request_started resets connection.queries

    def count(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    if before_each:
        before_each()
    with connection.execute_wrapper(count):
        result = function()
    times = []
    for _ in range(runs):
        if before_each:
            before_each()
        start = time.perf_counter()
        result = function()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), percentile(times, 0.95), len(queries), result


def static_bytes(html):
    """The gzipped bytes of the static files the page loads, as collectstatic left them."""
    from django.conf import settings

    total = 0
    for url in sorted(set(STATIC_LINK.findall(html))):
        path = settings.STATIC_ROOT / url.removeprefix(settings.STATIC_URL)
        total += len(gzip.compress(path.read_bytes()))
    return total


def measure(demo_name, size, runs):
    from django.test import Client

    from combat import commands
    from combat.live import live_views
    from combat.models import Encounter
    from combat.reads import encounter as load_encounter
    from combat.rendering import live_fragments
    from combat.views_state import build

    encounter = scaled_encounter(demo_name, size)
    gm = encounter.campaign.gm
    client = Client(HTTP_HOST="127.0.0.1")  # one of the production ALLOWED_HOSTS
    client.force_login(gm)
    url = f"/encounters/{encounter.pk}/"

    def page():
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        return response.content.decode()

    target = encounter.combatants.order_by("pk").last()
    shown = {}  # what the GM's socket has sent (combat/live.py)

    def change():
        """One combatant's damage, then healed again: each push's read and render has one row to draw afresh."""
        command = "heal" if change.damaged else "apply_damage"
        commands.execute(encounter, gm, command, {"combatant": target.pk, "amount": 1})
        change.damaged = not change.damaged

    change.damaged = False

    def push():
        """What the GM's socket does for a new version: the read and render its process shares, then the parts
        that changed since what it sent."""
        version = Encounter.objects.filter(pk=encounter.pk).values_list("version", flat=True).get()
        rendered = live_views.view_for(encounter.pk, gm, at_least=version)
        return "".join(rendered.messages(shown, everything=False))

    page_ms, page_p95, page_queries, html = timed(page, runs)
    live_ms, live_p95, live_queries, fragments = timed(
        lambda: live_fragments(build(load_encounter(encounter.pk), gm)), runs
    )
    push_ms, push_p95, push_queries, pushed = timed(push, runs, before_each=change)
    commands.execute(encounter, gm, "next_turn", {})
    next_turn = push()  # the turn's two rows, and the parts that follow whose turn it is
    return {
        "next_turn": len(next_turn.encode()),
        "page": (page_ms, page_p95, page_queries, len(html.encode()), len(gzip.compress(html.encode()))),
        "live": (live_ms, live_p95, live_queries, len(fragments.encode()), len(gzip.compress(fragments.encode()))),
        "push": (push_ms, push_p95, push_queries, len(pushed.encode()), len(gzip.compress(pushed.encode()))),
        "static": static_bytes(html),
    }


def goal(figure, target, unit):
    return f"{figure:.1f} {unit} (goal <= {target} {unit}: {'met' if figure <= target else 'NOT met'})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    options = parser.parse_args()
    env = prepare_environment(os.environ.get("DATABASE_URL") or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3")
    os.environ.update(production_environment(env), **PRODUCTION)
    import django

    django.setup()
    from systems.symbaroum.demo import ENCOUNTER as SYMBAROUM_ENCOUNTER
    from systems.wfrp3e.demo import ENCOUNTER as WFRP3E_ENCOUNTER
    from systems.wfrp4e.demo import ENCOUNTER

    print(f"database: {env['DATABASE_URL'].split('://')[0]}; {options.runs} runs each; times in ms")
    print(f"{'system':10} {'n':>4} {'view':5} {'median':>7} {'p95':>7} {'queries':>7} {'bytes':>8} {'gzipped':>8}")
    for system, demo_name in (("wfrp4e", ENCOUNTER), ("symbaroum", SYMBAROUM_ENCOUNTER), ("wfrp3e", WFRP3E_ENCOUNTER)):
        for size in SIZES:
            figures = measure(demo_name, size, options.runs)
            for view in ("page", "live", "push"):
                median, p95, queries, raw, zipped = figures[view]
                print(f"{system:10} {size:>4} {view:5} {median:7.1f} {p95:7.1f} {queries:>7} {raw:>8} {zipped:>8}")
            if size == SIZES[0]:  # the goal is set for a 10-combatant encounter
                verdict = "met" if figures["next_turn"] <= NEXT_TURN_TARGET_BYTES else "NOT met"
                print(f"  next_turn pushed to the GM: {figures['next_turn']} bytes (goal <= 8 KB: {verdict})")
            else:
                print(f"  next_turn pushed to the GM: {figures['next_turn']} bytes")
            if size == SIZES[-1]:
                print(f"  goal at {size}: page {goal(figures['page'][0], PAGE_TARGET_MS, 'ms')}")
                print(f"  goal at {size}: push {goal(figures['push'][0], LIVE_TARGET_MS, 'ms')}")
            if size == SIZES[0]:
                page_kb, static_kb = figures["page"][4] / 1024, figures["static"] / 1024
                wire = goal(page_kb + static_kb, FIRST_LOAD_TARGET_KB, "KB")
                print(f"  first load at {size}, gzipped: {page_kb:.1f} KB page + {static_kb:.1f} KB static = {wire}")


if __name__ == "__main__":
    main()
