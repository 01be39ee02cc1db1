"""A character from the Foundry VTT Symbaroum system's "Export Data" file read into a `Draft` (characters/foundry.py),
and the weapons and armour it names made as new rows when the GM asks.

What the sheet gets, and from where in the file (its fields under `system`, or `data` in exports before Foundry 10):

- the eight attributes: each one's base value plus what the actor's abilities, powers and traits, and the gear it
  has active, add to it, as Foundry's sheet totals them (its temporary modifier is left out);
- Toughness: Strong, at least 10 (`symbaroum.toughness`), plus what the items add to it; Foundry works it out on
  its sheet and does not store it;
- temporary and permanent corruption, and the Experience not yet spent: the total less what artifacts, re-rolls and
  the actor's abilities, powers, traits, boons and burdens cost, as Foundry's sheet counts it;
- abilities and mystical powers at the highest of Novice, Adept and Master ticked; monstrous traits at I to III (a
  trait Foundry marks as having no levels, without one); boons, burdens and rituals, which have no level, as traits
  without one;
- weapons and armour matched to this game's rows by name, then by damage or protection, Impeding and the qualities
  this game's rows have (others cannot be stored on a row, so they are not compared): a row of the same name that
  differs is no match, and the review page says how it differs; a row an earlier import made of it ("Halberd
  (imported)") that agrees is. Armour that Foundry does not mark as worn is kept as carried, under the name the
  review gives it; equipment named as one of this game's weapons (the Buckler) is that weapon.
  Other gear is left out, each piece said in the notes.
"""

import re
from html import unescape

from django.db import transaction
from django.utils.html import strip_tags

from characters.foundry import (
    Draft,
    FoundryError,
    Item,
    RowsByName,
    actor_kind,
    actor_name,
    body,
    free_name,
    items_of,
    matching,
    part,
    refuse_unmakeable,
    text,
    unmakeable,
    whole,
)
from rules.engine import symbaroum
from rules.models import HIT_LOCATIONS, Armour, Property, Weapon
from systems.sheet_schema import CHARACTERISTICS, shown
from systems.symbaroum.commands import KEY
from systems.symbaroum.sheet import UNWORN_ARMOUR

# Foundry's weapon classes (a weapon's `reference`): this game's kind and group for each. A two-handed class is what
# this game's rows call the Heavy quality.
WEAPON_CLASSES = {
    "1handed": ("melee", "One-handed"),
    "short": ("melee", "Short"),
    "long": ("melee", "Long"),
    "shield": ("melee", "Shield"),
    "unarmed": ("melee", "Unarmed"),
    "heavy": ("melee", "Heavy"),
    "ranged": ("ranged", "Ranged"),
    "thrown": ("ranged", "Thrown"),
}
OTHER_WEAPON_CLASS = ("melee", "Other")
TWO_HANDED_CLASS, TWO_HANDED_QUALITY = "heavy", "Heavy"

# Foundry's quality flags, in the book's words; the flags saying which abilities a weapon suits are no qualities.
WEAPON_QUALITIES = {
    "acidcoated": "Acid Coated",
    "areaCone": "Area Effect",
    "areaMeleeRadius": "Area Effect",
    "areaShortRadius": "Area Effect",
    "balanced": "Balanced",
    "bane": "Bane",
    "bastard": "Bastard Weapon",
    "bloodLetting": "Blood-letting",
    "blunt": "Blunt",
    "concealed": "Concealed",
    "deathrune": "Death Rune",
    "deepImpact": "Deep Impact",
    "desecrated": "Desecrated",
    "ensnaring": "Ensnaring",
    "flaming": "Flaming",
    "hallowed": "Hallowed",
    "jointed": "Jointed",
    "long": "Long",
    "massive": "Massive",
    "mystical": "Mystical",
    "poison": "Poison",
    "precise": "Precise",
    "returning": "Returning",
    "short": "Short",
    "thundering": "Thundering",
    "unwieldy": "Unwieldy",
    "wrecking": "Wrecking",
}
ARMOUR_QUALITIES = {
    "concealed": "Concealed",
    "cumbersome": "Cumbersome",
    "desecrated": "Desecrated",
    "flexible": "Flexible",
    "hallowed": "Hallowed",
    "reinforced": "Reinforced",
    "retributive": "Retributive",
}

# The item types, as Foundry names them, that the sheet keeps by name.
LEVELLED = {"ability": "abilities", "mysticalPower": "abilities", "trait": "traits"}
WITHOUT_LEVEL = ("boon", "burden", "ritual")
GEAR = ("weapon", "armor", "equipment", "artifact")
WORN = "active"  # Foundry's state of gear in use: armour worn, a weapon in hand
CARRIED = "carried"  # an armour item's detail: Foundry has it not worn

