"""A WFRP 3e turn's phases that the tracker keeps (seed 003 "Active Player's Turn"): the beginning, where one stance
step is free and each further one costs a stress; manoeuvres, one free and each further one a fatigue; and the end,
whose steps run by themselves when the turn passes on, each change a line in the log."""

from combat.commands.fields import OneOfField, WholeNumberField, YesNoField
from combat.commands.spine import CommandError, OwnCombatantArgs
from combat.models import Encounter
from combat.words import counted
from rules.engine import wfrp3e
from systems.base import Happenings
from systems.wfrp3e.commands import command, conditions, health, recharge
from systems.wfrp3e.commands.counters import add_to, characteristic, counter

__all__ = ["shift_stance", "manoeuvre", "maintain_power"]

BANDS = [(band, band.capitalize()) for band in wfrp3e.RANGE_BANDS]


def turn_key(encounter):
    return f"{encounter.round}:{encounter.active_id}"


def this_turn(encounter):
    """The active combatant's turn so far: {"key", "stance_steps", "manoeuvres", "action"}."""
    turn = encounter.state.turn
    if turn.get("key") == turn_key(encounter):
        return dict(turn)
    return {"key": turn_key(encounter), "stance_steps": 0, "manoeuvres": 0, "action": None}


def stance_of(state, combatant):
    return state.stances.get(str(combatant.pk), 0)


def stance_words(stance):
    if not stance:
        return "neutral"
    return f"{abs(stance)} {'reckless' if stance > 0 else 'conservative'}"


def on_own_turn(encounter, combatant):
    return encounter.status == Encounter.Status.ACTIVE and encounter.active_id == combatant.pk


def own_turn(context, combatant, doing, part=None):
    """The running turn, `combatant`'s; refused out of it, or when the turn's budget has not `part` (budget.py; with
    none, when the character's state leaves them no turn)."""
    encounter = context.encounter
    if not on_own_turn(encounter, combatant):
        raise CommandError(f"{combatant.name} {doing} on their own turn only.")
    context.may_spend(combatant, part)
    return this_turn(encounter)


# --- Beginning of the turn: the stance meter ------------------------------------------------------------------


class StanceArgs(OwnCombatantArgs):
    stance = WholeNumberField(min_value=-10, max_value=10, help_text="Steps: below 0 conservative, above 0 reckless.")


@command(StanceArgs, gm_only=False, rule="Beginning of Turn Phase")
def shift_stance(context, combatant, stance):
    """Move the active combatant along their stance meter: the turn's first step is free, the tracker charges a
    stress for each further one."""
    turn = own_turn(context, combatant, "shifts stance", "stance")
    if turn["action"]:
        raise CommandError(f"{combatant.name} has acted this turn: the stance is set at its beginning.")
    state = context.encounter.state
    current = stance_of(state, combatant)
    meter = counter(combatant, "conservative_steps"), counter(combatant, "reckless_steps")
    try:
        wfrp3e.shift_stance(current, stance, *meter)
    except ValueError as error:
        raise CommandError(f"{combatant.name}: {error}.") from None
    steps = abs(stance - current)
    free_left = max(wfrp3e.FREE_STANCE_STEPS - turn["stance_steps"], 0)
    stress = max(steps - free_left, 0) * wfrp3e.STRESS_PER_STANCE_STEP
    wounded = health.strain(context, combatant, wfrp3e.STRESS, stress)
    state.stances[str(combatant.pk)] = stance
    state.turn = {**turn, "stance_steps": turn["stance_steps"] + steps}
    cost = "".join(f", {words}" for words in ([f"{stress} stress"] if stress else []) + wounded)
    return f"{combatant.name} shifts to {stance_words(stance)} stance{cost}.", {"stance": stance, "stress": stress}


# --- Manoeuvres ----------------------------------------------------------------------------------------------


