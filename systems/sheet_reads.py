"""Characters with what their sheets read, each relation in one statement written once (combat/prepared.py) for any
number of characters: their skills, and the weapons and armour they carry with those items' properties.

The same rows through `prefetch_related` cost Django about 4 ms of SQL building and prefetching for an attack's two
fighters, more than the rest of the attack (bench/commands.py). Each character comes back with plain lists, as
`Prefetch(..., to_attr=...)` leaves them: `character.skill_list` (its CharacterSkill rows, each with its skill and
the skill's characteristic, and its way back to the character), `character.weapon_list` and `character.armour_list`
(the items it carries, in the models' own order) and on each item `item.property_list`. Reading them asks the
database nothing more.
"""

from dataclasses import dataclass

from characters.models import Character, CharacterSkill
from combat.prepared import Read, together
from rules.models import Armour, Characteristic, Property, Weapon

CHARACTERS = Read(Character, "{id} IN ({ids})", related=["campaign"])
SKILLS = Read(CharacterSkill, "{character} IN ({ids})", related=["skill__characteristic"])
# A system's characteristics in their order, which every sheet lists: read for each push that draws a sheet.
CHARACTERISTICS = Read(Characteristic, "{system} = %s")


def characteristics_of(system):
    return CHARACTERISTICS(system)


def in_model_order(relation, model):
    """Lookups ordering rows by `relation`'s model's own ordering, its id last so ties always fall one way."""
    keys = [f"-{relation}__{key[1:]}" if key.startswith("-") else f"{relation}__{key}" for key in model._meta.ordering]
    return [*keys, relation]


@dataclass(frozen=True)
class Carried:
    """What characters carry through one relation (`weapons`, `armour`): the items, by character ids, and the items'
    properties, by the ids of the items read (not found again by character: an item taken away between the two
    statements keeps the properties it was read with)."""

    to_attr: str  # the character's list of them
    item: str  # the item's field on the relation's through rows
    items: Read
    properties: Read


def carried_reads(relation, model):
    through = Character._meta.get_field(relation).remote_field.through
    with_properties = model._meta.get_field("properties").remote_field.through
    item = model._meta.model_name
    items = Read(through, "{character} IN ({ids})", related=[item], order_by=in_model_order(item, model))
    properties = Read(
        with_properties, f"{{{item}}} IN ({{ids}})", related=["property"], order_by=in_model_order("property", Property)
    )
    return Carried(f"{item}_list", item, items, properties)


CARRIED = (carried_reads("weapons", Weapon), carried_reads("armour", Armour))
BACK_TO_CHARACTER = CharacterSkill._meta.get_field("character")


def characters_with_sheets(character_ids, skills=True, carried=True):
    """The characters of `character_ids`, each with its campaign, its skills (unless not `skills`) and the weapons
    and armour it carries (unless not `carried`): six statements at most however many characters there are, none
    for items no one carries, in two round trips (prepared.together): the properties' reads wait for the items'."""
    ids = tuple(sorted(set(character_ids)))
    kinds = CARRIED if carried else ()
    characters, *rows = together(
        (CHARACTERS, ids), *([(SKILLS, ids)] if skills else []), *((kind.items, ids) for kind in kinds)
    )
    if not characters:
        return []
    if skills:
        attach(characters, "skill_list", rows.pop(0), "character_id", back=BACK_TO_CHARACTER)
    items = [[getattr(row, kind.item) for row in carried_rows] for kind, carried_rows in zip(kinds, rows)]
    properties = together(
        *((kind.properties, tuple(sorted({i.pk for i in found}))) for kind, found in zip(kinds, items))
    )
    for kind, carried_rows, found, their_properties in zip(kinds, rows, items, properties):
        attach(found, "property_list", their_properties, f"{kind.item}_id", take=lambda row: row.property)
        attach(
            characters, kind.to_attr, carried_rows, "character_id", take=lambda row, item=kind.item: getattr(row, item)
        )
    return characters


def attach(instances, to_attr, rows, owner, take=lambda row: row, back=None):
    """Set `to_attr` of each of `instances` to the list of what `take` takes from its `rows` (those whose `owner`
    attribute is its id), as Prefetch(to_attr=...) would; with `back`, the foreign key of a reverse relation, each
    row's own way back to its instance asks no database either, as after the prefetch."""
    owned = {}
    for row in rows:
        owned.setdefault(getattr(row, owner), []).append(take(row))
    for instance in instances:
        found = owned.get(instance.pk, [])
        setattr(instance, to_attr, found)
        for row in found if back else ():
            back.set_cached_value(row, instance)
