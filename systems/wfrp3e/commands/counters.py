"""A combatant's WFRP 3e counters as the commands read and change them: fatigue, stress and power on the
character's sheet (Character.points), Toughness and Willpower beside them."""

from systems.wfrp3e.sheet import POINTS


def counter(combatant, key):
    """The counter `key` of POINTS on the combatant's sheet; 0 for a combatant without a character."""
    return combatant.character.point(key, POINTS[key]) if combatant.character_id else 0


def characteristic(combatant, name):
    return combatant.character.characteristic(name) if combatant.character_id else 0


def add_to(context, combatant, key, amount):
    """Add `amount` to a counter (never below 0); returns the new value. A combatant without a sheet keeps none."""
    if not combatant.character_id or not amount:
        return counter(combatant, key)
    value = max(counter(combatant, key) + amount, 0)
    context.set_points(combatant, points={**combatant.character.points, key: value})
    return value
