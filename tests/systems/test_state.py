"""Encounter state is one typed structure per system, stored as JSON in Encounter.pools: every key declared once,
none built from admin-editable data, and undo still restores it whole."""

import importlib

import pytest

from combat import commands
from combat.models import Encounter
from systems.wfrp4e.state import Wfrp4eState

pytestmark = pytest.mark.django_db


def test_a_key_no_field_declares_is_refused_not_dropped():
    with pytest.raises(ValueError, match="declares no bogus"):
        Wfrp4eState.load({"ally": 2, "bogus": 1})


def test_load_and_dump_round_trip_and_leave_defaults_out():
    state = Wfrp4eState.load({"ally": 2, "prompts": [{"id": 1}]})
    state.adversary = 3
    assert state.dump() == {"ally": 2, "adversary": 3, "prompts": [{"id": 1}]}
    assert Wfrp4eState.load({}).dump() == {}


def test_a_once_per_turn_spend_is_kept_under_a_declared_key_and_undo_restores_it(table):
    encounter = table.encounter
    commands.start(encounter, table.gm)
    for _ in range(4):
        commands.gain_advantage(encounter, table.gm, side="ally", reason="victory")
    before = Encounter.objects.get(pk=encounter.pk).pools
    commands.spend_advantage(encounter, table.gm, side="ally", spend="additional_action")
    pools = Encounter.objects.get(pk=encounter.pk).pools
    assert set(pools) <= {field for field in Wfrp4eState.__dataclass_fields__}
    assert list(pools["spends_this_turn"]) == ["additional_action"]
    commands.undo(encounter, table.gm)
    assert Encounter.objects.get(pk=encounter.pk).pools == before


def test_the_migration_moves_spend_keys_into_their_declared_field():
    migration = importlib.import_module("combat.migrations.0002_typed_state")
    legacy = {"ally": 1, "turn": {"key": "1:2", "move": True}, "additional_action_turn": "1:2"}
    assert migration.typed(legacy) == {
        "ally": 1,
        "turn": {"key": "1:2", "move": True},
        "spends_this_turn": {"additional_action": "1:2"},
    }
    Wfrp4eState.load(migration.typed(legacy))
