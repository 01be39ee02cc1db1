"""Reloading a weapon with the book's Reload (Rating) flaw (seed 000 "Weapon Properties": Reload and Repeater,
same as book). The attack refuses an emptied weapon (weapon_properties.unloaded_problem) and counts its shots."""

from django import forms

from combat.commands.fields import DieField, TextField
from combat.commands.spine import Args, CombatantField
from rules.engine import wfrp4e
from systems.wfrp4e.commands import command, turn
from systems.wfrp4e.commands.attack import weapon_of
from systems.wfrp4e.commands.weapon_properties import capacity, loaded_shots

__all__ = ["reload"]


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
        if loaded_shots(self.context.encounter, combatant, weapon) == capacity(weapon):
            raise forms.ValidationError(f"{combatant.name}'s {weapon.name} is already loaded.")
        return data


@command(ReloadArgs, rule="Reload (Rating)")
def reload(context, combatant, weapon, roll):
    """One Action of reloading: an Extended Test with the weapon's skill until the SL reach its Reload rating;
    then it holds its full load again (Repeater: its rating in shots)."""
    encounter, key = context.encounter, str(combatant.pk)
    sheet = context.sheet_of(combatant)
    weapon = weapon_of(sheet, weapon)
    roll = roll or context.dice.d(100)
    target = sheet.weapon_target(weapon)
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
