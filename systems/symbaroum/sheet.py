"""A Symbaroum character's sheet worked out from a character: attributes in the table's words (the variant's when
it plays the `variant` toggle: the campaign's toggles on the sheet page, an encounter's own in its fight, see
`Sheet.under`), Toughness, Pain Threshold, Defence, corruption and its limits, experience,
abilities, traits, weapons and armour. The sheet page and the phone read a character through this one place; every
rule comes from rules.engine.symbaroum."""

from dataclasses import dataclass

from characters.models import Character
from combat.prepared import Read
from combat.reads import CHARACTER_IDS
from rules.engine import symbaroum
from rules.models import Weapon
from systems.sheet_reads import characteristics_of, characters_with_sheets, in_model_order
from systems.sheet_schema import Count, Named, SheetSchema, whole_number
from systems.symbaroum import toggles
from systems.symbaroum.commands import KEY

# The counters a Symbaroum sheet keeps in Character.points, with the value a new character starts with. Ammunition
# is the failed shots left under the Ranged Weapons homebrew (seed 001), or a plain count without it.
# Shields and bucklers are kept with the weapons, in their own group: carrying one adds to Defence (seed 001 "Special
# Actions" › "Shield").
SHIELD_GROUP = "Shield"

POINTS = {
    "corruption_temporary": 0,
    "corruption_permanent": 0,
    "experience": 0,
    "ammunition": symbaroum.AMMUNITION_MISSES,
    "carried": 0,  # the Encumbrance of the gear a Sheet does not list (see Sheet)
}
SPECIAL_AMMUNITION = "special_ammunition"  # {"Fire arrow": 3}: kept beside the ordinary count (commands/ammunition.py)
# {"Chain Shirt": 1}: armour on the sheet that is carried but not worn (seed 004 "Encumbrance"): it protects nothing,
# does not impede, and weighs its Impeding as Encumbrance instead.
UNWORN_ARMOUR = "unworn_armour"
SHEET_SCHEMA = SheetSchema(
    points={
        "corruption_temporary": Count("Temporary corruption"),
        "corruption_permanent": Count("Permanent corruption"),
        "experience": Count("Experience"),
        "ammunition": Count("Ammunition"),
        "carried": Count("Other gear's Encumbrance"),
        SPECIAL_AMMUNITION: Named("Special ammunition", "a count from 0 to 999", whole_number(0, 999)),
        UNWORN_ARMOUR: Named("Armour carried, not worn", "1 (carried)", whole_number(1, 1)),
    },
    abilities=Named(
        "Abilities", f"a level: {', '.join(symbaroum.ABILITY_LEVELS)}", lambda level: level in symbaroum.ABILITY_LEVELS
    ),
    traits=Named(
        "Traits",
        f"a level from I to {symbaroum.TRAIT_LEVELS[-1]}, or none",
        lambda level: level is True or whole_number(0, len(symbaroum.TRAIT_LEVELS))(level),
    ),
)


def profile_of(house_rules):
    """The variant's vocabulary when `house_rules` (toggle keys in force) play it, else the core book's."""
    return symbaroum.VARIANT if toggles.VARIANT.key in house_rules else symbaroum.SYMBAROUM


# The toggles a sheet's values and words depend on.
SHEET_TOGGLES = (toggles.VARIANT, toggles.ENCUMBRANCE)


def sheet_toggles(house_rules):
    return frozenset(toggle.key for toggle in SHEET_TOGGLES if toggle.key in house_rules)


def attribute_name(profile, stored):
    """The profile's word for an attribute stored under its core name: "Strong" -> "Might" in the variant."""
    try:
        return profile.name(symbaroum.canonical_attribute(stored))
    except ValueError:  # an attribute an admin added: it has no other name
        return stored


@dataclass(frozen=True)
class SheetAttribute:
    key: str  # the name it is stored under, the core book's: "Strong"
    name: str  # the name shown: "Might" in the variant
    value: int
    label: str


