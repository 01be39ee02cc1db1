"""Fear and terror (seed 003 "Fear & Terror Checks"): the first time the player characters meet a creature with a
Fear or Terror rating, each checks Discipline against as many challenge dice as the rating. `fear_check` opens the
check on the phones of those who have not faced that creature yet this encounter; `face_fear` takes the symbols (or
rolls the pool) and applies what failing and the banes cost."""

from combat.commands.prompts import open_prompt
from combat.commands.spine import CombatantArgs, CommandError
from combat.words import and_list, counted
from rules.engine import wfrp3e
from systems.wfrp3e.commands import command, conditions, health, turn
from systems.wfrp3e.commands.counters import add_to
from systems.wfrp3e.commands.pools import SymbolArgs, answer_check, pool_entry, sheet_of, skill_pool

__all__ = ["fear_check", "face_fear"]

# What a phone calls a creature the GM keeps hidden.
DREADFUL = "something dreadful"


def dread(sheet):
    """("Fear" or "Terror", rating) of a creature's sheet, Terror the worse when it has both; None without either."""
    if sheet is not None and sheet.terror:
        return "Terror", sheet.terror
    if sheet is not None and sheet.fear:
        return "Fear", sheet.fear
    return None


def dread_of(context, creature):
    found = dread(sheet_of(context, creature))
    if found is None:
        raise CommandError(f"{creature.name} has no Fear or Terror rating to check against.")
    return found


def still_to_face(context, creature):
    """The player characters awake who have neither faced the creature this encounter nor an open check against it
    (the knocked out and the dead face nothing)."""
    state = context.encounter.state
    done = set(state.fear_checked.get(str(creature.pk), ()))
    done |= {p["combatant"] for p in state.prompts if p.get("creature") == creature.pk}
    return [
        c
        for c in context.ordered()
        if not c.is_npc and c.pk != creature.pk and c.pk not in done and not health.no_turn(state, c)
    ]


@command(CombatantArgs, rule="Fear & Terror Checks")
def fear_check(context, combatant):
    """Ask every player character who has not faced the creature yet for a Discipline check, its challenge dice
    the creature's rating."""
    creature = combatant
    kind, rating = dread_of(context, creature)
    facing = still_to_face(context, creature)
    if not facing:
        raise CommandError(f"Everyone here has already faced {creature.name}.")
    state = context.encounter.state
    # The prompt is read on the phones too: a hidden creature keeps its name off them.
    shown_as = DREADFUL if creature.hidden else creature.name
    specialisation = f"Resist {kind}"
    asked = []
    for hero in facing:
        check, sources = skill_pool(
            context,
            hero,
            "Discipline",
            "WP",
            turn.stance_of(state, hero),
            specialised_in=specialisation,
            difficulty=rating,
        )
        entry = open_prompt(
            state,
            hero,
            "face_fear",
            f"fear:{creature.pk}",
            kind="fear",
            reason=f"Discipline against {shown_as} ({kind} {rating})",
            creature=creature.pk,
            dread=kind,
            rating=rating,
            **pool_entry(sources, check),
        )
        asked.append(entry["id"])
    names = and_list([hero.name for hero in facing])
    verb = "checks" if len(facing) == 1 else "check"
    return f"{creature.name}'s {kind} {rating}: {names} {verb} Discipline.", {"prompts": asked}


class FearArgs(SymbolArgs):
    answers = "face_fear"


@command(FearArgs, gm_only=False, rule="Fear & Terror Checks")
def face_fear(context, prompt, **typed):
    """Answer the fear check: failing costs the rating in stress (Terror: in fatigue too); two banes or more leave
    the character Frightened, passed or not."""
    entry = prompt
    outcome, symbols, how = answer_check(context, entry, typed)
    terror = entry["dread"] == "Terror"
    result = wfrp3e.fear_result(entry["rating"], outcome.succeeded, outcome.banes, terror=terror)
    hero = context.combatant(entry["combatant"])
    creature = next((c for c in context.combatants if c.pk == entry["creature"]), None)
    state = context.encounter.state
    met = state.fear_checked.setdefault(str(entry["creature"]), [])
    met.append(hero.pk)
    add_to(context, hero, wfrp3e.STRESS, result.stress)
    add_to(context, hero, wfrp3e.FATIGUE, result.fatigue)
    words = [f"{counted(outcome.successes, 'net success')}, {counted(outcome.banes, 'bane')}"]
    if result.stress:
        words.append(f"{result.stress} stress" + (f" and {result.fatigue} fatigue" if result.fatigue else ""))
    if result.frightened:
        held, happened = wfrp3e.gain_condition(
            conditions.held(state, hero), wfrp3e.FRIGHTENED, conditions.durations()[wfrp3e.FRIGHTENED]
        )
        conditions.keep(state, hero, held)
        words.append("already Frightened" if happened == wfrp3e.ALREADY_HELD else "Frightened")
    words += health.feel_strain(context, hero, outcome, entry.get("characteristic"))
    dread = f"{context.named(creature, DREADFUL) if creature else DREADFUL}'s {entry['dread']} {entry['rating']}"
    verdict = "stands firm against" if outcome.succeeded else "quails before"
    message = f"{hero.name} {verdict} {dread} ({how}): " + "; ".join(words) + "."
    return message, {
        "prompt": entry["id"],
        "symbols": symbols,
        "succeeded": outcome.succeeded,
        "stress": result.stress,
        "fatigue": result.fatigue,
        "frightened": result.frightened,
    }
