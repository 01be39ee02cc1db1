"""The API's state of a WFRP 4e fight carries each combatant's Advantage or Momentum (seed 000 "Momentum"), fumble
effects, Defend, Charge, Brace and who they are engaged with, and each open condition test with its skill, modifier
and target, as its system declares them; a player's holds them only of their own character and tests, and never a
hidden combatant."""

import pytest

from combat import commands
from systems.wfrp4e import toggles
from tests.api_state import api_state, assert_declared, seen

pytestmark = pytest.mark.django_db


@pytest.fixture
def bleeding_table(table):
    """Momentum and the Bleeding house rule; Anders has earned a Momentum, and Gunther's Bleeding asks for its test
    at his turn's end."""
    rules = ["momentum", toggles.condition_toggle("Bleeding").key]
    commands.set_house_rules(table.encounter, table.gm, rules=rules)
    commands.start(table.encounter, table.gm)  # the hidden goblin acts first, then Gunther, Anders, the orc
    commands.gain_momentum(table.encounter, table.gm, combatant=table.anders.pk, reason="inflicted")
    commands.add_condition(table.encounter, table.gm, combatant=table.gunther.pk, condition="Bleeding", count=2)
    table.encounter.refresh_from_db()
    while table.encounter.active_id != table.gunther.pk:
        commands.next_turn(table.encounter, table.gm)
    commands.next_turn(table.encounter, table.gm)
    return table


def test_the_gm_gets_every_combatants_momentum_and_every_test_as_declared(bleeding_table):
    table = bleeding_table
    state = api_state(table.encounter, table.gm)
    assert_declared(state, in_full={c["id"] for c in state["combatants"]})
    anders = seen(state, table.anders)
    assert (anders["momentum"], anders["advantage"], anders["fumble_effects"]) == (1, 1, [])
    [test] = state["prompts"]
    assert (test["combatant"], test["condition"], test["skill"]) == (table.gunther.pk, "Bleeding", "Endurance")
    assert isinstance(test["modifier"], int) and test["damage"] is None


def test_a_player_gets_only_her_own_character_and_tests(bleeding_table):
    table = bleeding_table
    anna = api_state(table.encounter, table.anna)
    assert_declared(anna, in_full={table.anders.pk})
    assert seen(anna, table.anders)["momentum"] == 1 and seen(anna, table.gunther)["momentum"] is None
    assert anna["prompts"] == []
    bruno = api_state(table.encounter, table.bruno)
    assert_declared(bruno, in_full={table.gunther.pk})
    assert [p["condition"] for p in bruno["prompts"]] == ["Bleeding"]
    for state in (anna, bruno):
        assert table.hidden_goblin.pk not in [c["id"] for c in state["combatants"]]


def test_without_the_house_rule_momentum_is_null_and_advantage_stays(table):
    commands.start(table.encounter, table.gm)
    state = api_state(table.encounter, table.gm)
    assert_declared(state, in_full={c["id"] for c in state["combatants"]})
    assert all(c["momentum"] is None and c["advantage"] == 0 for c in state["combatants"])
