"""What every system's API state tests share: the state as a user's client fetches it with their bearer token, and its
check against the system's declaration of what it shows (System.combatant_fields and prompt_fields,
systems/state_fields.py)."""

from django.test import Client

import systems
from characters.models import ApiToken
from combat.views_state import PROMPT_FIELDS, SHOWN_BY_DEGREE, SHOWN_OF_OTHERS

# What combat/views_state.py combatant_json gives of every combatant, whatever its system.
GENERIC_COMBATANT_KEYS = {
    "id", "name", "side", "initiative", "wounds", "max_wounds", "hurt", "hidden", "character", "conditions",
    "this_turn",
}  # fmt: skip


def api_state(encounter, user):
    answer = Client().get(f"/api/encounters/{encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {ApiToken.issue(user)}")
    assert answer.status_code == 200, answer.content
    return answer.json()


def seen(state, combatant):
    return next(c for c in state["combatants"] if c["id"] == combatant.pk)


def assert_declared(state, in_full):
    """Every combatant whose id is in `in_full` holds each field its system declares, of the declared type; every
    other one holds only its id, name and side, the rest null. Each open test holds the generic and the system's
    declared fields, of their types, and nothing more. (What the GM lets players see of another's wounds, and an
    ally's conditions, may be shown too: tests/combat/test_known_by_degrees.py checks them.)"""
    system = systems.get(state["system"])
    for combatant in state["combatants"]:
        assert set(combatant) == GENERIC_COMBATANT_KEYS | {field.name for field in system.combatant_fields}
        if combatant["id"] in in_full:
            for field in system.combatant_fields:
                assert field.holds(combatant[field.name]), (combatant["name"], field.name, combatant[field.name])
        else:
            hidden = {key: value for key, value in combatant.items() if key not in SHOWN_OF_OTHERS | SHOWN_BY_DEGREE}
            assert all(value is None for value in hidden.values()), (combatant["name"], hidden)
    declared = (*PROMPT_FIELDS, *system.prompt_fields)
    for prompt in state["prompts"]:
        assert list(prompt) == [field.name for field in declared]
        for field in declared:
            assert field.holds(prompt[field.name]), (prompt["reason"], field.name, prompt[field.name])
