"""A WFRP 4e character sheet worked out from a character: bonuses, skill targets, weapon damage, AP per location.

The sheet page, the phone view and the attack form all read a character through this one place.
"""

from dataclasses import dataclass

from characters.models import Character, CharacterSkill
from combat.prepared import Read, together
from rules.engine import wfrp4e
from rules.models import HIT_LOCATIONS, Weapon
from systems.sheet_reads import characteristics_of, in_model_order
from systems.sheet_schema import Count, SheetSchema

LOCATION_LABELS = dict(HIT_LOCATIONS)
# The points of the core rules a sheet keeps (in Character.points), with the sheet form's help: Fortune and Resolve
# are spent in a fight (seed 000 "Fortune Points"; seed 002 "Suprise").
POINTS = {
    "fate": "The character's Fate; it sets the Fortune they start each session with.",
    "fortune": "Spent for an extra D20 or +1 SL, or to act earlier in the Round.",
    "resilience": "The character's Resilience; it sets their Resolve.",
    "resolve": "Spent to shake off Surprise.",
}
SHEET_SCHEMA = SheetSchema(points={key: Count(key.title()) for key in POINTS})
DEFENCE_CHARACTERISTICS = ("WS", "Ag")


@dataclass(frozen=True)
class SheetValue:
    name: str
    value: int
    label: str = ""

    @property
    def bonus(self):
        return wfrp4e.skill_bonus(self.value)


@dataclass(frozen=True)
class SheetSkill:
    name: str
    characteristic: str
    advances: int
    value: int


@dataclass(frozen=True)
class SheetWeapon:
    weapon: object
    damage: int

    def __getattr__(self, name):
        return getattr(self.weapon, name)


@dataclass(frozen=True)
class SheetLocation:
    key: str
    label: str
    armour: int
    pieces: list


class Sheet:
    def __init__(self, character, characteristics=None):
        self.character = character
        order = characteristics if characteristics is not None else characteristics_of(character.system)
        self.characteristics = [SheetValue(c.name, character.characteristic(c.name), c.full_name) for c in order]
        self.fate, self.fortune, self.resilience, self.resolve = (character.point(key) for key in POINTS)
        self.skills = sheet_skills(character, character.skill_list)
        # Talents are kept as abilities, by name with the times taken; what a screen cannot read is left out.
        self.talents = sorted(SHEET_SCHEMA.abilities.readable(character.abilities).items())
        self.traits = sorted(SHEET_SCHEMA.traits.readable(character.traits).items())
        self.strength_bonus = wfrp4e.skill_bonus(character.characteristic("S"))
        self.toughness_bonus = wfrp4e.skill_bonus(character.characteristic("T"))
        self.core_wounds = wfrp4e.wounds_from_characteristics(
            character.characteristic("S"), character.characteristic("T"), character.characteristic("WP")
        )
        self.weapons = [
            SheetWeapon(w, wfrp4e.weapon_damage(w.damage, self.strength_bonus, w.adds_strength_bonus))
            for w in character.weapon_list
        ]
        pieces = character.armour_list
        self.armour_pieces = [
            (piece.locations, piece.points, {p.name for p in piece.property_list}) for piece in pieces
        ]
        self.armour = wfrp4e.armour_points(
            (locations, points, "Flexible" in names) for locations, points, names in self.armour_pieces
        )
        self.locations = [
            SheetLocation(key, label, self.armour[key], [p.name for p in pieces if key in p.locations])
            for key, label in HIT_LOCATIONS
        ]

    def skill_value(self, name):
        """A skill's target: characteristic + advances; untrained, the bare characteristic of a basic skill."""
        for skill in self.skills:
            if skill.name == name:
                return skill.value
        return None

    def weapon_target(self, weapon):
        """The target number to attack with `weapon`: its Melee/Ranged skill, else WS/BS untrained."""
        trained = self.skill_value(weapon.skill_name)
        if trained is not None:
            return trained
        return self.character.characteristic("WS" if weapon.kind == "melee" else "BS")

    def best_melee(self):
        """The best Melee skill, or WS untrained."""
        melee = [s.value for s in self.skills if s.name.startswith("Melee")]
        return max(melee) if melee else self.character.characteristic("WS")

    def armoured_with(self, property_name):
        """The locations covered by a piece of armour with `property_name` (Impenetrable)."""
        return {
            location for locations, _, names in self.armour_pieces if property_name in names for location in locations
        }

    def carries(self, property_name):
        return any(property_name in {p.name for p in w.property_list} for w in self.weapons)

    def defence_options(self):
        return defence_options(self.character, self.skills)

    def defence_value(self, name):
        value = self.skill_value(name)
        if value is None and name == "Dodge":  # a basic skill: untrained, its bare Agility (seed 002 "Attack")
            value = self.character.characteristic("Ag")
        if value is None and name in self.character.characteristics:
            value = self.character.characteristic(name)
        return value


def sheet_skills(character, entries):
    """The character's skills (CharacterSkill rows) with their targets: characteristic + advances."""
    return [
        SheetSkill(
            entry.skill.name,
            entry.skill.characteristic.name,
            entry.advances,
            character.characteristic(entry.skill.characteristic.name) + entry.advances,
        )
        for entry in entries
    ]


def usual_defence(options, ranged=False):
    """The defence a target opposes an attack with unless their side says otherwise (`options`: (name, value) as
    `defence_options` gives them): a melee blow with their best skill of Melee and Dodge (a Melee skill on a tie),
    else the first they have; a shot goes unopposed ("")."""
    if ranged:
        return ""
    skills = [(value, name.startswith("Melee"), name) for name, value in options if name.startswith(("Melee", "Dodge"))]
    if skills:
        return max(skills)[2]
    return options[0][0] if options else ""


def defence_options(character, skills):
    """Skills and characteristics a target can oppose an attack with: Melee and Dodge first."""
    opposing = [(s.name, s.value) for s in skills if s.name.startswith("Melee") or s.name == "Dodge"]
    bare = [(key, character.characteristic(key)) for key in DEFENCE_CHARACTERISTICS]
    return opposing + [(key, value) for key, value in bare if key in character.characteristics]


SKILL_ENTRIES = Read(CharacterSkill, "{character} = %s", related=["skill__characteristic"])


def defence_options_of(character):
    """`defence_options` of a character, reading only its skills (one statement) rather than its whole sheet: the
    GM's Defend options, drawn on every live push."""
    return defence_options(character, sheet_skills(character, SKILL_ENTRIES(character.pk)))


WEAPON_NAMES = Read(
    Character._meta.get_field("weapons").remote_field.through,
    "{character} = %s",
    values=["weapon__name"],
    flat=True,
    order_by=in_model_order("weapon", Weapon),
)


def weapons_and_skills(character):
    """(the names of the weapons the character carries, in the sheet's order; its skills with their targets), in
    one round trip: all the declare form on the phone of the player whose turn it is lists of a sheet, drawn on
    every live push of that turn, where the whole sheet (items' properties, armour, talents) took a second round
    trip and most of the push's work."""
    names, entries = together((WEAPON_NAMES, (character.pk,)), (SKILL_ENTRIES, (character.pk,)))
    return names, sheet_skills(character, entries)
