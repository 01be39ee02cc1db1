"""The turn order: positions 0, 1, ..., where a given initiative slots in, and the log text of tie roll-offs."""


def renumber(context, ordered):
    for index, combatant in enumerate(ordered):
        if combatant.position != index:
            combatant.position = index
            context.touch(combatant)


def back_to_initiative(context, combatant_ids):
    """Put the given combatants back at their initiative's place in the order, after a rule moved them, ties broken
    as the system breaks them; returns log notes of any roll-offs that placing them took."""
    notes = []
    for pk in combatant_ids:
        ordered = context.ordered()
        combatant = next((c for c in ordered if c.pk == pk), None)
        if combatant is None or combatant.initiative is None:
            continue
        rest = [c for c in ordered if c.pk != pk]
        place, rolls = context.system.initiative_place(context, rest, combatant)
        renumber(context, rest[:place] + [combatant] + rest[place:])
        if rolls:
            notes.append(f"{combatant.name} is back in initiative order.{roll_offs_note(context, rolls)}")
    return notes


def place_by_initiative(ordered, initiative):
    """Index before the first combatant acting later: after everyone with equal or higher initiative."""
    return next(
        (i for i, other in enumerate(ordered) if other.initiative is None or other.initiative < initiative),
        len(ordered),
    )


def roll_offs_note(context, rolls):
    """The roll-offs that broke ties, for the log, in the GM's words: for each initiative tied, every roll by name,
    in the order rolled, then how the system rolls off ("Tied on initiative 12: Bandit 1 rolled -5 SL then -1 SL,
    Bandit 2 rolled -5 SL then +3 SL (...)")."""
    if not rolls:
        return ""
    by_pk = {c.pk: c for c in context.combatants}
    tied = {}
    for pk, values in rolls.items():
        rolled = " then ".join(context.system.roll_off_result(value) for value in values)
        tied.setdefault(by_pk[pk].initiative, []).append(f"{by_pk[pk].name} rolled {rolled}")
    ties = " ".join(f"Tied on initiative {initiative}: {', '.join(names)}." for initiative, names in tied.items())
    return f" {ties[:-1]} ({context.system.roll_off_rule})."


def roll_offs_result(rolls):
    return {str(pk): values for pk, values in rolls.items()}
