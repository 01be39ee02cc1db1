"""A character from the WFRP 4e system of Foundry VTT (its "Export Data" of one actor) read into a Draft.

The shapes read are those of that system's data models: an actor's `characteristics` (each `initial`, `advances`,
`modifier`), `status` (wounds, and for a character fate, fortune, resilience and resolve); a skill's `advances`, a
weapon's `damage`, `weaponGroup`, `reach`, `range`, `qualities` and `flaws`, an armour's `AP` per location, a trait's
`specification` and a talent's `advances` (times taken). Older exports hold the same under `data`.
"""

import re

from characters.foundry import (
    Draft,
    FoundryError,
    Item,
    body,
    free_name,
    items_of,
    name_among,
    part,
    row_named,
    text,
    whole,
)
from rules.engine import wfrp4e
from rules.engine.wfrp4e_house import MOMENTUM_TALENTS
from rules.models import Armour, Characteristic, Property, Skill, Weapon
from systems.sheet_schema import shown
from systems.wfrp4e.commands import KEY
from systems.wfrp4e.sheet import POINTS

CHARACTERISTICS = {
    "ws": "WS", "bs": "BS", "s": "S", "t": "T", "i": "I", "ag": "Ag", "dex": "Dex", "int": "Int", "wp": "WP",
    "fel": "Fel",
}  # fmt: skip
# Foundry's weapon groups, as the tracker's weapons and skills name them; the melee ones, the others are ranged.
GROUPS = {
    "basic": "Basic", "cavalry": "Cavalry", "fencing": "Fencing", "brawling": "Brawling", "flail": "Flail",
    "parry": "Parry", "polearm": "Polearm", "twohanded": "Two-Handed", "blackpowder": "Blackpowder", "bow": "Bow",
    "crossbow": "Crossbow", "entangling": "Entangling", "engineering": "Engineering", "explosives": "Explosives",
    "sling": "Sling", "throwing": "Throwing",
}  # fmt: skip
REACHES = {
    "personal": "Personal", "vshort": "Very Short", "short": "Short", "average": "Average", "long": "Long",
    "vlong": "Very Long", "massive": "Massive",
}  # fmt: skip
MELEE_GROUPS = {"basic", "cavalry", "fencing", "brawling", "flail", "parry", "polearm", "twohanded"}
LOCATIONS = {
    "head": "head",
    "body": "body",
    "lArm": "left_arm",
    "rArm": "right_arm",
    "lLeg": "left_leg",
    "rLeg": "right_leg",
}
ACTORS = ("character", "npc", "creature")
# The traits the tracker plays (seed 002 "Champion"; the In-fighter the book's rules read), matched by name.
KNOWN_TRAITS = ("Champion", wfrp4e.IN_FIGHTER)
# "SB+4", "+SB+4", "SB + 1", "+8", "9": the strength bonus added or not, and the number.
DAMAGE = re.compile(r"^\+?\s*(?P<sb>SB)?\s*(?P<number>[+-]?\s*\d{1,3})?$", re.IGNORECASE)


def key_of(value):
    """A choice's key as the file names it; None for anything but a text (a list or a number names no choice)."""
    return value if isinstance(value, str) else None


def fits_shape(fields):
    characteristics = fields.get("characteristics")
    return isinstance(characteristics, dict) and "ws" in characteristics and "fel" in characteristics


def read_actor(actor):
    kind = actor.get("type")
    if kind not in ACTORS:
        raise FoundryError(f"This Foundry VTT actor is a {text(kind, 'Its type', 40)}; only characters, NPCs and "
                           "creatures can be imported.")  # fmt: skip
    name = text(actor.get("name"), "The character's name", 120, blank=False)
    fields = body(actor, name)
    status = part(fields, "status", "The status")
    draft = Draft(
        system=KEY,
        name=name,
        is_npc=kind != "character",
        max_wounds=whole(part(status, "wounds", "Wounds").get("max", 0), "Wounds (max)"),
        characteristics=characteristics(part(fields, "characteristics", "The characteristics")),
        points={key: whole(part(status, key, key.title()).get("value", 0), key.title()) for key in POINTS
                if key in status},
    )  # fmt: skip
    for kind, item_name, item in items_of(actor):
        reader = READERS.get(kind)
        read = reader(item_name, item) if reader else None
        if read is not None:
            draft.items.append(read)
    return draft


