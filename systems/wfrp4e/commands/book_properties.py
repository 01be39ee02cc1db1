"""The book's rules the table drops or changes, played in an attack when the GM switches the house rule off.

Seed 000 marks "Imprecise", "Weakpoints" and "Practical/Unreliable" [Removed]: with the toggle on they do nothing;
off, the core rulebook's versions apply (rules.engine.wfrp4e: imprecise_sl, craftsmanship_sl, weakpoints_ignored).
Seed 000 "Weapon Length and In-fighting" [Changed]: with the toggle on, weapon length gives no modifier and
In-fighting only comes into play when one of the two fighters has the In-fighter Talent; off, the book's -10 to
the shorter weapon and its In-fighting for anyone. The tracker reads the In-fighter Talent off the sheet's traits
("In-fighter"), and the attacker's weapon against the longest melee weapon the target carries, as it knows the
skill a target defends with but not the weapon.
"""

from dataclasses import dataclass, field

from django import forms

from rules.engine import wfrp4e
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import weapon_properties
from systems.wfrp4e.sheet import SheetWeapon


@dataclass(frozen=True)
class BookRules:
    """Which book rules this encounter plays, and what they give this attack before the roll."""

    imprecise: bool
    craftsmanship: bool
    weakpoints: bool  # the book's Weakpoints: an Impale Critical meets only the rest of the armour
    length_modifier: int = 0
    in_fighting_bonus: int = 0
    notes: list = field(default_factory=list)

    def engine_args(self, target_sheet, properties):
        """The book attack's (wfrp4e.attack) arguments for these rules."""
        unguarded = None
        if self.weakpoints and target_sheet is not None:
            pieces = wfrp4e.without_weakpoints(target_sheet.armour_pieces)
            armour = wfrp4e.armour_points((where, points, "Flexible" in names) for where, points, names in pieces)
            unguarded = wfrp4e.armour_against(armour, properties)
        return {"imprecise_rule": self.imprecise, "craftsmanship_rule": self.craftsmanship, "weakpoints": unguarded}


@dataclass(frozen=True)
class Unguarded:
    """A target's sheet as an Impale Critical meets its armour under the book's Weakpoints: without those pieces."""

    armour_pieces: list


def has_in_fighter(sheet):
    return sheet is not None and wfrp4e.IN_FIGHTER in (sheet.character.traits or {})


def longest_melee(encounter, combatant, sheet):
    """The reach of the longest melee weapon the combatant carries and has not lost to a Misfire, or ""."""
    if sheet is None:
        return ""
    reaches = [
        w.reach
        for w in sheet.weapons
        if w.kind == "melee"
        and wfrp4e.reach_rank(w.reach) is not None
        and not weapon_properties.destroyed(encounter, combatant, w.name)
    ]
    return max(reaches, key=wfrp4e.reach_rank, default="")


def in_fighting_problem(encounter, attacker_sheet, target_sheet, weapon):
    """Why the attack cannot be an In-fighting one, as a form error: only in melee and, by the house rule, only when
    one of the two has the In-fighter Talent."""
    if weapon.kind != "melee":
        raise forms.ValidationError(f"In-fighting is a melee matter, not one for {weapon.name}.")
    if encounter.plays(toggles.WEAPON_LENGTH_AND_IN_FIGHTING) and not (
        has_in_fighter(attacker_sheet) or has_in_fighter(target_sheet)
    ):
        raise forms.ValidationError(
            "By the house rule In-fighting only comes into play when one of the two has the In-fighter Talent."
        )


def in_fighting_weapon(weapon, strength_bonus):
    """In-fighting: a weapon longer than Short counts as an improvised one (Damage +SB+1, Undamaging only)."""
    if not wfrp4e.in_fighting_improvised(weapon.reach):
        return weapon, ""
    improvised = Improvised(weapon.weapon)
    damage = wfrp4e.weapon_damage(wfrp4e.IMPROVISED_DAMAGE, strength_bonus)
    return SheetWeapon(improvised, damage), f"In-fighting: {weapon.name} is too long and counts as improvised"


class Improvised:
    """A weapon as In-fighting leaves it: its own name, kind, group and skill, an improvised weapon's Undamaging."""

    def __init__(self, weapon):
        self.weapon = weapon
        self.property_list = [UNDAMAGING]

    def __getattr__(self, name):
        return getattr(self.weapon, name)


@dataclass(frozen=True)
class _Property:
    name: str
    kind: str = "flaw"


UNDAMAGING = _Property("Undamaging")


def rules_for(encounter, attacker, target, weapon, sheets, in_fighting=False):
    """The BookRules of this attack: the flaws the encounter plays as the book has them, and Weapon Length with
    In-fighting as the house rule (on) or the book (off) has them."""
    target_sheet, attacker_sheet = sheets.get(target.pk), sheets.get(attacker.pk)
    names = weapon_properties.names(weapon)
    notes = []
    imprecise = not encounter.plays(toggles.IMPRECISE)
    craftsmanship = not encounter.plays(toggles.PRACTICAL_UNRELIABLE)
    weakpoints = not encounter.plays(toggles.WEAKPOINTS)
    if imprecise and "Imprecise" in names:
        notes.append(f"Imprecise: {wfrp4e.IMPRECISE_SL} SL to the attack")
    length = 0
    if weapon.kind == "melee" and not encounter.plays(toggles.WEAPON_LENGTH_AND_IN_FIGHTING):
        theirs = longest_melee(encounter, target, target_sheet)
        length = wfrp4e.weapon_length_modifier(weapon.reach, theirs, in_fighting, has_in_fighter(attacker_sheet))
        if length:
            notes.append(f"Weapon Length: {length}, {target.name}'s weapon is longer ({theirs})")
    bonus = wfrp4e.in_fighting_bonus(in_fighting, has_in_fighter(attacker_sheet))
    if bonus:
        notes.append(f"In-fighter: +{bonus} while In-fighting")
    return BookRules(imprecise, craftsmanship, weakpoints, length, bonus, notes)


def after_roll(rules, weapon, result, failed):
    """The notes for what the book's flaws did once the dice fell: Practical or Unreliable on a failed test, the
    Weakpoints an Impale Critical found."""
    names = weapon_properties.names(weapon)
    notes = []
    if rules.craftsmanship and failed:
        if "Practical" in names:
            notes.append("Practical: the failed test fails by 1 SL less")
        if "Unreliable" in names:
            notes.append("Unreliable: the failed test fails by 1 SL more")
    if result.armour_ignored:
        notes.append(f"Weakpoints: the Impale Critical ignores {result.armour_ignored} AP there")
    return notes
