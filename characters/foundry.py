"""A character from Foundry VTT's "Export Data" file (one actor as JSON), read into a `Draft` the GM reviews before
anything is stored.

Each game system that can read Foundry actors names Foundry's id for its game (`System.foundry_system_id`) and reads
an actor's body into a Draft (`System.read_foundry_actor`); what it could not match to the rules data comes back as
`Item`s without a `match`, which the review page lists: create it, pick an existing one, or leave it out.
"""

from dataclasses import asdict, dataclass, field


class FoundryError(Exception):
    """The file cannot be imported as a character here; nothing was changed. The message is in the GM's words."""


# What an Item is: a weapon, armour or skill names a rules row; a talent, ability or trait is kept on the sheet by
# name (Character.abilities or .traits) with its `value`.
ROW_KINDS = ("weapon", "armour", "skill")
SHEET_KINDS = ("talent", "ability", "trait")


@dataclass
class Item:
    kind: str  # one of ROW_KINDS or SHEET_KINDS
    name: str  # as the file has it
    match: str | None = None  # the name of the rules row (or known ability) it is, or None when unmatched
    value: int | str | bool | None = None  # skill advances, a trait's rating, an ability's level
    details: dict = field(default_factory=dict)  # what creating it needs: damage, group, qualities, locations, AP...
    why: str = ""  # why it is unmatched, in the GM's words: "no weapon of this game is named Zweihander"


@dataclass
class Draft:
    system: str  # the tracker's key of the game
    name: str
    is_npc: bool
    max_wounds: int
    characteristics: dict = field(default_factory=dict)
    points: dict = field(default_factory=dict)
    traits: dict = field(default_factory=dict)
    abilities: dict = field(default_factory=dict)
    items: list = field(default_factory=list)  # Items: matched and unmatched alike
    notes: str = ""

    def unmatched(self):
        return [item for item in self.items if item.match is None]

    def as_data(self):
        return asdict(self)

    @classmethod
    def from_data(cls, data):
        return cls(**{**data, "items": [Item(**item) for item in data["items"]]})


# Helpers every game's reader shares.

# The most a number in an export may be before it is taken for a typo or a hostile file.
LARGEST_NUMBER = 999


def body_of(document, what):
    """A Foundry document's own fields: `system` since Foundry 10, `data` in older exports."""
    if not isinstance(document, dict):
        raise FoundryError(f"{what} should be a set of named fields, not {type(document).__name__}.")
    found = document.get("system", document.get("data"))
    if found is None:
        return {}
    if not isinstance(found, dict):
        raise FoundryError(f"{what}: its fields should be a set of named values, not {type(found).__name__}.")
    return found


def field_of(body, *path, what, default=None):
    """The value at `path` in nested fields (`body["health"]["toughness"]["max"]`), `default` when any step is missing;
    a step that is there but no set of fields is refused, naming `what`."""
    value = body
    for key in path:
        if value is None:
            return default
        if not isinstance(value, dict):
            raise FoundryError(f"{what} should be a set of named fields, not {type(value).__name__}.")
        value = value.get(key)
    return default if value is None else value


def whole_number_of(value, what, low=0, high=LARGEST_NUMBER):
    """`value` as a whole number from `low` to `high`, or FoundryError naming `what` ("Strong", "Temporary
    corruption")."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if type(value) is not int:
        raise FoundryError(f"{what} should be a whole number, not {value!r}.")
    if not low <= value <= high:
        raise FoundryError(f"{what} is {value}: it should be from {low} to {high}.")
    return value


def text_of(value, what, longest=100):
    """A name or word from the file, trimmed; FoundryError when it is no text, empty or longer than `longest`."""
    if not isinstance(value, str) or not value.strip():
        raise FoundryError(f"{what} should be a name in words, not {value!r}.")
    if len(value.strip()) > longest:
        raise FoundryError(f"{what} is longer than {longest} letters.")
    return value.strip()


def items_of(actor):
    """The actor's items (weapons, abilities...): each a set of fields with a name and a type."""
    items = actor.get("items", [])
    if not isinstance(items, list):
        raise FoundryError(f"The file's items should be a list, not {type(items).__name__}.")
    for item in items:
        if not isinstance(item, dict):
            raise FoundryError(f"Each of the file's items should be a set of named fields, not {type(item).__name__}.")
        text_of(item.get("name"), "An item's name")
        text_of(item.get("type"), f"The type of {item['name'].strip()}", longest=40)
    return items


def row_named(model, system, name):
    """The rules row of `model` in `system` named `name`, whatever its capitals; None when there is none."""
    return model.objects.filter(system=system, name__iexact=name.strip()).first()
