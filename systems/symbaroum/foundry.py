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
- weapons and armour matched to this game's rows by name, then by damage or protection, Impeding and qualities: a
  row of the same name that differs is no match, and the review page says how it differs. Armour that Foundry does
  not mark as worn is kept as carried.
"""

import re
from html import unescape

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.html import strip_tags

from characters.foundry import (
    LARGEST_NUMBER,
    Draft,
    FoundryError,
    Item,
    body_of,
    field_of,
    items_of,
    row_named,
    text_of,
    whole_number_of,
)
from rules.engine import symbaroum
from rules.models import HIT_LOCATIONS, Armour, Property, Weapon
from systems.sheet_schema import CHARACTERISTICS
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

# What learning costs in Experience as Foundry's sheet counts it (the core rulebook's prices): each level of an
# ability, power or trait, or a trait without levels; a boon's level; a burden's level gives Experience back.
# Rituals cost nothing there unless a world setting says otherwise.
LEVEL_COSTS = (10, 20, 30)
BOON_COST = 5
BURDEN_COST = -5

LOCATIONS = [key for key, _ in HIT_LOCATIONS]  # Symbaroum armour covers the whole body
PARAGRAPH_END = re.compile(r"</p>|<br\s*/?>", re.IGNORECASE)  # Foundry keeps notes as HTML


def read_actor(actor):
    if not isinstance(actor, dict):
        raise FoundryError("The file should hold one Foundry actor, not a list or a value.")
    body = body_of(actor, "The character")
    name = text_of(actor.get("name"), "The character's name", longest=120)
    kind = actor.get("type")
    if kind not in ("player", "monster"):
        raise FoundryError(f"{name} is a Foundry {kind!r}, neither a player character nor a monster.")
    items = items_of(actor)
    for item in items:
        body_of(item, item["name"])
    bonus = Bonuses(items)

    draft = Draft(system=KEY, name=name, is_npc=kind == "monster", max_wounds=0)
    draft.characteristics = attributes(body, bonus)
    draft.max_wounds = whole_number_of(
        symbaroum.toughness(draft.characteristics["Strong"]) + bonus.of("toughness", "max"), "Toughness", 1
    )
    draft.points = {
        "corruption_temporary": counter(body, "Temporary corruption", "health", "corruption", "temporary"),
        "corruption_permanent": counter(body, "Permanent corruption", "health", "corruption", "permanent"),
        "experience": unspent_experience(body, items, bonus),
    }
    remarks = []
    for item in items:
        read_item(draft, item, remarks)
    notes = body.get("notes") or ""
    if not isinstance(notes, str):
        raise FoundryError("The character's notes should be text.")
    notes = unescape(strip_tags(PARAGRAPH_END.sub("\n", notes))).strip()
    draft.notes = "\n".join([*remarks, notes] if notes else remarks)
    return draft


def attributes(body, bonus):
    stored = field_of(body, "attributes", what="The attributes", default={})
    if not isinstance(stored, dict):
        raise FoundryError("The attributes should be a set of named values.")
    values = {}
    for key in symbaroum.ATTRIBUTES:
        word = symbaroum.CORE_NAMES[key]
        base = whole_number_of(field_of(stored, key, "value", what=word, default=10), word)
        values[word] = base + bonus.of(key)
    problem = CHARACTERISTICS.problem(values)  # what no sheet of this game may hold, with what the items add
    if problem:
        raise FoundryError(problem)
    return values


def counter(body, word, *path):
    return whole_number_of(field_of(body, *path, what=word, default=0), word)


class Bonuses:
    """What the actor's items add to attributes and Toughness, as Foundry's sheet adds them: abilities, powers,
    traits, boons, burdens and rituals always; gear only while active."""

    def __init__(self, items):
        self.sources = [
            (item["name"], field_of(body_of(item, item["name"]), "bonus", what=f"{item['name']}'s bonuses", default={}))
            for item in items
            if item["type"] not in GEAR or field_of(body_of(item, item["name"]), "state", what=item["name"]) == WORN
        ]

    def of(self, *path):
        return sum(
            whole_number_of(
                field_of(bonus, *path, what=f"{name}'s bonuses", default=0),
                f"What {name} adds to {path[0].capitalize()}",
                -LARGEST_NUMBER,
            )
            for name, bonus in self.sources
        )


def ticked(body, name):
    """Whether the item has Novice, Adept and Master ticked, in that order."""
    return [bool(field_of(body, level, "isActive", what=f"{name}'s levels")) for level in ("novice", "adept", "master")]


def level_of(body, name):
    """0 to 3: the highest level the item has ticked."""
    return max((number for number, on in enumerate(ticked(body, name), 1) if on), default=0)


def unspent_experience(body, items, bonus):
    """The total less artifacts and re-rolls, less what each item costs, plus the Experience items give back."""
    total = counter(body, "Experience", "experience", "total")
    spent = counter(body, "Experience spent on artifacts and re-rolls", "experience", "artifactrr")
    for item in items:
        name, kind, item_body = item["name"], item["type"], body_of(item, item["name"])
        if kind == "trait" and item_body.get("marker"):
            spent += LEVEL_COSTS[0]
        elif kind in LEVELLED:
            spent += sum(cost for cost, on in zip(LEVEL_COSTS, ticked(item_body, name), strict=True) if on)
        elif kind in ("boon", "burden"):
            level = whole_number_of(item_body.get("level", 1), f"The level of {name}")
            spent += level * (BOON_COST if kind == "boon" else BURDEN_COST)
    return max(0, min(total - spent + bonus.of("experience", "value"), LARGEST_NUMBER))


def read_item(draft, item, remarks):
    name, kind, body = item["name"].strip(), item["type"], body_of(item, item["name"])
    if kind in LEVELLED:
        level = level_of(body, name)
        if kind == "trait" and (body.get("marker") or not level):
            draft.traits[name] = True
        elif not level:
            remarks.append(f"{name} has no level ticked in Foundry and was left out.")
        elif LEVELLED[kind] == "traits":
            draft.traits[name] = max(level, draft.traits.get(name) or 0)
        else:
            known = symbaroum.ABILITY_LEVELS.index(draft.abilities[name]) + 1 if name in draft.abilities else 0
            draft.abilities[name] = symbaroum.ABILITY_LEVELS[max(level, known) - 1]
    elif kind in WITHOUT_LEVEL:
        draft.traits[name] = True
    elif kind == "weapon":
        draft.items.append(weapon_item(name, body))
    elif kind == "armor":
        armour = armour_item(name, body)
        draft.items.append(armour)
        if field_of(body, "state", what=name) != WORN:
            if armour.match:
                draft.points.setdefault(UNWORN_ARMOUR, {})[armour.match] = 1
            else:
                remarks.append(f"{name} is not worn in Foundry: mark it carried on the sheet.")
    else:
        in_use = " (what it adds in use is counted in the attributes)" if body.get("state") == WORN else ""
        remarks.append(f"{name} ({kind}) is gear the tracker does not list and was left out{in_use}.")


def qualities_of(body, words, name):
    flags = field_of(body, "qualities", what=f"{name}'s qualities", default={})
    if not isinstance(flags, dict):
        raise FoundryError(f"{name}'s qualities should be a set of named flags.")
    return sorted({words[flag] for flag, on in flags.items() if on and flag in words})


def dice_of(body, base_field, bonus_field, name, what):
    base = field_of(body, base_field, what=name, default="")
    extra = field_of(body, bonus_field, what=name, default="")
    if not isinstance(base, str) or not isinstance(extra, str):
        raise FoundryError(f"{name}'s {what} should be dice in words, like 1d8.")
    extra = extra.replace(" ", "")
    return (base.strip() + (extra if not extra or extra[0] in "+-" else f"+{extra}")).lower()


def weapon_item(name, body):
    reference = str(field_of(body, "reference", what=name, default=""))
    kind, group = WEAPON_CLASSES.get(reference, OTHER_WEAPON_CLASS)
    qualities = qualities_of(body, WEAPON_QUALITIES, name)
    if reference == TWO_HANDED_CLASS:
        qualities = sorted({*qualities, TWO_HANDED_QUALITY})
    details = {"kind": kind, "group": group, "damage": dice_of(body, "baseDamage", "bonusDamage", name, "damage"),
               "qualities": qualities}  # fmt: skip
    row = row_named(Weapon, KEY, name)
    if row is None:
        return Item("weapon", name, details=details, why=f"No weapon of this game is named {name}.")
    ours = {"kind": row.kind, "damage": row.damage_dice, "qualities": sorted(p.name for p in row.properties.all())}
    differences = [
        *differ(ours, details, "kind", "is a {} weapon"),
        *differ(ours, details, "damage", "deals {}"),
        *quality_differences(ours["qualities"], qualities),
    ]
    if differences:
        return Item("weapon", name, details=details, why=f"This game's {row.name} differs: {'; '.join(differences)}.")
    return Item("weapon", name, match=row.name, details=details)


def armour_item(name, body):
    details = {
        "protection": dice_of(body, "baseProtection", "bonusProtection", name, "protection"),
        "impeding": whole_number_of(body.get("impeding", 0), f"{name}'s Impeding"),
        "qualities": qualities_of(body, ARMOUR_QUALITIES, name),
    }
    row = row_named(Armour, KEY, name)
    if row is None:
        return Item("armour", name, details=details, why=f"No armour of this game is named {name}.")
    ours = {
        "protection": row.protection_dice,
        "impeding": row.impeding,
        "qualities": sorted(p.name for p in row.properties.all()),
    }
    differences = [
        *differ(ours, details, "protection", "protects with {}"),
        *differ(ours, details, "impeding", "impedes {}"),
        *quality_differences(ours["qualities"], details["qualities"]),
    ]
    if differences:
        return Item("armour", name, details=details, why=f"This game's {row.name} differs: {'; '.join(differences)}.")
    return Item("armour", name, match=row.name, details=details)


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
    model = {"weapon": Weapon, "armour": Armour}.get(kind)
    return list(model.objects.filter(system=KEY).values_list("name", flat=True)) if model else []


def create_item(item):
    """A new weapon or armour row of this game from what the file says of it; returns its name, which has
    "(imported)" added when a row of this game has the file's name already. Qualities this game's rows do not have
    are written in its description."""
    model = {"weapon": Weapon, "armour": Armour}.get(item.kind)
    if model is None:
        raise FoundryError(f"{item.name}: only weapons and armour can be made as new rows of this game.")
    details = item.details if isinstance(item.details, dict) else {}
    qualities = details.get("qualities", [])
    if not isinstance(qualities, list) or not all(isinstance(quality, str) for quality in qualities):
        raise FoundryError(f"{item.name}: its qualities should be a list of names.")
    applies_to = [Property.AppliesTo.BOTH, Property.AppliesTo.WEAPON if model is Weapon else Property.AppliesTo.ARMOUR]
    known = list(Property.objects.filter(system=KEY, name__in=qualities, applies_to__in=applies_to))
    unknown = sorted(set(qualities) - {quality.name for quality in known})
    row = model(
        system=KEY,
        name=free_name(model, item.name),
        description=f"Qualities this game's rules do not count: {', '.join(unknown)}." if unknown else "",
        source="Imported from a Foundry VTT character",
        customised=True,
    )
    if model is Weapon:
        row.kind, row.group = details.get("kind"), details.get("group")
        row.damage, row.adds_strength_bonus, row.damage_dice = 0, False, details.get("damage")
    else:
        row.locations, row.points = LOCATIONS, 0
        row.protection_dice, row.impeding = details.get("protection"), details.get("impeding")
    try:
        row.full_clean()
    except ValidationError as error:
        problems = " ".join(message for messages in error.message_dict.values() for message in messages)
        raise FoundryError(f"{item.name} cannot be made as the file has it: {problems}") from None
    with transaction.atomic():
        row.save()
        row.properties.set(known)
    return row.name


def free_name(model, name):
    name = name.strip()[:80]
    taken = set(model.objects.filter(system=KEY, name__istartswith=name).values_list("name", flat=True))
    taken = {existing.lower() for existing in taken}
    candidates = [name, f"{name} (imported)", *(f"{name} (imported {number})" for number in range(2, 1000))]
    return next(candidate for candidate in candidates if candidate.lower() not in taken)
