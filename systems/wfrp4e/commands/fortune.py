"""Fortune's third option (seed 000 "Fortune Points"): as a Round starts, a point buys a place of the player's
choosing in that Round's order, initiative aside. The place holds for that Round; the next one is back to
initiative."""

from combat.commands import ordering
from combat.commands.fields import WholeNumberField
from combat.commands.spine import CommandError, OwnCombatantArgs
from combat.models import Encounter
from combat.words import ordinal
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import command

__all__ = ["choose_when_to_act"]


class ChooseArgs(OwnCombatantArgs):
    position = WholeNumberField(min_value=0, help_text="Place in this Round's order, 0 first.")


@command(ChooseArgs, gm_only=False, requires=[toggles.FORTUNE_POINTS], rule="Choosing when to act")
def choose_when_to_act(context, combatant, position):
    encounter = context.encounter
    ordered = context.ordered()
    if encounter.status == Encounter.Status.ACTIVE:
        if ordered[0].pk != encounter.active_id:
            raise CommandError("Fortune chooses when to act at the start of a Round, before the second turn.")
        if position == 0 and combatant.pk != encounter.active_id:
            raise CommandError(f"{context.named(ordered[0])} is already acting; choose a later place.")
    left = context.spend_points(combatant, "fortune")
    rest = [c for c in ordered if c.pk != combatant.pk]
    position = min(position, len(rest))
    ordering.renumber(context, rest[:position] + [combatant] + rest[position:])
    if combatant.pk == encounter.active_id and position > 0:
        encounter.active = context.ordered()[0]
    encounter.state.chosen_places.append(combatant.pk)
    return f"{combatant.name} spends a Fortune point to act {ordinal(position + 1)} this Round.", {
        "combatant": combatant.pk,
        "position": position,
        "fortune": left,
    }


def back_to_initiative(context):
    """End of the Round: those who chose their place go back to it by initiative, and a Slow fighter among them
    back to the end (seed 000 "Slow"). Returns log notes of any roll-offs that placing them took."""
    chosen = set(context.encounter.state.chosen_places)
    if not chosen:
        return []
    context.encounter.state.chosen_places = []
    notes = ordering.back_to_initiative(context, chosen)
    by_pk = {c.pk: c for c in context.ordered()}
    ordering.renumber(context, [by_pk[pk] for pk in context.system.slow_last(context, list(by_pk))])
    return notes
