"""Damage over time, taken at the start of the affected combatant's own turn: Poisoned (its strength, kept as the
condition's count), Bleeding (1) and Burning (1d4). Each ignores armour and goes through harm.take_damage, so the
Pain Threshold and 0 Toughness count as for any hit. The players roll every die (rules.engine.symbaroum.fixed_value):
a burning player character's d4 is asked on their phone and hurts when answered; an NPC takes its fixed value.
The GM gives them with add_condition, a count and the rounds they last; the generic round end counts them down."""

from rules.engine import symbaroum
from systems.symbaroum.commands.harm import has, take_damage
from systems.symbaroum.commands.tests import answers, ask, rolls_dice

KINDS = {"Poisoned": "poison", "Bleeding": "bleeding", "Burning": "burning"}
BURNING_DICE = f"1d{symbaroum.BURNING_DAMAGE_DIE}"


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
        if kind == "burning" and rolls_dice(combatant):
            ask(context, combatant, "burning", f"{BURNING_DICE} burning damage", dice=BURNING_DICE)
            notes.append(
                f"{combatant.name}'s player rolls {BURNING_DICE} burning damage, {rounds_left(condition.remaining)}."
            )
            continue
        amount = symbaroum.ongoing_damage(kind, strength=condition.count, d4=symbaroum.fixed_value(BURNING_DICE))
        effects = take_damage(context, combatant, amount)
        said = f"{context.named(combatant)} takes {amount} {kind} damage, {rounds_left(condition.remaining)}"
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
