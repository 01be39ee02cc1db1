"""Condition cards on combatants (seed 003 "Condition Cards", "Condition Durations"). A brief card is kept with its
tracking tokens (state.condition_tokens), the others by name (state.lasting_conditions); the engine decides what
gaining one does (rules.engine.wfrp3e.gain_condition: tokens, no stacking, the cancelling pairs)."""

from combat.commands.fields import TextField
from combat.commands.spine import CombatantArgs, CommandError
from combat.prepared import Read
from rules.engine import wfrp3e
from systems.wfrp3e.commands import KEY, command, markers
from systems.wfrp3e.models import ConditionCard

__all__ = ["add_condition_card", "remove_condition_card"]


def held(state, combatant):
    """{condition: tracking tokens, None for the durations without} the combatant holds."""
    pk = str(combatant.pk)
    lasting = dict.fromkeys(state.lasting_conditions.get(pk, ()))
    return lasting | state.condition_tokens.get(pk, {})


def keep(state, combatant, conditions):
    """Store what the combatant holds, splitting the tokened cards from the others."""
    pk = str(combatant.pk)
    tokens = {name: count for name, count in conditions.items() if count is not None}
    lasting = sorted(name for name, count in conditions.items() if count is None)
    for store, value in ((state.condition_tokens, tokens), (state.lasting_conditions, lasting)):
        if value:
            store[pk] = value
        else:
            store.pop(pk, None)


CARD_DURATIONS = Read(ConditionCard, "{system} = {wfrp3e}", values=["name", "duration"], wfrp3e=KEY)


def durations():
    """{card name: duration}: the admin's condition cards, over the engine's own list."""
    return wfrp3e.CONDITION_DURATIONS | dict(CARD_DURATIONS())


class ConditionArgs(CombatantArgs):
    condition = TextField()


@command(ConditionArgs, rule="Condition Durations")
def add_condition_card(context, combatant, condition):
    """Put a condition card on a combatant: a brief one with three tracking tokens; one already held is not
    doubled; one of a cancelling pair removes the other instead."""
    known = durations()
    if condition not in known:
        raise CommandError(f"There is no condition card called {condition}.")
    state = context.encounter.state
    after, happened = wfrp3e.gain_condition(held(state, combatant), condition, known[condition])
    keep(state, combatant, after)
    name = context.named(combatant)
    words = {
        wfrp3e.GAINED: f"{name} is {condition} ({known[condition]})",
        wfrp3e.RENEWED: f"{name} is {condition} again: back to {wfrp3e.BRIEF_TOKENS} tracking tokens",
        wfrp3e.ALREADY_HELD: f"{name} is already {condition}",
        wfrp3e.CANCELLED: f"{condition} cancels {name}'s {wfrp3e.CANCELS.get(condition)}",
    }
    traded = markers.keep_off_first_marker(context) if condition == wfrp3e.TRAUMATIZED else []
    message = " ".join([f"{words[happened]}.", *traded])
    return message, {"combatant": combatant.pk, "condition": condition, "happened": happened}


@command(ConditionArgs, rule="Condition Durations")
def remove_condition_card(context, combatant, condition):
    """Take a condition card off (a dependent one whose cause is gone, a permanent one healed)."""
    state = context.encounter.state
    conditions = held(state, combatant)
    if condition not in conditions:
        raise CommandError(f"{context.named(combatant)} is not {condition}.")
    del conditions[condition]
    keep(state, combatant, conditions)
    return f"{context.named(combatant)} is no longer {condition}.", {"combatant": combatant.pk}