# What learning costs in Experience as Foundry's sheet counts it (the core rulebook's prices): each level of an
# ability, power or trait, or a trait without levels; a boon's level; a burden's level gives Experience back.
# Rituals cost nothing there unless a world setting says otherwise.
LEVEL_COSTS = (10, 20, 30)
BOON_COST = 5
BURDEN_COST = -5

ROWS = {"weapon": Weapon, "armour": Armour}  # the kinds of Item this game matches to rules rows
LOCATIONS = [key for key, _ in HIT_LOCATIONS]  # Symbaroum armour covers the whole body
PARAGRAPH_END = re.compile(r"</p>|<br\s*/?>", re.IGNORECASE)  # Foundry keeps notes as HTML


def fits_shape(fields):
    """An export older than `_stats` is this game's when its fields hold the eight attributes."""
    stored = fields.get("attributes") if isinstance(fields, dict) else None
    return isinstance(stored, dict) and all(key in stored for key in symbaroum.ATTRIBUTES)


def read_actor(actor):
    kind = actor_kind(actor, ("player", "monster"), "player characters and monsters")
    name = actor_name(actor)
    fields = body(actor, name)
    items = items_of(actor)
    bonus = Bonuses(items)

    draft = Draft(system=KEY, name=name, is_npc=kind == "monster", max_wounds=0)
    draft.characteristics = attributes(fields, bonus)
    toughness = symbaroum.toughness(draft.characteristics["Strong"]) + bonus.of("toughness", "max")
    draft.max_wounds = whole(toughness, "Toughness with what the items add", 1)
    corruption = part(part(fields, "health", "The health"), "corruption", "The corruption")
    draft.points = {
        "corruption_temporary": whole(corruption.get("temporary", 0), "Temporary corruption"),
        "corruption_permanent": whole(corruption.get("permanent", 0), "Permanent corruption"),
        "experience": unspent_experience(fields, items, bonus),
    }
    remarks, learnt, rows = [], Learnt(), Rows()
    for item in items:
        read_item(draft, item, learnt, remarks, rows)
    draft.items += learnt.items()
    notes = fields.get("notes") or ""
    if not isinstance(notes, str):
        raise FoundryError(f"The character's notes should be text, not {shown(notes)}.")
    notes = unescape(strip_tags(PARAGRAPH_END.sub("\n", notes))).strip()
    draft.notes = "\n".join([*remarks, notes] if notes else remarks)
    return draft


def attributes(fields, bonus):
    stored = part(fields, "attributes", "The attributes")
    values = {}
    for key in symbaroum.ATTRIBUTES:
        word = symbaroum.CORE_NAMES[key]
        values[word] = whole(part(stored, key, word).get("value", 10), word) + bonus.of(key)
    problem = CHARACTERISTICS.problem(values)  # what no sheet of this game may hold, with what the items add
    if problem:
        raise FoundryError(problem)
    return values


class Bonuses:
    """What the actor's items add to attributes, Toughness and Experience, as Foundry's sheet adds them: abilities,
    powers, traits, boons, burdens and rituals always; gear only while active."""

    def __init__(self, items):
        self.sources = [
            (name, part(fields, "bonus", f"{name}'s bonuses"))
            for kind, name, fields in items
            if kind not in GEAR or fields.get("state") == WORN
        ]

    def of(self, *path):
        """The sum of every source's bonus at `path`: ("strong",), ("toughness", "max")."""
        total = 0
        for name, bonus in self.sources:
            for key in path[:-1]:
                bonus = part(bonus, key, f"{name}'s bonuses")
            total += whole(bonus.get(path[-1], 0), f"What {name} adds to {path[0].capitalize()}", -999)
        return total


def ticked(fields, name):
    """Whether the item has Novice, Adept and Master ticked, in that order."""
    return [bool(part(fields, level, f"{name}'s levels").get("isActive")) for level in ("novice", "adept", "master")]


def level_of(fields, name):
    """0 to 3: the highest level the item has ticked."""
    return max((number for number, on in enumerate(ticked(fields, name), 1) if on), default=0)


def unspent_experience(fields, items, bonus):
    """The total less artifacts and re-rolls, less what each item costs, plus the Experience items give back."""
    experience = part(fields, "experience", "The experience")
    total = whole(experience.get("total", 0), "Experience")
    spent = whole(experience.get("artifactrr", 0), "Experience spent on artifacts and re-rolls")
    for kind, name, item_fields in items:
        if kind == "trait" and item_fields.get("marker"):
            spent += LEVEL_COSTS[0]
        elif kind in LEVELLED:
            spent += sum(cost for cost, on in zip(LEVEL_COSTS, ticked(item_fields, name), strict=True) if on)
        elif kind in ("boon", "burden"):
            level = whole(item_fields.get("level", 1), f"The level of {name}")
            spent += level * (BOON_COST if kind == "boon" else BURDEN_COST)
    return max(0, min(total - spent + bonus.of("experience", "value"), 999))