class Sheet:
    """Encumbrance (seed 004 "Encumbrance", counted when the table plays it): worn armour and the weapon in hand
    weigh nothing, the weapon in hand being the first on the sheet (the one an attack takes by default); every other
    weapon is carried in a sheath or pack (Massive ones count 2); the rest of the gear is one number the GM keeps on
    the sheet, `points["carried"]`, and armour the GM marks as carried but not worn weighs its Impeding (and neither
    protects nor impedes). Each point over the Encumbrance Threshold is one more Impedance, which lowers
    Defence; the threshold and the Carrying Limit come from Strong (Might)."""

    def __init__(self, character, attributes=None, house_rules=None):
        """`house_rules`: the toggle keys the sheet is read under; its campaign's when None (the sheet page)."""
        self.character = character
        house_rules = character.campaign.house_rules if house_rules is None else house_rules
        self.toggles = sheet_toggles(house_rules)
        self.readings = {self.toggles: self}
        profile = profile_of(house_rules)
        rows = attributes if attributes is not None else characteristics_of(character.system)
        self.rows = rows
        self.attributes = [
            SheetAttribute(
                row.name, attribute_name(profile, row.name), character.characteristic(row.name), row.full_name
            )
            for row in rows
        ]
        # The table's words for the derived values (Toughness, Pain Threshold, Armour, Impeding) and for Strong,
        # which Toughness comes from, or the variant's.
        self.words = {key: profile.name(key) for key in (*symbaroum.DERIVED, "strong")}

        self.profile = profile

        def value(key):
            return self.attribute(key)

        self.toughness = character.max_wounds
        self.core_toughness = symbaroum.toughness(value("strong"))
        self.pain_threshold = symbaroum.pain_threshold(value("strong"))
        self.weapons = character.weapon_list
        unworn = character.named(UNWORN_ARMOUR)
        self.armour = [piece for piece in character.armour_list if piece.name not in unworn]  # worn
        self.unworn_armour = [piece for piece in character.armour_list if piece.name in unworn]
        self.impeding = sum(piece.impeding for piece in self.armour)
        self.encumbered = toggles.ENCUMBRANCE.key in house_rules
        carried = carried_items(self.weapons, character.point("carried", 0), self.unworn_armour)
        self.encumbrance = symbaroum.encumbrance(carried)
        self.unworn_armour_encumbrance = symbaroum.encumbrance(carried_items((), 0, self.unworn_armour))
        self.encumbrance_threshold = symbaroum.encumbrance_threshold(value("strong"))
        self.carrying_limit = symbaroum.carrying_limit(value("strong"))
        self.encumbrance_impedance = (
            symbaroum.encumbrance_impedance(self.encumbrance, self.encumbrance_threshold) if self.encumbered else 0
        )
        self.defence = symbaroum.defence(
            value("quick"),
            self.impeding + self.encumbrance_impedance,
            shield=any(weapon.group == SHIELD_GROUP for weapon in self.weapons),
            balanced_weapons=sum("Balanced" in self.qualities_of(weapon.name) for weapon in self.weapons),
        )

        self.corruption_temporary = character.point("corruption_temporary")
        self.corruption_permanent = character.point("corruption_permanent")
        self.corruption = self.corruption_temporary + self.corruption_permanent
        self.corruption_threshold = symbaroum.corruption_threshold(value("resolute"))
        self.abomination_limit = symbaroum.abomination_limit(value("resolute"))
        self.experience = character.point("experience")
        self.ammunition = character.point("ammunition", POINTS["ammunition"])
        self.abilities = sorted(character.abilities.items())
        self.traits = [(name, trait_level(level)) for name, level in sorted(character.traits.items())]

    def under(self, encounter):
        """This sheet as `encounter` reads it: an encounter's own toggles rule its fight, and may differ from the
        campaign's defaults the sheet was worked out under (the variant's words, Encumbrance in Defence). Worked out
        again from the rows already read, once per set of toggles."""
        wanted = sheet_toggles(encounter.house_rules)
        if wanted not in self.readings:
            reading = Sheet(self.character, self.rows, sorted(wanted))
            reading.readings = self.readings
            self.readings[wanted] = reading
        return self.readings[wanted]

    def qualities_of(self, weapon_name):
        """The qualities of the weapon of that name on the sheet ("Balanced", "Deep Impact"...); none for fists."""
        weapon = next((w for w in self.weapons if w.name == weapon_name), None)
        return {quality.name for quality in weapon.property_list} if weapon else set()

    def attribute(self, key):
        """An attribute by its core key ("accurate"), read in either document's words."""
        return symbaroum.sheet_value(self.character.characteristic_values, key, self.profile)

    @property
    def undead(self):
        """Undead have no Pain Threshold (seed 001 "Modifications for Critical Damage")."""
        return any(name.lower() == "undead" for name in self.character.traits)

    @property
    def armour_dice(self):
        """The armour's roll as a dice sum ("1d4"), or "" without armour."""
        return self.armour_dice_at(None)

    def armour_dice_at(self, location):
        """The roll of the armour covering `location` (a hit location; None: wherever the hit lands, so all of it):
        a segment, such as a helmet, protects only the parts it covers (seed 001 "Hit Locations" › "Armour
        Segments")."""
        covering = [piece for piece in self.armour if location is None or covers(piece, location)]
        return "+".join(piece.protection_dice for piece in covering if piece.protection_dice)

    @property
    def overloaded(self):
        return symbaroum.over_carrying_limit(self.encumbrance, self.carrying_limit)

    @property
    def marked_by_corruption(self):
        return self.corruption >= self.corruption_threshold


