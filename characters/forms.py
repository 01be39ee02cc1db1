from datetime import timedelta

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.exceptions import ValidationError
from django.forms import inlineformset_factory
from django.utils import timezone

import systems
from characters.models import ApiToken, Character, CharacterSkill
from config.converters import LARGEST_ID
from rules.models import Armour, Characteristic, Skill, Weapon


class SignupForm(UserCreationForm):
    """A new account: username and password twice, checked by the settings' password validators (whose own words
    explain what is wrong with a password)."""

    error_messages = {"password_mismatch": "The two passwords differ: type the same password twice."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        username, password1, password2 = self.fields["username"], self.fields["password1"], self.fields["password2"]
        password2.label = "Password again"
        username.error_messages.update(
            required="Choose a username.",
            max_length="A username has at most 150 characters.",
            invalid="A username may hold only letters, digits and @ . + - _",
        )
        password1.error_messages["required"] = "Choose a password."
        password2.error_messages["required"] = "Type the password again."

    def clean_username(self):
        username = self.cleaned_data["username"]
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise ValidationError("That username is taken: choose another.")
        return username


class NotesForm(forms.ModelForm):
    class Meta:
        model = Character
        fields = ["notes"]
        widgets = {"notes": forms.Textarea(attrs={"rows": 5})}


class NumbersInWords:
    """Number fields' errors in the sheet's words ("Wounds must be 0 or more", "WS runs from 0 to 200"), never
    Django's stock texts; set when the form is checked, so the fields a system's form adds get them too."""

    def full_clean(self):
        for field in self.fields.values():
            if isinstance(field, forms.IntegerField):
                number_in_words(field)
        super().full_clean()


def number_in_words(field):
    label = field.label
    low, high = field.min_value, field.max_value
    if high is not None and high > 10**6:  # the database's own limit, not one a player would recognise
        high = None
    if low is not None and high is not None:
        limits = f"{label} runs from {low} to {high}."
    elif low is not None:
        limits = f"{label} must be {low} or more."
    else:
        limits = f"{label} must be {high} or less."
    field.error_messages.update(
        required=f"Give {label} a number.",
        invalid=f"{label} is a whole number.",
        min_value=limits,
        max_value=limits,
    )


def beyond_any_row(field, values):
    """Refuse an id no row can have as a missing one is refused: SQLite cannot even look for it."""
    for value in values:
        if str(value).strip().isdigit() and int(value) > LARGEST_ID:
            raise ValidationError(field.error_messages["invalid_choice"], "invalid_choice", {"value": value})


class RowChoiceField(forms.ModelChoiceField):
    def clean(self, value):
        beyond_any_row(self, [value] if value else [])
        return super().clean(value)


class RowsChoiceField(forms.ModelMultipleChoiceField):
    def clean(self, value):
        beyond_any_row(self, value or [])
        return super().clean(value)


class CharacterForm(NumbersInWords, forms.ModelForm):
    """Everything on a sheet, for the GM. Characteristics become one number field each; a game system's form
    (System.character_form) adds its own points."""

    points = ()  # the system's point fields, shown after Wounds
    # {key of a Count in the system's SheetSchema.points: help text}: a number field each, kept in Character.points
    counters = {}
    counter_defaults = {}  # what a counter the sheet does not hold yet starts at, when not 0
    characteristics_heading = "Characteristics"  # what the system calls its rules.Characteristic rows
    has_skills = True  # a system without rules.Skill rows leaves the skills table out
    has_gear = True  # a system without rules.Weapon and rules.Armour rows leaves their sections out

    class Meta:
        model = Character
        fields = ["name", "max_wounds", "weapons", "armour", "notes", "gm_notes"]
        field_classes = {"weapons": RowsChoiceField, "armour": RowsChoiceField}
        widgets = {
            "weapons": forms.CheckboxSelectMultiple,
            "armour": forms.CheckboxSelectMultiple,
            "notes": forms.Textarea(attrs={"rows": 3}),
            "gm_notes": forms.Textarea(attrs={"rows": 3}),
        }
        error_messages = {"name": {"required": "Give the character a name."}}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        system = self.instance.campaign.system
        if self.has_gear:
            self.fields["weapons"].queryset = Weapon.objects.filter(system=system)
            self.fields["weapons"].label_from_instance = lambda w: f"{w.name} ({w.damage_label})"
            self.fields["armour"].queryset = Armour.objects.filter(system=system)
            self.fields["armour"].label_from_instance = lambda a: f"{a.name} ({a.protection_label})"
        else:
            del self.fields["weapons"], self.fields["armour"]
        self.fields["traits_text"] = forms.CharField(
            label="Creature traits",
            required=False,
            initial=", ".join(
                name if value is True else f"{name} {value}" for name, value in self.instance.traits.items()
            ),
            help_text="e.g. Champion 2, Size Large",
        )
        self.characteristic_names = []
        for characteristic in Characteristic.objects.filter(system=system):
            key = f"characteristic_{characteristic.name}"
            self.fields[key] = forms.IntegerField(
                label=characteristic.name,
                min_value=0,
                max_value=200,
                initial=self.instance.characteristics.get(characteristic.name, 0),
                help_text=characteristic.full_name,
            )
            self.characteristic_names.append(characteristic.name)
        # Where the sheet's own figures give the max wounds, the GM need not type them: a typed value overrides.
        # A sheet whose wounds are its figures' shows the field empty, so they follow its characteristics.
        self.wounds_from_sheet = systems.get(system).wounds_from_sheet
        from_sheet = self.wounds_from_sheet(self.instance)
        if from_sheet is not None:
            self.fields["max_wounds"].required = False
            if self.instance.pk is None or self.instance.max_wounds == from_sheet:
                self.initial["max_wounds"] = None
            self.fields["max_wounds"].help_text = " ".join(
                filter(None, [self.fields["max_wounds"].help_text, "Left empty: worked out from the sheet."])
            )
        schema = systems.get(system).sheet_schema
        for key, help_text in self.counters.items():
            initial = self.instance.point(key, self.counter_defaults.get(key, 0))
            self.fields[key] = counter_field(schema.points[key], initial, help_text)

    def clean_traits_text(self):
        """ "Champion 2, Fear 1, Size Large": a name and an optional rating, comma-separated."""
        traits = {}
        for part in filter(None, (p.strip() for p in self.cleaned_data["traits_text"].split(","))):
            name, _, rating = part.rpartition(" ")
            if not name or not rating.isdigit():
                name, rating = part, ""
            traits[name.strip()] = int(rating) if rating else True
        return traits

    def basic_fields(self):
        return [self[name] for name in ("name", "max_wounds", *self.points, "traits_text")]

    def characteristic_fields(self):
        return [self[f"characteristic_{name}"] for name in self.characteristic_names]

    def clean(self):
        cleaned_data = super().clean()
        self.sheet_values()
        if cleaned_data.get("max_wounds") is None and "max_wounds" not in self.errors:
            cleaned_data["max_wounds"] = self.wounds_from_sheet(self.instance)
        return cleaned_data

    def sheet_values(self):
        """Put the fields' values into the sheet before the model checks it whole (Character.clean, the same check
        as every other door's); a system's form adds its own. A value no screen reads, stored before sheets were
        checked, is dropped where no field of the form holds it: the GM mending the sheet could not save it else."""
        instance, cleaned_data = self.instance, self.cleaned_data
        schema = systems.get(instance.campaign.system).sheet_schema
        instance.points = {
            key: value
            for key, value in readable(instance.points).items()
            if key in schema.points and schema.points[key].problem(value) is None
        }
        instance.characteristics = {
            name: value
            for name, value in readable(instance.characteristics).items()
            if schema.characteristics.fits(value)
        }
        instance.abilities = {
            name: value for name, value in readable(instance.abilities).items() if schema.abilities.fits(value)
        }
        for name in self.characteristic_names:
            if f"characteristic_{name}" in cleaned_data:
                instance.characteristics[name] = cleaned_data[f"characteristic_{name}"]
        if "traits_text" in cleaned_data:
            instance.traits = cleaned_data["traits_text"]
        for key in self.counters:
            if cleaned_data.get(key) is not None:
                instance.points[key] = cleaned_data[key]


def readable(stored):
    return stored if isinstance(stored, dict) else {}


def counter_field(kind, initial, help_text):
    """The sheet form's field for a counter the system's SheetSchema declares: its label and limits."""
    return forms.IntegerField(
        label=kind.label,
        min_value=kind.low,
        max_value=kind.high,
        required=False,  # left empty: the sheet keeps what it has
        initial=initial,
        help_text=help_text,
    )


class SkillForm(NumbersInWords, forms.ModelForm):
    class Meta:
        model = CharacterSkill
        fields = ["skill", "advances"]
        field_classes = {"skill": RowChoiceField}

    def __init__(self, *args, system, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["skill"].queryset = Skill.objects.filter(system=system).select_related("characteristic")
        self.fields["skill"].label_from_instance = lambda skill: f"{skill.name} ({skill.characteristic.name})"
        self.fields["skill"].empty_label = "Pick a skill"
        self.fields["advances"].widget.attrs["class"] = "num"


SkillFormSet = inlineformset_factory(Character, CharacterSkill, form=SkillForm, extra=3, can_delete=True)


class ApiTokenForm(forms.Form):
    """A new API token: a name to tell it by, what it may do, and how long it works."""

    DAYS = {"30": 30, "90": 90, "365": 365, "never": None}

    name = forms.CharField(
        max_length=ApiToken.NAME_LENGTH,
        help_text="What will use it, e.g. Discord bot.",
        error_messages={
            "required": "Give the token a name, e.g. the script that will use it.",
            "max_length": f"Keep the name to {ApiToken.NAME_LENGTH} characters or fewer.",
        },
    )
    scope = forms.ChoiceField(
        label="It may",
        choices=[
            (ApiToken.Scope.FULL, "Read and act as you (run commands, create encounters)"),
            (ApiToken.Scope.READ_ONLY, "Only read (encounters and their state)"),
        ],
        initial=ApiToken.Scope.FULL,
        widget=forms.RadioSelect,
        error_messages={
            "required": "Choose what the token may do: read and act, or only read.",
            "invalid_choice": "Choose what the token may do: read and act, or only read.",
        },
    )
    lasts = forms.ChoiceField(
        label="Expires",
        choices=[("30", "In 30 days"), ("90", "In 90 days"), ("365", "In a year"), ("never", "Never")],
        initial="90",
        error_messages={
            "required": "Choose when the token expires.",
            "invalid_choice": "Choose when the token expires: in 30 days, 90 days, a year, or never.",
        },
    )

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_name(self):
        name = self.cleaned_data["name"]
        if self.user.api_tokens.live().filter(name__iexact=name).exists():
            raise ValidationError(f"You already have a token named {name}: choose another name, or revoke that one.")
        return name

    def expires(self):
        days = self.DAYS[self.cleaned_data["lasts"]]
        return None if days is None else timezone.now() + timedelta(days=days)
