"""Command benchmark: statements and time of next turn, damage and a full attack as encounters grow.

For WFRP 4e encounters of 5, 30 and 100 combatants (the demo's fighters, then copies of its Goblin, every third one
Bleeding): statements per command, and p50/p95 over --runs runs, in process through `combat.commands.execute` and
over the JSON API of a real uvicorn server. An attack and a damage are each undone before the next, so every run
starts from the same state (the undo is measured too). Also the statements of a Symbaroum and a WFRP 3e attack.
Runs on PostgreSQL: DATABASE_URL, else a fresh database on 127.0.0.1:5432, dropped afterwards.

    .venv/bin/python bench/commands.py --runs 50
"""

import argparse
import time

from common import call_api, free_port, fresh_database, percentile, prepare_environment, start_server

SIZES = (5, 30, 100)
GOAL_SIZE, GOAL_P95_MS = 30, 25.0
ATTACK_ROLLS = {"attacker_roll": 23, "defender_roll": 45, "critical_roll": 7}  # tests/wfrp4e/test_attack.py's


def wfrp4e_encounter(size):
    """A running WFRP 4e encounter of `size` combatants; returns (encounter, attacker, target)."""
    from characters.models import Campaign
    from combat import commands
    from combat.models import Encounter
    from systems.wfrp4e.demo import CAMPAIGN

    campaign = Campaign.objects.get(name=CAMPAIGN)
    gm = campaign.gm
    encounter = Encounter.objects.create(campaign=campaign, name=f"Bench {size}")
    add = commands.add_combatant
    attacker = add(encounter, gm, character=campaign.characters.get(name="Anders Sigmarsson").pk).result["combatant"]
    target = add(encounter, gm, character=campaign.characters.get(name="Orc").pk).result["combatant"]
    goblin = campaign.characters.get(name="Goblin").pk
    while encounter.combatants.count() < size:
        add(encounter, gm, character=goblin, count=min(20, size - encounter.combatants.count()))
    for index, pk in enumerate(encounter.combatants.values_list("pk", flat=True)):
        if index % 3 == 2:
            commands.add_condition(encounter, gm, combatant=pk, condition="Bleeding")
    commands.start(encounter, gm)
    return encounter, attacker, target


def symbaroum_attack():
    """The Symbaroum demo: Ulrika shoots a goblin, every roll given."""
    from combat.models import Encounter
    from systems.symbaroum.demo import ENCOUNTER as SYMBAROUM_ENCOUNTER

    encounter = Encounter.objects.get(name=SYMBAROUM_ENCOUNTER)
    by_name = {c.name: c.pk for c in encounter.combatants.all()}
    args = {"attacker": by_name["Ulrika Vinterdotter"], "target": by_name["Goblin Gnarr"], "d20": 3, "damage": 5,
            "armour": 1, "location": 4}  # fmt: skip
    return encounter, "attack", args


def wfrp3e_attack():
    """The WFRP 3e demo: the beastman's Melee Strike on Katarina."""
    from combat.models import Encounter
    from systems.wfrp3e.demo import ENCOUNTER as WFRP3E_ENCOUNTER

    encounter = Encounter.objects.get(name=WFRP3E_ENCOUNTER)
    by_name = {c.name: c.pk for c in encounter.combatants.all()}
    args = {"combatant": by_name["Beastman Gor Skarr"], "card": "Melee Strike", "target": by_name["Katarina Vogel"]}
    return encounter, "perform_action", args


def statements(action):
    """How many SQL statements `action` sends (counted as they run, without Django's capped debug log)."""
    from django.db import connection

    sent = []

    def count(execute, sql, params, many, context):
        sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(count):
        action()
    return len(sent)


def timed(action):
    """Milliseconds `action` takes."""
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def plan(encounter, attacker, target):
    """(label, command, args, undone after) of each measured command."""
    attack = {"attacker": attacker, "target": target, "weapon": "Hand Weapon", "defence": "Melee (Basic)"}
    return [
        ("next_turn", "next_turn", {}, False),
        ("apply_damage", "apply_damage", {"combatant": target, "amount": 1}, True),
        ("attack", "attack", {**attack, **ATTACK_ROLLS}, True),
    ]


