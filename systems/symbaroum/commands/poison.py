"""Poison on Weapons (seed 001 "Alternate Rules" › "Manoeuvres" › "Poison on Weapons"; seed 004 "Maneuvers"): a
Combat Action and a Cunning test, rolled by the player, coat a weapon; the dose lasts for the weapon's next hit,
which poisons the one it strikes. A 20 poisons the poisoner instead. The dose is weak, moderate or strong
(rules.engine.symbaroum_afflictions): a fixed damage on each of the poisoned one's turns for 1d4 of their turns,
rolled by the tracker when the poison gets into the blood and counted down by damage_over_time.py."""

from combat.commands.fields import DieField, OneOfField, TextField
from combat.commands.spine import CommandError
from rules.engine import symbaroum, symbaroum_afflictions
from rules.models import ConditionDefinition
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.harm import sheet_of
from systems.symbaroum.commands.tests import answers, ask, kept_d20, passed_words, rolls_dice, second_chance
from systems.symbaroum.commands.turn import ActingArgs

__all__ = ["poison_weapon"]

STRENGTHS = [(key, key.capitalize()) for key in symbaroum_afflictions.POISON_STRENGTHS]


class PoisonArgs(ActingArgs):
    weapon = TextField(required=False, help_text="A weapon on their sheet; the first when empty.")
    strength = OneOfField(choices=STRENGTHS, required=False, help_text="The poison's strength; weak when empty.")
    d20 = DieField(20, help_text="The Cunning test's d20 when the player said it aloud; empty: asked on the phone.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")


def weapon_to_coat(combatant, sheet, name):
    names = [w.name for w in sheet.weapons]
    if not names:
        raise CommandError(f"{combatant.name} carries no weapon to poison.")
    if not name:
        return names[0]
    chosen = next((n for n in names if n.lower() == name.lower()), None)
    if chosen is None:
        raise CommandError(f"{combatant.name} carries no {name}.")
    return chosen


def dose_on(state, combatant, weapon):
    return next((d for d in state.poison_doses if d["combatant"] == combatant.pk and d["weapon"] == weapon), None)


@command(PoisonArgs, gm_only=False, requires=[toggles.MANOEUVRES], rule="Poison on Weapons")
def poison_weapon(context, combatant, weapon, strength, d20, second_d20):
    """Spend the Combat Action coating a weapon; the Cunning test is asked on the player's phone unless typed."""
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} has no character sheet to poison a weapon from.")
    if context.encounter.active_id != combatant.pk:
        raise CommandError(f"Poisoning a weapon takes {combatant.name}'s Combat Action: on their own turn only.")
    weapon = weapon_to_coat(combatant, sheet, weapon)
    strength = strength or "weak"
    if dose_on(context.encounter.state, combatant, weapon):
        raise CommandError(f"{combatant.name}'s {weapon} already carries a dose of poison.")
    turn.spend(context, combatant, "combat")
    goal, second = symbaroum.test_target(sheet.attribute("cunning")), second_chance(context, combatant)
    if rolls_dice(combatant) and d20 is None:
        entry = ask(context, combatant, "poison", f"Cunning: poison the {weapon}", target=goal, second=second,
                    weapon=weapon, strength=strength)  # fmt: skip
        return f"{combatant.name} coats the {weapon}: their player rolls Cunning against {goal}.", {
            "prompt": entry["id"],
            "chance": entry["chance"],
        }
    kept, rolled = kept_d20(context, second, d20, second_d20)
    return coated(context, combatant, weapon, strength, goal, kept, rolled)


@answers("poison")
def answered_poison(context, entry, rolled):
    combatant = context.combatant(entry["combatant"])
    strength = entry.get("strength", "weak")
    message, result = coated(
        context, combatant, entry["weapon"], strength, entry["target"], rolled["kept"], rolled["d20s"]
    )
    return message, {"prompt": entry["id"], **result}


def coated(context, combatant, weapon, strength, goal, kept, rolled):
    state = context.encounter.state
    outcome = symbaroum.poisoning(kept, symbaroum.test_passes(goal, kept))
    said = f"{combatant.name}'s Cunning test, {passed_words(goal, kept, rolled)}"
    result = {"d20": kept, "rolled": rolled, "outcome": outcome, "strength": strength}
    if outcome == "self":
        lasting = poisons(context, combatant, strength)
        return f"{said}: the {strength} poison gets into {combatant.name}'s own blood, {lasting}.", result
    if outcome == "dose":
        state.poison_doses = [*state.poison_doses, {"combatant": combatant.pk, "weapon": weapon, "strength": strength}]
        return f"{said}: the {weapon} carries a dose of {strength} poison for its next hit.", result
    return f"{said}: the poison is wasted.", result


def on_hit(context, attacker, target, weapon):
    """A hit with a coated weapon uses its dose up and poisons the target; returns the log note ("" without)."""
    state = context.encounter.state
    dose = dose_on(state, attacker, weapon)
    if dose is None:
        return ""
    state.poison_doses = [d for d in state.poison_doses if d != dose]
    strength = dose.get("strength", "weak")
    lasting = poisons(context, target, strength)
    return f"the {strength} poison on the {weapon} gets into {context.named(target)}'s blood, {lasting}"


def poisons(context, combatant, strength):
    """Poison of `strength` gets into the combatant's blood: Poisoned with its damage a turn as the count and 1d4
    turns left, or the worse of that and the poison already there. Returns the log's words."""
    definition = ConditionDefinition.objects.get(system=context.encounter.system, name="Poisoned")
    turns = symbaroum_afflictions.poison_turns(context.dice.d(symbaroum_afflictions.POISON_DURATION_DIE))
    new = (symbaroum_afflictions.poison_damage(strength), turns)
    there = context.condition_of(combatant, definition)
    current = (there.count, there.remaining or 0) if there is not None else None
    damage, left = symbaroum_afflictions.poison_mixed(current, new)
    context.add_condition(combatant, definition, count=damage - (there.count if there else 0), remaining=left)
    return f"{damage} damage on each of their turns for {left} turn{'s' if left != 1 else ''} (1d4: {turns})"
