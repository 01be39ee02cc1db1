"""WFRP 3e manoeuvres with an effect the tracker keeps (seed 003 "Maneuvers"), each spending the turn's manoeuvre
budget as any other (the first free, each further one a fatigue; turn.spend_manoeuvres): an assist, whose fortune
die waits on an engaged ally's next check (pools.take_assists puts it in that pool), and standing up from prone.
Who lies prone is the GM's call (`set_prone`); the action form offers "Opponent prone" against them."""

from combat.commands.fields import YesNoField
from combat.commands.spine import CombatantArgs, CombatantField, CommandError, OwnCombatantArgs
from rules.engine import wfrp3e
from systems.base import Happenings
from systems.wfrp3e.commands import command, health, turn

__all__ = ["assist", "stand_up", "set_prone"]


def fortune_dice(count):
    return f"{count} fortune {'die' if count == 1 else 'dice'}"


def costs(fatigue, wounded):
    return "".join(f", {words}" for words in ([f"{fatigue} fatigue"] if fatigue else []) + wounded)


# --- Assist (seed 003 "Maneuvers" 1) --------------------------------------------------------------------------


class AssistArgs(OwnCombatantArgs):
    ally = CombatantField(help_text="The engaged ally whose next check gains the fortune die.")


@command(AssistArgs, gm_only=False, rule="Maneuvers")
def assist(context, combatant, ally):
    """Spend a manoeuvre to help an engaged ally: a fortune die waits on their next check, whatever it is, and goes
    into its pool by itself; several assists add up. Unused by the end of the ally's next turn, they are discarded."""
    name, helped = combatant.name, context.named(ally)
    if ally.pk == combatant.pk:
        raise CommandError(f"{name} cannot assist themselves: pick an engaged ally.")
    if ally.side != combatant.side:
        raise CommandError(f"{helped} is not on {name}'s side: an assist helps an engaged ally.")
    out = health.no_turn(context.encounter.state, ally)
    if out:
        raise CommandError(f"{helped} is {out}: there is no check of theirs to assist.")
    current = turn.own_turn(context, combatant, "assists", "manoeuvre")
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, current, 1)
    waiting = context.encounter.state.assists.setdefault(str(ally.pk), [])
    waiting.append(combatant.pk)
    dice = wfrp3e.assist_fortune(len(waiting))
    return (
        f"{name} assists {helped}{costs(fatigue, wounded)}: "
        f"{fortune_dice(dice)} wait{'s' if dice == 1 else ''} on {helped}'s next check.",
        {"ally": ally.pk, "fortune": dice, "fatigue": fatigue},
    )


def discard_assists(context, combatant):
    """The end of `combatant`'s turn: assists still waiting on their check are discarded (seed 003 "Maneuvers" 1,
    used or discarded), a line in the log."""
    waiting = context.encounter.state.assists.pop(str(combatant.pk), None)
    if not waiting:
        return Happenings()
    dice = wfrp3e.assist_fortune(len(waiting))
    went = "goes" if dice == 1 else "go"
    return Happenings([f"{combatant.name}'s {fortune_dice(dice)} from assists {went} unused: discarded."])


# --- Prone and standing up (seed 003 "Maneuvers" 8) ------------------------------------------------------------


def is_prone(state, combatant):
    return combatant.pk in state.prone


@command(OwnCombatantArgs, gm_only=False, rule="Maneuvers")
def stand_up(context, combatant):
    """Stand up from prone: a manoeuvre on one's own turn."""
    state = context.encounter.state
    if not is_prone(state, combatant):
        raise CommandError(f"{combatant.name} is not prone: there is nothing to stand up from.")
    current = turn.own_turn(context, combatant, "stands up", "manoeuvre")
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, current, wfrp3e.STAND_UP_MANOEUVRES)
    state.prone.remove(combatant.pk)
    return f"{combatant.name} stands up{costs(fatigue, wounded)}.", {"fatigue": fatigue}


class ProneArgs(CombatantArgs):
    prone = YesNoField(help_text="Ticked: knocked down, prone. Empty: back on their feet, no manoeuvre spent.")


@command(ProneArgs, rule="Maneuvers")
def set_prone(context, combatant, prone):
    """The GM's call: the combatant is knocked prone (or, unticked, back on their feet without spending a
    manoeuvre, to set a slip right)."""
    state, name = context.encounter.state, context.named(combatant)
    if prone == is_prone(state, combatant):
        raise CommandError(f"{name} is {'already' if prone else 'not'} prone.")
    if prone:
        state.prone.append(combatant.pk)
        return f"{name} is knocked prone.", {"prone": True}
    state.prone.remove(combatant.pk)
    return f"{name} is back on their feet.", {"prone": False}
