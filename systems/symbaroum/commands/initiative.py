"""Who acts when in a Symbaroum round (seed 001 "Turn Order" › "Initiative", "Alternate Rules" › "Manoeuvres",
"Feats"): a later place chosen before the fight starts, Delay the Initiative on one's turn, and the two rules that
move someone up for a round, Take the Initiative and Quick Strike.

Both of these are declared ahead, for the coming round (round 1 while the encounter is planned), and settle the
order as that round begins: the takers whose Resolute test passed rank +5, then the strikers go first in their
usual order among themselves. Declared during the planning they move the order at once, as round 1's order is being
set. Whatever moved someone this round, the next round starts from the usual order again (`usual_order`).
"""

from combat.commands.fields import OneOfField
from combat.commands.ordering import renumber
from combat.commands.spine import CombatantField, CommandError
from combat.models import Encounter
from rules.engine import symbaroum
from systems.base import Happenings
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, feats, turn
from systems.symbaroum.commands.harm import sheet_of
from systems.symbaroum.commands.tests import answers, ask, passed_words, rolls_dice, second_chance
from systems.symbaroum.commands.turn import ActingArgs

__all__ = ["act_later", "delay_initiative", "quick_strike", "take_the_initiative"]

OUTCOMES = [("", "—"), ("pass", "Passed"), ("fail", "Failed")]


def ids_of(combatants):
    return [c.pk for c in combatants]


def usual_ids(context):
    """The order this round would have without its moves: the one kept before the first move, with anyone who
    joined since at their present place."""
    present = ids_of(context.ordered())
    usual = [pk for pk in context.encounter.state.usual_order if pk in present]
    for index, pk in enumerate(present):
        if pk not in usual:
            usual.insert(min(index, len(usual)), pk)
    return usual


def coming_round(encounter):
    """The round a declaration made now is for: round 1 while planning, else the next one."""
    if encounter.status == Encounter.Status.ENDED:
        raise CommandError("The encounter has ended.")
    return 1 if encounter.status == Encounter.Status.PLANNING else encounter.round + 1


def arrange(context, usual, round_number):
    """Put the combatants in `usual` order moved by `round_number`'s Take the Initiative and Quick Strike; keeps
    the usual order to go back to when anything moved. Returns the log's note ("" when nobody moved)."""
    state = context.encounter.state
    takers = {t["combatant"] for t in state.initiative_takers if t["round"] == round_number and t["passed"]}
    strikers = {s["combatant"] for s in state.quick_strikes if s["round"] == round_number}
    by_pk = {c.pk: c for c in context.combatants}
    ranks = {pk: context.system.initiative_rank(by_pk[pk]) for pk in usual}
    order = symbaroum.quick_strike_first(symbaroum.initiative_taken(usual, ranks, takers & set(usual)), strikers)
    state.usual_order = usual if order != usual else []
    renumber(context, [by_pk[pk] for pk in order])
    if order == usual:
        return ""
    return f"Order this round: {', '.join(context.named(by_pk[pk]) for pk in order)}."


def round_begins(context):
    """A new round (or round 1): back to the usual order, then this round's declared moves. Refused while a
    Resolute test for Take the Initiative is still open, as the order waits on it."""
    state = context.encounter.state
    open_ids = {p["id"] for p in state.prompts}
    waiting = [t for t in state.initiative_takers if t["passed"] is None and t["prompt"] in open_ids]
    if waiting:
        names = {c.pk: c.name for c in context.combatants}
        raise CommandError(
            f"{names[waiting[0]['combatant']]}'s Resolute test to Take the Initiative is still open: "
            "have it rolled (or dismiss it) before the round begins."
        )
    note = arrange(context, usual_ids(context), context.encounter.round)
    return Happenings(notes=[note] if note else [])


def on_the_coming_round(context, round_number):
    """After a declaration: in the planning it moves round 1's order at once."""
    if context.encounter.status == Encounter.Status.PLANNING:
        return arrange(context, usual_ids(context), round_number)
    return ""


# --- choosing a later place (seed 001 "Turn Order" › "Initiative") ---------------------------------------------


class ActLaterArgs(ActingArgs):
    after = CombatantField(receives=False, help_text="Who they act right after.")


@command(ActLaterArgs, gm_only=False, rule="Acting later")
def act_later(context, combatant, after):
    """Before the fight starts, a combatant takes a later place in the order: right after `after`."""
    if context.encounter.status != Encounter.Status.PLANNING:
        raise CommandError(
            "The turn order is settled once the encounter has started: a later place can only be chosen before."
        )
    usual = usual_ids(context)
    try:
        moved = symbaroum.acting_after(usual, combatant.pk, after.pk)
    except ValueError:
        raise CommandError(f"{combatant.name} can only choose a later place: {context.named(after)} does not act "
                           f"before {combatant.name}.") from None  # fmt: skip
    arrange(context, moved, 1)
    return f"{combatant.name} chooses to act after {context.named(after)}.", {
        "combatant": combatant.pk,
        "after": after.pk,
        "order": ids_of(context.ordered()),
    }


# --- Delay the Initiative (seed 001 "Manoeuvres" › "Delay the Initiative") --------------------------------------


class DelayArgs(ActingArgs):
    before = CombatantField(receives=False, help_text="Who acts before them, this round only.")


