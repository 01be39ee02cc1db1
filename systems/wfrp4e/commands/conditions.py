"""The house rules' conditions with their timers (seed 000 "Conditions", "Deadly Conditions").

next_turn applies them: the end of the active combatant's turn (wounds lost, then tests), the start of the next
one's, and the end of the round. A test is a prompt kept in the encounter's state (`prompts`); `resolve_test` takes the
typed (or rolled) d100 and the engine decides. Each condition follows its own toggle, named after its heading.
"""

from dataclasses import asdict

from combat.commands.fields import DieField, WholeNumberField
from combat.commands.prompts import PromptArgs, close, open_prompt
from combat.commands.spine import CommandError
from combat.words import counted
from rules.engine import wfrp4e
from rules.engine import wfrp4e_house as house
from rules.engine.probability import percent
from rules.models import ConditionDefinition
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import command, engaged

__all__ = ["resolve_test", "dismiss_test"]

SKILL_CHARACTERISTIC = {"Cool": "WP", "Endurance": "T"}


def uses_house_conditions(encounter):
    return any(
        encounter.plays(toggles.condition_toggle(name)) for name in (*house.DEADLY_CONDITIONS, "Blinded", "Stunned")
    )


def counts_of(context, combatant):
    """{condition: count} of the conditions whose house rule is on (Unconscious always counts)."""
    counts = context.condition_counts(combatant)
    return {
        name: n
        for name, n in counts.items()
        if context.encounter.plays(toggles.condition_toggle(name)) or name == "Unconscious"
    }


def condition_modifier(context, combatant):
    """What the combatant's conditions in force add to any test they take: every test the tracker sets adds it once."""
    return house.condition_test_modifier(counts_of(context, combatant))


def target_for(context, combatant, skill, modifier):
    sheet = context.sheet_of(combatant)
    if sheet is None:
        return None
    value = sheet.skill_value(skill)
    if value is None:
        value = sheet.character.characteristic(SKILL_CHARACTERISTIC[skill])
    return value + modifier


def prompt(context, combatant, test=None, answer="resolve_test", **extra):
    """Open a prompt for `combatant`; `answer` is the command that answers it (an API client calls it by name). One
    test per condition (and skill) is open at a time: a test asked again replaces the one not yet rolled."""
    same = ":".join([extra["kind"], extra.get("condition") or test.condition, test.skill if test else ""])
    entry = open_prompt(context.encounter.state, combatant, answer, same, **extra)
    if test is not None:
        modifier = test.modifier + condition_modifier(context, combatant)
        target = target_for(context, combatant, test.skill, modifier)
        entry.update(asdict(test), modifier=modifier, target=target)
        if target is not None:  # the exact chance the phone shows before the roll
            entry["chance"] = percent(wfrp4e.test_chance(target))
    return entry


def call_for(context, combatant, test):
    """Open the prompt for a condition test; returns the log note naming it with its whole modifier."""
    entry = prompt(context, combatant, test, kind="test")
    return f"{combatant.name}: {test.reason} ({test.skill} {entry['modifier']:+d})."


def change_condition(context, combatant, name, by):
    """Add (by > 0) or remove (by < 0) conditions; returns how many it now has."""
    instance = next((c for c in context.conditions if c.combatant_id == combatant.pk and c.name == name), None)
    if by > 0:
        definition = (
            instance.definition
            if instance
            else ConditionDefinition.objects.get(system=context.encounter.system, name=name)
        )
        return context.add_condition(combatant, definition, by).count
    return context.reduce_condition(instance, -by) if instance else 0


def end_of_turn(context, combatant):
    """Seed 000: Ablaze, Bleeding and Poisoned hurt at the end of your Turn, then call for their tests; at 0
    Wounds the Deadly Conditions test; Unconscious with Deadly Conditions, the death roll. Returns log notes."""
    encounter = context.encounter
    counts = counts_of(context, combatant)
    if not counts:
        return []
    sheet = context.sheet_of(combatant)
    d10 = context.dice.d(10) if counts.get("Ablaze") else None
    lost = house.end_of_turn_wounds(
        counts,
        toughness_bonus=sheet.toughness_bonus if sheet else 0,
        armour=sheet.armour["body"] if sheet else 0,
        d10=d10,
    )
    notes = []
    total = sum(lost.values())
    if total:
        combatant.wounds = max(0, combatant.wounds - total)
        context.touch(combatant)
        detail = ", ".join(
            f"{name} {wounds}" + (f" (d10 {d10})" if name == "Ablaze" else "")
            for name, wounds in lost.items()
            if wounds
        )
        notes.append(f"{combatant.name} loses {counted(total, 'Wound')} at the end of the turn ({detail}).")
    if d10 is not None and not lost.get("Ablaze"):
        notes.append(f"{combatant.name} is Ablaze but loses no Wounds to it: Toughness and armour hold (d10 {d10}).")
    deadly_rule = encounter.plays(toggles.DEADLY_CONDITIONS)
    notes += [
        call_for(context, combatant, test) for test in house.end_of_turn_tests(counts, combatant.wounds, deadly_rule)
    ]
    dies, deadly = house.needs_death_roll(counts, deadly_rule)
    if dies:
        lowest = house.deadly_death_roll(deadly)
        prompt(context, combatant, kind="death", condition="Deadly Conditions", lowest=lowest, deadly=deadly,
               reason=f"Death roll: dies on {lowest:02d}-00")  # fmt: skip
        notes.append(f"{combatant.name} must roll for death: dies on {lowest:02d}-00.")
    return notes


