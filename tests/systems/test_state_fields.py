"""Each system's declaration of what the API's state shows of a combatant and of an open test
(systems/state_fields.py): its own names, none taking the place of a generic field, each of a JSON type."""

import pytest

import systems
from combat.views_state import PROMPT_FIELDS
from systems.state_fields import PromptField, RowField
from tests.api_state import GENERIC_COMBATANT_KEYS

JSON_TYPES = {bool, int, float, str, list, dict}


@pytest.mark.parametrize("key", sorted(systems.REGISTRY))
def test_a_systems_fields_are_its_own_and_typed(key):
    system = systems.get(key)
    for fields, kind, generic in (
        (system.combatant_fields, RowField, GENERIC_COMBATANT_KEYS),
        (system.prompt_fields, PromptField, {field.name for field in PROMPT_FIELDS}),
    ):
        names = [field.name for field in fields]
        assert len(names) == len(set(names)) and not set(names) & generic
        for field in fields:
            assert isinstance(field, kind)
            assert set(getattr(field.type, "__args__", (field.type,))) <= JSON_TYPES, field


def test_true_and_false_are_no_numbers():
    assert RowField("count", int).holds(3) and not RowField("count", int).holds(True)
    assert RowField("chance", int | float).holds(2.5) and not RowField("chance", int | float).holds(False)
    assert RowField("on", bool).holds(False) and not RowField("on", bool).holds(None)
    assert RowField("stance", str, null=True).holds(None)
