"""Tables read with a roll, and the seed's own rows shipped in rules/data/<system>/<kind>.json.

Those files are the single copy of each seed table: `loadrules` puts their rows in the database for the
admin to edit, and the engine falls back to them when a caller passes no table of its own.
"""

import json
from functools import cache
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent.parent / "data"


@cache
def _load(system, kind):
    return json.loads((DATA_DIR / system / f"{kind}.json").read_text())


def seed_rows(system, kind):
    """The rows as the seed has them (fresh copies, so callers may change them)."""
    return [dict(row) for row in _load(system, kind)]


def lookup(rows, roll, table_name):
    """The row whose low-high range holds `roll`; a gap in an edited table is a clear error."""
    for row in rows:
        if row["low"] <= roll <= row["high"]:
            return row
    raise ValueError(f"The {table_name} table has no row for a roll of {roll}.")