def in_process(encounter, steps, runs):
    """{label: (statements, times)} through commands.execute, and the undo's."""
    from combat import commands

    gm = encounter.campaign.gm
    figures = {}
    for label, name, args, undone in steps:

        def once(name=name, args=args):
            return commands.execute(encounter.pk, gm, name, args)

        def undo():
            return commands.execute(encounter.pk, gm, "undo", {})

        count = statements(once)
        if undone:
            undo_count = statements(undo)
        times, undo_times = [], []
        for _ in range(runs + 1):
            times.append(timed(once))
            if undone:
                undo_times.append(timed(undo))
        figures[label] = (count, times[1:])  # the first warms the caches
        if undone:
            figures[f"undo {label}"] = (undo_count, undo_times[1:])
    return figures


def over_api(port, token, encounter, steps, runs):
    """{label: times} of each command posted to the API (the answer carries the GM's whole state)."""
    path = f"encounters/{encounter.pk}/commands/"
    figures = {}
    for label, name, args, undone in steps:
        times = []
        for _ in range(runs + 1):
            times.append(
                timed(lambda name=name, args=args: call_api(port, path, token, {"command": name, "args": args}))
            )
            if undone:
                call_api(port, path, token, {"command": "undo", "args": {}})
        figures[label] = times[1:]  # the first warms the worker
    return figures


def line(label, count, times):
    figures = f"p50 {percentile(times, 0.5):6.1f} ms  p95 {percentile(times, 0.95):6.1f} ms" if times else ""
    return f"  {label:<22} {count!s:>4} statements  {figures}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    options = parser.parse_args()

    with fresh_database("bench_commands") as database:  # DATABASE_URL, else one of its own, dropped afterwards
        measure(database, options.runs)


def measure(database, runs):
    env = prepare_environment(database)
    import django

    django.setup()
    from django.conf import settings

    settings.DEBUG = False  # as in production: no query log kept while timing

    from characters.models import ApiToken
    from combat import commands

    assert settings.DATABASES["default"]["ENGINE"].endswith("postgresql"), "the goal is set on PostgreSQL"
    encounters = {size: wfrp4e_encounter(size) for size in SIZES}
    results = {}
    for size, (encounter, attacker, target) in encounters.items():
        results[size] = in_process(encounter, plan(encounter, attacker, target), runs)

    others = {}
    for label, build in (("Symbaroum attack", symbaroum_attack), ("WFRP 3e attack", wfrp3e_attack)):
        encounter, name, args = build()
        others[label] = statements(lambda: commands.execute(encounter.pk, encounter.campaign.gm, name, args))

    token = ApiToken.issue(encounters[SIZES[0]][0].campaign.gm)
    port = free_port()
    server = start_server(env, port)
    try:
        api = {
            size: over_api(port, token, encounter, plan(encounter, attacker, target), runs)
            for size, (encounter, attacker, target) in encounters.items()
        }
    finally:
        server.terminate()
        server.wait(timeout=10)

    print(f"Commands on PostgreSQL, {runs} runs each (WFRP 4e; attack and damage undone between runs)")
    for size in SIZES:
        print(f"{size} combatants, in process (commands.execute):")
        for label, (count, times) in results[size].items():
            print(line(label, count, times))
        print(f"{size} combatants, over the JSON API (uvicorn, the answer with the GM's state):")
        for label, times in api[size].items():
            print(line(label, results[size][label][0], times))
    for label, count in others.items():
        print(line(label, count, []))
    flat = all(len({results[size][label][0] for size in SIZES}) == 1 for label in results[SIZES[0]])
    print(f"goal: statements identical at {', '.join(map(str, SIZES))} combatants: {'met' if flat else 'MISSED'}")
    for where, p95 in (
        ("in process", percentile(results[GOAL_SIZE]["attack"][1], 0.95)),
        ("over the API", percentile(api[GOAL_SIZE]["attack"], 0.95)),
    ):
        verdict = "met" if p95 <= GOAL_P95_MS else "MISSED"
        print(f"goal: attack p95 <= {GOAL_P95_MS:g} ms at {GOAL_SIZE} combatants {where}: {p95:.1f} ms, {verdict}")


if __name__ == "__main__":
    main()