def start_of_turn(context, combatant):
    notes = [f"{combatant.name}: {text} ({name})." for name, text in house.turn_limits(counts_of(context, combatant))]
    return notes + [
        call_for(context, combatant, test) for test in house.start_of_turn_tests(counts_of(context, combatant))
    ]


def end_of_round(context):
    """Seed 000: one Blinded and one Deafened go at the end of every Round, Surprised goes; Stunned and Broken
    call for their tests, Broken only for those not Engaged ("Broken": no rally while Engaged with an enemy)."""
    notes = []
    for combatant in context.ordered():
        counts = counts_of(context, combatant)
        for name, removed in house.END_OF_ROUND_REMOVALS.items():
            if counts.get(name):
                left = change_condition(context, combatant, name, -(removed or counts[name]))
                notes.append(f"{combatant.name} loses a {name} condition" + (f" ({left} left)." if left else "."))
        fighting = bool(engaged.engaged_with(context.encounter, combatant))
        notes += [call_for(context, combatant, test) for test in house.end_of_round_tests(counts, engaged=fighting)]
    return notes


class ResolveArgs(PromptArgs):
    roll = DieField(100, help_text="d100; rolled when empty.")
    target = WholeNumberField(required=False, min_value=0, max_value=200, help_text="For combatants without a sheet.")


@command(ResolveArgs, gm_only=False)
def resolve_test(context, prompt, roll, target):
    """Resolve an open condition test (or death roll) with a typed or rolled d100; the engine decides."""
    entry = prompt
    if entry["kind"] == "fumble":
        raise CommandError(f"Open test {entry['id']} is a fumble's choice for the GM: answer it with resolve_fumble.")
    combatant = context.combatant(entry["combatant"])
    roll = roll or context.dice.d(100)
    close(context, entry)
    if entry["kind"] == "death":
        dies = house.death_roll_kills(entry["deadly"], roll)
        verdict = "dies" if dies else "survives"
        return f"{combatant.name} {verdict} the death roll ({roll:02d}; dies on {entry['lowest']:02d}-00).", {
            "prompt": entry["id"],
            "roll": roll,
            "dies": dies,
        }
    target = entry["target"] if target is None else target
    if target is None:
        raise CommandError(f"{combatant.name} has no sheet: give the target number of the {entry['skill']} Test.")
    success, sl = house.test_outcome(target, roll)
    test = house.ConditionTest(**{key: entry[key] for key in house.ConditionTest.__dataclass_fields__})
    outcome = [f"{combatant.name}'s {test.skill} Test for {test.condition}: {roll:02d} vs {target}, {sl:+d} SL"]
    removed = house.conditions_removed(test, success, sl)
    if removed:
        left = change_condition(context, combatant, test.condition, -removed)
        outcome.append(f"{removed} {test.condition} removed ({left} left)")
    elif not success and test.on_failure == "unconscious":
        change_condition(context, combatant, "Unconscious", 1)
        outcome.append("falls Unconscious")
    elif not success and test.on_failure == "must_fight_fire":
        broken = sl <= -6  # a failure by 6 SL or more Breaks them as well
        if broken:
            change_condition(context, combatant, "Broken", 1)
        outcome.append(
            "must use the Action to put out the flames" + (" and gains a Broken Condition" if broken else "")
        )
    elif success:
        outcome.append("passed")
    else:
        outcome.append(f"failed, {test.condition} stays")
    return "; ".join(outcome) + ".", {"prompt": entry["id"], "roll": roll, "success": success, "sl": sl}


@command(PromptArgs)
def dismiss_test(context, prompt):
    if prompt.get("declaration"):  # a declared action waits on all its tests: dismissing one cancels it
        from systems.wfrp4e.commands.declared import cancel, withdrawn  # declared.py reads this module's modifiers

        cancel(context, prompt)
        result = {"prompt": prompt["id"], "declaration": prompt["declaration"]}
        return f"{prompt['gm_reason']}: {withdrawn(prompt)}.", result
    close(context, prompt)
    return f"Test for {prompt['name']} ({prompt.get('condition')}) dismissed.", {"prompt": prompt["id"]}
