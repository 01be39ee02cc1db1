"""The situation's dice on any open check (seed 003 "Advantages", "Disadvantages"): the GM, or the roller on their
phone, ticks the entries of the two lists that apply to a check already waiting for its dice (an initiative, fear,
rally, Ride or Discipline check as well as an action card's), and its pool, summary and exact odds are worked out
again, a fortune die for each advantage and a misfortune die for each disadvantage. Ticking again replaces what was
ticked before, so no entry counts twice."""

from combat.commands.fields import NamesField
from combat.commands.prompts import PromptArgs
from combat.commands.spine import CommandError
from rules.engine import wfrp3e
from systems.wfrp3e.commands import command
from systems.wfrp3e.commands.actions import chaos_star_effect, situation_keys, situation_words
from systems.wfrp3e.commands.pools import DIE_WORDS, pool_entry
from systems.wfrp3e.models import ActionCard

__all__ = ["situation_dice"]


class SituationArgs(PromptArgs):
    advantages = NamesField(help_text='Seed 003 "Advantages" that apply (keys or names): a fortune die each.')
    disadvantages = NamesField(help_text='Seed 003 "Disadvantages" that apply (keys or names): a misfortune die each.')

    def clean_advantages(self):
        return situation_keys(self.cleaned_data["advantages"], wfrp3e.ADVANTAGES, "Advantages")

    def clean_disadvantages(self):
        return situation_keys(self.cleaned_data["disadvantages"], wfrp3e.DISADVANTAGES, "Disadvantages")


def source_words(sources):
    return [f"{count} {DIE_WORDS[kind]} ({why})" for kind, count, why in sources]


@command(SituationArgs, gm_only=False, rule="Advantages")
def situation_dice(context, prompt, advantages, disadvantages):
    """Set the Advantages and Disadvantages that apply to an open check: its pool gains a fortune die for each
    advantage and a misfortune die for each disadvantage, in place of those ticked before."""
    entry = prompt
    if not entry.get("pool"):
        raise CommandError(f"{entry['reason']} rolls no dice: advantages and disadvantages go on a check.")
    before = wfrp3e.situation_sources(entry.get("advantages", ()), entry.get("disadvantages", ()))
    after = wfrp3e.situation_sources(advantages, disadvantages)
    if before == after:
        raise CommandError(f"{entry['reason']} has those advantages and disadvantages already.")
    pool = dict.fromkeys(wfrp3e.DIE_KINDS, 0) | entry["pool"]
    for sign, sources in ((-1, before), (1, after)):
        for kind, count, _ in sources:
            pool[kind] += sign * count
    card = ActionCard.objects.filter(name=entry["card"]).first() if entry.get("card") else None
    shown = pool_entry(
        [wfrp3e.Source(kind, count, "") for kind, count in pool.items() if count],
        chaos_star_effect=bool(card and chaos_star_effect(card)),
    )
    gone = source_words(before)
    entry.update(
        {key: shown[key] for key in ("pool", "summary", "chance", "boon_odds", "bane_odds")},
        sources=[words for words in entry.get("sources", ()) if words not in gone] + source_words(after),
        advantages=advantages,
        disadvantages=disadvantages,
    )
    roller = context.combatant(entry["combatant"])
    ticked = situation_words(after) or "no advantage or disadvantage"
    return (
        f"{roller.name}'s {entry['reason']}: {ticked}; {entry['summary']}, {entry['chance']} % to succeed.",
        {"prompt": entry["id"], "pool": entry["pool"]},
    )
