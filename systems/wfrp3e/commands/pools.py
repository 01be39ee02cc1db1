"""A WFRP 3e check's dice pool for any skill (seed 003 "Middle of Turn Phase (Action Card Resolution)" steps 2-3),
and the prompt fields that show it before the roll: an action card's check, a rally step's Resilience or
Discipline check, a fear check and the end-of-act checks are all built here."""

from typing import NamedTuple

from django import forms

from combat.commands.fields import WholeNumberField, YesNoField
from combat.commands.prompts import PromptArgs, close
from combat.commands.spine import CommandError
from rules.engine import wfrp3e
from systems.wfrp3e.commands import conditions, counters, equipment

# A skill names its characteristic by the sheet's short name; the engine by the full one.
CHARACTERISTIC_NAMES = {
    "St": "strength",
    "To": "toughness",
    "Ag": "agility",
    "Int": "intelligence",
    "WP": "willpower",
    "Fel": "fellowship",
}
DIE_WORDS = {
    wfrp3e.CHARACTERISTIC: "characteristic",
    wfrp3e.CONSERVATIVE: "conservative",
    wfrp3e.RECKLESS: "reckless",
    wfrp3e.EXPERTISE: "expertise",
    wfrp3e.FORTUNE: "fortune",
    wfrp3e.CHALLENGE_DIE: "challenge",
    wfrp3e.MISFORTUNE: "misfortune",
}


def percent(probability):
    """A chance as the phone shows it, one decimal: exact underneath, rounded only here."""
    return f"{float(probability) * 100:.1f}"


def pool_summary(pool):
    """ "3 characteristic, 1 reckless, 1 challenge": the dice of a pool, in the contract's order."""
    return ", ".join(f"{count} {DIE_WORDS[kind]}" for kind, count in pool.items() if count) or "no dice"


def sheet_of(context, combatant):
    return context.sheet_of(combatant)


def held_conditions(context, combatant):
    """The names of the condition cards the combatant holds (seed 003 "Condition Cards")."""
    return tuple(conditions.held(context.encounter.state, combatant))


def rollers_own(context, combatant):
    """What the roller brings to any check of theirs, as `wfrp3e.pool_sources` takes it: the condition cards held,
    and fatigue and stress against Toughness and Willpower (Fatigued, Distressed; seed 003 "Impairments &
    Wounds")."""
    return {
        "conditions": held_conditions(context, combatant),
        # The character's own counters, not the sheet read at the command's start: a rest in the same command
        # may have changed them.
        "fatigue": counters.counter(combatant, wfrp3e.FATIGUE),
        "stress": counters.counter(combatant, wfrp3e.STRESS),
        "toughness": counters.characteristic(combatant, "To"),
        "willpower": counters.characteristic(combatant, "WP"),
    }


def skill_pool(
    context, combatant, skill_name, short, stance, *, specialised_in="", target=None, sight=False, **modifiers
):
    """(check, pool sources) of a check of `skill_name` on characteristic `short` ("WP") by `combatant`.

    A specialisation helps when `specialised_in` names it (Dodge on a Coordination card named Dodge); `sight`: the
    check needs the sense of sight (Blinded's die). `modifiers` are `wfrp3e.pool_sources`'s difficulty, defence,
    opposing_training and extra. Fortune dice from assists, and dice an enemy's die left, waiting on the roller join the
    pool and are used up; the roller's Damaged gear used with the skill and the environmental conditions on them add
    theirs (equipment.py)."""
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} needs a WFRP 3e sheet to build a pool.")
    check = wfrp3e.Check(CHARACTERISTIC_NAMES[short], sight=sight)
    skill = next((s for s in sheet.skills if s.name == skill_name), None)
    specialisations = skill.specialisations if skill else ()
    applying = sum(1 for name in specialisations if specialised_in and name.lower() in specialised_in.lower())
    conservative, reckless = sheet.conservative_steps, sheet.reckless_steps
    if not -conservative <= stance <= reckless:
        raise CommandError(f"{combatant.name}'s stance meter runs from {-conservative} to {reckless}.")
    waiting = [
        source for source in (take_assists(context, combatant), *take_waiting_dice(context, combatant)) if source
    ]
    if waiting:
        modifiers["extra"] = (*modifiers.get("extra", ()), *waiting)
    around = equipment.pool_extras(context, combatant, skill_name, check)
    if around:
        modifiers["extra"] = (*modifiers.get("extra", ()), *around)
    sources = wfrp3e.pool_sources(
        check,
        combatant.character.characteristic(short),
        stance,
        training=skill.training if skill else 0,
        specialisations=applying,
        target_conditions=held_conditions(context, target) if target else (),
        **rollers_own(context, combatant),
        **modifiers,
    )
    return check, sources


def assisters(context, combatant):
    """The combatants whose assists wait on `combatant`'s next check, one per assist, as the roller's phone may
    name them (seed 003 "Maneuvers" 1)."""
    waiting = context.encounter.state.assists.get(str(combatant.pk), ())
    present = {c.pk: c for c in context.combatants}
    return [on_phones(present[pk]) if pk in present else "someone gone" for pk in waiting]


def take_assists(context, combatant):
    """The pool's (kind, count, why) for the fortune dice assists left waiting on this, `combatant`'s next check,
    or None; once in a pool they are used up (seed 003 "Maneuvers" 1)."""
    source = wfrp3e.assist_source(assisters(context, combatant))
    context.encounter.state.assists.pop(str(combatant.pk), None)
    return source


