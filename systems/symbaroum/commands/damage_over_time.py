"""Damage over time, taken at the start of the affected combatant's own turn: Poisoned (its strength, kept as the
condition's count), Bleeding (1) and Burning (1d4). Each ignores armour and goes through harm.take_damage, so the
Pain Threshold and 0 Toughness count as for any hit. The players roll every die (rules.engine.symbaroum.fixed_value):
a burning player character's d4 is asked on their phone and hurts when answered; an NPC takes its fixed value.
The GM gives them with add_condition, a count and the rounds they last; the generic round end counts Bleeding and
Burning down. Poisoned counts the poisoned one's own turns (budget.TURN_TIMED): each of their turns it hurts, one
turn goes, and at none the poison has run its course (rules.engine.symbaroum_afflictions)."""

from rules.engine import symbaroum, symbaroum_afflictions
from systems.symbaroum.commands.harm import has, take_damage
from systems.symbaroum.commands.tests import answers, ask, rolls_dice

KINDS = {"Poisoned": "poison", "Bleeding": "bleeding", "Burning": "burning"}
BURNING_DICE = f"1d{symbaroum.BURNING_DAMAGE_DIE}"


def rounds_left(remaining):
    if remaining is None:
        return "until the GM ends it"
    return f"{remaining} round{'s' if remaining != 1 else ''} left"


def poison_turn_passes(context, condition):
    """One of the poisoned one's turns has hurt them: a turn less, the condition gone at none. Returns the words."""
    left = symbaroum_afflictions.poison_turn_ends(condition.remaining)
    if left is None:
        return "until the GM ends it"
    if left == 0:
        context.reduce_condition(condition)
        return "the poison has run its course"
    context.tick_condition(condition)
    return f"{left} turn{'s' if left != 1 else ''} left"


def turn_started(context, combatant):
    """Each of the combatant's damage-over-time conditions hurts them once; returns the log's notes."""
    notes = []
    hurting = [c for c in context.conditions if c.combatant_id == combatant.pk and c.name in KINDS]
    for condition in hurting:
        if has(context, combatant, "Dead"):
            break
        kind = KINDS[condition.name]
        if kind == "burning" and rolls_dice(combatant):
            ask(context, combatant, "burning", f"{BURNING_DICE} burning damage", dice=BURNING_DICE)
            notes.append(
                f"{combatant.name}'s player rolls {BURNING_DICE} burning damage, {rounds_left(condition.remaining)}."
            )
            continue
        amount = symbaroum.ongoing_damage(kind, strength=condition.count, d4=symbaroum.fixed_value(BURNING_DICE))
        effects = take_damage(context, combatant, amount)
        left = poison_turn_passes(context, condition) if kind == "poison" else rounds_left(condition.remaining)
        said = f"{context.named(combatant)} takes {amount} {kind} damage, {left}"
        notes.append("; ".join([said, *effects]) + ".")
    return notes


@answers("burning")
def burned(context, entry, rolled):
    """The burning player character's d4 is in: it hurts through take_damage, armour ignored."""
    combatant = context.combatant(entry["combatant"])
    amount = symbaroum.ongoing_damage("burning", d4=rolled["total"])
    effects = take_damage(context, combatant, amount)
    return "; ".join([f"{combatant.name} takes {amount} burning damage", *effects]) + ".", {
        "prompt": entry["id"],
        "damage": amount,
        "toughness": combatant.wounds,
    }
