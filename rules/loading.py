"""Load reference data from rules/data/<system>/<kind>.json, the kinds every game has and each system's own,
keeping what an admin customised.

Entries name their relations by the related row's name: a skill's "characteristic": "WS", a weapon's
"properties": ["Impale"], a critical wound's "table": "Head".
"""

from django.core.exceptions import ValidationError
from django.db import models, transaction

import systems
from rules import models as rules
from rules.engine.tables import DATA_DIR, seed_rows

# The kinds every game may have, in dependency order: a kind comes after the kinds its entries name. A game
# system's own kinds (System.reference_data) come after these.
GENERIC_KINDS = {
    "conditions": rules.ConditionDefinition,
    "characteristics": rules.Characteristic,
    "skills": rules.Skill,
    "properties": rules.Property,
    "weapons": rules.Weapon,
    "armour": rules.Armour,
    "hit_locations": rules.HitLocation,
    "house_rules": rules.HouseRule,
}


def kinds(system):
    """{kind: model} of every kind of reference data `system` (a System) may load, in loading order."""
    return GENERIC_KINDS | system.reference_data


def every_model():
    """Each reference-data model once, in loading order (generic kinds first)."""
    return list(dict.fromkeys(model for system in systems.REGISTRY.values() for model in kinds(system).values()))


# What an admin pastes (a table's own wording of a rule): no data file sets it, so no load, forced or not, replaces it.
ADMIN_ONLY_FIELDS = {"full_text"}


class DataFileError(Exception):
    pass


def _resolve(model, system, entry):
    """Split an entry into plain field values (relations resolved by name) and many-to-many name lists."""
    values, many = {}, {}
    for key, value in entry.items():
        if key in ADMIN_ONLY_FIELDS:
            raise DataFileError(f"{model.__name__} '{entry.get('name')}': {key} is the admin's, not a data file's")
        field = model._meta.get_field(key)
        if isinstance(field, models.ManyToManyField):
            related = {row.name: row for row in field.related_model.objects.filter(system=system, name__in=value)}
            missing = sorted(set(value) - set(related))
            if missing:
                raise DataFileError(f"{model.__name__} '{entry.get('name')}': unknown {key} {', '.join(missing)}")
            many[key] = [related[name] for name in value]
        elif isinstance(field, models.ForeignKey):
            related = field.related_model.objects.filter(system=system, name=value).first()
            if related is None:
                raise DataFileError(f"{model.__name__} '{entry.get('name')}': unknown {key} '{value}'")
            values[key] = related
        else:
            values[key] = value
    return values, many


def _check(model, entry):
    """An entry through its kind's own schema, where it has one (`check_entry`: the one its import page uses)."""
    check_entry = getattr(model, "check_entry", None)
    if check_entry is not None:
        try:
            check_entry(entry)
        except ValidationError as error:
            raise DataFileError(" ".join(error.messages)) from None


def _differs(row, values, many):
    if any(getattr(row, key) != value for key, value in values.items()):
        return True
    return any({r.pk for r in getattr(row, key).all()} != {r.pk for r in wanted} for key, wanted in many.items())


@transaction.atomic
def load(force=False):
    """Create or update every row from the data files; returns {"created", "updated", "kept"} counts."""
    counts = {"created": 0, "updated": 0, "kept": 0}
    for game in systems.REGISTRY.values():
        system = game.key
        for kind, model in kinds(game).items():
            if not (DATA_DIR / system / f"{kind}.json").exists():
                continue
            for entry in seed_rows(system, kind):
                _check(model, entry)
                values, many = _resolve(model, system, entry)
                key = {"system": system, **{field: values.pop(field) for field in model.match_fields}}
                row = model.objects.filter(**key).first()
                if row is None:
                    row = model.objects.create(**key, **values)
                    counts["created"] += 1
                elif row.customised and not force:
                    counts["kept"] += 1
                    continue
                elif _differs(row, values, many) or row.customised:
                    for field, value in values.items():
                        setattr(row, field, value)
                    row.customised = False
                    row.save()
                    counts["updated"] += 1
                for field, related in many.items():
                    getattr(row, field).set(related)
    return counts
