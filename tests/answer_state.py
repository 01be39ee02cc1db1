"""Every command's answer, built from what the command read and left (Outcome.known), is checked, in every test that
runs a command, against a fresh read of the database: a command that changed a row in memory without its Context
writing it would otherwise answer with a state the database does not hold."""

from django.db import connections

from characters.models import Character
from combat import live, views_state
from combat.models import Combatant, ConditionInstance

read = views_state.read  # the real read, whatever a test puts in its place
read_for_answer = live.LiveViews.read_for_answer
COMBATANT_COLUMNS = [field.attname for field in Combatant._meta.concrete_fields]
CHARACTER_COLUMNS = [field.attname for field in Character._meta.concrete_fields]
CONDITION_COLUMNS = [field.attname for field in ConditionInstance._meta.concrete_fields]


def values(instance, columns):
    return None if instance is None else tuple(getattr(instance, column) for column in columns)


def state(data):
    """All that a read holds of the rows, as plain values, conditions in their order."""
    return (
        [(values(c, COMBATANT_COLUMNS), values(c.character, CHARACTER_COLUMNS)) for c in data.everyone],
        {pk: [values(i, CONDITION_COLUMNS) for i in found] for pk, found in data.conditions.items() if found},
        data.player_ids,
    )


def checked_read_for_answer(self, outcome, with_log):
    data = read_for_answer(self, outcome, with_log)
    log = connections["default"].queries_log
    logged = len(log)
    fresh = read(outcome.encounter, with_log=False)
    for _ in range(len(log) - logged):  # the check's own statements stay out of the query-count tests
        log.pop()
    assert state(data) == state(fresh), f"the answer to {outcome.message!r} is not what the database holds"
    return data
