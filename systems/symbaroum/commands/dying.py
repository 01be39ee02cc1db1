"""Dying player characters (seed 004 "Unsorted" › "Dying Characters"). At 0 Toughness a player character is dying
(harm.at_zero); at the start of each of their turns their player rolls a death test on the phone, a plain d20 with
no target, so the phone lists the odds of each outcome instead of one chance. A 1 wakes them with 1d4 Toughness, 2-10
changes nothing, 11-19 is a step closer (the third kills) and a 20 kills. Healing stabilises them (`stabilise`).
One who dies so leaves the game when the table plays seed 004 "Dead Player Characters" (afflictions.fallen)."""

from combat.commands.prompts import close
from combat.commands.spine import CommandError
from rules.engine import symbaroum
from systems.symbaroum.commands import afflictions, turn
from systems.symbaroum.commands.harm import give, has, remove
from systems.symbaroum.commands.tests import answers, ask, rolls_dice

OUTCOME_WORDS = {
    "wakes": "wakes with 1d4 {wounds}",  # the table's word for the wounds track: Toughness, the variant's Health
    "remains": "stays at death's door",
    "closer": "a step closer to death",
    "dies": "dies",
}


def wounds_word(context):
    return context.system.wounds_word(context.encounter)


def steps_of(encounter, combatant):
    return encounter.state.death_steps.get(str(combatant.pk), 0)


def set_steps(encounter, combatant, steps):
    others = {key: n for key, n in encounter.state.death_steps.items() if key != str(combatant.pk)}
    encounter.state.death_steps = {**others, str(combatant.pk): steps} if steps else others


def steps_words(steps):
    return f"{steps} of {symbaroum.DEATH_STEPS} steps"


def bands(steps, wounds_word):
    """The death test's outcomes as the phone lists them: faces, words and chance, the next step's count said."""
    rows = []
    for band in symbaroum.death_test_bands():
        faces = str(band.lowest) if band.lowest == band.highest else f"{band.lowest}–{band.highest}"
        words = OUTCOME_WORDS[band.outcome].format(wounds=wounds_word)
        if band.outcome == "closer":
            after = steps + 1
            words += " (this one kills)" if after >= symbaroum.DEATH_STEPS else f" ({steps_words(after)})"
        rows.append({"faces": faces, "words": words, "chance": symbaroum.percent(band.chance)})
    return rows


def open_death_tests(context, combatant):
    return [p for p in context.encounter.state.prompts if p["kind"] == "death" and p["combatant"] == combatant.pk]


def turn_started(context, combatant):
    """A dying player character's turn opens their death test, one at a time; returns the log's notes."""
    if not has(context, combatant, "Dying") or open_death_tests(context, combatant):
        return []
    if not rolls_dice(combatant):
        return [f"{combatant.name} is dying: NPCs roll no death test, the GM decides."]
    steps = steps_of(context.encounter, combatant)
    reason = f"Death test ({steps_words(steps)} so far)"
    ask(context, combatant, "death", reason, bands=bands(steps, wounds_word(context)), d4=True)
    return [f"{combatant.name} is dying and cannot act: their player rolls the death test ({steps_words(steps)})."]


def end_dying(context, combatant):
    """No longer dying, one way or the other: the condition, the steps and any open death test go."""
    remove(context, combatant, "Dying")
    set_steps(context.encounter, combatant, 0)
    for entry in open_death_tests(context, combatant):
        close(context, entry)


def stabilise(context, combatant):
    """Healing reaches a dying character (seed 004 "Dying Characters"): they stop dying. Returns a note or ""."""
    if not has(context, combatant, "Dying"):
        return ""
    end_dying(context, combatant)
    return f"{combatant.name} is stabilised and stops dying"


@answers("death")
def answered(context, entry, rolled):
    combatant = context.combatant(entry["combatant"])
    if not has(context, combatant, "Dying"):
        raise CommandError(f"{combatant.name} is no longer dying: dismiss this death test.")
    d20 = rolled["kept"]
    steps = steps_of(context.encounter, combatant)
    outcome = symbaroum.death_test(d20, steps)
    said = f"{combatant.name}'s death test: d20 {d20}"
    if outcome == "wakes":
        woken = symbaroum.wake_up_toughness(rolled["d4"] or (lambda: context.dice.d(symbaroum.WAKE_UP_TOUGHNESS_DIE)))
        combatant.wounds = min(combatant.max_wounds, woken)
        context.touch(combatant)
        end_dying(context, combatant)
        turn.use_up(context, combatant)
        message = f"{said}, wakes with {combatant.wounds} {wounds_word(context)} and acts from the next turn."
    elif outcome == "remains":
        message = f"{said}, stays at death's door ({steps_words(steps)})."
    elif outcome == "closer":
        steps += 1
        set_steps(context.encounter, combatant, steps)
        message = f"{said}, a step closer to death ({steps_words(steps)})."
    else:
        end_dying(context, combatant)
        give(context, combatant, "Dead")
        why = "the third step closer" if d20 != symbaroum.DEATH_TEST_DIES else "a 20"
        after = afflictions.fallen(context, combatant)  # seed 004 "Dead Player Characters"
        message = f"{said}, {why}: {combatant.name} dies{'; ' + after if after else ''}."
    return message, {
        "prompt": entry["id"],
        "d20": d20,
        "outcome": outcome,
        "steps": steps_of(context.encounter, combatant),
        "toughness": combatant.wounds,
    }
