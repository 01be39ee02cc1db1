"""Surprise (seed 002 "Suprise"): the ambushed gain the Surprised Condition, which a Resolve point removes."""

from combat.commands.spine import CombatantArgs, CommandError, OwnCombatantArgs
from rules.models import ConditionDefinition
from systems.wfrp4e.commands import command

__all__ = ["surprise", "use_resolve"]

SURPRISED = "Surprised"


def surprised_condition(context, combatant):
    return next((c for c in context.conditions if c.combatant_id == combatant.pk and c.name == SURPRISED), None)


@command(CombatantArgs)
def surprise(context, combatant):
    """The ambusher won: Surprised until the end of the Round (core rules), or until first attacked."""
    if surprised_condition(context, combatant):
        raise CommandError(f"{combatant.name} is already Surprised.")
    definition = ConditionDefinition.objects.filter(system=context.encounter.system, name=SURPRISED).first()
    if definition is None:
        raise CommandError("This game system has no Surprised condition.")
    context.add_condition(combatant, definition, remaining=1)
    return f"{combatant.name} is Surprised.", {"combatant": combatant.pk}


@command(OwnCombatantArgs, gm_only=False)
def use_resolve(context, combatant):
    """Seed 002 "Suprise": a Surprised character may spend a Resolve point to be rid of the Condition; the player
    may do it from their phone."""
    condition = surprised_condition(context, combatant)
    if condition is None:
        raise CommandError(f"{combatant.name} is not Surprised.")
    left = context.spend_points(combatant, "resolve")
    context.reduce_condition(condition)
    return f"{combatant.name} spends a Resolve point and is no longer Surprised ({left} left).", {
        "combatant": combatant.pk,
        "resolve": left,
    }
