"""The turn order: positions 0, 1, ..., where a given initiative slots in, and the log text of tie roll-offs."""


def renumber(context, ordered):
    for index, combatant in enumerate(ordered):
        if combatant.position != index:
            combatant.position = index
            context.touch(combatant)


def place_by_initiative(ordered, initiative):
    """Index before the first combatant acting later: after everyone with equal or higher initiative."""
    return next(
        (i for i, other in enumerate(ordered) if other.initiative is None or other.initiative < initiative),
        len(ordered),
    )


def roll_offs_note(context, rolls):
    """The roll-offs that broke ties, for the log: every roll, by name."""
    if not rolls:
        return ""
    names = {c.pk: c.name for c in context.combatants}
    return (
        " Roll-offs: " + "; ".join(f"{names[pk]} {', '.join(map(str, values))}" for pk, values in rolls.items()) + "."
    )


def roll_offs_result(rolls):
    return {str(pk): values for pk, values in rolls.items()}
