"""What a row of a critical wound table holds (seed 002 "Criticals": a Critical deals an immediate Critical Wound),
checked by one schema at every door: the GM's import page (a CSV or JSON file, the whole table at once), the admin
(a row at a time, CriticalWound.clean) and `loadrules` (CriticalWound.check_entry).

A row: the d100 range it answers (from-to, 1 to 100), its name, the extra Wounds it deals, the conditions it gives
("Bleeding 2; Stunned") and how many rounds those last (empty: until the GM removes them). An imported table covers
1 to 100 without a gap or an overlap."""

import csv
import io
import json

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction

from rules.models import ConditionDefinition
from systems.wfrp4e.models import CriticalTable, CriticalWound

SYSTEM = "wfrp4e"
MOST_BYTES = 1024 * 1024  # a table of a hundred rows is a few kilobytes
COLUMNS = ("from", "to", "name", "wounds", "conditions", "duration", "description")
MOST_OF_A_CONDITION = 10


def condition_names():
    return {
        name.lower(): name for name in ConditionDefinition.objects.filter(system=SYSTEM).values_list("name", flat=True)
    }


def parse_conditions(value, known):
    """[{"name", "count"}] from "Bleeding 2; Stunned", a list of such words, or a list of {"name", "count"}."""
    if value in (None, ""):
        return []
    items = value if isinstance(value, list) else str(value).split(";")
    given = []
    for item in items:
        if isinstance(item, dict):
            name, count = item.get("name"), item.get("count", 1)
        elif isinstance(item, str):
            words = item.split()
            if not words:
                continue
            count = words.pop() if len(words) > 1 and words[-1].isdigit() else 1
            name = " ".join(words)
        else:
            raise ValidationError(f"{item!r} is not a condition: write them as “Bleeding 2; Stunned”.")
        if not isinstance(name, str) or name.strip().lower() not in known:
            raise ValidationError(f"{name} is not one of the table's conditions ({', '.join(sorted(known.values()))}).")
        if isinstance(count, bool) or not str(count).isdigit() or not 1 <= int(count) <= MOST_OF_A_CONDITION:
            raise ValidationError(f"{name}: a condition is given 1 to {MOST_OF_A_CONDITION} times.")
        given.append({"name": known[name.strip().lower()], "count": int(count)})
    return given


class ConditionsField(forms.Field):
    def to_python(self, value):
        return parse_conditions(value, self.known)


