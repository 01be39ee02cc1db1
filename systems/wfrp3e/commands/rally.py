"""The rally phase of an encounter or act (seed 003 "Game Time" › "Rally Phase of Encounter/Act"): `rally` makes
everyone's recovery at once (the engine's steps 2-5, the lingering conditions ending), then each combatant takes one
rally step (step 6) until the next turn starts or the GM ends the rally. A Resilience or Discipline check waits on
the roller's phone like any other check; a First Aid check is care.py's `first_aid`, which takes the step and heals;
the other steps are one manoeuvre, re-rolling the party's slowest initiative, or something played through the other
commands that the GM marks as the step taken.

Step 1 (the party's fortune points) is `award_fortune`'s; step 7's enemies' Aggression, Cunning and Expertise dice
come back with the rally (enemies.py `refresh`)."""

from collections import namedtuple

from combat.commands.fields import OneOfField, TextField
from combat.commands.prompts import open_prompt
from combat.commands.spine import Args, CombatantArgs, CommandError, OwnCombatantArgs
from combat.models import Encounter
from combat.words import counted
from rules.engine import wfrp3e
from systems.base import Happenings
from systems.wfrp3e.commands import command, conditions, enemies, health, initiative, recharge, turn
from systems.wfrp3e.commands.counters import add_to, characteristic, counter
from systems.wfrp3e.commands.pools import SymbolArgs, answer_check, pool_entry, skill_pool

__all__ = [
    "rally",
    "end_rally",
    "rally_check",
    "rally_roll",
    "rally_manoeuvre",
    "rally_reinitiative",
    "rally_step_taken",
]

RULE = "Rally Phase of Encounter/Act"

# Seed 003 "Rally Phase of Encounter/Act" 6c and 6d: a check with one challenge die, recovering what it is named for.
RALLY_CHECK_CHALLENGE_DICE = 1
RallyCheck = namedtuple("RallyCheck", "skill characteristic specialisation")
RALLY_CHECKS = {
    wfrp3e.FATIGUE: RallyCheck("Resilience", "To", "Recover Fatigue"),
    wfrp3e.STRESS: RallyCheck("Discipline", "WP", ""),
}


def is_open(encounter):
    """Whether a rally is under way: called, and neither ended by the GM or the next turn, nor the fight over."""
    return encounter.status == Encounter.Status.ACTIVE and bool(encounter.state.rally.get("open"))


def step_taken(encounter, combatant):
    """The rally step the combatant took in the rally under way, in words, or ""."""
    return encounter.state.rally.get("steps", {}).get(str(combatant.pk), "") if is_open(encounter) else ""


def take_step(context, combatant, words):
    """Record the combatant's one rally step; CommandError when there is no rally or they took theirs."""
    encounter = context.encounter
    if not is_open(encounter):
        raise CommandError("There is no rally under way: the GM calls one first.")
    if out := health.no_turn(encounter.state, combatant):
        raise CommandError(f"{context.named(combatant)} is {out}: no rally step.")
    taken = step_taken(encounter, combatant)
    if taken:
        raise CommandError(f"{context.named(combatant)} has taken a rally step already ({taken}).")
    encounter.state.rally["steps"][str(combatant.pk)] = words


def recover(context, combatant, durations):
    """Steps 2-5 for one combatant and the end of their lingering conditions; the log's sentences. An enemy takes
    fatigue and stress as wounds (seed 003 "Enemies"), so has none of those to recover."""
    state = context.encounter.state
    name = combatant.name
    stance = turn.stance_of(state, combatant)
    strain = {key: 0 if combatant.is_npc else counter(combatant, key) for key in (wfrp3e.FATIGUE, wfrp3e.STRESS)}
    cards = recharge.tokens_on(state, combatant)
    talents = recharge.tokens_on(state, combatant, recharge.TALENTS)
    held = conditions.held(state, combatant)
    power = counter(combatant, "power") if turn.spellcaster(context, combatant) else None
    after = wfrp3e.rally(
        stance,
        strain[wfrp3e.FATIGUE],
        strain[wfrp3e.STRESS],
        cards,
        talents,
        held,
        power=power,
        willpower=characteristic(combatant, "WP"),
        durations=durations,
    )
    sentences = []
    if after.stance != stance:
        state.stances[str(combatant.pk)] = after.stance
        moved = f"{turn.stance_words(stance)} → {turn.stance_words(after.stance)}"
        sentences.append(f"{name}'s stance moves a step toward neutral: {moved}.")
    recharge.keep(state, combatant, after.action_cards)
    recharge.keep(state, combatant, after.talents, recharge.TALENTS)
    sentences += [
        turn.change_words(combatant, wfrp3e.Change(step, name, tokens, after_tokens[name]))
        for step, before, after_tokens in ((3, cards, after.action_cards), (4, talents, after.talents))
        for name, tokens in before.items()
    ]
    recovered = {key: strain[key] - getattr(after, key) for key in strain}
    for key, amount in recovered.items():
        add_to(context, combatant, key, -amount)
    if any(recovered.values()):
        amounts = " and ".join(f"{amount} {key}" for key, amount in recovered.items() if amount)
        sentences.append(f"{name} recovers {amounts}.")
    if power is not None and after.power != power:
        add_to(context, combatant, "power", after.power - power)
        sentences.append(turn.change_words(combatant, wfrp3e.Change(5, "power", power, after.power)))
    conditions.keep(state, combatant, after.conditions)
    sentences += [f"{name} is no longer {condition}." for condition in held if condition not in after.conditions]
    return sentences


