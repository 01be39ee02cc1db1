"""The turn order: positions 0, 1, ... and where a given initiative slots in."""


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
