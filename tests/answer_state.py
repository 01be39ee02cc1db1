"""What a command read and left (Outcome.known), from which its answer is built, is checked against a fresh read of
the database after every command a test runs: a command that changed a row in memory without its Context writing
it would otherwise answer with a state the database does not hold. The answer's own read (LiveViews.read_for_answer)
is checked the same way."""

from django.db import connections

from characters.models import Character
from combat import live, reads, views_state
from combat.commands import spine
from combat.models import Combatant, ConditionInstance

read = views_state.read  # the real read, whatever a test puts in its place
read_for_answer = live.LiveViews.read_for_answer
execute = spine.execute
COMBATANT_COLUMNS = [field.attname for field in Combatant._meta.concrete_fields]
CHARACTER_COLUMNS = [field.attname for field in Character._meta.concrete_fields]
CONDITION_COLUMNS = [field.attname for field in ConditionInstance._meta.concrete_fields]


def values(instance, columns):
    """The instance's columns, each with its type: 5 and 5.0, 1 and True would show differently."""
    return (
        None if instance is None else tuple((type(value), value) for value in map(instance.__getattribute__, columns))
    )


def rows(everyone, conditions):
    """All that a read holds of the rows, as plain values; conditions by combatant, in their order."""
    by_combatant = {}
    for condition in conditions:
        by_combatant.setdefault(condition.combatant_id, []).append(values(condition, CONDITION_COLUMNS))
    return [(values(c, COMBATANT_COLUMNS), values(c.character, CHARACTER_COLUMNS)) for c in everyone], by_combatant


def unlogged(read_afresh):
    """`read_afresh()`, its statements kept out of the query-count tests."""
    log = connections["default"].queries_log
    logged = len(log)
    fresh = read_afresh()
    for _ in range(len(log) - logged):
        log.pop()
    return fresh


def checked_execute(encounter, *args, **kwargs):
    outcome = execute(encounter, *args, **kwargs)
    known = outcome.known
    _, everyone, conditions, players = unlogged(lambda: reads.state(outcome.encounter.pk))
    message = f"what {outcome.message!r} left is not what the database holds"
    if known.combatants is not None:
        assert rows(known.combatants, []) == rows(everyone, []), message
    if known.conditions is not None:
        assert rows([], known.conditions) == rows([], conditions), message
    assert sorted(known.players) == sorted(players), message
    return outcome


def checked_read_for_answer(self, outcome, with_log):
    data = read_for_answer(self, outcome, with_log)
    fresh = unlogged(lambda: read(outcome.encounter, with_log=False))
    answer = rows(data.everyone, [c for found in data.conditions.values() for c in found]), data.player_ids
    database = rows(fresh.everyone, [c for found in fresh.conditions.values() for c in found]), fresh.player_ids
    assert answer == database, f"the answer to {outcome.message!r} is not what the database holds"
    return data
