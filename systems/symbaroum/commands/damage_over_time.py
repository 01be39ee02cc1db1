"""Damage over time, taken at the start of the affected combatant's own turn: Poisoned (its strength, kept as the
condition's count), Bleeding (1) and Burning (1d4, rolled by the tracker). Each ignores armour and goes through
harm.take_damage, so the Pain Threshold and 0 Toughness count as for any hit. The GM gives them with add_condition,
a count and the rounds they last; the generic round end counts the rounds down."""

from rules.engine import symbaroum
from systems.symbaroum.commands.harm import has, take_damage

KINDS = {"Poisoned": "poison", "Bleeding": "bleeding", "Burning": "burning"}


def rounds_left(remaining):
    if remaining is None:
        return "until the GM ends it"
    return f"{remaining} round{'s' if remaining != 1 else ''} left"


def turn_started(context, combatant):
    """Each of the combatant's damage-over-time conditions hurts them once; returns the log's notes."""
    notes = []
    hurting = [c for c in context.conditions if c.combatant_id == combatant.pk and c.name in KINDS]
    for condition in hurting:
        if has(context, combatant, "Dead"):
            break
        kind = KINDS[condition.name]
        amount = symbaroum.ongoing_damage(
            kind, strength=condition.count, d4=lambda: context.dice.d(symbaroum.BURNING_DAMAGE_DIE)
        )
        effects = take_damage(context, combatant, amount)
        said = f"{context.named(combatant)} takes {amount} {kind} damage, {rounds_left(condition.remaining)}"
        notes.append("; ".join([said, *effects]) + ".")
    return notes
