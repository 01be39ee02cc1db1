"""Fortune and Resolve a command spends from a combatant's character sheet (undo restores them: snapshot.py)."""

from combat.commands.spine import CommandError


def spend(combatant, kind, points=1):
    """Take `points` of `kind` ("fortune" or "resolve"); returns what is left. Too few: CommandError."""
    character = combatant.character
    have = getattr(character, kind) if character else 0
    if have < points:
        raise CommandError(f"{combatant.name} has {have} {kind.title()}; that needs {points}.")
    setattr(character, kind, have - points)
    character.save(update_fields=[kind])
    return have - points