class ManoeuvreArgs(OwnCombatantArgs):
    start = OneOfField(choices=BANDS, required=False, help_text="Moving: the band the combatant leaves.")
    end = OneOfField(choices=BANDS, required=False, help_text="Moving: the band they reach.")
    safely = YesNoField(help_text="Leaving an engagement: spend the manoeuvre to disengage safely.")


@command(ManoeuvreArgs, gm_only=False, rule="Maneuvers")
def manoeuvre(context, combatant, start, end, safely):
    """One manoeuvre on the combatant's turn, or the manoeuvres a move between range bands takes: the first of the
    turn is free, each further one costs a fatigue. Leaving an engagement without disengaging gives a free attack."""
    turn = own_turn(context, combatant, "manoeuvres", "manoeuvre")
    if bool(start) != bool(end) or (start and start == end):
        raise CommandError("A move names both the band left and a different band reached.")
    count, rushed = 1, False
    if start:
        moved = wfrp3e.movement(start, end, safely)
        count, rushed = moved.manoeuvres, moved.free_attack
    fatigue, wounded = spend_manoeuvres(context, combatant, turn, count)
    what = f"moves from {start} to {end} range ({counted(count, 'manoeuvre')})" if start else "makes a manoeuvre"
    notes = [f", {fatigue} fatigue" if fatigue else "", *(f", {words}" for words in wounded)]
    if rushed:
        notes.append(": leaving without disengaging, the engaged opponent gets a free attack")
    return f"{combatant.name} {what}{''.join(notes)}.", {"manoeuvres": count, "fatigue": fatigue, "free_attack": rushed}


@command(OwnCombatantArgs, gm_only=False, rule="Excess Power")
def maintain_power(context, combatant):
    """Hold power (or favour) past the safety threshold through this turn's end, so that it does not vent: a
    manoeuvre (the turn's first free, each further one a fatigue) and a stress (seed 003 "Spellcaster
    Conditions" › Excess Power)."""
    turn = own_turn(context, combatant, "maintains excess power", "manoeuvre")
    name, caster = combatant.name, spellcaster(context, combatant)
    word = caster.lower() or "power"
    power, willpower = counter(combatant, "power"), characteristic(combatant, "WP")
    if not caster or wfrp3e.EXCESS_POWER not in wfrp3e.spellcaster_conditions(power, willpower):
        raise CommandError(
            f"{name}'s {word} ({power}) is not past the safety threshold ({2 * willpower}): nothing to maintain."
        )
    if turn.get("maintained"):
        raise CommandError(f"{name} already maintains their excess {word} this turn.")
    fatigue, wounded = spend_manoeuvres(context, combatant, turn, 1)
    stress = wfrp3e.MAINTAIN_EXCESS_STRESS
    wounded += health.strain(context, combatant, wfrp3e.STRESS, stress)
    state = context.encounter.state
    state.turn = {**state.turn, "maintained": True}
    costs = ", ".join([*([f"{fatigue} fatigue"] if fatigue else []), f"{stress} stress", *wounded])
    return f"{name} maintains their excess {word} ({power}) with a manoeuvre, {costs}.", {
        "fatigue": fatigue,
        "stress": stress,
    }


def spend_manoeuvres(context, combatant, turn, count):
    """Count `count` more manoeuvres this turn, the fatigue past the free one charged: (fatigue, the log's words
    for an enemy's wounds)."""
    held = conditions.held(context.encounter.state, combatant)
    fatigue = sum(wfrp3e.manoeuvre_fatigue(turn["manoeuvres"] + done, held) for done in range(count))
    wounded = health.strain(context, combatant, wfrp3e.FATIGUE, fatigue)
    context.encounter.state.turn = {**turn, "manoeuvres": turn["manoeuvres"] + count}
    return fatigue, wounded


# --- Hooks ----------------------------------------------------------------------------------------------------


