"""The GM's form for a WFRP 3e character: the generic sheet (characteristics, skills with their training level as
advances) plus the counters of a WFRP 3e sheet, the specialisations trained, insanities and diseases, and the
character's own deck of action cards and talents."""

import re

from django import forms
from django.core.exceptions import ValidationError

from characters.forms import CharacterForm, counter_field
from rules.models import Skill
from systems.wfrp3e.sheet import (
    ACTION_CARDS,
    DISEASES,
    INSANITIES,
    PERMANENT,
    POINTS,
    SHEET_SCHEMA,
    SPECIALISATIONS,
    TALENTS,
    TEMPORARY,
)

POINT_HELP = {
    "wounds": "Normal wounds suffered, against the wound threshold.",
    "critical_wounds": "More than Toughness of them is death.",
    "fatigue": "Past Toughness the character is Fatigued.",
    "stress": "Past Willpower the character is Distressed.",
    "conservative_steps": "Length of the stance meter's conservative side.",
    "reckless_steps": "Length of the stance meter's reckless side.",
    "power": "Power for a wizard, favour for a priest; it settles back to Willpower.",
}
AFFLICTION_FIELDS = {
    INSANITIES: ("Insanities", "e.g. Night Terrors, Paranoia (permanent)"),
    DISEASES: ("Diseases", "e.g. Bloody Flux (permanent), Grave Rot"),
}
# The character's own deck, one field each: names, comma-separated; empty, every card or talent is theirs.
DECK_FIELDS = {
    ACTION_CARDS: ("Action cards", "action card", "Melee Strike, Ranged Shot, Dodge"),
    TALENTS: ("Talents", "talent", "Keen Senses, Iron Will"),
}
PERMANENT_MARK = re.compile(rf"\s*\((?P<kind>{PERMANENT}|{TEMPORARY})\)$", re.IGNORECASE)


class Wfrp3eCharacterForm(CharacterForm):
    # Weapons and armour are no rows of this game: an action card's damage and a Soak trait stand for them.
    has_gear = False
    points = (
        *POINT_HELP,
        "specialisations_text",
        *(f"{key}_text" for key in AFFLICTION_FIELDS),
        *(f"{key}_text" for key in DECK_FIELDS),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["max_wounds"].label = "Wound threshold"
        for key, help_text in POINT_HELP.items():
            self.fields[key] = counter_field(SHEET_SCHEMA.points[key], self.instance.point(key, POINTS[key]), help_text)
        specialised = self.instance.named(SPECIALISATIONS)
        self.fields["specialisations_text"] = forms.CharField(
            label="Specialisations",
            required=False,
            initial="; ".join(f"{skill}: {', '.join(names)}" for skill, names in specialised.items()),
            help_text="Each skill, a colon and its specialisations; a semicolon between skills, e.g. "
            "Weapon Skill: Hand Weapons, Parry; Coordination: Dodge",
        )
        for key, (label, help_text) in AFFLICTION_FIELDS.items():
            stored = self.instance.named(key)
            self.fields[f"{key}_text"] = forms.CharField(
                label=label,
                required=False,
                initial=", ".join(name if kind == TEMPORARY else f"{name} ({kind})" for name, kind in stored.items()),
                help_text=f"Temporary unless marked (permanent), {help_text}",
            )
        for key, (label, word, example) in DECK_FIELDS.items():
            self.fields[f"{key}_text"] = forms.CharField(
                label=label,
                required=False,
                initial=", ".join(self.instance.points.get(key) or ()),
                help_text=f"The character's own, comma-separated, e.g. {example}; empty: every {word} of the game.",
            )
        self.fields["max_wounds"].help_text = "A henchmen group's is its Toughness times its members instead."
        self.fields["traits_text"].help_text = "e.g. Fear 1, Defence 1, Soak 2; a group of 5 henchmen: Henchmen 5"

    def clean_specialisations_text(self):
        skills = {
            name.lower(): name
            for name in Skill.objects.filter(system=self.instance.campaign.system).values_list("name", flat=True)
        }
        specialised = {}
        for part in filter(None, (p.strip() for p in self.cleaned_data["specialisations_text"].split(";"))):
            skill, colon, names = part.partition(":")
            if not colon or skill.strip().lower() not in skills:
                raise ValidationError(f'"{part}": start with a skill of this game and a colon: "Coordination: Dodge".')
            specialised[skills[skill.strip().lower()]] = [n.strip() for n in names.split(",") if n.strip()]
        return {skill: names for skill, names in specialised.items() if names}

    def clean_action_cards_text(self):
        return self.deck(ACTION_CARDS)

    def clean_talents_text(self):
        return self.deck(TALENTS)

    def deck(self, key):
        """The names typed for the deck `key`, each as the game spells it, or None for no deck (empty)."""
        _, word, example = DECK_FIELDS[key]
        known = {name.lower(): name for name in SHEET_SCHEMA.points[key].known()}
        named = []
        for part in filter(None, (p.strip() for p in self.cleaned_data[f"{key}_text"].split(","))):
            if part.lower() not in known:
                raise ValidationError(f'"{part}" is no {word} of this game, e.g. {example}.')
            if known[part.lower()] not in named:
                named.append(known[part.lower()])
        return named or None

    def clean_insanities_text(self):
        return afflictions(self.cleaned_data["insanities_text"])

    def clean_diseases_text(self):
        return afflictions(self.cleaned_data["diseases_text"])

    def sheet_values(self):
        super().sheet_values()
        for key in POINT_HELP:
            if self.cleaned_data.get(key) is not None:
                self.instance.points[key] = self.cleaned_data[key]
        for key in (SPECIALISATIONS, *AFFLICTION_FIELDS):
            if f"{key}_text" in self.cleaned_data:
                self.instance.points[key] = self.cleaned_data[f"{key}_text"]
        for key in DECK_FIELDS:
            if f"{key}_text" in self.cleaned_data:
                named = self.cleaned_data[f"{key}_text"]
                if named is None:
                    self.instance.points.pop(key, None)
                else:
                    self.instance.points[key] = named


def afflictions(text):
    """ "Night Terrors, Paranoia (permanent)" -> {"Night Terrors": "temporary", "Paranoia": "permanent"}."""
    named = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        mark = PERMANENT_MARK.search(part)
        name = part[: mark.start()].strip() if mark else part
        if not name:
            raise ValidationError(f'"{part}": name it, e.g. "Paranoia (permanent)".')
        named[name] = mark["kind"].lower() if mark else TEMPORARY
    return named
