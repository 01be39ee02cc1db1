"""How far apart the two sides stand (seed 001 "Alternate Rules" › "Distance Categories"): the GM sets the
category when the fight starts or the lines move; ranged attacks take its modifier and its extra damage, and at
Close distance a shot is possible only at the very start of the fight. Mystical powers ignore it."""

from combat.commands.fields import OneOfField
from combat.commands.spine import Args, CommandError
from rules.engine import symbaroum
from systems.symbaroum import toggles
from systems.symbaroum.commands import command

__all__ = ["set_distance"]

CHOICES = [(key, distance.label) for key, distance in symbaroum.DISTANCES.items()]


def current(encounter):
    """The Distance Category in force ("short", ...), or None when the rule is off or the GM has set none."""
    if not encounter.plays(toggles.DISTANCE_CATEGORIES):
        return None
    return encounter.state.distance or None


def shown(encounter):
    """What the screens show of the distance: None when the rule is off, {"set": False} until the GM sets one."""
    if not encounter.plays(toggles.DISTANCE_CATEGORIES):
        return None
    key = current(encounter)
    if key is None:
        return {"set": False}
    distance = symbaroum.DISTANCES[key]
    return {"set": True, "key": key, "label": distance.label, "metres": distance.metres,
            "movements": symbaroum.movements_to_engage(key)}  # fmt: skip


def acts_before(context, shooter, target):
    order = [c.pk for c in context.ordered()]
    return order.index(shooter.pk) < order.index(target.pk)


def shot_distance(context, shooter, target):
    """The distance a ranged attack is shot at (None without the rule or a distance set); CommandError when the
    category forbids the shot: at Close, only in the first round and only before the target has acted."""
    key = current(context.encounter)
    if key is None:
        return None
    first_round = context.encounter.round <= 1
    if not symbaroum.ranged_attack_allowed(key, first_round, acts_before(context, shooter, target)):
        raise CommandError(
            f"{shooter.name} cannot shoot at Close distance: only in the first round, and only when acting before "
            "the target. Move away or switch to a melee weapon."
        )
    return key


class DistanceArgs(Args):
    distance = OneOfField(choices=CHOICES)


@command(DistanceArgs, requires=[toggles.DISTANCE_CATEGORIES], rule="Setting the distance")
def set_distance(context, distance):
    """The GM sets (or changes) how far apart the sides stand."""
    state = context.encounter.state
    if state.distance == distance:
        raise CommandError(f"The fight is already at {symbaroum.DISTANCES[distance].label} distance.")
    state.distance = distance
    shown_now = shown(context.encounter)
    steps = shown_now["movements"]
    reach = "already in melee reach" if not steps else f"{steps} Movement Action{'s' if steps > 1 else ''} to engage"
    return f"The fight is at {shown_now['label']} distance (about {shown_now['metres']} m): {reach}.", {
        "distance": distance
    }
