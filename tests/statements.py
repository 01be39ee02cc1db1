"""What the query-count tests share: the SQL statements an action sends, compared as the fight grows to 5, 30 and
100 combatants (docs/architecture.md "Tests and bench")."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

SIZES = (5, 30, 100)


def shape(sql):
    """A statement without its values: ids, texts and lists of them differ from one fight to the next."""
    sql = re.sub(r'"s\d+_x\d+"', "savepoint", sql)  # Django's savepoint names count up
    sql = re.sub(r"'(?:[^']|'')*'", "?", sql)
    sql = re.sub(r"(?<![\w\"])-?\d+(?:\.\d+)?(?![\w\"])", "?", sql)
    sql = re.sub(r"\(\?\)(?:, \(\?\))+", "(?)", sql)  # a prefetch's list of ids, each in brackets
    return re.sub(r"\?(?:, \?)+", "?", sql)


def statements(action):
    """The shapes of the statements `action` sends, in order."""
    with CaptureQueriesContext(connection) as captured:
        action()
    return [shape(query["sql"]) for query in captured.captured_queries]


def at_each_size(grow_to, measure):
    """measure() once the fight has grown to each of SIZES combatants (grow_to(size) adds the newcomers)."""
    results = []
    for size in SIZES:
        grow_to(size)
        results.append(measure())
    return results
