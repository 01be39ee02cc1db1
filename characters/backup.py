"""A campaign to a JSON file and back: `manage.py exportcampaign`, `manage.py importcampaign` and the GM's download;
and one character to a JSON file and back into any campaign of its game system (the sheet's Download, Import a
character, and Duplicate, which is an export imported at once).

The rows are written by Django's serializer, so a new model field travels without changes here. Users and rules
reference rows (weapons, armour, skills, condition definitions) are named by natural key (username; system and
name), since their ids differ between databases. Campaign rows keep their ids: the log's undo snapshots and the
encounters' pools name combatants, conditions and characters by id, so an import goes into a database without
those rows. Undo snapshots name condition definitions by id too; the file names them by natural key instead.
"""

import copy
import datetime
import json
from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import NON_FIELD_ERRORS, FieldDoesNotExist, ObjectDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, connection, transaction

import systems
from characters.models import Campaign, Character, CharacterSkill
from combat import snapshot
from combat.models import Combatant, CombatantGroup, ConditionInstance, Encounter, LogEntry
from rules.models import ConditionDefinition

FORMAT = "wfrp-combat-tracker campaign"
VERSION = 2
# The versions of files this tracker reads: an older file's rows are first brought to this version (`upgraded`).
READS = (1, 2)

# Each model with the lookup from its rows to their campaign, in the order they are written and read back: each
# after the rows it points to, except Encounter.active.
ROWS_OF_CAMPAIGN = {
    Campaign: "pk",
    Character: "campaign",
    CharacterSkill: "character__campaign",
    Encounter: "campaign",
    Combatant: "encounter__campaign",
    ConditionInstance: "combatant__encounter__campaign",
    LogEntry: "encounter__campaign",
    CombatantGroup: "campaign",
}
MODELS = list(ROWS_OF_CAMPAIGN)


class BackupError(Exception):
    """The file cannot be imported here; nothing was changed."""


@dataclass
class Imported:
    campaign: Campaign
    new_users: list  # usernames created (with no usable password) because this database did not have them


def export_campaign(campaign):
    """The campaign and everything in it, as the dict the backup file holds."""
    records = []
    for model, to_campaign in ROWS_OF_CAMPAIGN.items():
        records += _serialised(model.objects.filter(**{to_campaign: campaign.pk}).order_by("pk"))
    snapshot_rows = list(_snapshot_conditions(records))
    definitions = ConditionDefinition.objects.in_bulk({row["definition_id"] for row in snapshot_rows})
    for row in snapshot_rows:
        row["definition_id"] = list(definitions[row["definition_id"]].natural_key())
    return {"format": FORMAT, "version": VERSION, "objects": records}


def _serialised(rows):
    return serializers.serialize("python", rows, use_natural_foreign_keys=True)


class _Encoder(DjangoJSONEncoder):
    def default(self, o):
        # DjangoJSONEncoder cuts times to the millisecond; a restored log must keep its exact times.
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


def as_json(data):
    return json.dumps(data, cls=_Encoder, indent=1, ensure_ascii=False)


def import_campaign(data):
    """Recreate the campaign of a backup (a dict read from its JSON) with the same ids; returns an `Imported`.
    Raises BackupError, changing nothing, when the file is not a backup or this database cannot take it."""
    # ids replace the natural keys of the snapshots, and an older file's rows are upgraded: not in the caller's dict
    records = copy.deepcopy(_records(data))
    campaign = next(record for record in records if record["model"] == "characters.campaign")
    upgraded(records, data["version"], campaign["fields"].get("system"))
    references = _natural_references(records)
    usernames = sorted(key[0] for key in references.pop(get_user_model(), ()))
    _check_snapshot_shapes(records)
    definition_keys = {tuple(row["definition_id"]) for row in _snapshot_conditions(records)}
    references.setdefault(ConditionDefinition, set()).update(definition_keys)
    missing = _missing_rules_data(references)
    if missing:
        raise BackupError(
            f"This database lacks rules data the campaign uses ({_some(missing)}): run manage.py loadrules first."
        )
    _check_ids_free(records)
    try:
        with transaction.atomic():
            new_users = _create_missing_users(usernames)
            definitions = {key: ConditionDefinition.objects.get_by_natural_key(*key) for key in definition_keys}
            for row in _snapshot_conditions(records):
                row["definition_id"] = definitions[tuple(row["definition_id"])].pk
            for row in serializers.deserialize("python", records):
                _check_row(row.object)
                row.save()
            # Foreign keys are checked at commit; check now, also when the caller's transaction commits later.
            connection.check_constraints(table_names=_tables())
            _reset_id_sequences()
    except (DeserializationError, IntegrityError) as exc:
        raise BackupError(f"The backup could not be restored, nothing was changed: {exc}") from exc
    except ValidationError as exc:  # _check_row's, once the transaction has undone what came before
        raise BackupError(f"The backup could not be restored, nothing was changed. {' '.join(exc.messages)}") from None
    campaign_pk = next(record["pk"] for record in records if record["model"] == "characters.campaign")
    return Imported(Campaign.objects.get(pk=campaign_pk), new_users)


