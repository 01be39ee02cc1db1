"""A character from the WFRP 4e system of Foundry VTT (its "Export Data" of one actor) read into a Draft.

The shapes read are those of that system's data models: an actor's `characteristics` (each `initial`, `advances`,
`modifier`), `status` (wounds, and for a character fate, fortune, resilience and resolve); a skill's `advances`, a
weapon's `damage`, `weaponGroup`, `reach`, `range`, `qualities` and `flaws`, an armour's `AP` per location, a trait's
`specification` and a talent's `advances` (times taken). Older exports hold the same under `data`.
"""

import re

from characters.foundry import (
    Draft,
    Item,
    RowsByName,
    actor_kind,
    actor_name,
    body,
    free_name,
    items_of,
    matching,
    name_among,
    part,
    refusal,
    refuse_unmakeable,
    text,
    unmakeable,
    whole,
)
from rules.engine import wfrp4e
from rules.engine.wfrp4e_house import MOMENTUM_TALENTS
from rules.models import Armour, Characteristic, Property, Skill, Weapon
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
# A creature's traits that are gear in the tracker's rules (seed 002 "Attack": damage and Armour Points): Armour (N)
# gives N AP on every location, Weapon (N) is a melee attack of damage N (the rating counts the creature's Strength
# Bonus already, as the bestiary gives it).
ARMOUR_TRAIT, WEAPON_TRAIT = "Armour", "Weapon"
NATURAL_ARMOUR, CREATURE_WEAPON = "Natural Armour {}", "Creature Weapon +{}"
# "SB+4", "+SB+4", "SB + 1", "+8", "9": the strength bonus added or not, and the number.
DAMAGE = re.compile(r"^\+?\s*(?P<sb>SB)?\s*(?P<number>[+-]?\s*\d{1,3})?$", re.IGNORECASE)


def key_of(value):
    """A choice's key as the file names it; None for anything but a text (a list or a number names no choice)."""
    return value if isinstance(value, str) else None


def fits_shape(fields):
    characteristics = fields.get("characteristics")
    return isinstance(characteristics, dict) and "ws" in characteristics and "fel" in characteristics


def read_actor(actor):
    kind = actor_kind(actor, ACTORS, "characters, NPCs and creatures")
    name = actor_name(actor)
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
    rows = {
        "skill": RowsByName(Skill.objects.filter(system=KEY)),
        "weapon": RowsByName(Weapon.objects.filter(system=KEY)),
        "armour": RowsByName(Armour.objects.filter(system=KEY)),
        "property": RowsByName(Property.objects.filter(system=KEY)),
    }
    for kind, item_name, item in items_of(actor):
        reader = READERS.get(kind)
        read = reader(item_name, item, rows) if reader else None
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


def read_skill(name, fields, rows):
    advances = whole(part(fields, "advances", f"{name}'s advances").get("value", 0) or 0, f"{name}'s advances")
    advanced = part(fields, "advanced", name).get("value") == "adv"
    if not advances and not advanced:
        return None  # a basic skill untrained: its characteristic alone, as the sheet reads it without a row
    row = rows["skill"].named(name)
    characteristic = CHARACTERISTICS.get(key_of(part(fields, "characteristic", name).get("value")), "WS")
    return Item(
        "skill",
        name,
        match=row.name if row else None,
        value=advances,
        details={"characteristic": characteristic, "advanced": advanced},
        why="" if row else f"no skill of this game is named {name}",
    )


def read_weapon(name, fields, rows):
    group_key = key_of(part(fields, "weaponGroup", f"{name}'s group").get("value")) or "basic"
    if group_key not in GROUPS:
        why = f"its group {group_key[:40]} is none this tracker plays"
        return Item("weapon", name, why=why, cannot_create=why)
    damage_text = text(str(part(fields, "damage", f"{name}'s damage").get("value") or "0"), f"{name}'s damage", 40)
    damage = DAMAGE.match(damage_text)
    if damage is None:
        why = f"its damage {damage_text} is none this tracker reads"
        return Item("weapon", name, why=why, cannot_create=why)
    details = {
        "kind": "melee" if group_key in MELEE_GROUPS else "ranged",
        "group": GROUPS[group_key],
        "damage": int((damage["number"] or "0").replace(" ", "")),
        "adds_strength_bonus": bool(damage["sb"]),
        "reach": REACHES.get(key_of(part(fields, "reach", name).get("value")), ""),
        "range": text(str(part(fields, "range", name).get("value") or ""), f"{name}'s range", 40),
        "properties": properties(name, fields, rows["property"]),
    }
    return weapon_item(name, details, rows)


def weapon_item(name, details, rows):
    """The weapon matched to the row of its name, or a copy made by an earlier import, that agrees with it on damage
    and group; else unmatched, saying how this game's row of that name differs."""
    theirs = Weapon(damage=details["damage"], adds_strength_bonus=details["adds_strength_bonus"])

    def differences(row):
        if (row.damage, row.adds_strength_bonus, row.group) == (theirs.damage, theirs.adds_strength_bonus,
                                                                details["group"]):  # fmt: skip
            return []
        return [f"this game's {row.name} does {row.damage_label} ({row.group}); the file's does "
                f"{theirs.damage_label} ({details['group']})"]  # fmt: skip

    return matched_item("weapon", name, details, rows, differences)


def matched_item(kind, name, details, rows, differences):
    row, found = matching(rows[kind].candidates(name), differences)
    if row is not None:
        return Item(kind, name, match=row.name, details=details)
    item = Item(kind, name, details=details, why=found[0] if found else f"no {kind} of this game is named {name}")
    item.cannot_create = unmakeable(new_row(item, item.name), exclude=["characteristic"])
    return item


