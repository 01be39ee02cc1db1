"""The encounter state a command may change, captured before it runs and restored by `undo`.

One generic mechanism serves every command, so no command needs an inverse of its own.
"""

import copy

from django.core.exceptions import ValidationError

from characters.models import Character
from combat.models import Combatant, ConditionInstance, Encounter
from rules.models import ConditionDefinition

ENCOUNTER_FIELDS = ["status", "round", "active_id", "pools", "house_rules"]
# What a command writes back to the encounter's row: the state above and the version it made.
ENCOUNTER_UPDATE_FIELDS = [*(field.removesuffix("_id") for field in ENCOUNTER_FIELDS), "version"]
COMBATANT_FIELDS = [
    "encounter_id",
    "character_id",
    "name",
    "side",
    "initiative",
    "position",
    "wounds",
    "max_wounds",
    "hidden",
    "known_as",
    "kind",
    "wounds_shown",
]
# Fields an undo step kept before they existed lacks: it is read with their defaults.
ADDED_LATER = {Combatant: ("known_as", "kind", "wounds_shown")}
CONDITION_FIELDS = ["combatant_id", "definition_id", "count", "remaining"]
# The counters a command may spend from a combatant's character sheet (each system's SheetSchema.points); `points`
# is JSON, always replaced whole by Context.set_points, never changed in place.
CHARACTER_FIELDS = ["points"]
COMBATANT_UPDATE_FIELDS = [field.removesuffix("_id") for field in COMBATANT_FIELDS]


# What a snapshot holds under each key: rows of which model, with which fields.
ROWS = {
    "combatants": (Combatant, COMBATANT_FIELDS),
    "conditions": (ConditionInstance, CONDITION_FIELDS),
    "characters": (Character, CHARACTER_FIELDS),
}


def problems(snapshot, sheet_schema):
    """What keeps `snapshot`, an undo state read from a file, from being restored, in words; [] when nothing does.
    Each row's values are checked as the model checks them, a sheet's points by its game's `sheet_schema`."""
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("encounter"), dict):
        return ["an undo step does not hold an encounter's state"]
    encounter = snapshot["encounter"]  # restored key by key: an older file may hold fewer
    found = _row_problems(Encounter, "the encounter", {"id": None, **encounter}, ["id", *encounter])
    for key, (model, fields) in ROWS.items():
        rows = snapshot.get(key, [])
        if not isinstance(rows, list) or not all(isinstance(row, dict) and "id" in row for row in rows):
            found.append(f"an undo step's {key} are not rows")
            continue
        for row in rows:
            row = with_defaults(model, row)
            found += _row_problems(model, f"{model._meta.verbose_name} {row['id']}", row, fields)
            if model is Character and "points" in row:
                said = sheet_schema.problems(Character(points=row["points"]))
                found += [f"an undo step's character {row['id']}: {words}" for words in said]
    return found


def with_defaults(model, row):
    """A snapshot's row with the default of each field added since undo steps were first kept, where it lacks it."""
    later = ADDED_LATER.get(model, ())
    return {**{name: model._meta.get_field(name).get_default() for name in later if name not in row}, **row}


def _row_problems(model, what, row, fields):
    if set(row) != {"id", *fields}:
        return [f"an undo step's {what} should hold {', '.join(fields)}"]
    relations = [field for field in model._meta.fields if field.is_relation]
    ids = [row[field.attname] for field in relations if field.attname in row]
    if not all(value is None or type(value) is int for value in [row["id"], *ids]):
        return [f"an undo step's {what} names a row by something other than its id"]
    values = {name: value for name, value in row.items() if name != "id" or value is not None}
    exclude = [field.name for field in model._meta.fields if field.is_relation or field.attname not in values]
    try:
        model(**values).clean_fields(exclude=exclude)
    except ValidationError as error:
        return [f"an undo step's {what}: {' '.join(error.messages)}"]
    return []


def write_rows(model, objects, fields):
    """Save `fields` of changed `objects` in one statement. A single row, the usual case (an attack wounds one
    target), is a plain UPDATE: bulk_update's CASE expression costs milliseconds to build even for one row."""
    objects = list(objects)
    if len(objects) == 1:
        attnames = [model._meta.get_field(field).attname for field in fields]  # a relation by its id, not fetched
        model.objects.filter(pk=objects[0].pk).update(**{name: getattr(objects[0], name) for name in attnames})
    elif objects:
        model.objects.bulk_update(objects, fields)