def _records(data):
    """The file's rows, once the envelope says it is a backup this version reads."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupError("This is not a campaign backup of this tracker.")
    if data.get("version") not in READS:
        raise BackupError(
            f"This backup has format version {data.get('version')}; this tracker reads versions "
            f"{', '.join(map(str, READS))}."
        )
    records = data.get("objects")
    if not isinstance(records, list) or not all(
        isinstance(record, dict) and isinstance(record.get("pk"), int) and isinstance(record.get("fields"), dict)
        for record in records
    ):
        raise BackupError("The backup file is damaged: its rows are not all objects with a pk and fields.")
    known = {model._meta.label_lower for model in MODELS}
    foreign = sorted({str(record.get("model")) for record in records} - known)
    if foreign:
        raise BackupError(f"The backup has rows a campaign backup never holds: {', '.join(foreign)}.")
    if sum(record["model"] == "characters.campaign" for record in records) != 1:
        raise BackupError("The backup file is damaged: it should hold exactly one campaign.")
    return records


def _natural_references(records):
    """{model: {natural key, ...}} of the users and rules rows the records name by natural key."""
    references = {}
    for record in records:
        model = apps.get_model(record["model"])
        for name, value in record["fields"].items():
            try:
                field = model._meta.get_field(name)
            except FieldDoesNotExist:
                raise BackupError(f"The file is damaged: {record['model']} has no field '{name}'.") from None
            if not (field.is_relation and hasattr(field.related_model, "natural_key") and value):
                continue
            keys = value if field.many_to_many else [value]
            # Lists once read from a file; tuples straight from the serializer (a duplicate never is a file).
            if not isinstance(keys, list) or not all(
                isinstance(key, (list, tuple)) and all(isinstance(part, str) for part in key) for key in keys
            ):
                raise BackupError(f"The file is damaged: {record['model']} {name} should be named, not {value}.")
            references.setdefault(field.related_model, set()).update(tuple(key) for key in keys)
    return references


def upgraded(records, version, system):
    """Bring the rows of a file written in an earlier `version` to this one, in place: the game system moves what it
    keeps elsewhere now (System.upgrade_records), then fields no model has any more are left out, of the rows and of
    the undo steps' rows alike (a campaign's join token, say: join links are invitations, left out of backups)."""
    if version == VERSION:
        return
    game = systems.REGISTRY.get(system) if isinstance(system, str) else None
    if game is not None:
        game.upgrade_records(records, version)
    for record in records:
        model = apps.get_model(record["model"])
        known = {field.name for field in model._meta.get_fields()}
        for name in set(record["fields"]) - known:
            del record["fields"][name]
        state = record["fields"].get("undo_state") if model is LogEntry else None
        for key, (_, fields) in snapshot.ROWS.items() if isinstance(state, dict) else ():
            for row in state.get(key) or []:
                for name in set(row) - {"id", *fields} if isinstance(row, dict) else ():
                    del row[name]


def _check_snapshot_shapes(records):
    """The log's undo states as combat/snapshot.py writes them, their conditions naming definitions by natural key."""
    for record in records:
        state = record["fields"].get("undo_state") if record["model"] == "combat.logentry" else None
        if not state:
            continue
        conditions = state.get("conditions") if isinstance(state, dict) else None
        if not isinstance(conditions, list) or not all(
            isinstance(row, dict)
            and isinstance(row.get("definition_id"), list)
            and all(isinstance(part, str) for part in row["definition_id"])
            for row in conditions
        ):
            raise BackupError(
                f"The file is damaged: log entry {record['pk']}'s undo step should name each condition it holds."
            )