@command(Args, rule=RULE)
def rally(context):
    """The rally phase begins for the whole encounter: everyone's recovery at once, then a rally step each."""
    encounter = context.encounter
    if encounter.status != Encounter.Status.ACTIVE:
        raise CommandError("A rally is a lull in a running fight: start the encounter first.")
    if is_open(encounter):
        raise CommandError("The rally is already under way.")
    durations = conditions.durations()
    sentences = [sentence for combatant in context.ordered() for sentence in recover(context, combatant, durations)]
    sentences += enemies.refresh(context)
    encounter.state.rally = {"open": True, "steps": {}}
    message = " ".join(["The rally phase begins: each of you takes one rally step.", *sentences])
    return message, {"changes": len(sentences)}


def close_rally(context):
    """End the rally under way; the log's words ("the rally ends; no rally step for ..."), to open a sentence or
    to follow in one."""
    state = context.encounter.state
    state.rally = {**state.rally, "open": False}
    idle = [
        c.name
        for c in context.ordered()
        if str(c.pk) not in state.rally["steps"] and not health.no_turn(state, c) and not c.hidden
    ]
    return "the rally ends" + (f"; no rally step for {', '.join(idle)}" if idle else "")


def closing_sentence(context):
    said = close_rally(context)
    return f"{said[:1].upper()}{said[1:]}."


@command(Args, rule=RULE)
def end_rally(context):
    if not is_open(context.encounter):
        raise CommandError("There is no rally under way.")
    return closing_sentence(context), {}


def turn_started(context):
    """The next turn ends the rally (the turn_started hook)."""
    return Happenings([closing_sentence(context)]) if is_open(context.encounter) else Happenings()


class RallyCheckArgs(OwnCombatantArgs):
    recover = OneOfField(
        choices=[(wfrp3e.FATIGUE, "Resilience: recover fatigue"), (wfrp3e.STRESS, "Discipline: recover stress")],
        help_text="What the check recovers: fatigue (Resilience) or stress (Discipline).",
    )


@command(RallyCheckArgs, gm_only=False, rule=RULE)
def rally_check(context, combatant, recover):
    """The rally step spent on a Resilience or Discipline check: its pool and odds wait on the roller's phone."""
    check = RALLY_CHECKS[recover]
    state = context.encounter.state
    pool_check, sources = skill_pool(
        context,
        combatant,
        check.skill,
        check.characteristic,
        turn.stance_of(state, combatant),
        specialised_in=check.specialisation,
        difficulty=RALLY_CHECK_CHALLENGE_DICE,
    )
    take_step(context, combatant, f"{check.skill} check to recover {recover}")
    entry = open_prompt(
        state,
        combatant,
        "rally_roll",
        "rally",
        kind="rally",
        reason=f"Rally: {check.skill} check to recover {recover}",
        recover=recover,
        skill=check.skill,
        **pool_entry(sources, pool_check),
    )
    message = (
        f"{combatant.name}'s rally step: a {check.skill} check to recover {recover} "
        f"({entry['summary']}, {entry['chance']} % to succeed)."
    )
    return message, {"prompt": entry["id"], "pool": entry["pool"]}


class RallyRollArgs(SymbolArgs):
    answers = "rally_roll"


@command(RallyRollArgs, gm_only=False, rule=RULE)
def rally_roll(context, prompt, **typed):
    """Answer a rally check: fatigue or stress recovered equal to the net successes."""
    outcome, symbols, how = answer_check(context, prompt, typed)
    successes = outcome.successes
    combatant = context.combatant(prompt["combatant"])
    strain = prompt["recover"]
    before = counter(combatant, strain)
    after = add_to(context, combatant, strain, -successes)
    words = f"{before - after} {strain} recovered"
    felt = health.feel_strain(context, combatant, outcome, prompt.get("characteristic"))
    steps = context.encounter.state.rally.get("steps", {})
    if str(combatant.pk) in steps:
        steps[str(combatant.pk)] = f"{prompt['skill']} check, {words}"
    message = f"{combatant.name}'s rally {prompt['skill']} check ({how}): {counted(successes, 'net success')}, {words}"
    message = "; ".join([f"{message} ({before} → {after})", *felt])
    return f"{message}.", {
        "prompt": prompt["id"],
        "symbols": symbols,
        "recovered": before - after,
    }


@command(OwnCombatantArgs, gm_only=False, rule=RULE)
def rally_manoeuvre(context, combatant):
    """The rally step spent on one manoeuvre, which costs no fatigue."""
    take_step(context, combatant, "a manoeuvre")
    return f"{combatant.name}'s rally step: a manoeuvre.", {}


@command(CombatantArgs, rule=RULE)
def rally_reinitiative(context, combatant):
    """The rally step spent re-rolling the party's slowest initiative: the Agility check for the player character
    with the lowest initiative (of equals, the one acting later) opens on their phone."""
    if combatant.is_npc:
        raise CommandError(f"{combatant.name} is not one of the party: only they re-roll the party's initiative.")
    party = [c for c in context.ordered() if not c.is_npc]
    slowest = min(reversed(party), key=lambda c: c.initiative or 0)
    take_step(context, combatant, f"re-rolled {slowest.name}'s initiative")
    asked, result = initiative.ask_initiative.apply(context, slowest)
    message = (
        f"{combatant.name}'s rally step: the party's slowest initiative ({slowest.name}, {slowest.initiative or 0})"
    )
    return f"{message} is re-rolled. {asked}", result


class StepTakenArgs(CombatantArgs):
    label = TextField(max_length=80, help_text="What the step was: first aid on Gunther, a Rally card...")


@command(StepTakenArgs, rule=RULE)
def rally_step_taken(context, combatant, label):
    """Mark the rally step taken by what was played through the other commands (first aid, a card with the Rally
    trait)."""
    label = label.strip().rstrip(".")
    if not label:
        raise CommandError("Say in a few words what the rally step was.")
    take_step(context, combatant, label)
    return f"{combatant.name}'s rally step: {label}.", {}