def characteristics(fields):
    """Each characteristic as moo-man's model works it out: initial + advances + modifier."""
    values = {}
    for key, abbreviation in CHARACTERISTICS.items():
        characteristic = part(fields, key, abbreviation)
        parts = [
            whole(characteristic.get(p, 0), f"{abbreviation} ({p})", -999, 999)
            for p in ("initial", "advances", "modifier")
        ]
        values[abbreviation] = whole(sum(parts), abbreviation, 0, 200)
    return values


def read_skill(name, fields):
    advances = whole(part(fields, "advances", f"{name}'s advances").get("value", 0) or 0, f"{name}'s advances")
    advanced = part(fields, "advanced", name).get("value") == "adv"
    if not advances and not advanced:
        return None  # a basic skill untrained: its characteristic alone, as the sheet reads it without a row
    row = row_named(Skill.objects.filter(system=KEY), name)
    characteristic = CHARACTERISTICS.get(key_of(part(fields, "characteristic", name).get("value")), "WS")
    return Item(
        "skill",
        name,
        match=row.name if row else None,
        value=advances,
        details={"characteristic": characteristic, "advanced": advanced},
        why="" if row else f"no skill of this game is named {name}",
    )


def read_weapon(name, fields):
    group_key = key_of(part(fields, "weaponGroup", f"{name}'s group").get("value")) or "basic"
    if group_key not in GROUPS:
        return Item("weapon", name, why=f"its group {group_key[:40]} is none this tracker plays")
    damage_text = text(str(part(fields, "damage", f"{name}'s damage").get("value") or "0"), f"{name}'s damage", 40)
    damage = DAMAGE.match(damage_text)
    if damage is None:
        return Item("weapon", name, why=f"its damage {damage_text} is none this tracker reads")
    number = int((damage["number"] or "0").replace(" ", ""))
    details = {
        "kind": "melee" if group_key in MELEE_GROUPS else "ranged",
        "group": GROUPS[group_key],
        "damage": number,
        "adds_strength_bonus": bool(damage["sb"]),
        "reach": REACHES.get(key_of(part(fields, "reach", name).get("value")), ""),
        "range": text(str(part(fields, "range", name).get("value") or ""), f"{name}'s range", 40),
        "properties": properties(name, fields),
    }
    row = row_named(Weapon.objects.filter(system=KEY), name)
    if row is None:
        return Item("weapon", name, details=details, why=f"no weapon of this game is named {name}")
    ours = (row.damage, row.adds_strength_bonus, row.group)
    if ours != (details["damage"], details["adds_strength_bonus"], details["group"]):
        theirs = Weapon(damage=number, adds_strength_bonus=details["adds_strength_bonus"])
        why = (f"this game's {row.name} does {row.damage_label} ({row.group}); the file's does "
               f"{theirs.damage_label} ({details['group']})")  # fmt: skip
        return Item("weapon", name, details=details, why=why)
    return Item("weapon", name, match=row.name, details=details)


def properties(name, fields):
    """The qualities and flaws the tracker knows, by its names: {name: rating or None}."""
    known = {row.name.casefold(): row.name for row in Property.objects.filter(system=KEY)}
    found = {}
    for group in ("qualities", "flaws"):
        listed = part(fields, group, f"{name}'s {group}").get("value", [])
        if not isinstance(listed, list):
            raise FoundryError(f"{name}'s {group} should be a list, not {shown(listed)}.")
        for entry in listed:
            key = entry.get("name") if isinstance(entry, dict) else None
            if isinstance(key, str) and key.casefold() in known:
                rating = entry.get("value")
                found[known[key.casefold()]] = rating if type(rating) is int and 0 < rating < 100 else None
    return found