def _check_row(row):
    """A row of the file as the model checks it (a character's sheet by its game, an undo state by what it
    restores), in the import's transaction: the rows it points to are already written."""
    model = type(row)
    what = f"{model._meta.verbose_name.capitalize()} {row.pk}"
    relations = [field.name for field in model._meta.fields if field.is_relation]
    try:
        row.full_clean(exclude=relations, validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        raise ValidationError(in_words(what, error)) from None
    if isinstance(row, LogEntry) and row.undo_state:
        found = snapshot.problems(row.undo_state, systems.get(row.encounter.campaign.system).sheet_schema)
        if found:
            raise ValidationError(f"{what}: {'; '.join(found)}.")


def _snapshot_conditions(records):
    """The condition rows inside the log's undo snapshots (combat/snapshot.py), which name their definition."""
    for record in records:
        if record["model"] == "combat.logentry" and record["fields"].get("undo_state"):
            yield from record["fields"]["undo_state"]["conditions"]


def _missing_rules_data(references, system=None):
    """The named rows this database lacks (or, given a system, that are not of that system), as words."""
    missing = []
    for model, keys in references.items():
        for key in sorted(keys):
            try:
                model.objects.get_by_natural_key(*key)
            except (ObjectDoesNotExist, TypeError):  # TypeError: a key with too many or too few parts
                found = False
            else:
                found = system is None or key[0] == system
            if not found:
                missing.append(f"{model._meta.verbose_name} {key[-1]} ({', '.join(key[:-1])})")
    return missing


def _check_ids_free(records):
    taken = []
    for model in MODELS:
        pks = [record["pk"] for record in records if record["model"] == model._meta.label_lower]
        existing = sorted(model.objects.filter(pk__in=pks).values_list("pk", flat=True))
        if existing:
            taken.append(f"{model._meta.verbose_name} {_some(existing)}")
    if taken:
        raise BackupError(
            f"This database already has rows with the ids the campaign keeps ({'; '.join(taken)}): "
            "import it into a database without them (a new one, after migrate and loadrules)."
        )


def _some(items, shown=8):
    more = f" and {len(items) - shown} more" if len(items) > shown else ""
    return ", ".join(map(str, items[:shown])) + more


def _create_missing_users(usernames):
    users = get_user_model().objects
    existing = set(users.filter(username__in=usernames).values_list("username", flat=True))
    new = [username for username in usernames if username not in existing]
    for username in new:
        users.create_user(username, password=None)
    return new


def _tables():
    """The tables an import writes: the models' own and those of their many-to-many fields."""
    return [
        table
        for model in MODELS
        for table in [
            model._meta.db_table,
            *(field.remote_field.through._meta.db_table for field in model._meta.local_many_to_many),
        ]
    ]


def _reset_id_sequences():
    """Rows came in with explicit ids; PostgreSQL's id sequences must move past them before the next insert."""
    statements = connection.ops.sequence_reset_sql(no_style(), MODELS)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


CHARACTER_FORMAT = "wfrp-combat-tracker character"
# Where a character was and who played it belong to its old campaign: a character file leaves them out.
LEFT_OUT = ("campaign", "player")
CHARACTER_MODELS = {Character._meta.label_lower, CharacterSkill._meta.label_lower}
# What a sheet calls the fields an import may find impossible values in.
FIELD_WORDS = {"max_wounds": "wounds", "gm_notes": "GM notes", "advances": "skill advances"}


def export_character(character, with_gm_notes):
    """One character with its skills, weapons and armour, as the dict a character file holds."""
    records = _serialised(Character.objects.filter(pk=character.pk)) + _serialised(character.skills.order_by("pk"))
    fields = records[0]["fields"]
    for name in (*LEFT_OUT, *(() if with_gm_notes else ("gm_notes",))):
        del fields[name]
    return {"format": CHARACTER_FORMAT, "version": VERSION, "system": character.system, "objects": records}


def import_character(data, campaign, owner=None, name=None):
    """A new character in the campaign from a character file's dict: given an owner, a player character of theirs
    without GM notes; else an unclaimed one, NPC or not as in the file. `name` renames it. Raises BackupError,
    changing nothing, for a file of another game system, a damaged one, or one naming what the game lacks."""
    character_record, skill_records = _character_records(data, campaign.system)
    records = [character_record, *skill_records]
    missing = _missing_rules_data(_natural_references(records), campaign.system)
    if missing:
        raise BackupError(f"The file names what this campaign's game does not have: {_some(missing)}.")
    try:
        rows = list(serializers.deserialize("python", records))
    except DeserializationError:
        raise BackupError("The character file is damaged: a value on the sheet is not what the sheet holds.") from None
    character = rows[0].object
    character.pk, character.campaign, character.player = None, campaign, owner
    if owner is not None:
        character.is_npc, character.gm_notes = False, ""
    if name is not None:
        character.name = name
    _check_sheet(character, exclude=LEFT_OUT)
    skills = [row.object for row in rows[1:]]
    for skill in skills:
        _check_sheet(skill, exclude=["character"])
    if len({skill.skill_id for skill in skills}) < len(skills):
        raise BackupError("The character file names a skill twice.")
    with transaction.atomic():
        character.save()
        for field, related in rows[0].m2m_data.items():
            getattr(character, field).set(related)
        for skill in skills:
            skill.pk, skill.character = None, character
        CharacterSkill.objects.bulk_create(skills)
    return character


def _character_records(data, system):
    """The file's character record and its skill records, once the envelope says it is a character file of the
    campaign's game system."""
    if not isinstance(data, dict) or data.get("format") != CHARACTER_FORMAT:
        raise BackupError("This is not a character file of this tracker.")
    if data.get("version") not in READS:
        version = data.get("version")
        raise BackupError(
            f"This character file has version {version}; this tracker reads versions {', '.join(map(str, READS))}."
        )
    if data.get("system") != system:
        made_for = systems.REGISTRY.get(data.get("system")) if isinstance(data.get("system"), str) else None
        made_for = made_for.label if made_for else "another game"
        raise BackupError(f"This character was made for {made_for}; this campaign plays {systems.get(system).label}.")
    records = data.get("objects")
    if not isinstance(records, list) or not all(
        isinstance(record, dict) and record.get("model") in CHARACTER_MODELS and isinstance(record.get("fields"), dict)
        for record in records
    ):
        raise BackupError("The character file is damaged: it should hold a character and its skills only.")
    characters = [record for record in records if record["model"] == "characters.character"]
    if len(characters) != 1:
        raise BackupError("The character file is damaged: it should hold exactly one character.")
    character = copy.deepcopy(characters[0])
    character["pk"] = None
    for name in LEFT_OUT:
        character["fields"].pop(name, None)
    skills = [copy.deepcopy(record) for record in records if record is not characters[0]]
    for skill in skills:
        skill["pk"] = None
        skill["fields"].pop("character", None)
    upgraded([character, *skills], data["version"], system)
    return character, skills


def _check_sheet(row, exclude):
    """Refuse what no sheet holds: the model's own checks, which for a character are every sheet door's
    (Character.clean: its game's SheetSchema)."""
    try:
        row.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    except ValidationError as error:
        raise BackupError(in_words("The character in this file", error)) from None


def in_words(whose, error):
    """A model's ValidationError as the sentences of an import's refusal: the fields it names, then what the
    model's own clean() said (which names the field itself)."""
    fields = sorted({FIELD_WORDS.get(name, name) for name in error.message_dict if name != NON_FIELD_ERRORS})
    said = [f"{whose} has what no sheet holds ({', '.join(fields)})."] if fields else []
    said += [f"{whose}: {message}" for message in error.message_dict.get(NON_FIELD_ERRORS, [])]
    return " ".join(said)