def _row(obj, fields):
    return {"id": obj.pk, **{field: getattr(obj, field) for field in fields}}


def capture(encounter, combatants, conditions):
    return {
        # Deep copies: commands change JSON fields such as `pools` in place.
        "encounter": copy.deepcopy({field: getattr(encounter, field) for field in ENCOUNTER_FIELDS}),
        "combatants": [_row(c, COMBATANT_FIELDS) for c in combatants],
        "conditions": [_row(c, CONDITION_FIELDS) for c in conditions],
        "characters": [_row(c.character, CHARACTER_FIELDS) for c in combatants if c.character_id],
    }


def _restore_rows(model, current, rows, fields):
    """Make the `current` rows equal `rows`: delete extras, recreate missing, update those that differ (a command
    changes a few rows of many, so undoing it writes those few)."""
    wanted = {row["id"]: row for row in rows}
    existing = {obj.pk: obj for obj in current}
    extra = [pk for pk in existing if pk not in wanted]
    if extra:
        model.objects.filter(pk__in=extra).delete()
    missing = [model(**row) for pk, row in wanted.items() if pk not in existing]
    if missing:
        model.objects.bulk_create(missing)
    changed = [
        existing[pk]
        for pk, row in wanted.items()
        if pk in existing and any(getattr(existing[pk], field) != row[field] for field in fields)
    ]
    for obj in changed:
        for field in fields:
            setattr(obj, field, wanted[obj.pk][field])
    write_rows(model, changed, [field.removesuffix("_id") for field in fields])


def _without_deleted_references(snapshot):
    """The snapshot's rows as they can be restored now that an admin or GM may have deleted what they name:
    a combatant whose character sheet is gone comes back without it (as deleting the sheet leaves a combatant
    in play), a condition whose definition is gone stays gone. Returns (combatants, conditions, notes)."""
    combatants = [with_defaults(Combatant, row) for row in snapshot["combatants"]]
    conditions = snapshot["conditions"]
    named = {row["character_id"] for row in combatants if row["character_id"]}
    characters = set(Character.objects.filter(pk__in=named).values_list("pk", flat=True))
    definitions = set(
        ConditionDefinition.objects.filter(pk__in={row["definition_id"] for row in conditions}).values_list(
            "pk", flat=True
        )
    )
    notes = [
        f"{row['name']}'s character sheet was deleted"
        for row in combatants
        if row["character_id"] in named - characters
    ]
    if any(row["definition_id"] not in definitions for row in conditions):
        notes.append("conditions deleted from the rules data stay gone")
    combatants = [
        {**row, "character_id": row["character_id"] if row["character_id"] in characters else None}
        for row in combatants
    ]
    conditions = [row for row in conditions if row["definition_id"] in definitions]
    return combatants, conditions, notes


def earliest(snapshots):
    """One snapshot that restores as `snapshots`, newest first, would restored one after the other: the encounter,
    its combatants and conditions as the oldest holds them (each snapshot holds them whole), each character's points
    as the oldest snapshot naming it holds them (one that joined later is named only by later ones), and each
    encounter field as the oldest holding it has it (an older file's may hold fewer)."""
    combined = {"encounter": {}, "characters": {}}
    for snapshot in snapshots:
        combined["encounter"].update(snapshot["encounter"])
        combined["characters"].update({row["id"]: row for row in snapshot.get("characters", [])})
        combined["combatants"], combined["conditions"] = snapshot["combatants"], snapshot["conditions"]
    combined["characters"] = list(combined["characters"].values())
    return combined


def restore(encounter, snapshot, combatants, conditions):
    """Make the encounter what the snapshot holds, given its `combatants` and `conditions` rows as they are now
    (read under the command's lock); returns notes on what could not come back."""
    wanted_combatants, wanted_conditions, notes = _without_deleted_references(snapshot)
    _restore_rows(Combatant, combatants, wanted_combatants, COMBATANT_FIELDS)
    _restore_rows(ConditionInstance, conditions, wanted_conditions, CONDITION_FIELDS)
    characters = {row["id"]: row for row in snapshot.get("characters", [])}
    changed = []
    for character in Character.objects.filter(pk__in=characters):
        if any(getattr(character, field) != characters[character.pk][field] for field in CHARACTER_FIELDS):
            for field in CHARACTER_FIELDS:
                setattr(character, field, characters[character.pk][field])
            changed.append(character)
    write_rows(Character, changed, CHARACTER_FIELDS)
    for field, value in snapshot["encounter"].items():
        setattr(encounter, field, value)
    return notes