def read_armour(name, fields):
    points = part(fields, "AP", f"{name}'s AP")
    covered = {LOCATIONS[key]: whole(value, f"{name}'s AP ({key})", 0, 99) for key, value in points.items()
               if key in LOCATIONS}  # fmt: skip
    covered = {location: ap for location, ap in covered.items() if ap}
    if not covered:
        return None  # a shield's or clothing's: no Armour Points to any location
    locations = [key for key in LOCATIONS.values() if key in covered]
    details = {"locations": locations, "points": max(covered.values())}
    row = row_named(Armour.objects.filter(system=KEY), name)
    if row is None:
        return Item("armour", name, details=details, why=f"no armour of this game is named {name}")
    if (set(row.locations), row.points) != (set(locations), details["points"]):
        why = f"this game's {row.name} gives {row.points} AP to {', '.join(row.locations)}; the file's " \
              f"{details['points']} AP to {', '.join(locations)}"  # fmt: skip
        return Item("armour", name, details=details, why=why)
    return Item("armour", name, match=row.name, details=details)


def read_trait(name, fields):
    specification = part(fields, "specification", name).get("value")
    rating = int(specification) if isinstance(specification, str) and specification.strip().isdigit() else None
    if type(specification) is int:
        rating = specification
    value = whole(rating, f"{name}'s rating") if rating is not None else True
    known = name_among(KNOWN_TRAITS, name)
    return Item("trait", name, match=known, value=value, why="" if known else f"the tracker plays no trait {name}")


def read_talent(name, fields):
    taken = whole(part(fields, "advances", name).get("value", 1) or 1, f"How often {name} is taken", 1, 99)
    known = name_among(MOMENTUM_TALENTS, name)
    return Item(
        "talent", name, match=known, value=str(taken), why="" if known else f"the tracker plays no talent {name}"
    )


READERS = {
    "skill": read_skill,
    "weapon": read_weapon,
    "armour": read_armour,
    "trait": read_trait,
    "talent": read_talent,
}


def choices(kind):
    rows = {"weapon": Weapon, "armour": Armour, "skill": Skill}
    if kind in rows:
        return list(rows[kind].objects.filter(system=KEY).order_by("name").values_list("name", flat=True))
    return list({"trait": KNOWN_TRAITS, "talent": MOMENTUM_TALENTS}.get(kind, ()))


def create_item(item):
    """A new rules row for an unmatched weapon, armour or skill, under its name or, when a row has that name, one
    marked as imported; returns the name."""
    details = item.details
    model = {"weapon": Weapon, "armour": Armour, "skill": Skill}[item.kind]
    name = free_name(model.objects.filter(system=KEY), item.name)
    if item.kind == "weapon":
        row = Weapon(system=KEY, name=name, source="Imported from Foundry VTT", ratings={}, **{
            key: details[key] for key in ("kind", "group", "damage", "adds_strength_bonus", "reach", "range")
        })  # fmt: skip
        row.ratings = {key: rating for key, rating in details["properties"].items() if rating}
        row.full_clean()
        row.save()
        row.properties.set(Property.objects.filter(system=KEY, name__in=list(details["properties"])))
    elif item.kind == "armour":
        row = Armour(system=KEY, name=name, source="Imported from Foundry VTT", locations=details["locations"],
                     points=details["points"])  # fmt: skip
        row.full_clean()
        row.save()
    else:
        characteristic = Characteristic.objects.get(system=KEY, name=details["characteristic"])
        row = Skill(system=KEY, name=name, source="Imported from Foundry VTT", characteristic=characteristic,
                    advanced=details["advanced"])  # fmt: skip
        row.full_clean()
        row.save()
    return row.name
