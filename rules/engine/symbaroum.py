"""Symbaroum with the table's optional rules (seed 001_7a8c5b8a8aaad980.txt)."""

from rules.engine.initiative import turn_order


def initiative_order(combatants, d20):
    """Seed 001 "Turn Order" › "Initiative": highest Quick acts first, then highest Vigilant, then a d20 roll-off.

    combatants: {key: (quick, vigilant)}; d20() returns 1-20, the higher roll acting first.
    """
    return turn_order(combatants, lambda key: d20())
