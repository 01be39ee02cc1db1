"""Load reference data from rules/data/<system>/<kind>.json, keeping what an admin customised."""

import json
from pathlib import Path

from rules.models import ConditionDefinition

DATA_DIR = Path(__file__).resolve().parent / "data"
KINDS = {"conditions": ConditionDefinition}


def load(force=False):
    """Create or update every row from the data files; returns {"created", "updated", "kept"} counts."""
    counts = {"created": 0, "updated": 0, "kept": 0}
    for system_dir in sorted(p for p in DATA_DIR.iterdir() if p.is_dir()):
        for kind, model in KINDS.items():
            path = system_dir / f"{kind}.json"
            if not path.exists():
                continue
            for entry in json.loads(path.read_text()):
                entry = dict(entry)
                name = entry.pop("name")
                row = model.objects.filter(system=system_dir.name, name=name).first()
                if row is None:
                    model.objects.create(system=system_dir.name, name=name, **entry)
                    counts["created"] += 1
                elif row.customised and not force:
                    counts["kept"] += 1
                elif any(getattr(row, key) != value for key, value in entry.items()) or row.customised:
                    for key, value in entry.items():
                        setattr(row, key, value)
                    row.customised = False
                    row.save()
                    counts["updated"] += 1
    return counts
