"""Initiative from an Agility check (seed 003 "Active Player's Turn"): its successes are the combatant's place, the
higher Agility breaking ties. A player rolls the check on their phone, typing the symbols shown or tapping "roll";
the tracker rolls an NPC's; the GM may instead type the successes (the generic set_initiative)."""

from combat.commands.encounter import RollInitiativeArgs
from combat.commands.ordering import order_by_initiative, renumber, roll_offs_note, roll_offs_result
from combat.commands.prompts import PromptArgs, close, open_prompt
from combat.commands.spine import CombatantArgs, CommandError
from rules.engine import wfrp3e
from systems.wfrp3e.commands import command, markers, turn
from systems.wfrp3e.commands.counters import characteristic
from systems.wfrp3e.commands.pools import SymbolArgs, answer_check, pool_entry, rolled_symbols, rollers_own

__all__ = ["ask_initiative", "roll_initiative", "roll_initiative_check", "dismiss_check"]


@command(CombatantArgs, rule="Active Player's Turn")
def ask_initiative(context, combatant):
    """Open the initiative check on the combatant's player's phone, with its pool and its exact odds."""
    if not combatant.character_id:
        raise CommandError(f"{combatant.name} has no sheet to check Agility from: type the initiative instead.")
    return f"{combatant.name} checks Agility for initiative.", {"prompt": ask(context, combatant)["id"]}


def ask(context, combatant):
    """The combatant's initiative check opened on their player's phone (replacing one still open): its entry."""
    sources = initiative_check(context, combatant, wfrp3e.initiative_sources)
    return open_prompt(context.encounter.state, combatant, "roll_initiative_check", "initiative",
                       kind="initiative", reason="Initiative: Agility", **pool_entry(sources))  # fmt: skip


@command(RollInitiativeArgs, rule="Active Player's Turn")
def roll_initiative(context, everyone):
    """Everyone's initiative check at once, each made as its own is: a player's character's waits on their phone
    (as ask_initiative opens it), an NPC's the tracker rolls; then the order by successes, Agility and roll-offs,
    those still to roll last. Whoever has an initiative keeps it unless `everyone` is asked; a combatant without a
    sheet keeps the one the GM typed."""
    if not context.combatants:
        raise CommandError("Add a combatant first.")
    checking = [c for c in context.combatants if c.character_id and (everyone or c.initiative is None)]
    asked = [c for c in checking if c.character.player_id and not c.character.is_npc]
    rolled = [c for c in checking if c not in asked]
    prompts = [ask(context, c)["id"] for c in asked]
    for combatant in rolled:
        combatant.initiative = rolled_by_the_tracker(context, combatant)
    kept = [c for c in context.combatants if c not in asked and c.initiative is not None]
    order, rolls = order_by_initiative(context, kept, waiting=asked)
    said = [f"Initiative order set: {', '.join(c.name for c in order)}."]
    if rolled:
        said.append(f"Rolled by the tracker: {', '.join(f'{c.name} {c.initiative}' for c in rolled)}.")
    if asked:
        said.append(f"Agility checks asked of {', '.join(c.name for c in asked)}, last until rolled.")
    message = " ".join(said) + roll_offs_note(context, rolls)
    return message, {
        "order": [c.pk for c in order],
        "rolled": {str(c.pk): c.initiative for c in rolled},
        "prompts": prompts,
        "roll_offs": roll_offs_result(rolls),
    }


def initiative_check(context, combatant, build):
    """The combatant's initiative check as `build` gives it (wfrp3e.initiative_sources: the dice and why each is
    there; wfrp3e.initiative_check: the pool): Agility at their stance, with what they bring to any check, their
    condition cards and Fatigued (seed 003 "Condition Cards", "Impairments & Wounds")."""
    stance = turn.stance_of(context.encounter.state, combatant)
    return build(characteristic(combatant, "Ag"), stance, **rollers_own(context, combatant))


def rolled_by_the_tracker(context, combatant):
    """The successes of the combatant's initiative check as the tracker rolls it, for a newcomer the GM adds
    without asking for the check on a phone."""
    symbols, _ = rolled_symbols(context, initiative_check(context, combatant, wfrp3e.initiative_check), {})
    return wfrp3e.resolve(symbols).successes


class InitiativeCheckArgs(SymbolArgs):
    answers = "roll_initiative_check"


@command(InitiativeCheckArgs, gm_only=False, rule="Active Player's Turn")
def roll_initiative_check(context, prompt, **typed):
    """Answer the initiative check: its net successes become the combatant's initiative and place in the order."""
    outcome, _, how = answer_check(context, prompt, typed)
    successes = outcome.successes
    combatant = context.combatant(prompt["combatant"])
    combatant.initiative = successes
    context.touch(combatant)
    ordered = [c for c in context.ordered() if c is not combatant]
    place, _ = context.system.initiative_place(context, ordered, combatant)
    renumber(context, ordered[:place] + [combatant] + ordered[place:])
    said = "rolled by the tracker" if how == "rolled" else "as rolled"
    traded = markers.keep_off_first_marker(context)
    message = " ".join([f"{combatant.name}'s initiative: {successes} successes ({said}).", *traded])
    return message, {"initiative": successes}


@command(PromptArgs)
def dismiss_check(context, prompt):
    """Close any open WFRP 3e check (initiative, an action card, ...) without a roll."""
    close(context, prompt)
    return f"{prompt['name']}'s check ({prompt['reason']}) dismissed.", {"prompt": prompt["id"]}
