"""A day's march between scenes (seed 004 "Travel", "Encumbrance"). A Cautious March costs nothing; a Hasty one
costs each player character 1 Health, a Might test on their phone and, when it fails, the 1d6 they roll, and the day
brings no passive healing. Over the Carrying Limit (when the table plays Encumbrance) a character cannot march
hastily, suffers a Hasty March's costs on a Cautious one, and takes −1 to the Might test per point over the limit."""

from combat.commands.fields import OneOfField
from combat.commands.spine import Args, CommandError
from combat.models import Encounter
from rules.engine import symbaroum
from systems.symbaroum import toggles
from systems.symbaroum.commands import command
from systems.symbaroum.commands.harm import at_zero, sheet_of
from systems.symbaroum.commands.tests import answers, ask, passed_words, rolls_dice, second_chance

__all__ = ["march"]

PACES = [("cautious", "Cautious March"), ("hasty", "Hasty March")]
EXTRA_DICE = f"1d{symbaroum.HASTY_MARCH_EXTRA_DIE}"


class MarchArgs(Args):
    pace = OneOfField(choices=PACES)


def load_of(context, sheet):
    """(Encumbrance, Carrying Limit) that count for the march: no limit when the table does not play Encumbrance."""
    if not context.encounter.plays(toggles.ENCUMBRANCE):
        return 0, None
    return sheet.encumbrance, sheet.carrying_limit


@command(MarchArgs, requires=[toggles.TRAVEL], rule="A day's march")
def march(context, pace):
    """The player characters march for a day; a Hasty March asks each of them for a Might test."""
    if context.encounter.status == Encounter.Status.ACTIVE:
        raise CommandError("A march happens between scenes: end the fight first.")
    marchers = [c for c in context.ordered() if rolls_dice(c) and sheet_of(context, c) is not None]
    if not marchers:
        raise CommandError("No player character with a sheet is in this encounter to march.")
    days = {}
    for marcher in marchers:
        load, limit = load_of(context, sheet_of(context, marcher))
        try:
            days[marcher.pk] = symbaroum.march_day(pace, load=load, limit=limit)
        except ValueError:
            raise CommandError(
                f"{marcher.name} carries {load} Encumbrance, over the Carrying Limit of {limit}: "
                "too laden for a Hasty March. March cautiously (it costs what a hasty one does)."
            ) from None
    notes, prompts = [], []
    for marcher in marchers:
        if not days[marcher.pk].might_test_needed:
            notes.append(f"{marcher.name} takes no harm")
            continue
        notes.append(hurry(context, marcher, pace))
        prompts.append(ask_might(context, marcher)["id"])
    healing = "" if prompts else " Passive healing as usual."
    if prompts:
        healing = " No passive healing today; each player rolls Might on their phone (1d6 more on a failure)."
    label = dict(PACES)[pace]
    return f"{label}: {'; '.join(notes)}.{healing}", {"pace": pace, "prompts": prompts}


def hurry(context, marcher, pace):
    """The Health a hasty day costs at once; returns the log note."""
    overloaded = " (over the Carrying Limit: it counts as hasty)" if pace == "cautious" else ""
    notes = lose_health(context, marcher, symbaroum.HASTY_MARCH_HEALTH_COST)
    return f"{marcher.name} loses {symbaroum.HASTY_MARCH_HEALTH_COST} Health{overloaded}" + "".join(
        f", {n}" for n in notes
    )


def ask_might(context, marcher):
    sheet = sheet_of(context, marcher)
    load, limit = load_of(context, sheet)
    modifier = symbaroum.march_might_modifier(load, limit) if limit is not None else 0
    target = sheet.attribute("strong") + modifier
    heavy = f" ({modifier} for the load)" if modifier else ""
    return ask(context, marcher, "march_might", f"{sheet.words['strong']}: the march{heavy}", target=target,
               second=second_chance(context, marcher))  # fmt: skip


def lose_health(context, marcher, amount):
    """The march's cost off Health (no armour, no Pain Threshold: it is no blow); returns notes for 0 Health."""
    marcher.wounds = max(0, marcher.wounds - amount)
    context.touch(marcher)
    return [at_zero(context, marcher)] if marcher.wounds == 0 else []


def marcher_of(context, entry):
    return context.combatant(entry["combatant"])


@answers("march_might")
def answered_might(context, entry, rolled):
    marcher = marcher_of(context, entry)
    passed = symbaroum.test_passes(entry["target"], rolled["kept"])
    said = f"{entry['name']} rolls for the march ({passed_words(entry['target'], rolled['kept'], rolled['d20s'])})"
    if passed:
        return f"{said}: passed, no more harm.", {"prompt": entry["id"], "passed": True}
    more = ask(context, marcher, "march_harm", "The march: Health lost", dice=EXTRA_DICE)
    return f"{said}: failed, {entry['name']}'s player rolls {EXTRA_DICE} more Health lost.", {
        "prompt": entry["id"],
        "passed": False,
        "next_prompt": more["id"],
    }


@answers("march_harm")
def answered_harm(context, entry, rolled):
    marcher = marcher_of(context, entry)
    notes = lose_health(context, marcher, rolled["total"])
    said = "".join(f"; {n}" for n in notes)
    return f"{entry['name']} loses {rolled['total']} more Health to the march ({marcher.wounds} left){said}.", {
        "prompt": entry["id"],
        "health": marcher.wounds,
    }
