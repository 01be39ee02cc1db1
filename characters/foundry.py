"""A character from Foundry VTT's "Export Data" file (one actor as JSON), read into a `Draft` the GM reviews before
anything is stored.

Each game system that can read Foundry actors names Foundry's id for its game (`System.foundry_system_id`) and reads
an actor's body into a Draft (`System.read_foundry_actor`); what it could not match to the rules data comes back as
`Item`s without a `match`, which the review page lists: create it, pick an existing one, or leave it out.
"""

import re
from dataclasses import asdict, dataclass, field, fields

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from systems.sheet_schema import shown


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
    cannot_create: str = ""  # why no row can be made as the file has it, in words without a closing stop; "" if it can


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
        known = {field.name for field in fields(Item)}
        items = [Item(**{key: value for key, value in item.items() if key in known}) for item in data["items"]]
        return cls(**{**data, "items": items})


# Real exports with every item's description run to a few megabytes; a file far beyond that is not one actor.
MAX_FOUNDRY_BYTES = 8_000_000
MAX_ITEMS = 2000  # a character carries dozens of items, a creature a few: thousands is not an actor
MAX_NAME = 100  # the longest name a rules row takes


def foundry_system_id(data):
    """Foundry's id of the game a file's actor was exported from (`_stats.systemId`); None when the file is no
    Foundry actor. Exports older than `_stats` are told by their shape: a named actor with a `data` body and `items`."""
    if not isinstance(data, dict):
        return None
    stats = data.get("_stats")
    if isinstance(stats, dict) and isinstance(stats.get("systemId"), str) and isinstance(data.get("type"), str):
        return stats["systemId"]
    if isinstance(data.get("name"), str) and isinstance(data.get("type"), str) and "items" in data:
        if isinstance(data.get("system"), dict) or isinstance(data.get("data"), dict):
            return ""  # a Foundry actor whose game its shape tells (System.fits_foundry_shape)
    return None


def body(document, what):
    """An actor's or item's fields: under `system` since Foundry 10, under `data` before."""
    fields = document.get("system", document.get("data"))
    if not isinstance(fields, dict):
        raise FoundryError(f"{what} in this file has no fields to read.")
    return fields


def refusal(what, should_be, value):
    """The refusal of a value the file holds where `what` should be: "is missing" when the file has none there."""
    if value is None:
        return FoundryError(f"{what} is missing.")
    return FoundryError(f"{what} should be {should_be}, not {shown(value)}.")


def part(fields, key, what):
    """A nested group of fields ({} when the file leaves it out), refused in words when it is not one."""
    value = fields.get(key, {})
    if not isinstance(value, dict):
        raise refusal(what, "a group of values", value)
    return value


WHOLE_NUMBER_TEXT = re.compile(r"^\s*[+-]?\d{1,12}\s*$")  # older exports keep numbers as text: "31"


def whole(value, what, low=0, high=999):
    """A whole number from `low` to `high` (or a text holding one), or a refusal naming `what`."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and WHOLE_NUMBER_TEXT.match(value):
        value = int(value)
    if type(value) is not int or not low <= value <= high:
        raise refusal(what, f"a whole number from {low} to {high}", value)
    return value


def text(value, what, longest=MAX_NAME, blank=True):
    if value is None and blank:
        return ""
    if not isinstance(value, str) or len(value) > longest or (not blank and not value.strip()):
        raise refusal(what, f"a text of at most {longest} characters", value)
    return value.strip()


def actor_kind(actor, kinds, which):
    """The actor's Foundry type, one of `kinds`; refused in words for an item exported alone (it carries no items)
    or an actor of another type, `which` naming the kinds this game imports."""
    if not isinstance(actor, dict):
        raise FoundryError("The file should hold one Foundry actor, not a list or a value.")
    kind = actor.get("type")
    if kind in kinds:
        return kind
    if "items" not in actor:
        raise FoundryError(f"This is a Foundry VTT item (a {text(kind, 'Its type', 40)}), not a character: export the "
                           "actor instead.")  # fmt: skip
    raise FoundryError(f"This Foundry VTT actor is a {text(kind, 'Its type', 40)}; only {which} can be imported.")


def actor_name(actor):
    name = actor.get("name")
    if name is None or (isinstance(name, str) and not name.strip()):
        raise FoundryError("The character has no name.")
    return text(name, "The character's name", 120, blank=False)


def items_of(actor):
    """The actor's items as (type, name, fields): each a dict with a name and fields, or the file is refused."""
    items = actor.get("items", [])
    if not isinstance(items, list):
        raise refusal("The actor's items", "a list", items)
    if len(items) > MAX_ITEMS:
        raise FoundryError(f"The actor carries {len(items)} items; a character has at most {MAX_ITEMS}.")
    read = []
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise refusal(f"Item {index} of the file", "an item", item)
        name = text(item.get("name"), f"The name of item {index}", blank=False)
        kind = text(item.get("type"), f"The type of {name}", blank=False)
        read.append((kind, name, body(item, name)))
    return read