def properties(name, fields, known):
    """The qualities and flaws the tracker knows, by its names: {name: rating or None}."""
    found = {}
    for group in ("qualities", "flaws"):
        listed = part(fields, group, f"{name}'s {group}").get("value", [])
        if isinstance(listed, str):  # exports of 2020 and before: "Fast, Impale, Shield 2"
            listed = [written(entry) for entry in listed.split(",") if entry.strip()]
        if not isinstance(listed, list):
            raise refusal(f"{name}'s {group}", "a list", listed)
        for entry in listed:
            key = entry.get("name") if isinstance(entry, dict) else None
            row = known.named(key) if isinstance(key, str) else None
            if row is not None:
                rating = entry.get("value")
                found[row.name] = rating if type(rating) is int and 0 < rating < 100 else None
    return found


def written(entry):
    """A quality as older exports wrote it ("Shield 2") in the shape newer ones store it."""
    named, _, rating = entry.strip().rpartition(" ")
    return {"name": named, "value": int(rating)} if named and rating.isdigit() else {"name": entry.strip()}


def read_armour(name, fields, rows):
    points = part(fields, "AP", f"{name}'s AP")
    covered = {LOCATIONS[key]: whole(value, f"{name}'s AP ({key})", 0, 99) for key, value in points.items()
               if key in LOCATIONS}  # fmt: skip
    covered = {location: ap for location, ap in covered.items() if ap}
    if not covered:
        return None  # a shield's or clothing's: no Armour Points to any location
    locations = [key for key in LOCATIONS.values() if key in covered]
    return armour_item(name, {"locations": locations, "points": max(covered.values())}, rows)


def armour_item(name, details, rows):
    """The armour matched to the row of its name, or a copy made by an earlier import, that gives the same AP to
    the same locations; else unmatched, saying how this game's row of that name differs."""

    def differences(row):
        if (set(row.locations), row.points) == (set(details["locations"]), details["points"]):
            return []
        return [f"this game's {row.name} gives {row.points} AP to {', '.join(row.locations)}; the file's "
                f"{details['points']} AP to {', '.join(details['locations'])}"]  # fmt: skip

    return matched_item("armour", name, details, rows, differences)


def read_trait(name, fields, rows):
    specification = part(fields, "specification", name).get("value")
    rating = int(specification) if isinstance(specification, str) and specification.strip().isdigit() else None
    if type(specification) is int:
        rating = specification
    value = whole(rating, f"{name}'s rating") if rating is not None else True
    gear = name_among((ARMOUR_TRAIT, WEAPON_TRAIT), name)
    if gear and value is not True:
        return trait_gear(gear, value, rows)
    known = name_among(KNOWN_TRAITS, name)
    return Item("trait", name, match=known, value=value, why="" if known else f"the tracker plays no trait {name}")


def trait_gear(trait, rating, rows):
    """A creature's Armour (N) as armour of N AP on every location, its Weapon (N) as a melee weapon of damage N, each
    matched like the file's other gear (a row made from an earlier import of such a creature agrees)."""
    if trait == ARMOUR_TRAIT:
        item = armour_item(NATURAL_ARMOUR.format(rating), {"locations": list(LOCATIONS.values()), "points": rating},
                           rows)  # fmt: skip
        told = f"the creature's trait Armour {rating} gives {rating} AP on every location"
    else:
        details = {"kind": "melee", "group": GROUPS["brawling"], "damage": rating, "adds_strength_bonus": False,
                   "reach": REACHES["personal"], "range": "", "properties": {}}  # fmt: skip
        item = weapon_item(CREATURE_WEAPON.format(rating), details, rows)
        told = f"the creature's trait Weapon {rating} is a melee attack of damage +{rating}"
    if item.match is None:
        item.why = f"{told}; {item.why}"
    return item


def read_talent(name, fields, rows):
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


def new_row(item, name):
    """The unsaved rules row the file's weapon, armour or skill would be, under `name`."""
    details = item.details
    if item.kind == "weapon":
        row = Weapon(system=KEY, name=name, source="Imported from Foundry VTT", **{
            key: details[key] for key in ("kind", "group", "damage", "adds_strength_bonus", "reach", "range")
        })  # fmt: skip
        row.ratings = {key: rating for key, rating in details["properties"].items() if rating}
        return row
    if item.kind == "armour":
        return Armour(system=KEY, name=name, source="Imported from Foundry VTT", locations=details["locations"],
                      points=details["points"])  # fmt: skip
    return Skill(system=KEY, name=name, source="Imported from Foundry VTT", advanced=details["advanced"])


def create_item(item):
    """A new rules row for an unmatched weapon, armour or skill, under its name or, when a row has that name, one
    marked as imported; returns the name. Refused in words when the file's item cannot be such a row."""
    model = {"weapon": Weapon, "armour": Armour, "skill": Skill}[item.kind]
    refuse_unmakeable(item, item.cannot_create)
    row = new_row(item, free_name(model.objects.filter(system=KEY), item.name))
    if item.kind == "skill":
        row.characteristic = Characteristic.objects.get(system=KEY, name=item.details["characteristic"])
    refuse_unmakeable(item, unmakeable(row))
    row.save()
    if item.kind == "weapon":
        row.properties.set(Property.objects.filter(system=KEY, name__in=list(item.details["properties"])))
    return row.name
