"""The fields of the commands' arguments: each checks its own type and bounds.

The JSON API passes JSON values (numbers, lists, bools, null, objects) and the htmx forms pass strings; both end
here, in the same checks, and a refusal says what to give in the words a GM uses. Nothing outside a field's
bounds reaches a command or the engine: no NaN, no ±Infinity, no "²" or "٣" read as a digit, no d20 of 99.
"""

import math
import re

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator, ProhibitNullCharactersValidator

# Ids and versions are database bigints: no argument is larger, so none overflows a query.
LARGEST = 2**63 - 1
ASCII_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
MAX_ITEMS = 20  # a list argument never needs more (targets of a spell, D20s of a test, ...)
NAME_LENGTH = 100
NOT_GIVEN = (None, "")  # unlike Django's empty values, [] and {} are not "not given" but wrong


def whole_number(value):
    """The int a JSON number or a typed string stands for, or None when it is no whole number: bools, 1.5, NaN,
    ±Infinity, unicode digits such as "²" or "٣" (int() would read "٣" as 3), lists, objects."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if math.isfinite(value) and value.is_integer() else None
    if isinstance(value, str) and ASCII_WHOLE_NUMBER.fullmatch(value.strip()):
        return int(value.strip())
    return None


def storable_text(value):
    """Refuse what a database cannot store: NUL characters and lone surrogates (JSON allows "\\ud800")."""
    if "\x00" in value or any("\ud800" <= char <= "\udfff" for char in value):
        raise ValidationError("That text has characters that cannot be stored.", code="unstorable")


class WholeNumberField(forms.IntegerField):
    """A whole number within bounds, from a JSON number or a string of ASCII digits."""

    default_error_messages = {"invalid": "Give a whole number."}

    def __init__(self, *, min_value=-LARGEST, max_value=LARGEST, **kwargs):
        super().__init__(**kwargs)
        self.min_value, self.max_value = min_value, max_value
        self.error_messages.setdefault("range", self.range_message())

    def range_message(self):
        low = self.min_value if self.min_value > -LARGEST else None
        high = self.max_value if self.max_value < LARGEST else None
        if low is not None and high is not None:
            return f"Give a whole number from {low} to {high}."
        if low is not None:
            return f"Give a whole number, {low} or more."
        if high is not None:
            return f"Give a whole number, {high} or less."
        return "That number is far out of range."

    def to_python(self, value):
        if value in NOT_GIVEN:
            return None
        number = whole_number(value)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number

    def validate(self, value):
        super().validate(value)
        if value is not None and not self.min_value <= value <= self.max_value:
            raise ValidationError(self.error_messages["range"], code="range")


class DieField(WholeNumberField):
    """What one die shows: 1 to its number of faces."""

    def __init__(self, faces, **kwargs):
        shows = f"A d{faces} shows 1 to {faces}."
        kwargs.setdefault("required", False)
        super().__init__(min_value=1, max_value=faces, error_messages={"invalid": shows, "range": shows}, **kwargs)


def listed(value, message, most=MAX_ITEMS):
    """The items of a JSON list, or of a typed comma-separated string ("14, 3"); a lone JSON number is a list of
    one; [] when empty; at most `most` of them."""
    if value in NOT_GIVEN:
        return []
    if isinstance(value, str):
        items = [item.strip() for item in value.split(",") if item.strip()]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        items = [value]
    else:
        raise ValidationError(message, code="invalid")
    if len(items) > most:
        raise ValidationError(f"Give at most {most} of them.", code="too_many")
    return items


class NumberListField(forms.Field):
    """Whole numbers, each checked by `number` (combatant ids by default)."""

    default_error_messages = {"invalid": "Give whole numbers, separated by commas."}

    def __init__(self, number=None, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.number = number or WholeNumberField(error_messages={"invalid": self.error_messages["invalid"]})

    def to_python(self, value):
        items = listed(value, self.error_messages["invalid"])
        if any(item in NOT_GIVEN for item in items):
            raise ValidationError(self.number.error_messages["invalid"], code="invalid")
        return [self.number.clean(item) for item in items]


class DiceListField(NumberListField):
    """Dice thrown together (typed "14, 3"), each showing 1 to `faces`."""

    def __init__(self, faces, **kwargs):
        kwargs.setdefault("error_messages", {"invalid": f"Give the d{faces}s thrown, separated by commas."})
        super().__init__(number=DieField(faces, required=True), **kwargs)


class TextField(forms.CharField):
    """Text, and only text: a number, a list or a yes/no where text belongs is refused, not turned into "[1]"."""

    default_error_messages = {"invalid": "Give text here, not a number or a list."}

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", NAME_LENGTH)
        super().__init__(**kwargs)
        # One message for NUL characters and lone surrogates alike, instead of Django's for NUL only; the length
        # in the GM's words.
        self.validators = [
            v for v in self.validators if not isinstance(v, (ProhibitNullCharactersValidator, MaxLengthValidator))
        ]
        self.validators.append(storable_text)
        if self.max_length is not None:
            self.validators.append(
                MaxLengthValidator(self.max_length, message=f"Give at most {self.max_length} characters.")
            )

    def to_python(self, value):
        if value not in NOT_GIVEN and not isinstance(value, str):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class SkillField(TextField):
    """A skill or characteristic: its value as a whole number, or its name on the sheet."""

    LOWEST, HIGHEST = -100, 200
    default_error_messages = {"invalid": f"Give a skill value from {LOWEST} to {HIGHEST}, or the skill's name."}

    def to_python(self, value):
        number = whole_number(value)
        if number is None:
            return super().to_python(value)
        if not self.LOWEST <= number <= self.HIGHEST:
            raise ValidationError(self.error_messages["invalid"], code="range")
        return number

    def run_validators(self, value):
        if isinstance(value, str):  # the length and storable-text checks are for a name, not for a value
            super().run_validators(value)


class NamesField(forms.Field):
    """Names: a JSON list of strings, or comma-separated from a form; at most `most` of them."""

    default_error_messages = {"invalid": "Give names, separated by commas."}

    def __init__(self, most=MAX_ITEMS, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.most = most

    def to_python(self, value):
        items = listed(value, self.error_messages["invalid"], self.most)
        if not all(isinstance(item, str) for item in items):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        names = [item.strip() for item in items if item.strip()]
        for name in names:
            storable_text(name)
            if len(name) > NAME_LENGTH:
                raise ValidationError(f"A name is at most {NAME_LENGTH} characters.", code="max_length")
        return names


class OneOfField(forms.ChoiceField):
    """One of the listed choices, given by its key or by the words the screens show for it."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        labels = ", ".join(str(label) for key, label in self.choices if key != "")
        self.error_messages["invalid_choice"] = f"Choose one of: {labels}."

    def to_python(self, value):
        if value not in NOT_GIVEN and not isinstance(value, str):
            raise ValidationError(self.error_messages["invalid_choice"], code="invalid_choice")
        value = super().to_python(value)
        by_label = {str(label).casefold(): str(key) for key, label in self.choices}
        return by_label.get(value.strip().casefold(), value)


class PassThroughCheckbox(forms.CheckboxInput):
    """The value as sent: Django's checkbox would call bool() on it, so [1] or "abc" became True."""

    def value_from_datadict(self, data, files, name):
        return data.get(name)


class YesNoField(forms.BooleanField):
    """true/false from JSON; from a form a ticked box ("true", "on") or none. Anything else is refused."""

    widget = PassThroughCheckbox
    default_error_messages = {"invalid": "Give yes or no (true or false)."}
    WORDS = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False, "no": False, "0": False}

    def __init__(self, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)

    def to_python(self, value):
        if value in NOT_GIVEN:
            return False
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in self.WORDS:
            return self.WORDS[value.strip().lower()]
        raise ValidationError(self.error_messages["invalid"], code="invalid")


VERSION_SEEN = "expected_version is the encounter's version you saw: a whole number, 0 or more (or leave it out)."
EXPECTED_VERSION = WholeNumberField(
    required=False, min_value=0, error_messages={"invalid": VERSION_SEEN, "range": VERSION_SEEN}
)
