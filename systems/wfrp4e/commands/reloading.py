"""Reloading a weapon with the book's Reload (Rating) flaw (seed 000 "Weapon Properties": Reload and Repeater,
same as book). The attack refuses an emptied weapon (weapon_properties.unloaded_problem) and counts its shots.
A weapon a Misfire destroyed (seed 002 "Misfires!") is neither reloaded nor fired until the GM restores it."""

from django import forms

from combat.commands.fields import DieField, TextField
from combat.commands.spine import Args, CombatantField, CommandError
from rules.engine import wfrp4e
from systems.wfrp4e.commands import command, turn
from systems.wfrp4e.commands.attack import weapon_of
from systems.wfrp4e.commands.group_advantage import take_effort
from systems.wfrp4e.commands.weapon_properties import capacity, destroyed_problem, loaded_shots

__all__ = ["reload", "restore_weapon"]


class ReloadArgs(Args):
    combatant = CombatantField()
    weapon = TextField(help_text="A weapon with Reload the combatant carries.")
    roll = DieField(100, help_text="The d100 of this Action's reloading test; rolled when empty.")

    def clean(self):
        data = super().clean()
        combatant = data.get("combatant")
        if self.errors or combatant is None:
            return data
        sheet = self.context.sheet_of(combatant)
        weapon = weapon_of(sheet, data["weapon"]) if sheet else None
        if weapon is None or not capacity(weapon):
            raise forms.ValidationError(f"{combatant.name} carries no {data['weapon']} that needs reloading.")
        destroyed_problem(self.context.encounter, combatant, weapon)
        if loaded_shots(self.context.encounter, combatant, weapon) == capacity(weapon):
            raise forms.ValidationError(f"{combatant.name}'s {weapon.name} is already loaded.")
        return data


@command(ReloadArgs, rule="Reload (Rating)")
def reload(context, combatant, weapon, roll):
    """One Action of reloading: an Extended Test with the weapon's skill until the SL reach its Reload rating;
    then it holds its full load again (Repeater: its rating in shots)."""
    encounter, key = context.encounter, str(combatant.pk)
    context.may_spend(combatant, "action")
    sheet = context.sheet_of(combatant)
    weapon = weapon_of(sheet, weapon)
    roll = roll or context.dice.d(100)
    target = sheet.weapon_target(weapon) + take_effort(encounter, combatant)  # seed 002 "Additional Effort"
    sl = wfrp4e.test_sl(target, roll)
    gathered = wfrp4e.reload_tally(encounter.state.reloading.get(key, {}).get(weapon.name, 0), sl)
    needed = weapon.rating("Reload")
    loaded = gathered >= needed
    if loaded:
        encounter.state.shots_left.setdefault(key, {})[weapon.name] = capacity(weapon)
        encounter.state.reloading.get(key, {}).pop(weapon.name, None)
    else:
        encounter.state.reloading.setdefault(key, {})[weapon.name] = gathered
    note = turn.use(encounter, "action") if encounter.active_id == combatant.pk else None
    outcome = "loaded" if loaded else f"{gathered} of {needed} SL so far"
    message = f"{combatant.name} reloads the {weapon.name}: {roll} vs {target} ({sl:+d} SL), {outcome}."
    return message + (f" {note}." if note else ""), {
        "combatant": combatant.pk, "weapon": weapon.name, "roll": roll, "target": target, "sl": sl,
        "gathered": gathered, "loaded": loaded,
    }  # fmt: skip


class RestoreWeaponArgs(Args):
    combatant = CombatantField()
    weapon = TextField(help_text="The weapon a Misfire destroyed, mended or replaced.")


@command(RestoreWeaponArgs, rule="Restoring a weapon")
def restore_weapon(context, combatant, weapon):
    """The GM gives back a weapon a Misfire destroyed (seed 002 "Misfires!"): mended or replaced, it may be loaded
    and fired again. What was spent of its load stays spent."""
    lost = context.encounter.state.destroyed_weapons.get(str(combatant.pk), [])
    name = next((n for n in lost if n.lower() == weapon.strip().lower()), None)
    if name is None:
        raise CommandError(
            f"{combatant.name}'s {weapon.strip()} is not destroyed: only a weapon a Misfire destroyed is restored."
        )
    lost.remove(name)
    if not lost:
        context.encounter.state.destroyed_weapons.pop(str(combatant.pk))
    return f"The GM restores {combatant.name}'s {name}: it can be reloaded and fired again.", {
        "combatant": combatant.pk,
        "weapon": name,
    }
