"""The party's meters, which belong to the party rather than to one fight: the fortune pool the GM fills (seed 003
"Game Time": step 1 of the rally phase, step 3 at the end of an episode) and a player spends for a fortune die on a
check, and the party tension the GM moves, which a reckless caster's chaos star raises by itself (seed 003
"Spellcaster Conditions", the reckless casters' note). A new encounter starts from where the campaign's last one
left them."""

from combat.commands.fields import WholeNumberField
from combat.commands.prompts import PromptArgs
from combat.commands.spine import Args, CommandError
from combat.models import LogEntry
from combat.words import counted
from rules.engine import wfrp3e
from systems.base import Happenings
from systems.wfrp3e.commands import command, turn
from systems.wfrp3e.commands.pools import DIE_WORDS, pool_entry

__all__ = ["award_fortune", "spend_fortune", "shift_tension"]


class AwardArgs(Args):
    amount = WholeNumberField(min_value=1, max_value=10, help_text="Fortune points for the party's pool.")


@command(AwardArgs, rule="Game Time")
def award_fortune(context, amount):
    """Add fortune points to the party's pool, as the rally phase and the end of an episode have the GM do."""
    state = context.encounter.state
    state.party_fortune += amount
    return (
        f"The GM awards the party {counted(amount, 'fortune point')}: {state.party_fortune} in the pool.",
        {"party_fortune": state.party_fortune},
    )


@command(PromptArgs, gm_only=False, rule="Game Time")
def spend_fortune(context, prompt):
    """Spend one of the party's fortune points on an open check: its pool gains a fortune die, and the summary and
    odds shown before the roll are worked out again."""
    state, entry = context.encounter.state, prompt
    if not state.party_fortune:
        raise CommandError("The party's fortune pool is empty.")
    if not entry.get("pool"):
        raise CommandError(f"{entry['reason']} rolls no dice: a fortune point goes on a check.")
    pool = dict.fromkeys(wfrp3e.DIE_KINDS, 0) | entry["pool"]
    pool[wfrp3e.FORTUNE] += 1
    shown = pool_entry([wfrp3e.Source(kind, count, "") for kind, count in pool.items() if count])
    entry.update(
        {key: shown[key] for key in ("pool", "summary", "chance", "boon_odds", "bane_odds")},
        sources=[*entry.get("sources", ()), f"1 {DIE_WORDS[wfrp3e.FORTUNE]} (a party fortune point)"],
    )
    state.party_fortune -= 1
    hero = context.combatant(entry["combatant"])
    return (
        f"{hero.name} spends a party fortune point on {entry['reason']}: {entry['summary']}, "
        f"{entry['chance']} % to succeed; {state.party_fortune} left in the pool.",
        {"prompt": entry["id"], "pool": entry["pool"], "party_fortune": state.party_fortune},
    )


class TensionArgs(Args):
    step = WholeNumberField(min_value=-1, max_value=1, help_text="+1 to raise the party tension, -1 to lower it.")


@command(TensionArgs, rule="Party tension")
def shift_tension(context, step):
    """Move the party tension one step up or down; it never goes below 0."""
    state = context.encounter.state
    if not step:
        raise CommandError("Move the party tension by +1 or -1.")
    if state.party_tension + step < 0:
        raise CommandError("The party tension is already at 0.")
    state.party_tension += step
    verb = "rises" if step > 0 else "falls"
    return f"The party tension {verb} to {state.party_tension}.", {"party_tension": state.party_tension}


def reckless_casting(context, combatant, outcome):
    """Seed 003 "Spellcaster Conditions" (reckless casters): a caster's chaos star rolled in a reckless stance adds
    one to the party tension. Returns the log's words for the action check."""
    sheet = context.sheet_of(combatant)
    reckless = turn.stance_of(context.encounter.state, combatant) > 0
    if not (outcome.chaos_stars and reckless and sheet and sheet.power_word):
        return []
    state = context.encounter.state
    state.party_tension += 1
    return [f"a chaos star in a reckless stance: the party tension rises to {state.party_tension}"]


def carry_over(context):
    """The party's fortune and tension go on from the campaign's most recently started other encounter, added to
    whatever the GM set here before the start."""
    encounter = context.encounter
    started = (
        LogEntry.objects.filter(encounter__campaign_id=encounter.campaign_id, command="start", undone=False)
        .exclude(encounter=encounter)
        .select_related("encounter__campaign")
        .order_by("-created", "-pk")
        .first()
    )
    if started is None:
        return Happenings()
    before = started.encounter.state
    state = encounter.state
    state.party_fortune += before.party_fortune
    state.party_tension += before.party_tension
    if not (before.party_fortune or before.party_tension):
        return Happenings()
    note = (
        f"From {started.encounter.name}, the party carries {before.party_fortune} fortune points and a tension of "
        f"{before.party_tension}."
    )
    return Happenings([note], result={"party_fortune": state.party_fortune, "party_tension": state.party_tension})
