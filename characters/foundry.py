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
