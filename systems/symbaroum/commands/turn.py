"""A Symbaroum turn is one Combat Action and one Movement Action; the Combat Action may become a second Movement
Action, never the other way round (seed 001 "Actions in Combat"). The tracker keeps what the active combatant has
used in the encounter's state (`turn`), ticked by the GM or by the commands that use an action."""

from combat.commands.fields import OneOfField, YesNoField
from combat.commands.spine import Args, CommandError, OwnCombatantArgs
from systems.symbaroum.commands import command

__all__ = ["mark_action"]

PARTS = {"combat": "Combat Action", "movement": "Movement Action"}
# Who cannot act at all, in turn or out of it: seed 004 "Unsorted" › "Dying Characters".
HELPLESS = ("Dying", "Dead")


def turn_key(encounter):
    return f"{encounter.round}:{encounter.active_id}"


def turn_used(encounter):
    """What the active combatant has used this turn: {"combat": 0|1, "movements": 0..2, "movements_allowed"}."""
    turn = encounter.state.turn
    current = turn.get("key") == turn_key(encounter)
    combat = turn.get("combat", 0) if current else 0
    movements = turn.get("movements", 0) if current else 0
    return {"combat": combat, "movements": movements, "movements_allowed": 1 if combat else 2}


def spend(context, combatant, part):
    """Use `part` ("combat" or "movement") of `combatant`'s turn when it is their turn; out of turn (a reaction, a
    free attack) nothing is spent. CommandError when the combatant is helpless or keeps a hold (which allows nothing
    else, in turn or out of it); TurnRefused when the turn has no such action left or a condition takes it
    (budget.py), unless the GM allows it anyway."""
    # Imported here: manoeuvres spends actions through this module, so it imports this one first.
    from systems.symbaroum.commands.manoeuvres import refuse_while_holding

    refuse_helpless(context, combatant)
    refuse_while_holding(context, combatant)
    context.may_spend(combatant, part)
    encounter = context.encounter
    if encounter.active_id == combatant.pk:
        set_used(encounter, turn_used(encounter), part, +1)


def refuse_helpless(context, combatant):
    """CommandError when `combatant` is dying or dead: they neither act nor declare anything, though their player
    still answers the tests asked of them (the death test first of all)."""
    counts = context.condition_counts(combatant)
    helpless = next((name for name in HELPLESS if counts.get(name)), None)
    if helpless:
        raise CommandError(f"{combatant.name} is {helpless.lower()} and cannot act.")


class ActingArgs(OwnCombatantArgs):
    """For the commands in which `combatant` acts or declares something: refused while they are dying or dead."""

    def clean_combatant(self):
        combatant = super().clean_combatant()
        refuse_helpless(self.context, combatant)
        return combatant


def use_up(context, combatant):
    """Leave nothing of the turn when it is `combatant`'s (one who wakes from a death test acts from the next)."""
    encounter = context.encounter
    if encounter.active_id == combatant.pk:
        encounter.state.turn = {"key": turn_key(encounter), "combat": 1, "movements": 1}


def set_used(encounter, used, part, change):
    key = "combat" if part == "combat" else "movements"
    encounter.state.turn = {
        "key": turn_key(encounter),
        "combat": used["combat"],
        "movements": used["movements"],
        key: used[key] + change,
    }


class MarkArgs(Args):
    part = OneOfField(choices=list(PARTS.items()))
    used = YesNoField(help_text="Leave empty (false) to take the tick back.")


@command(MarkArgs, rule="Ticking a Combat or Movement Action")
def mark_action(context, part, used):
    """Tick (or take back) the active combatant's Combat or Movement Action."""
    encounter = context.encounter
    active = encounter.active
    if encounter.status != "active" or active is None:
        raise CommandError("Nobody's turn is running.")
    now = turn_used(encounter)
    if used:
        spend(context, active, part)
    else:
        count = now["combat"] if part == "combat" else now["movements"]
        if not count:
            raise CommandError(f"{active.name} has not used a {PARTS[part]} this turn.")
        set_used(encounter, now, part, -1)
    after = turn_used(encounter)
    verb = "uses" if used else "takes back"
    return f"{active.name} {verb} a {PARTS[part]} ({after['movements']} movement, {after['combat']} combat).", after
