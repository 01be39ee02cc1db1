"""The GM's form for a Symbaroum character: the generic sheet with the attributes under the campaign's words, plus
corruption, experience, ammunition and abilities with their levels, and traits written with the book's I-III."""

import re

from django import forms
from django.core.exceptions import ValidationError

from characters.forms import CharacterForm
from rules.engine import symbaroum
from rules.models import Armour
from systems.symbaroum.sheet import POINTS, UNWORN_ARMOUR, attribute_name, profile_of, trait_level

POINT_HELP = {
    "corruption_temporary": "Gained from powers and artifacts; fades after the scene.",
    "corruption_permanent": "Stays; also what NPCs pay for feats.",
    "experience": "Unspent; feats cost 1 when the Feats rule is played.",
    "ammunition": "Failed shots left (3 is a full quiver) with the Ranged Weapons homebrew, else a count.",
    "carried": "Everything carried but worn armour and the weapons on the sheet (Massive items count 2).",
}
ROMAN_LEVEL = re.compile(r"\s+(I{1,3})$", re.IGNORECASE)


class SymbaroumCharacterForm(CharacterForm):
    points = (*POINT_HELP, "unworn_armour", "abilities_text")
    counters = POINT_HELP
    counter_defaults = POINTS
    characteristics_heading = "Attributes"
    has_skills = False  # abilities with levels take the place of skills

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        profile = profile_of(self.instance.campaign.house_rules)
        system = self.instance.campaign.system
        self.fields["max_wounds"].label = profile.name("toughness")
        self.fields["max_wounds"].help_text = f"Left empty: {profile.name('strong')}, at least 10."
        for name in self.characteristic_names:
            self.fields[f"characteristic_{name}"].label = attribute_name(profile, name)
        self.fields["abilities_text"] = forms.CharField(
            label="Abilities and powers",
            required=False,
            initial=", ".join(f"{name} {level}" for name, level in self.instance.abilities.items()),
            help_text="Each with its level, e.g. Iron Fist Adept, Witchsight Novice",
        )
        # Seed 004 "Encumbrance": armour carried in the pack weighs its Impeding and does not protect.
        self.fields["unworn_armour"] = forms.MultipleChoiceField(
            label="Armour carried, not worn",
            required=False,
            choices=[(name, name) for name in Armour.objects.filter(system=system).values_list("name", flat=True)],
            initial=list(self.instance.named(UNWORN_ARMOUR)),
            widget=forms.CheckboxSelectMultiple,
            help_text="Of the armour ticked above: packed, it weighs its Impeding as Encumbrance and protects nothing.",
        )
        self.fields["traits_text"].label = "Traits"
        self.fields["traits_text"].help_text = "With a level I to III where it has one, e.g. Robust II, Regeneration I"
        self.fields["traits_text"].initial = ", ".join(
            f"{name} {trait_level(level)}".strip() for name, level in self.instance.traits.items()
        )

    def clean_abilities_text(self):
        abilities = {}
        for part in filter(None, (p.strip() for p in self.cleaned_data["abilities_text"].split(","))):
            name, _, level = part.rpartition(" ")
            level = level.strip("()").capitalize()
            if not name.strip() or level not in symbaroum.ABILITY_LEVELS:
                raise ValidationError(
                    f'"{part}": give each ability its level, {", ".join(symbaroum.ABILITY_LEVELS)} '
                    '(e.g. "Iron Fist Adept").'
                )
            abilities[name.strip()] = level
        return abilities

    def clean_traits_text(self):
        # The book writes levels I-III; stored as numbers like every system's trait ratings.
        parts = (p.strip() for p in self.cleaned_data["traits_text"].split(","))
        self.cleaned_data["traits_text"] = ", ".join(
            ROMAN_LEVEL.sub(lambda match: f" {len(match[1])}", part) for part in parts
        )
        traits = super().clean_traits_text()
        too_high = [name for name, level in traits.items() if level is not True and level > len(symbaroum.TRAIT_LEVELS)]
        if too_high:
            raise ValidationError(f"Trait levels run from I to III: {', '.join(too_high)}.")
        return traits

    def clean_unworn_armour(self):
        chosen = set(self.cleaned_data["unworn_armour"])
        owned = {piece.name for piece in self.cleaned_data.get("armour") or ()}
        stray = sorted(chosen - owned)
        if stray:
            raise ValidationError(
                f"Tick {', '.join(stray)} among the armour first: only armour on the sheet is carried."
            )
        return sorted(chosen)

    def sheet_values(self):
        super().sheet_values()
        if "unworn_armour" in self.cleaned_data:
            unworn = {name: 1 for name in self.cleaned_data["unworn_armour"]}
            self.instance.points = {key: value for key, value in self.instance.points.items() if key != UNWORN_ARMOUR}
            if unworn:
                self.instance.points[UNWORN_ARMOUR] = unworn
        if "abilities_text" in self.cleaned_data:
            self.instance.abilities = self.cleaned_data["abilities_text"]
