"""Mounting and dismounting a horse (seed 003 "Maneuvers" 6): a manoeuvre on one's own turn; a rider untrained in
Ride must also pass an Easy (1d) Ride check, which waits on their phone (`ride_check` answers it), for it to work.
Who is mounted shows on the GM row and the phone."""

from combat.commands.fields import YesNoField
from combat.commands.prompts import open_prompt
from combat.commands.spine import CommandError, OwnCombatantArgs
from combat.words import counted
from rules.engine import wfrp3e
from systems.wfrp3e.commands import command, health, turn
from systems.wfrp3e.commands.manoeuvres import costs
from systems.wfrp3e.commands.pools import SymbolArgs, answer_check, pool_entry, sheet_of, skill_pool

__all__ = ["mount", "ride_check"]

RIDE = "Ride"


def is_mounted(state, combatant):
    return combatant.pk in state.mounted


def ride_training(context, combatant):
    sheet = sheet_of(context, combatant)
    skill = next((s for s in sheet.skills if s.name == RIDE), None) if sheet else None
    return skill.training if skill else 0


def settle(state, combatant, mounted):
    if mounted:
        state.mounted.append(combatant.pk)
    else:
        state.mounted.remove(combatant.pk)


def doing(mounted):
    return "mounts" if mounted else "dismounts"


class MountArgs(OwnCombatantArgs):
    mounted = YesNoField(help_text="Ticked: get on the horse. Empty: get off it.")


@command(MountArgs, gm_only=False, rule="Mount or Dismount from a Horse")
def mount(context, combatant, mounted):
    """Mount or dismount: a manoeuvre (the turn's first free, each further one a fatigue). Trained in Ride, it is
    done; untrained, an Easy Ride check decides it (a new try replaces a check still open)."""
    state, name = context.encounter.state, combatant.name
    if is_mounted(state, combatant) == mounted:
        raise CommandError(f"{name} is {'already' if mounted else 'not'} mounted.")
    current = turn.own_turn(context, combatant, doing(mounted), "manoeuvre")
    untrained = wfrp3e.mount_needs_check(ride_training(context, combatant))
    if untrained and sheet_of(context, combatant) is None:
        raise CommandError(f"{name} needs a WFRP 3e sheet for the Ride check.")
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, current, 1)
    spent = costs(fatigue, wounded)
    if not untrained:
        settle(state, combatant, mounted)
        return f"{name} {doing(mounted)}{spent}.", {"mounted": mounted, "fatigue": fatigue}
    check, sources = skill_pool(
        context, combatant, RIDE, "Ag", turn.stance_of(state, combatant), difficulty=wfrp3e.RIDE_DIFFICULTY
    )
    entry = open_prompt(
        state,
        combatant,
        "ride_check",
        "ride",
        kind="ride",
        reason=f"Ride, untrained: {'mounting' if mounted else 'dismounting'}",
        mounting=mounted,
        **pool_entry(sources, check),
    )
    return (
        f"{name} tries to {'mount' if mounted else 'dismount'}{spent}: untrained in Ride, an Easy Ride check, "
        f"{entry['chance']} % to pass.",
        {"prompt": entry["id"], "fatigue": fatigue},
    )


class RideArgs(SymbolArgs):
    answers = "ride_check"


@command(RideArgs, gm_only=False, rule="Mount or Dismount from a Horse")
def ride_check(context, prompt, **typed):
    """Answer the Ride check: passed, the rider is on (or off) the horse; failed, the manoeuvre is spent for
    nothing."""
    entry = prompt
    outcome, _, how = answer_check(context, entry, typed)
    rider = context.combatant(entry["combatant"])
    state, mounted = context.encounter.state, entry["mounting"]
    done = outcome.succeeded and is_mounted(state, rider) != mounted
    if done:
        settle(state, rider, mounted)
    words = [counted(outcome.successes, "net success")]
    words += health.feel_strain(context, rider, outcome, entry.get("characteristic"))
    result = f"{rider.name} {doing(mounted)}" if done else f"{rider.name} fails to {'mount' if mounted else 'dismount'}"
    return f"{result} ({how}): {'; '.join(words)}.", {"prompt": entry["id"], "mounted": is_mounted(state, rider)}
