"""WFRP 3e manoeuvres with an effect the tracker keeps (seed 003 "Maneuvers"), each spending the turn's manoeuvre
budget as any other (the first free, each further one a fatigue; turn.spend_manoeuvres): an assist, whose fortune
die waits on an engaged ally's next check (pools.take_assists puts it in that pool), standing up from prone, and
slinging or unslinging a shield, which the Block defence needs on the arm. Who lies prone is the GM's call
(`set_prone`); the action form offers "Opponent prone" against them."""

from combat.commands.fields import YesNoField
from combat.commands.spine import CombatantArgs, CombatantField, CommandError, OwnCombatantArgs
from rules.engine import wfrp3e
from systems.base import Happenings
from systems.wfrp3e.commands import command, health, turn
from systems.wfrp3e.sheet import carries_shield

__all__ = ["assist", "stand_up", "set_prone", "sling_shield"]


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


# --- A shield on the arm (seed 003 "Maneuvers" 5, Manage Equipment) --------------------------------------------

SLUNG, UNSLUNG = "slung", "unslung"


def shield_of(state, combatant):
    """ "slung" (on the arm), "unslung", or "" for one who carries no shield (no "Shield" trait)."""
    if not carries_shield(combatant.character if combatant.character_id else None):
        return ""
    return UNSLUNG if combatant.pk in state.unslung_shields else SLUNG


def block_refused(context, combatant, card):
    """CommandError, in words, when `card` is Block and the defender has no shield on the arm."""
    shield = shield_of(context.encounter.state, combatant)
    why = wfrp3e.block_refusal(card.name, bool(shield), shield == SLUNG)
    if why == wfrp3e.NO_SHIELD:
        raise CommandError(
            f"{combatant.name} carries no shield: {card.name} needs one equipped (a Shield trait on the sheet)."
        )
    if why:
        raise CommandError(
            f"{combatant.name}'s shield is unslung: {card.name} needs it on the arm; slinging it is a manoeuvre."
        )


class ShieldArgs(OwnCombatantArgs):
    sling = YesNoField(help_text="Ticked: sling the shield on the arm. Empty: unsling it.")


@command(ShieldArgs, gm_only=False, rule="Maneuvers")
def sling_shield(context, combatant, sling):
    """Sling a carried shield on the arm, or unsling it: a manoeuvre on one's own turn."""
    state, name = context.encounter.state, combatant.name
    shield = shield_of(state, combatant)
    if not shield:
        raise CommandError(f"{name} carries no shield (a Shield trait on the sheet).")
    if (shield == SLUNG) == sling:
        raise CommandError(f"{name}'s shield is already {shield}.")
    current = turn.own_turn(context, combatant, "manages equipment", "manoeuvre")
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, current, 1)
    if sling:
        state.unslung_shields.remove(combatant.pk)
    else:
        state.unslung_shields.append(combatant.pk)
    done = "slings their shield on the arm" if sling else "unslings their shield"
    return f"{name} {done}{costs(fatigue, wounded)}.", {"shield": SLUNG if sling else UNSLUNG, "fatigue": fatigue}
