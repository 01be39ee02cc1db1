"""The encounter state a command may change, captured before it runs and restored by `undo`.

One generic mechanism serves every command, so no command needs an inverse of its own.
"""

import copy

from characters.models import Character
from combat.models import Combatant, ConditionInstance
from rules.models import ConditionDefinition

ENCOUNTER_FIELDS = ["status", "round", "active_id", "pools", "house_rules"]
COMBATANT_FIELDS = [
    "encounter_id",
    "character_id",
    "name",
    "side",
    "initiative",
    "position",
    "wounds",
    "max_wounds",
    "advantage",
    "hidden",
]
CONDITION_FIELDS = ["combatant_id", "definition_id", "count", "remaining"]
# Points a command may spend from a combatant's character sheet (Resolve to shake off surprise, a Symbaroum feat's
# Experience, ...); `points` is JSON, always replaced whole by Context.set_points, never changed in place.
CHARACTER_FIELDS = ["fortune", "resolve", "points"]
COMBATANT_UPDATE_FIELDS = [field.removesuffix("_id") for field in COMBATANT_FIELDS]


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


def _restore_rows(model, queryset, rows, fields):
    """Make the rows of `queryset` equal `rows`: delete extras, recreate missing, update the rest."""
    wanted = {row["id"]: row for row in rows}
    existing = {obj.pk: obj for obj in queryset}
    extra = [pk for pk in existing if pk not in wanted]
    if extra:
        model.objects.filter(pk__in=extra).delete()
    missing = [model(**row) for pk, row in wanted.items() if pk not in existing]
    if missing:
        model.objects.bulk_create(missing)
    kept = [existing[pk] for pk in wanted if pk in existing]
    for obj in kept:
        for field in fields:
            setattr(obj, field, wanted[obj.pk][field])
    if kept:
        model.objects.bulk_update(kept, [field.removesuffix("_id") for field in fields])


def _without_deleted_references(snapshot):
    """The snapshot's rows as they can be restored now that an admin or GM may have deleted what they name:
    a combatant whose character sheet is gone comes back without it (as deleting the sheet leaves a combatant
    in play), a condition whose definition is gone stays gone. Returns (combatants, conditions, notes)."""
    combatants, conditions = snapshot["combatants"], snapshot["conditions"]
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


def restore(encounter, snapshot):
    """Make the encounter what the snapshot holds; returns notes on what could not come back."""
    combatants, conditions, notes = _without_deleted_references(snapshot)
    _restore_rows(Combatant, encounter.combatants.all(), combatants, COMBATANT_FIELDS)
    _restore_rows(
        ConditionInstance,
        ConditionInstance.objects.filter(combatant__encounter=encounter),
        conditions,
        CONDITION_FIELDS,
    )
    characters = {row["id"]: row for row in snapshot.get("characters", [])}
    changed = []
    for character in Character.objects.filter(pk__in=characters):
        if any(getattr(character, field) != characters[character.pk][field] for field in CHARACTER_FIELDS):
            for field in CHARACTER_FIELDS:
                setattr(character, field, characters[character.pk][field])
            changed.append(character)
    if changed:
        Character.objects.bulk_update(changed, CHARACTER_FIELDS)
    for field, value in snapshot["encounter"].items():
        setattr(encounter, field, value)
    return notes