def turn_started(context, combatant):
    """A fresh turn; Frightened costs a stress at its beginning (seed 003 "Condition Cards")."""
    encounter = context.encounter
    encounter.state.turn = this_turn(encounter)
    stress = wfrp3e.beginning_of_turn_stress(conditions.held(encounter.state, combatant))
    if not stress or not combatant.character_id:
        return Happenings()
    wounded = health.strain(context, combatant, wfrp3e.STRESS, stress)
    return Happenings([f"{combatant.name} is Frightened: {'; '.join([f'{stress} stress', *wounded])}."])


def turn_ended(context, combatant):
    """Seed 003 "End of Turn Phase": the engine's steps on the combatant's cards, conditions and power, each
    change a sentence for the log; excess power not maintained this turn vents (`vent`)."""
    state = context.encounter.state
    power = counter(combatant, "power") if spellcaster(context, combatant) else None
    ended = wfrp3e.end_of_turn(
        recharge.tokens_on(state, combatant),
        recharge.tokens_on(state, combatant, recharge.TALENTS),
        conditions.held(state, combatant),
        power=power,
        willpower=characteristic(combatant, "WP"),
        maintained=bool(this_turn(context.encounter).get("maintained")),
    )
    recharge.keep(state, combatant, ended.action_cards)
    recharge.keep(state, combatant, ended.talents, recharge.TALENTS)
    conditions.keep(state, combatant, ended.conditions)
    if power is not None and ended.power != power:
        add_to(context, combatant, "power", ended.power - power)
    words = [change_words(combatant, change) for change in ended.changes if change.subject != wfrp3e.EXCESS_POWER]
    if ended.vented:
        words.append(vent(context, combatant, power, ended.vented))
    return Happenings(words)


def vent(context, combatant, power, vented):
    """Seed 003 "Spellcaster Conditions" › Excess Power: the fatigue for each point vented, and the misfortune dice
    for each point that was past the safety threshold, rolled by the tracker, their challenges wounds and their
    banes stress. Returns the log's sentence."""
    rolled = wfrp3e.roll_pool({wfrp3e.MISFORTUNE: vented.misfortune_dice}, context.dice.d)
    wounds, stress = wfrp3e.venting_harm(wfrp3e.symbols_shown(rolled))
    name = context.named(combatant)
    words = [f"{vented.fatigue} fatigue", *health.strain(context, combatant, wfrp3e.FATIGUE, vented.fatigue)]
    dice = f"{vented.misfortune_dice} misfortune {'die' if vented.misfortune_dice == 1 else 'dice'}"
    harm = [counted(wounds, "wound")] if wounds else []
    if wounds:
        _, _, states = health.suffer(context, combatant, wounds)
        harm += states
    if stress:
        harm += [f"{stress} stress", *health.strain(context, combatant, wfrp3e.STRESS, stress)]
    words.append(f"{dice} rolled: {', '.join(harm) or 'no harm'}")
    return f"{name}'s excess power vents to equilibrium, {power} → {vented.power}: {'; '.join(words)}."


def spellcaster(context, combatant):
    """The word for what the combatant channels ("Power", "Favour"), or "" for one who casts nothing."""
    sheet = context.sheet_of(combatant)
    return sheet.power_word if sheet else ""


def change_words(combatant, change):
    name = combatant.name
    if change.step == 2:
        left = f"{token_count(change.after, 'tracking')} left" if change.after else "it ends"
        return f"{name}'s {change.subject}: a tracking token off, {left}."
    if change.step == 5:
        return f"{name}'s power or favour moves toward equilibrium: {change.before} → {change.after}."
    ready = "ready again" if not change.after else f"{token_count(change.after, 'recharge')} left"
    off = change.before - change.after
    # Two off: Invigorated's extra token (seed 003 "Condition Cards").
    taken = "a recharge token off" if off == 1 else f"{off} recharge tokens off (Invigorated)"
    return f"{name}'s {change.subject}: {taken}, {ready}."


def token_count(count, kind):
    return counted(count, f"{kind} token")
