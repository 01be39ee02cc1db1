"""What a character sheet may hold: the one check every door runs before a sheet is stored (the sheet form, a
character file, a campaign backup, the admin: all through `Character.clean`), and what the screens ask of a sheet
stored before that check existed, so that one bad value shows the GM a problem instead of breaking a fight.

Each game system declares its `SheetSchema` (System.sheet_schema): the counters and mappings it keeps in
`Character.points`, and what its abilities and traits hold.
"""

from collections.abc import Callable
from dataclasses import dataclass, field


def shown(value):
    """A stored value as a GM would read it in a message, cut short."""
    text = f'"{value}"' if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def whole_number(low, high):
    return lambda value: type(value) is int and low <= value <= high


@dataclass(frozen=True)
class Count:
    """A whole number from `low` to `high`."""

    label: str
    low: int = 0
    high: int = 999

    def fits(self, value):
        return whole_number(self.low, self.high)(value)

    def problem(self, value):
        if self.fits(value):
            return None
        return f"{self.label} should be a whole number from {self.low} to {self.high}, not {shown(value)}."


@dataclass(frozen=True)
class Named:
    """Names, each with a value `fits` accepts; `values` says in words what that is."""

    label: str
    values: str
    fits: Callable[[object], bool]

    def problem(self, value):
        if not isinstance(value, dict):
            return f"{self.label} should be names, each with {self.values}, not {shown(value)}."
        wrong = [name for name, held in value.items() if not name.strip() or not self.fits(held)]
        if wrong:
            return f"{self.label}: {', '.join(shown(name) for name in wrong)} should each have {self.values}."
        return None

    def readable(self, value):
        """The entries of `value` that fit ({} when it is no mapping): what a screen may read of a sheet stored badly,
        whose problem the sheet page shows."""
        if not isinstance(value, dict):
            return {}
        return {
            name: held for name, held in value.items() if isinstance(name, str) and name.strip() and self.fits(held)
        }


@dataclass(frozen=True)
class Names:
    """A list of names, each one of `known()` (read from the rules rows when a sheet is checked); `of` says in words
    what each names ("action card")."""

    label: str
    of: str
    known: Callable[[], set]

    def problem(self, value):
        if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
            return f"{self.label} should be a list of {self.of} names, not {shown(value)}."
        known = self.known()
        unknown = [name for name in value if name not in known]
        if unknown:
            return f"{self.label}: {', '.join(map(shown, unknown))}: no {self.of} of this game."
        return None

    def readable(self, value):
        """The names in `value` ([] when it is no list): what a screen may read of a sheet stored badly."""
        return [name for name in value if isinstance(name, str)] if isinstance(value, list) else []


CHARACTERISTICS = Named("Characteristics", "a whole number from 0 to 200", whole_number(0, 200))
# A trait is either there (true) or has a rating: "Champion 2", "Henchmen 5".
TRAITS = Named("Traits", "a rating from 0 to 999, or none", lambda v: v is True or whole_number(0, 999)(v))
ABILITIES = Named("Abilities", "a level in words", lambda v: isinstance(v, str) and 0 < len(v.strip()) <= 40)


@dataclass(frozen=True)
class SheetSchema:
    points: dict = field(default_factory=dict)  # {key: Count or Named}: what the system keeps in Character.points
    abilities: Named = ABILITIES
    traits: Named = TRAITS
    characteristics: Named = CHARACTERISTICS

    def problems(self, character):
        """What the sheet holds that no screen of its game reads, in words naming each field; [] when all is well."""
        problems = [
            kind.problem(getattr(character, name))
            for name, kind in (
                ("characteristics", self.characteristics),
                ("traits", self.traits),
                ("abilities", self.abilities),
            )
        ]
        points = character.points
        if not isinstance(points, dict):
            return [*filter(None, problems), f"The sheet's counters should be names with values, not {shown(points)}."]
        unknown = sorted(set(points) - set(self.points))
        if unknown:
            problems.append(f"The sheet holds counters this game does not keep: {', '.join(map(shown, unknown))}.")
        problems += [self.points[key].problem(value) for key, value in points.items() if key in self.points]
        return list(filter(None, problems))
