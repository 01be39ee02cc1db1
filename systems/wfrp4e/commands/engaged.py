"""Who is Engaged with whom (seed 002 "Attack" › Engaged): a melee attack engages the attacker and the target with
each other; a pair that goes a full Round without attacking each other is no longer Engaged. The pairs live in the
encounter's state (`engaged`), so undo restores them."""

from rules.engine import wfrp4e


def pair_key(one, other):
    low, high = sorted((one.pk, other.pk))
    return f"{low}:{high}"


def engage(encounter, attacker, target):
    encounter.state.engaged[pair_key(attacker, target)] = encounter.round


def engaged_with(encounter, combatant):
    """The ids of those `combatant` is Engaged with."""
    ids = set()
    for key in encounter.state.engaged:
        low, high = (int(pk) for pk in key.split(":"))
        if combatant.pk in (low, high):
            ids.add(high if low == combatant.pk else low)
    return ids


def round_ended(context):
    """Drop the pairs that did not attack each other in the Round that ends; returns notes for the log."""
    encounter = context.encounter
    by_pk = {c.pk: c for c in context.combatants}
    notes = []
    for key, last_round in list(encounter.state.engaged.items()):
        if wfrp4e.engagement_lapsed(last_round, encounter.round):
            del encounter.state.engaged[key]
            names = [context.named(by_pk[int(pk)]) for pk in key.split(":") if int(pk) in by_pk]
            if len(names) == 2:
                notes.append(f"{names[0]} and {names[1]} are no longer Engaged.")
    return notes
