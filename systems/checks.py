"""Start-up checks that a system's toggles in code and the house rules the rules data ships agree, so a renamed or
missing toggle fails loudly (`manage.py check`, every server start, and the test suite)."""

from django.core import checks

import systems
from rules.engine.tables import DATA_DIR, seed_rows
from rules.models import HouseRule


def shipped_toggles(system_key):
    """{key: "group › heading"} of the toggles in rules/data/<system>/house_rules.json."""
    if not (DATA_DIR / system_key / "house_rules.json").exists():
        return {}
    return {
        row["key"]: f"{row['group']} › {row['name']}"
        for row in seed_rows(system_key, "house_rules")
        if row["status"] in HouseRule.TOGGLES
    }


@checks.register()
def toggles_match_the_rules_data(app_configs=None, **kwargs):
    errors = []
    for system in systems.REGISTRY.values():
        shipped = shipped_toggles(system.key)
        declared = {toggle.key: toggle.heading for toggle in system.toggles}
        for key in sorted(declared.keys() - shipped.keys()):
            errors.append(
                checks.Error(
                    f"{system.label}: toggle '{key}' has no house rule in rules/data/{system.key}/house_rules.json.",
                    hint="Rename the toggle after the rule's key, or add the rule to the data file.",
                    id="systems.E001",
                )
            )
        for key in sorted(shipped.keys() - declared.keys()):
            errors.append(
                checks.Error(
                    f"{system.label}: the house rule '{key}' ({shipped[key]}) has no toggle in code.",
                    hint=f"Declare it in the {system.key} package's toggles.",
                    id="systems.E002",
                )
            )
        for key in sorted(declared.keys() & shipped.keys()):
            if declared[key] != shipped[key]:
                errors.append(
                    checks.Error(
                        f"{system.label}: toggle '{key}' is headed '{declared[key]}' in code but "
                        f"'{shipped[key]}' in the rules data.",
                        id="systems.E003",
                    )
                )
    return errors
