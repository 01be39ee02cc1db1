"""The start-up check that each game system keeps the `System` interface: a system that gets a method's parameters,
a partial's place or name, or an API field wrong fails `manage.py check` saying what to fix."""

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

import systems
from combat.views_state import GENERIC_COMBATANT_FIELDS, combatant_json
from systems.base import System
from systems.checks import interface_problems
from systems.state_fields import PromptField, RowField


class Minimal(System):
    key = "minimal"
    label = "Minimal"


def ids(system):
    return [(error.id, error.msg) for error in interface_problems(system)]


def test_the_shipped_systems_keep_the_interface():
    for system in systems.REGISTRY.values():
        assert ids(system) == []
    call_command("check")  # raises SystemCheckError on any error


def test_a_method_that_cannot_take_what_the_tracker_passes_is_named():
    class Wrong(Minimal):
        def sheets(self, character_ids):  # the spine passes with_characteristics by name
            return {}

        def turn_started(self, context, combatant, extra):  # one more than the tracker passes
            return None

        def extend_view(self, view_, everyone, shown=True):  # its own names, and more with a default: fine
            return None

    assert ids(Wrong()) == [
        (
            "systems.E004",
            "Minimal: turn_started(self, context, combatant, extra) does not take what the tracker passes.",
        ),
        ("systems.E004", "Minimal: sheets(self, character_ids) does not take what the tracker passes."),
    ]


def test_a_misspelt_place_or_a_missing_partial_is_named():
    class Wrong(Minimal):
        partials = {
            "gm_panel": "wfrp4e/gm.html#panels",
            "gm_panels": "wfrp4e/gm.html#no_such_partial",
            "phone_strip": "wfrp4e/phone.html#strip",
        }

    found = ids(Wrong())
    assert [error_id for error_id, _ in found] == ["systems.E005", "systems.E006"]
    assert "no screen includes partials at 'gm_panel'" in found[0][1]
    assert "'wfrp4e/gm.html#no_such_partial' for 'gm_panels' does not exist" in found[1][1]


def test_api_fields_must_have_their_own_names_and_a_json_type():
    class Wrong(Minimal):
        combatant_fields = (RowField("wounds", int), RowField("rage", int), RowField("rage", int))
        prompt_fields = (PromptField("reason", str), PromptField("when", object))

    assert ids(Wrong()) == [
        ("systems.E007", "Minimal: the combatant field(s) rage, wounds are declared twice or are generic."),
        ("systems.E007", "Minimal: the open test field(s) reason are declared twice or are generic."),
        ("systems.E008", "Minimal: the open test field 'when' has no JSON type (<class 'object'>)."),
    ]


def test_a_broken_system_fails_manage_py_check(monkeypatch):
    class Wrong(Minimal):
        partials = {"phone_strip": "minimal/phone.html#strip"}

    monkeypatch.setitem(systems.REGISTRY, "minimal", Wrong())
    with pytest.raises(SystemCheckError, match="minimal/phone.html#strip"):
        call_command("check")


@pytest.mark.django_db
def test_the_generic_combatant_fields_are_those_the_api_shows(table):
    from combat.views_state import build

    view = build(table.encounter, table.gm, for_screen=False)
    shown = set(combatant_json(view, view.rows[0]))
    assert GENERIC_COMBATANT_FIELDS == shown - {field.name for field in view.system.combatant_fields}
