"""A character's own deck of action cards and talents (the sheet's ACTION_CARDS and TALENTS): a player plays only
what their character has; the GM may play anything for anyone, as for a creature without a deck."""

from combat.commands.spine import CommandError
from combat.permissions import GM
from systems.wfrp3e.sheet import deck


def refuse_outside(context, combatant, key, name, word):
    """CommandError, in words, when a player plays `name` (a `word`: "action card", "talent") that is not in their
    character's deck of `key`."""
    held = deck(combatant.character if combatant.character_id else None, key)
    if context.role != GM and held is not None and name not in held:
        raise CommandError(f"{combatant.name} has no {name} among their {word}s.")