def take_waiting_dice(context, combatant):
    """The pool's (kind, count, why) for the dice an enemy's Aggression, Cunning or Expertise die left waiting on
    `combatant`'s next check (seed 003 "Enemies"); once in a pool they are used up."""
    return [tuple(source) for source in context.encounter.state.waiting_dice.pop(str(combatant.pk), ())]


def on_phones(combatant):
    """A combatant's name in a prompt, which the roller's phone shows: never a hidden one's, even when the GM set
    the check up."""
    return "someone unseen" if combatant.hidden else combatant.name


def pool_entry(sources, check=None, chaos_star_effect=False):
    """What a check's prompt shows before the roll: the pool, its summary, where each die comes from, the exact
    chance of a net success and of each boon and bane count that may show (a chaos star a bane unless
    `chaos_star_effect`); with the check, its characteristic, which the universal effects strain (seed 003
    "Universal Dice Roll Effect")."""
    pool = dict.fromkeys(wfrp3e.DIE_KINDS, 0)
    for source in sources:
        pool[source.kind] += source.count
    odds = wfrp3e.odds(pool, chaos_star_effect=chaos_star_effect)
    characteristic = {"characteristic": check.characteristic} if check else {}
    return {
        **characteristic,
        "pool": pool,
        "summary": pool_summary(pool),
        "sources": [f"{source.count} {DIE_WORDS[source.kind]} ({source.why})" for source in sources],
        "chance": percent(odds.success),
        "boon_odds": shown_odds(odds.boons),
        "bane_odds": shown_odds(odds.banes),
    }


def shown_odds(chances):
    """[(count, percent)] of the counts a roll may show: a count whose chance rounds to "0.0" would read as
    impossible, so it is left out with the ones that are."""
    shown = ((count, percent(chance)) for count, chance in chances.items())
    return [(count, chance) for count, chance in shown if chance != percent(0)]


# The symbol fields of `enter_roll`, in the order the phone lists them.
SYMBOL_FIELDS = {
    "successes": wfrp3e.SUCCESS,
    "righteous_successes": wfrp3e.RIGHTEOUS_SUCCESS,
    "boons": wfrp3e.BOON,
    "banes": wfrp3e.BANE,
    "challenges": wfrp3e.CHALLENGE,
    "comets": wfrp3e.SIGMARS_COMET,
    "chaos_stars": wfrp3e.CHAOS_STAR,
    "delays": wfrp3e.DELAY,
    "exertions": wfrp3e.EXERTION,
}


def symbol_count():
    return WholeNumberField(required=False, min_value=0, max_value=wfrp3e.MAX_POOL_DICE)


class SymbolArgs(PromptArgs):
    """The answer to a check's prompt: the symbols its dice show, each empty or a count; all empty, the tracker
    rolls the pool. A subclass names the command it is (`answers`), and only that command's prompts take it, so one
    check's dice never close another's."""

    answers = ""
    # Sent by the form with the symbol inputs, not by "Roll for me": nothing typed there is a slip, not a request
    # to roll the player's own dice for them.
    typed = YesNoField(required=False)
    successes = symbol_count()
    righteous_successes = symbol_count()
    boons = symbol_count()
    banes = symbol_count()
    challenges = symbol_count()
    comets = symbol_count()
    chaos_stars = symbol_count()
    delays = symbol_count()
    exertions = symbol_count()

    def clean(self):
        cleaned = super().clean()
        entry = cleaned.get("prompt")
        if entry is not None and entry.get("answer") != self.answers:
            raise forms.ValidationError("That test is answered another way.")
        if cleaned.pop("typed", False) and all(cleaned.get(name) is None for name in SYMBOL_FIELDS):
            raise forms.ValidationError("Type the symbols your dice show (0 where there are none), or tap Roll for me.")
        return cleaned


def rolled_symbols(context, pool, typed):
    """({symbol: count}, "typed" or "rolled"): the symbols typed (`typed`: SYMBOL_FIELDS' values from the form), or
    the tracker's roll of the pool when none was typed."""
    if all(count is None for count in typed.values()):
        return dict(wfrp3e.symbols_shown(wfrp3e.roll_pool(pool, context.dice.d))), "rolled"
    shown = {SYMBOL_FIELDS[name]: count or 0 for name, count in typed.items()}
    most = wfrp3e.most_shown(pool, shown.get(wfrp3e.RIGHTEOUS_SUCCESS, 0))
    beyond = [f"{name.replace('_', ' ')} {count} (at most {most[SYMBOL_FIELDS[name]]})"
              for name, count in typed.items() if (count or 0) > most[SYMBOL_FIELDS[name]]]  # fmt: skip
    if beyond:
        raise CommandError(f"These dice cannot show {', '.join(beyond)}: type what they show.")
    return shown, "typed"


class Answered(NamedTuple):
    outcome: wfrp3e.Outcome
    symbols: dict
    how: str  # "typed" or "rolled"


def answer_check(context, entry, typed, *comets):
    """An open check answered: the symbols typed, or the tracker's roll of its pool, resolved (with the comets spent
    as successes and boons, and the card's chaos-star rule, for an action card) and the check closed. Symbols that
    cannot stand together are refused in words and change nothing."""
    symbols, how = rolled_symbols(context, entry["pool"], typed)
    try:
        outcome = wfrp3e.resolve(symbols, *comets)
    except ValueError as error:
        raise CommandError(str(error)) from None
    close(context, entry)
    return Answered(outcome, symbols, how)
