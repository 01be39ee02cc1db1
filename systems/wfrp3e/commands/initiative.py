"""Initiative from an Agility check (seed 003 "Active Player's Turn"): its successes are the combatant's place, the
higher Agility breaking ties. A player rolls the check on their phone, typing the symbols shown or tapping "roll";
the GM may instead type the successes (the generic set_initiative)."""

from combat.commands.fields import WholeNumberField
from combat.commands.ordering import renumber
from combat.commands.prompts import PromptArgs, close, open_prompt
from combat.commands.spine import CombatantArgs, CommandError
from rules.engine import wfrp3e
from systems.wfrp3e.commands import command, conditions, turn
from systems.wfrp3e.commands.counters import characteristic

__all__ = ["ask_initiative", "roll_initiative_check", "dismiss_check"]


@command(CombatantArgs, rule="Active Player's Turn")
def ask_initiative(context, combatant):
    """Open the initiative check on the combatant's player's phone, with its pool and its exact odds."""
    if not combatant.character_id:
        raise CommandError(f"{combatant.name} has no sheet to check Agility from: type the initiative instead.")
    state = context.encounter.state
    pool = wfrp3e.initiative_check(
        characteristic(combatant, "Ag"),
        turn.stance_of(state, combatant),
        conditions=tuple(conditions.held(state, combatant)),
    )
    chance = wfrp3e.net_success_chance(pool)
    entry = open_prompt(state, combatant, "roll_initiative_check", kind="initiative", reason="Initiative: Agility",
                        pool={k: v for k, v in pool.items() if v}, chance=round(100 * chance))  # fmt: skip
    return f"{combatant.name} checks Agility for initiative.", {"prompt": entry["id"]}


# The symbols the player's dice show, each a count; all left empty, the tracker rolls the pool.
CheckArgs = type(
    "CheckArgs",
    (PromptArgs,),
    {s: WholeNumberField(required=False, min_value=0, max_value=wfrp3e.MAX_POOL_DICE) for s in wfrp3e.SYMBOLS},
)


@command(CheckArgs, gm_only=False, rule="Active Player's Turn")
def roll_initiative_check(context, prompt, **shown):
    """Answer the initiative check: its net successes become the combatant's initiative and place in the order."""
    close(context, prompt)
    typed = {symbol: count for symbol, count in shown.items() if count}
    rolled = not any(count is not None for count in shown.values())
    symbols = wfrp3e.symbols_shown(wfrp3e.roll_pool(prompt["pool"], context.dice.d)) if rolled else typed
    successes = wfrp3e.resolve(symbols).successes
    combatant = context.combatant(prompt["combatant"])
    combatant.initiative = successes
    context.touch(combatant)
    ordered = [c for c in context.ordered() if c is not combatant]
    place, _ = context.system.initiative_place(context, ordered, combatant)
    renumber(context, ordered[:place] + [combatant] + ordered[place:])
    how = "rolled by the tracker" if rolled else "as rolled"
    return f"{combatant.name}'s initiative: {successes} successes ({how}).", {"initiative": successes}


@command(PromptArgs)
def dismiss_check(context, prompt):
    close(context, prompt)
    return f"{prompt['name']}'s check ({prompt['reason']}) dismissed.", {"prompt": prompt["id"]}