class Learnt:
    """The abilities, powers and traits read, each once at the highest level the file gives it: the sheet keeps
    them by name, so each is an Item matched under its own name."""

    def __init__(self):
        self.abilities, self.traits = {}, {}

    def ability(self, name, level):
        self.abilities[name] = max(level, self.abilities.get(name, 0))

    def trait(self, name, level):
        """`level` 1 to 3, or True for none: a trait read twice keeps the higher level it has."""
        levels = [value for value in (self.traits.get(name), level) if type(value) is int]
        self.traits[name] = max(levels) if levels else True

    def items(self):
        return [
            *(Item("ability", name, match=name, value=symbaroum.ABILITY_LEVELS[level - 1])
              for name, level in self.abilities.items()),
            *(Item("trait", name, match=name, value=level) for name, level in self.traits.items()),
        ]  # fmt: skip


class Rows:
    """This game's weapons and armour, each with its qualities, and the qualities its rows can have: read once for a
    whole file."""

    def __init__(self):
        self.weapon = RowsByName(Weapon.objects.filter(system=KEY).prefetch_related("properties"))
        self.armour = RowsByName(Armour.objects.filter(system=KEY).prefetch_related("properties"))
        self.qualities = None

    def known_qualities(self, model):
        """The names of the qualities this game's rows of `model` can have."""
        if self.qualities is None:
            self.qualities = list(Property.objects.filter(system=KEY).values_list("name", "applies_to"))
        return {name for name, applies_to in self.qualities if applies_to in applies_to_of(model)}


def applies_to_of(model):
    return [Property.AppliesTo.BOTH, Property.AppliesTo.WEAPON if model is Weapon else Property.AppliesTo.ARMOUR]


def read_item(draft, item, learnt, remarks, rows):
    kind, name, fields = item
    if kind in LEVELLED:
        level = level_of(fields, name)
        if kind == "trait":
            learnt.trait(name, True if fields.get("marker") or not level else level)
        elif level:
            learnt.ability(name, level)
        else:
            remarks.append(f"{name} has no level ticked in Foundry and was left out.")
    elif kind in WITHOUT_LEVEL:
        learnt.trait(name, True)
    elif kind == "weapon":
        draft.items.append(weapon_item(name, fields, rows))
    elif kind == "armor":
        armour = armour_item(name, fields, rows)
        draft.items.append(armour)
        if fields.get("state") != WORN:
            armour.details[CARRIED] = True  # the review names an unmatched one: `item_saved` marks it then
            if armour.match:
                item_saved(draft, armour, armour.match)
    elif kind == "equipment" and (weapon := rows.weapon.named(name)):
        # Foundry's own items give the Buckler as equipment adding to Defence; this game's rows have it as a weapon.
        draft.items.append(Item("weapon", name, match=weapon.name))
    else:
        in_use = " (what it adds in use is counted in the attributes)" if fields.get("state") == WORN else ""
        remarks.append(f"{name} ({kind}) is gear the tracker does not list and was left out{in_use}.")


def qualities_of(fields, words, name):
    flags = part(fields, "qualities", f"{name}'s qualities")
    return sorted({words[flag] for flag, on in flags.items() if on and flag in words})


def dice_of(fields, base_field, bonus_field, name, what):
    base, extra = text(fields.get(base_field), f"{name}'s {what}", 20), text(fields.get(bonus_field), name, 20)
    extra = extra.replace(" ", "")
    return (base.strip() + (extra if not extra or extra[0] in "+-" else f"+{extra}")).lower()


def weapon_item(name, fields, rows):
    reference = fields.get("reference")
    kind, group = (
        WEAPON_CLASSES.get(reference, OTHER_WEAPON_CLASS) if isinstance(reference, str) else OTHER_WEAPON_CLASS
    )
    qualities = qualities_of(fields, WEAPON_QUALITIES, name)
    if reference == TWO_HANDED_CLASS:
        qualities = sorted({*qualities, TWO_HANDED_QUALITY})
    details = {"kind": kind, "group": group, "damage": dice_of(fields, "baseDamage", "bonusDamage", name, "damage"),
               "qualities": qualities}  # fmt: skip
    compared = {**details, "qualities": sorted(set(qualities) & rows.known_qualities(Weapon))}

    def differences(row):
        ours = {"kind": row.kind, "damage": row.damage_dice, "qualities": names_of(row.properties.all())}
        return [
            *differ(ours, compared, "kind", "is a {} weapon"),
            *differ(ours, compared, "damage", "deals {}"),
            *quality_differences(ours["qualities"], compared["qualities"]),
        ]

    return matched_item("weapon", name, details, rows.weapon, differences)


