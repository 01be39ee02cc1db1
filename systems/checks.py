"""Start-up checks (`manage.py check`, every server start, and the test suite) that each game system keeps its side
of the bargain: its toggles in code and the house rules the rules data ships agree, and it keeps the `System`
interface (the methods' parameters, the places and names of its partials, its API fields), so a renamed toggle or a
misspelt partial fails loudly with what to fix instead of showing nothing."""

import inspect

from django.core import checks
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

import systems
from rules.engine.tables import DATA_DIR, seed_rows
from rules.models import HouseRule
from systems.base import PARTIAL_SLOTS, System


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


JSON_TYPES = (bool, int, float, str, list, dict, int | float)


@checks.register()
def systems_keep_the_interface(app_configs=None, **kwargs):
    return [error for system in systems.REGISTRY.values() for error in interface_problems(system)]


def interface_problems(system):
    """What a system gets wrong of the `System` interface, each a checks.Error saying what to fix: the methods the
    generic code calls with their parameters, the places its partials go and the partials themselves, the API fields
    it declares."""
    return [*signature_problems(system), *partial_problems(system), *field_problems(system)]


def signature_problems(system):
    """An overriding method takes what the tracker passes it: System's parameters without a default by place (their
    names are the system's own), those with a default by name; more only with a default."""
    errors = []
    for name, expected in vars(System).items():
        own = getattr(type(system), name, expected)
        if name.startswith("_") or not inspect.isfunction(expected) or own is expected:
            continue
        if not takes_the_same(inspect.signature(expected), inspect.signature(own)):
            errors.append(
                checks.Error(
                    f"{system.label}: {name}{inspect.signature(own)} does not take what the tracker passes.",
                    hint=f"Declare it as System's: {name}{inspect.signature(expected)} (more parameters only with "
                    "a default).",
                    id="systems.E004",
                )
            )
    return errors


def takes_the_same(expected, own):
    placed = [p for p in own.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    wanted = [p for p in expected.parameters.values() if p.default is p.empty]
    named = [p.name for p in expected.parameters.values() if p.default is not p.empty]
    any_keyword = any(p.kind is p.VAR_KEYWORD for p in own.parameters.values())
    required = [p for p in placed if p.default is p.empty]
    return (
        len(placed) >= len(wanted)
        and len(required) <= len(wanted)
        and all(any_keyword or name in own.parameters for name in named)
    )


def partial_problems(system):
    errors = []
    for place, name in sorted(system.partials.items()):
        if place not in PARTIAL_SLOTS:
            errors.append(
                checks.Error(
                    f"{system.label}: no screen includes partials at '{place}'.",
                    hint=f"Use one of: {', '.join(sorted(PARTIAL_SLOTS))}.",
                    id="systems.E005",
                )
            )
            continue
        try:
            get_template(name)
        except TemplateDoesNotExist:
            errors.append(
                checks.Error(
                    f"{system.label}: the partial '{name}' for '{place}' does not exist.",
                    hint="Name a template under templates/ and one of its {% partialdef %}s: 'key/gm.html#name'.",
                    id="systems.E006",
                )
            )
    return errors


def field_problems(system):
    from combat.views_state import GENERIC_COMBATANT_FIELDS, PROMPT_FIELDS  # the views read the systems: not above

    errors = []
    for fields, generic, kind in (
        (system.combatant_fields, GENERIC_COMBATANT_FIELDS, "combatant"),
        (system.prompt_fields, {field.name for field in PROMPT_FIELDS}, "open test"),
    ):
        names = [field.name for field in fields]
        taken = sorted({name for name in names if name in generic or names.count(name) > 1})
        if taken:
            errors.append(
                checks.Error(
                    f"{system.label}: the {kind} field(s) {', '.join(taken)} are declared twice or are generic.",
                    hint="Give each of the system's fields its own name.",
                    id="systems.E007",
                )
            )
        for field in fields:
            if field.type not in JSON_TYPES:
                errors.append(
                    checks.Error(
                        f"{system.label}: the {kind} field '{field.name}' has no JSON type ({field.type!r}).",
                        hint="Use bool, int, float, str, list, dict or int | float.",
                        id="systems.E008",
                    )
                )
    return errors
