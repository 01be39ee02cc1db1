"""Who is an enemy: the feats and melee that name enemies (Steely Gaze, Whirlwind Attack, engaging) offer and accept
only combatants on another side; a neutral combatant is on nobody's side, so an enemy to all."""

from combat.commands.spine import CommandError
from combat.models import Combatant


def enemies(one, other):
    """Whether `one` and `other` (combatants or screen rows) fight on opposite sides."""
    return one.pk != other.pk and (one.side != other.side or one.side == Combatant.Side.NEUTRAL)


def refuse_allies(context, hero, others):
    """CommandError naming the first of `others` who is on `hero`'s side."""
    ally = next((other for other in others if other.pk != hero.pk and not enemies(hero, other)), None)
    if ally is not None:
        raise CommandError(f"{context.named(ally)} is on {context.named(hero)}'s side: name an enemy.")