def carried_items(weapons, other_gear, unworn_armour=()):
    """What counts toward Encumbrance (see Sheet): the weapons after the first, the other gear's count, and last the
    armour carried but not worn, each piece weighing its Impeding (seed 004 "Encumbrance")."""
    sheathed = [
        symbaroum.Item("weapon_carried", massive=any(p.name == "Massive" for p in weapon.property_list))
        for weapon in weapons[1:]
    ]
    packed = [symbaroum.Item("carried_armour", impedance=piece.impeding) for piece in unworn_armour]
    return [*sheathed, symbaroum.Item(count=other_gear), *packed]


def covers(piece, location):
    """Whether an armour piece covers a hit location; the armour rows name the torso "body", as WFRP's do."""
    return ("body" if location == "torso" else location) in piece.locations


def trait_level(level):
    """A trait's stored level as the book writes it: 2 -> "II"; a trait without a level shows none."""
    if level is True or not isinstance(level, int) or not 1 <= level <= len(symbaroum.TRAIT_LEVELS):
        return ""
    return symbaroum.TRAIT_LEVELS[level - 1]


# (character id, weapon name, kind) for every weapon the encounter's characters carry, in the order their sheets list
# them: all the screens need of a sheet's weapons on a push, in one statement where whole sheets take six.
CARRIED_WEAPONS = Read(
    Character.weapons.through,
    "{character} IN ({in_encounter})",
    values=["character", "weapon__name", "weapon__kind"],
    order_by=in_model_order("weapon", Weapon),
    in_encounter=CHARACTER_IDS,
)


def carried_weapons(view):
    """CARRIED_WEAPONS of the view's encounter, read once for all the views of one read."""
    return view.data.once("carried_weapons", lambda: CARRIED_WEAPONS(view.encounter.pk))


def weapon_names(character_ids, carried):
    """{character id: their weapons' names, as their sheet lists them}, of `carried` (CARRIED_WEAPONS)."""
    names = {pk: [] for pk in character_ids}
    for character_id, name, _ in carried:
        if character_id in names:
            names[character_id].append(name)
    return names


def sheets(character_ids):
    attributes = characteristics_of(KEY)
    return {c.pk: Sheet(c, attributes) for c in characters_with_sheets(character_ids, skills=False)}