class RowsByName:
    """One game's rules rows of a kind (a queryset), read once for a whole file on the first look-up, then found by
    name whatever the case: a character's hundred items cost one query per kind."""

    def __init__(self, rows):
        self.rows = rows
        self.by_name = None

    def named(self, name):
        if self.by_name is None:
            self.by_name = {row.name.casefold(): row for row in self.rows}
        return self.by_name.get(name.strip().casefold())

    def candidates(self, name):
        """The rows `name` may be: the row of that name first, then the rows made from earlier imports of it
        ("name (imported)", "name (imported 2)"...), each a copy the file's item may agree with."""
        self.named(name)
        wanted = name.strip().casefold()
        copies = []
        for known, row in self.by_name.items():
            copy = IMPORTED_COPY.match(known)
            if copy and copy["name"] == wanted:
                copies.append((int(copy["number"] or 1), row))
        own = self.by_name.get(wanted)
        return [*([own] if own else []), *(row for _, row in sorted(copies, key=lambda pair: pair[0]))]


IMPORTED_COPY = re.compile(r"^(?P<name>.+) \(imported(?: (?P<number>\d{1,3}))?\)$")  # as `free_name` names them


def matching(candidates, differences):
    """The first of `candidates` (rows) that agrees with the file's item, and why none does: `differences(row)` lists
    how a row differs, in words. Returns (row or None, the first candidate's differences)."""
    first = None
    for row in candidates:
        found = differences(row)
        if not found:
            return row, []
        first = found if first is None else first
    return None, first or []


def name_among(names, name):
    """The one of `names` that is `name` whatever its case, or None."""
    wanted = name.strip().casefold()
    return next((known for known in names if known.casefold() == wanted), None)


def unmakeable(row, exclude=()):
    """Why the unsaved rules row `row` cannot be stored, in the model's own words; "" when it can. Its name is
    checked against the other rows when it is made (`free_name`), and the fields in `exclude` then too."""
    try:
        row.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        return " ".join(
            f"{named(row, key)}{message}" for key, messages in error.message_dict.items() for message in messages
        ).rstrip(".")  # a reason, as `Item.cannot_create` keeps it: the sentence it goes in ends it
    return ""


def named(row, key):
    """What a refusal of `row`'s field `key` is about, as "its damage dice "1d8+1d4": "; "" for the row as a whole."""
    if key == NON_FIELD_ERRORS:
        return ""
    return f"its {key.replace('_', ' ')} {shown(getattr(row, key))}: "


def refuse_unmakeable(item, problem):
    """Refuse to make `item`'s row, in words, when `problem` (from `unmakeable`) says it cannot be."""
    if problem:
        raise FoundryError(f"{item.name} cannot be made as the file has it: {problem}.")


def free_name(rows, name):
    """`name`, or "name (imported)", "name (imported 2)"... the first no row of `rows` has, for a new rules row that
    must not take an existing one's name."""
    candidates = [name, f"{name} (imported)", *(f"{name} (imported {n})" for n in range(2, 100))]
    for candidate in candidates:
        candidate = candidate[:MAX_NAME]
        if not rows.filter(name__iexact=candidate).exists():
            return candidate
    raise FoundryError(f"Too many rules rows are already named {name}: rename it in Foundry and export it again.")
