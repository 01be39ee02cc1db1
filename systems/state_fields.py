"""What the API's state shows of each combatant and each open test beyond the generic fields, declared once per game
system with its JSON type and where it is read: `System.combatant_fields` off a view's row (what the system's
`extend_view` put there), `System.prompt_fields` off an open test as the view lists it. `combat/views_state.py`
builds the API's state from these declarations alone, and the tests check that state against them."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import get_args


@dataclass(frozen=True)
class Field:
    name: str
    type: object  # the value's JSON type: bool, int, float, str, list or dict; `int | float` for any number
    null: bool = False  # whether the value may be null
    # For a list of tuples on the row (("Stunned", 2), ...): the keys that make each tuple an object in the API.
    items: tuple = ()
    read: Callable | None = None  # (view, source) -> value, when it is not the source's own value of `name`

    def value(self, view, source):
        value = self.read(view, source) if self.read else self.own(source)
        if self.items and value is not None:
            return [dict(zip(self.items, item, strict=True)) for item in value]
        return value

    def own(self, source):
        raise NotImplementedError

    def holds(self, value):
        """Whether `value` is of this field's type; as in JSON, true and false are no numbers."""
        if value is None:
            return self.null
        if isinstance(value, bool):
            return self.type is bool or bool in get_args(self.type)
        return isinstance(value, self.type)


class RowField(Field):
    """A combatant's field, by default the row's attribute of the same name."""

    def own(self, row):
        return getattr(row, self.name)


class PromptField(Field):
    """An open test's field, by default its entry's key of the same name (null when the entry has none)."""

    def own(self, prompt):
        return prompt.get(self.name)


def values(fields, view, source):
    """{name: value} of `fields` read off `source` (a row or a prompt) in `view`."""
    return {field.name: field.value(view, source) for field in fields}
