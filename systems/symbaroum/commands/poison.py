"""Poison on Weapons (seed 001 "Alternate Rules" › "Manoeuvres" › "Poison on Weapons"; seed 004 "Maneuvers"): a
Combat Action and a Cunning test, rolled by the player, coat a weapon; the dose lasts for the weapon's next hit,
which poisons the one it strikes. A 20 poisons the poisoner instead."""

from combat.commands.fields import DieField, TextField
from combat.commands.spine import CommandError
from rules.engine import symbaroum
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.harm import give, sheet_of
from systems.symbaroum.commands.tests import answers, ask, kept_d20, passed_words, rolls_dice, second_chance
from systems.symbaroum.commands.turn import ActingArgs

__all__ = ["poison_weapon"]


class PoisonArgs(ActingArgs):
    weapon = TextField(required=False, help_text="A weapon on their sheet; the first when empty.")
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
    return next((d for d in state.poison_doses if d == {"combatant": combatant.pk, "weapon": weapon}), None)


@command(PoisonArgs, gm_only=False, requires=[toggles.MANOEUVRES], rule="Poison on Weapons")
def poison_weapon(context, combatant, weapon, d20, second_d20):
    """Spend the Combat Action coating a weapon; the Cunning test is asked on the player's phone unless typed."""
    sheet = sheet_of(context, combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} has no character sheet to poison a weapon from.")
    if context.encounter.active_id != combatant.pk:
        raise CommandError(f"Poisoning a weapon takes {combatant.name}'s Combat Action: on their own turn only.")
    weapon = weapon_to_coat(combatant, sheet, weapon)
    if dose_on(context.encounter.state, combatant, weapon):
        raise CommandError(f"{combatant.name}'s {weapon} already carries a dose of poison.")
    turn.spend(context, combatant, "combat")
    goal, second = symbaroum.test_target(sheet.attribute("cunning")), second_chance(context, combatant)
    if rolls_dice(combatant) and d20 is None:
        entry = ask(context, combatant, "poison", f"Cunning: poison the {weapon}", target=goal, second=second,
                    weapon=weapon)  # fmt: skip
        return f"{combatant.name} coats the {weapon}: their player rolls Cunning against {goal}.", {
            "prompt": entry["id"],
            "chance": entry["chance"],
        }
    kept, rolled = kept_d20(context, second, d20, second_d20)
    return coated(context, combatant, weapon, goal, kept, rolled)


@answers("poison")
def answered_poison(context, entry, rolled):
    combatant = context.combatant(entry["combatant"])
    message, result = coated(context, combatant, entry["weapon"], entry["target"], rolled["kept"], rolled["d20s"])
    return message, {"prompt": entry["id"], **result}


def coated(context, combatant, weapon, goal, kept, rolled):
    state = context.encounter.state
    outcome = symbaroum.poisoning(kept, symbaroum.test_passes(goal, kept))
    said = f"{combatant.name}'s Cunning test, {passed_words(goal, kept, rolled)}"
    result = {"d20": kept, "rolled": rolled, "outcome": outcome}
    if outcome == "self":
        give(context, combatant, "Poisoned")
        return f"{said}: the poison gets into {combatant.name}'s own blood.", result
    if outcome == "dose":
        state.poison_doses = [*state.poison_doses, {"combatant": combatant.pk, "weapon": weapon}]
        return f"{said}: the {weapon} carries a dose for its next hit.", result
    return f"{said}: the poison is wasted.", result


def on_hit(context, attacker, target, weapon):
    """A hit with a coated weapon uses its dose up and poisons the target; returns the log note ("" without)."""
    state = context.encounter.state
    dose = dose_on(state, attacker, weapon)
    if dose is None:
        return ""
    state.poison_doses = [d for d in state.poison_doses if d != dose]
    give(context, target, "Poisoned")
    return f"the poison on the {weapon} gets into {context.named(target)}'s blood"
