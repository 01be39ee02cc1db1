"""A combatant's WFRP 3e counters as the commands read and change them: fatigue, stress and power on the
character's sheet (Character.points), Toughness and Willpower beside them. A hero's fatigue or stress reaching
Distressed or Strained calls for insanity cards (seed 003 "Impairments & Wounds"), noted here whatever command
changed it."""

from rules.engine import wfrp3e, wfrp3e_care
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
    before = counter(combatant, key)
    value = max(before + amount, 0)
    context.set_points(combatant, points={**combatant.character.points, key: value})
    if key in (wfrp3e.FATIGUE, wfrp3e.STRESS) and not combatant.is_npc:
        note_insanity_draw(context, combatant, key, before, value)
    return value


def note_insanity_draw(context, combatant, key, before, after):
    """Keep the insanity cards the change of `key` from `before` to `after` calls for (wfrp3e_care.insanity_draw)
    waiting for the GM's draw: a Strained draw replaces a Distressed one still waiting, never the other way."""
    fatigue, stress = counter(combatant, wfrp3e.FATIGUE), counter(combatant, wfrp3e.STRESS)
    limits = characteristic(combatant, "To"), characteristic(combatant, "WP")
    was = {wfrp3e.FATIGUE: fatigue, wfrp3e.STRESS: stress, key: before}
    draw = wfrp3e_care.insanity_draw(
        wfrp3e.impairments(was[wfrp3e.FATIGUE], was[wfrp3e.STRESS], *limits),
        wfrp3e.impairments(fatigue, stress, *limits),
    )
    waiting = context.encounter.state.insanity_draws
    pending = waiting.get(str(combatant.pk))
    if draw and not (pending and pending["cards"] == wfrp3e_care.UNTIL_ONE_FITS):
        waiting[str(combatant.pk)] = {"cards": draw.cards, "why": draw.why}