def armour_item(name, fields, rows):
    details = {
        "protection": dice_of(fields, "baseProtection", "bonusProtection", name, "protection"),
        "impeding": whole(fields.get("impeding", 0), f"{name}'s Impeding"),
        "qualities": qualities_of(fields, ARMOUR_QUALITIES, name),
    }
    compared = {**details, "qualities": sorted(set(details["qualities"]) & rows.known_qualities(Armour))}

    def differences(row):
        ours = {"protection": row.protection_dice, "impeding": row.impeding,
                "qualities": names_of(row.properties.all())}  # fmt: skip
        return [
            *differ(ours, compared, "protection", "protects with {}"),
            *differ(ours, compared, "impeding", "impedes {}"),
            *quality_differences(ours["qualities"], compared["qualities"]),
        ]

    return matched_item("armour", name, details, rows.armour, differences)


def names_of(rows):
    return sorted(row.name for row in rows)


def matched_item(kind, name, details, rows, differences):
    """The item matched to the row of its name, or to a copy an earlier import made of it, that agrees with the
    file; else unmatched, saying how this game's row of that name differs, and whether a new row can be made."""
    row, found = matching(rows.candidates(name), differences)
    if row is not None:
        return Item(kind, name, match=row.name, details=details)
    why = f"this game's {rows.candidates(name)[0].name} differs: {'; '.join(found)}" if found else \
        f"no {kind} of this game is named {name}"  # fmt: skip
    item = Item(kind, name, details=details, why=why)
    item.cannot_create = unmakeable(new_row(item, name))
    return item


def differ(ours, theirs, key, words):
    if ours[key] == theirs[key]:
        return []
    return [f"it {words.format(ours[key] or 'nothing')}, the file's {words.format(theirs[key] or 'nothing')}"]


def quality_differences(ours, theirs):
    only_ours, only_theirs = sorted(set(ours) - set(theirs)), sorted(set(theirs) - set(ours))
    return [
        *([f"only this game's is {', '.join(only_ours)}"] if only_ours else []),
        *([f"only the file's is {', '.join(only_theirs)}"] if only_theirs else []),
    ]


def choices(kind):
    model = ROWS.get(kind)
    return list(model.objects.filter(system=KEY).values_list("name", flat=True)) if model else []


def new_row(item, name):
    """The unsaved row of this game the file's weapon or armour would be, under `name`. Qualities this game's rows
    do not have are written in its description."""
    model = ROWS.get(item.kind)
    if model is None:
        raise FoundryError(f"{item.name}: only weapons and armour can be made as new rows of this game.")
    details = item.details if isinstance(item.details, dict) else {}
    row = model(system=KEY, name=name, source="Imported from a Foundry VTT character", customised=True)
    if model is Weapon:
        row.kind, row.group = details.get("kind"), details.get("group")
        row.damage, row.adds_strength_bonus, row.damage_dice = 0, False, details.get("damage")
    else:
        row.locations, row.points = LOCATIONS, 0
        row.protection_dice, row.impeding = details.get("protection"), details.get("impeding")
    return row


def create_item(item):
    """A new weapon or armour row of this game from what the file says of it, with the qualities this game's rows
    have; returns its name, which has "(imported)" added when a row of this game has the file's name already."""
    row = new_row(item, item.name)
    refuse_unmakeable(item, item.cannot_create)
    qualities = item.details.get("qualities", []) if isinstance(item.details, dict) else []
    if not isinstance(qualities, list) or not all(isinstance(quality, str) for quality in qualities):
        raise FoundryError(f"{item.name}: its qualities should be a list of names.")
    model = type(row)
    known = list(Property.objects.filter(system=KEY, name__in=qualities, applies_to__in=applies_to_of(model)))
    unknown = sorted(set(qualities) - {quality.name for quality in known})
    row.name = free_name(model.objects.filter(system=KEY), item.name)
    row.description = f"Qualities this game's rules do not count: {', '.join(unknown)}." if unknown else ""
    refuse_unmakeable(item, unmakeable(row))
    with transaction.atomic():
        row.save()
        row.properties.set(known)
    return row.name


def item_saved(draft, item, name):
    """Armour Foundry does not mark as worn is carried under the name it is stored with."""
    if item.kind == "armour" and isinstance(item.details, dict) and item.details.get(CARRIED):
        draft.points.setdefault(UNWORN_ARMOUR, {})[name] = 1