@command(DelayArgs, gm_only=False, requires=[toggles.MANOEUVRES], rule="Delay the Initiative")
def delay_initiative(context, combatant, before):
    """On their turn, the active combatant lets someone later in the round go first and acts right after them."""
    encounter = context.encounter
    if encounter.status != Encounter.Status.ACTIVE or encounter.active_id != combatant.pk:
        raise CommandError(f"{combatant.name} can delay only on their own turn.")
    used = turn.turn_used(encounter)
    if used["combat"] or used["movements"]:
        raise CommandError(f"{combatant.name} has already acted this turn: it is too late to delay.")
    present = ids_of(context.ordered())
    try:
        moved = symbaroum.acting_after(present, combatant.pk, before.pk)
    except ValueError:
        raise CommandError(f"{context.named(before)} does not act after {combatant.name} this round.") from None
    if not encounter.state.usual_order:
        encounter.state.usual_order = present
    following = context.combatant(present[present.index(combatant.pk) + 1])
    renumber(context, sorted(context.combatants, key=lambda c: moved.index(c.pk)))
    encounter.active = following
    return (
        f"{combatant.name} delays the initiative and acts after {context.named(before)} this round; "
        f"{context.named(following)}'s turn.",
        {"combatant": combatant.pk, "before": before.pk, "active": following.pk},
    )


# --- Quick Strike (seed 001 "Alternate Rules" › "Feats" › "Quick Strike") ---------------------------------------


class QuickStrikeArgs(ActingArgs):
    pay_with = OneOfField(choices=feats.PAY_WITH)


@command(QuickStrikeArgs, gm_only=False, requires=[toggles.FEATS], rule="Quick Strike")
def quick_strike(context, combatant, pay_with):
    """Declared for the coming round: the hero acts first in it."""
    state = context.encounter.state
    round_number = coming_round(context.encounter)
    if any(s["combatant"] == combatant.pk and s["round"] == round_number for s in state.quick_strikes):
        raise CommandError(f"{combatant.name} already strikes first in round {round_number}.")
    paid = feats.pay(context, combatant, pay_with, "Quick Strike")
    state.quick_strikes = [*state.quick_strikes, {"combatant": combatant.pk, "round": round_number}]
    moved = on_the_coming_round(context, round_number)
    return f"{paid}: {combatant.name} acts first in round {round_number}. {moved}".strip(), {
        "combatant": combatant.pk,
        "round": round_number,
    }


# --- Take the Initiative (seed 001 "Alternate Rules" › "Manoeuvres" › "Take the Initiative") -------------------


class TakeArgs(ActingArgs):
    outcome = OneOfField(choices=OUTCOMES, required=False, help_text="An NPC's Resolute test, as the GM decides.")


@command(TakeArgs, gm_only=False, requires=[toggles.MANOEUVRES], rule="Take the Initiative")
def take_the_initiative(context, combatant, outcome):
    """Declared for the coming round: a Resolute test (rolled by the player; an NPC's outcome is the GM's call)."""
    state = context.encounter.state
    round_number = coming_round(context.encounter)
    if any(t["combatant"] == combatant.pk and t["round"] == round_number for t in state.initiative_takers):
        raise CommandError(f"{combatant.name} already takes the initiative for round {round_number}.")
    if rolls_dice(combatant):
        if outcome:
            raise CommandError(f"{combatant.name}'s player rolls the Resolute test: leave the outcome empty.")
        sheet = sheet_of(context, combatant)
        if sheet is None:
            raise CommandError(f"{combatant.name} has no character sheet to test Resolute from.")
        reason = f"Take the Initiative (round {round_number}): Resolute"
        entry = ask(context, combatant, "take_the_initiative", reason, target=sheet.attribute("resolute"),
                    second=second_chance(context, combatant), round=round_number)  # fmt: skip
        state.initiative_takers = [*state.initiative_takers, taker(combatant, round_number, entry["id"], None)]
        return f"{combatant.name} tries to take the initiative in round {round_number}: their player rolls " \
               f"Resolute against {entry['target']} ({entry['chance']} %).", {"prompt": entry["id"]}  # fmt: skip
    if not outcome:
        raise CommandError(f"{combatant.name} never rolls: say whether their Resolute test passes or fails.")
    state.initiative_takers = [*state.initiative_takers, taker(combatant, round_number, None, outcome == "pass")]
    return settled(context, combatant, round_number, outcome == "pass", "the GM's call"), {
        "combatant": combatant.pk,
        "passed": outcome == "pass",
    }


def taker(combatant, round_number, prompt, passed):
    return {"combatant": combatant.pk, "round": round_number, "prompt": prompt, "passed": passed}


def settled(context, combatant, round_number, passed, how):
    """The log's words once the Resolute test is known, after moving round 1's order when it is being planned."""
    gain = "+5 to their place in the order" if passed else "no better place"
    moved = on_the_coming_round(context, round_number)
    return (
        f"{combatant.name} takes the initiative for round {round_number} ({how}): Resolute "
        f"{'passed' if passed else 'failed'}, {gain}, and a second chance to fail every test that round. {moved}"
    ).strip()


@answers("take_the_initiative")
def answered_resolute(context, entry, rolled):
    state = context.encounter.state
    passed = symbaroum.test_passes(entry["target"], rolled["kept"])
    state.initiative_takers = [
        {**t, "passed": passed} if t["prompt"] == entry["id"] else t for t in state.initiative_takers
    ]
    combatant = context.combatant(entry["combatant"])
    how = passed_words(entry["target"], rolled["kept"], rolled["d20s"])
    return settled(context, combatant, entry["round"], passed, how), {"prompt": entry["id"], "passed": passed}