class CriticalRowForm(forms.Form):
    low = forms.IntegerField(label="From", min_value=1, max_value=100)
    high = forms.IntegerField(label="To", min_value=1, max_value=100)
    name = forms.CharField(max_length=100)
    wounds = forms.IntegerField(label="Extra Wounds", min_value=0, max_value=99, required=False)
    conditions = ConditionsField(required=False)
    duration = forms.IntegerField(label="Duration (rounds)", min_value=1, max_value=99, required=False)
    description = forms.CharField(max_length=1000, required=False)

    def __init__(self, *args, known=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["conditions"].known = known if known is not None else condition_names()

    def clean(self):
        cleaned = super().clean()
        low, high = cleaned.get("low"), cleaned.get("high")
        if low is not None and high is not None and low > high:
            raise ValidationError(f"{low} to {high} runs backwards: the lower number comes first.")
        if cleaned.get("duration") and not cleaned.get("conditions"):
            raise ValidationError("A duration needs conditions to last.")
        cleaned["wounds"] = cleaned.get("wounds") or 0
        return cleaned


def words_of(form, where):
    """The form's refusals, each after the row and the column it is about."""
    parts = []
    for name, errors in form.errors.items():
        field = form.fields.get(name)
        column = f"{field.label or name.capitalize()}: " if field else ""
        parts.append(f"{where}: {column}{' '.join(errors)}")
    return " ".join(parts)


def check_row(values, known=None, where="This row"):
    """The row's values as the schema cleans them, or a ValidationError in words."""
    form = CriticalRowForm(values, known=known)
    if not form.is_valid():
        raise ValidationError(words_of(form, where))
    return form.cleaned_data


def range_label(low, high):
    return f"{low:02d}–{high % 100:02d}"


def plain(value):
    return value is None or (isinstance(value, (str, int)) and not isinstance(value, bool))


def check_table(entries):
    """The rows of a whole table, each cleaned, in order; they must cover 1 to 100 once."""
    if not isinstance(entries, list) or not entries:
        raise ValidationError("The file holds no rows: one row per range, from 1 to 100.")
    known, rows, problems = condition_names(), [], []
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            problems.append(f"Row {number} is not a row of named values.")
            continue
        wrong = [key for key in COLUMNS if key != "conditions" and not plain(entry.get(key))]
        if wrong:
            problems.append(f"Row {number}: {', '.join(wrong)} must be a number or words, not {entry[wrong[0]]!r}.")
            continue
        values = {"low": entry.get("from"), "high": entry.get("to"), **{k: entry.get(k) for k in COLUMNS[2:]}}
        try:
            rows.append(check_row(values, known, where=f"Row {number}"))
        except ValidationError as error:
            problems += error.messages
    if problems:
        raise ValidationError(problems)
    rows.sort(key=lambda row: row["low"])
    names = [row["name"].lower() for row in rows]
    if len(set(names)) != len(names):
        raise ValidationError("Two rows have the same name: each critical wound's name is its own.")
    expected = 1
    for row in rows:
        if row["low"] < expected:
            raise ValidationError(f"{row['name']} ({range_label(row['low'], row['high'])}) overlaps the row before it.")
        if row["low"] > expected:
            raise ValidationError(f"No row covers {range_label(expected, row['low'] - 1)}.")
        expected = row["high"] + 1
    if expected <= 100:
        raise ValidationError(f"No row covers {range_label(expected, 100)}.")
    return rows


def read_file(upload):
    """The entries of an uploaded CSV or JSON table, or a ValidationError in words; nothing is stored."""
    if upload.size > MOST_BYTES:
        raise ValidationError(f"The file is {upload.size // 1024} KB; a table is at most {MOST_BYTES // 1024} KB.")
    kind = upload.name.lower().rpartition(".")[2]
    if kind not in ("csv", "json"):
        raise ValidationError("Upload a .csv or .json file.")
    try:
        text = upload.read().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValidationError("The file is not text (UTF-8).") from None
    if kind == "json":
        try:
            return json.loads(text)
        except ValueError as error:
            raise ValidationError(f"The file is not JSON: {error}.") from None
    reader = csv.DictReader(io.StringIO(text))
    columns = [column.strip().lower() for column in reader.fieldnames or ()]
    missing = [column for column in COLUMNS[:3] if column not in columns]
    if missing:
        raise ValidationError(f"The CSV's first line names its columns; it lacks {', '.join(missing)}.")
    return [{key.strip().lower(): (value or "").strip() for key, value in line.items() if key} for line in reader]


@transaction.atomic
def replace_rows(table, rows):
    """The table's rows become `rows` (check_table's), all or nothing; the table is kept from `loadrules` since."""
    table.wounds.all().delete()
    CriticalWound.objects.bulk_create(
        CriticalWound(
            system=SYSTEM, table=table, low=row["low"], high=row["high"], name=row["name"], wounds=row["wounds"],
            conditions=row["conditions"], duration=row["duration"], description=row["description"],
            source="Imported by the GM",
        )
        for row in rows
    )  # fmt: skip
    table.customised = True
    table.save()


class ImportForm(forms.Form):
    table = forms.ModelChoiceField(queryset=CriticalTable.objects.filter(system=SYSTEM), empty_label=None)
    file = forms.FileField(help_text="CSV or JSON, one row per range: from, to, name, wounds, conditions, duration.")

    def clean(self):
        cleaned = super().clean()
        if "file" in cleaned:
            cleaned["rows"] = check_table(read_file(cleaned["file"]))
        return cleaned
