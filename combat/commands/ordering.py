"""The turn order: positions 0, 1, ..., where a given initiative slots in, and the log text of tie roll-offs."""

from combat.models import Encounter


def renumber(context, ordered):
    for index, combatant in enumerate(ordered):
        if combatant.position != index:
            combatant.position = index
            context.touch(combatant)


def order_by_initiative(context, kept, waiting=()):
    """Order everyone by the system's initiative ranks, exact ties rolled off: the combatants in `kept` by the
    initiative they have, the others by what the system ranks them at, which becomes their initiative; those
    `waiting` on a roll come last, their initiative left empty. Whoever is first takes the turn of a running fight
    with nobody's turn running. Returns (the order, {id: [roll-offs]})."""
    waiting_ids = {c.pk for c in waiting}
    ranked = [c for c in context.combatants if c.pk not in waiting_ids]
    ranks = {c.pk: context.system.initiative_rank(c) for c in ranked}
    for c in kept:
        ranks[c.pk] = (c.initiative, *ranks[c.pk][1:])
    order, rolls = context.system.initiative_order(context, ranks)
    by_pk = {c.pk: c for c in ranked}
    for pk in order:
        by_pk[pk].initiative = ranks[pk][0]
        context.touch(by_pk[pk])
    for c in waiting:
        c.initiative = None
        context.touch(c)
    ordered = [by_pk[pk] for pk in order] + list(waiting)
    renumber(context, ordered)
    if context.encounter.status == Encounter.Status.ACTIVE and context.encounter.active_id is None:
        context.encounter.active = ordered[0]
    return ordered, rolls


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
