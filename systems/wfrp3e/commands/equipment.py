"""Damaged equipment and environmental conditions (seed 003 "Condition Cards" › Damaged, › Environmental Condition):
the GM marks what is damaged or what the surroundings do, and the dice and the lower values reach every affected
check by themselves. A Damaged weapon deals two less damage and Damaged armour gives two less Defence (actions.py);
a Damaged item of gear adds two misfortune dice to the checks of the skill it is used with, and an environmental
condition its challenge dice to the checks it touches (`pool_extras`, which pools.py adds to every check)."""

from django import forms

from combat.commands.fields import OneOfField, TextField, WholeNumberField, YesNoField
from combat.commands.spine import Args, CombatantArgs, CombatantField, CommandError
from rules.engine import wfrp3e
from rules.models import Skill
from systems.wfrp3e.commands import KEY, command

__all__ = ["damage_equipment", "set_environment"]

CHECK_WORDS = {
    "any": "every check",
    "physical": "physical checks",
    "mental": "mental checks",
    "sight": "checks by sight",
}


def damaged_of(state, combatant):
    """{"weapon": True, "armour": True, "gear": {item: skill}}, what of the combatant's equipment is Damaged."""
    return state.damaged_equipment.get(str(combatant.pk), {})


def damaged(context, combatant, item):
    """Whether the combatant's weapon or armour (`item`) is Damaged."""
    return bool(combatant is not None and damaged_of(context.encounter.state, combatant).get(item))


def pool_extras(context, combatant, skill, check):
    """[(kind, count, why)] the Damaged gear used with `skill` and the environmental conditions on the combatant add
    to a check (`check`: wfrp3e.Check)."""
    state = context.encounter.state
    gear = damaged_of(state, combatant).get(wfrp3e.GEAR, {})
    around = [(e["name"], e["dice"], e["checks"]) for e in environment_on(state, combatant)]
    return [*wfrp3e.damaged_gear_sources(gear, skill), *wfrp3e.environment_sources(around, check)]


def environment_on(state, combatant):
    """The environmental conditions that touch the combatant: those on everyone, and those on them alone."""
    return [e for e in state.environment if not e["combatant"] or e["combatant"] == combatant.pk]


def tags(state, combatant):
    """The row's words for its Damaged equipment: ["Damaged weapon", "Damaged Lockpicks (Skulduggery)"]."""
    held = damaged_of(state, combatant)
    words = [f"Damaged {item}" for item in (wfrp3e.WEAPON, wfrp3e.ARMOUR) if held.get(item)]
    return words + [f"Damaged {name} ({skill})" for name, skill in sorted(held.get(wfrp3e.GEAR, {}).items())]


# --- Damaged ------------------------------------------------------------------------------------------------------


class DamageArgs(CombatantArgs):
    item = OneOfField(choices=[(key, key.capitalize()) for key in wfrp3e.ITEMS])
    gear = TextField(required=False, max_length=60, help_text="Gear: the item's name (a rope, lockpicks).")
    skill = TextField(required=False, max_length=60, help_text="Gear: the skill whose checks use it.")
    repaired = YesNoField(help_text="Ticked: the damage is repaired.")

    def clean_skill(self):
        name = self.cleaned_data["skill"]
        if not name:
            return ""
        skill = Skill.objects.filter(system=KEY, name__iexact=name).values_list("name", flat=True).first()
        if skill is None:
            raise forms.ValidationError(f"There is no skill '{name}'.")
        return skill


@command(DamageArgs, rule="Damaged")
def damage_equipment(context, combatant, item, gear, skill, repaired):
    """Mark a combatant's weapon, armour or an item of gear Damaged, or repaired: a weapon deals two less damage,
    armour gives two less Defence, gear adds two misfortune dice to the checks of the skill it is used with, until
    repaired."""
    state, name = context.encounter.state, context.named(combatant)
    held = {key: value for key, value in damaged_of(state, combatant).items()}
    if item == wfrp3e.GEAR:
        if not gear or (not skill and not repaired):
            raise CommandError("Name the item of gear and the skill whose checks use it.")
        items = dict(held.get(wfrp3e.GEAR, {}))
        if repaired and gear not in items:
            raise CommandError(f"{name}'s {gear} is not Damaged.")
        if not repaired and items.get(gear) == skill:
            raise CommandError(f"{name}'s {gear} is already Damaged.")
        if repaired:
            del items[gear]
        else:
            items[gear] = skill
        held[wfrp3e.GEAR] = items
        what = gear
    else:
        if bool(held.get(item)) != repaired:
            raise CommandError(f"{name}'s {item} is {'not' if repaired else 'already'} Damaged.")
        held[item] = not repaired
        what = item
    kept = {key: value for key, value in held.items() if value}
    if kept:
        state.damaged_equipment[str(combatant.pk)] = kept
    else:
        state.damaged_equipment.pop(str(combatant.pk), None)
    effect = {
        wfrp3e.WEAPON: f"{wfrp3e.DAMAGED_WEAPON_DAMAGE} less damage",
        wfrp3e.ARMOUR: f"{wfrp3e.DAMAGED_ARMOUR_DEFENCE} less Defence",
        wfrp3e.GEAR: f"{wfrp3e.DAMAGED_GEAR_MISFORTUNE} misfortune dice on {skill} checks",
    }[item]
    if repaired:
        return f"{name}'s {what} is repaired.", {"item": item, "damaged": False}
    return f"{name}'s {what} is Damaged: {effect} until repaired.", {"item": item, "damaged": True}


# --- Environmental Condition ----------------------------------------------------------------------------------------


class EnvironmentArgs(Args):
    environment = TextField(max_length=60, help_text="What the surroundings do: a blizzard, smoke, a slippery deck.")
    challenge = WholeNumberField(
        min_value=0, max_value=wfrp3e.MOST_ENVIRONMENT_DICE, help_text="Challenge dice it adds; 0: it is over."
    )
    checks = OneOfField(required=False, choices=[(key, words) for key, words in CHECK_WORDS.items()])
    combatant = CombatantField(required=False, help_text="Only on this combatant; empty: on everyone.")


@command(EnvironmentArgs, rule="Environmental Condition")
def set_environment(context, environment, challenge, checks, combatant):
    """Set an environmental condition's challenge dice on the checks it touches, on everyone or one combatant; 0
    dice end it, its cause gone (a dependent condition, seed 003 "Condition Durations")."""
    state, name, dice = context.encounter.state, environment, challenge
    checks = checks or "any"
    pk = combatant.pk if combatant else None
    current = next((e for e in state.environment if e["name"].casefold() == name.casefold()), None)
    if not dice:
        if current is None:
            raise CommandError(f"There is no environmental condition called {name}.")
        state.environment = [e for e in state.environment if e is not current]
        return f"{current['name']} is over.", {"name": current["name"], "dice": 0}
    wanted = {"name": current["name"] if current else name, "dice": dice, "checks": checks, "combatant": pk}
    if current == wanted:
        raise CommandError(f"{name} is already set so.")
    state.environment = [e for e in state.environment if e is not current] + [wanted]
    who = f"on {context.named(combatant)}" if combatant else "on everyone"
    die = "die" if dice == 1 else "dice"
    return f"{wanted['name']} {who}: {dice} challenge {die} on {CHECK_WORDS[checks]}.", {"name": name, "dice": dice}
