"""Undo never breaks on what was deleted since: a character sheet deleted in admin (or a condition removed from the
rules data) leaves the encounter's history undoable, all the way back."""

import json

import pytest
from django.test import Client

from characters.models import Character
from combat.models import Combatant, ConditionInstance
from rules.models import ConditionDefinition
from tests.factories import CharacterFactory

pytestmark = pytest.mark.django_db


def run(table, command, **args):
    return Client().post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        json.dumps({"command": command, "args": args}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {table.token(table.gm)}",
    )


def test_undo_brings_back_a_combatant_whose_character_was_deleted(table, admin_client):
    ulrika = CharacterFactory(campaign=table.campaign, name="Ulrika", max_wounds=13)
    added = run(table, "add_combatant", character=ulrika.pk).json()["result"]["combatant"]
    assert run(table, "remove_combatant", combatant=added).status_code == 200
    assert admin_client.post(f"/admin/characters/character/{ulrika.pk}/delete/", {"post": "yes"}).status_code == 302
    assert not Character.objects.filter(pk=ulrika.pk).exists()

    answer = run(table, "undo")
    assert answer.status_code == 200, answer.content
    assert "Ulrika's character sheet was deleted" in answer.json()["message"]
    back = Combatant.objects.get(pk=added)
    assert back.name == "Ulrika" and back.character_id is None and back.max_wounds == 13
    # Every later undo still works, back to the encounter as it was before Ulrika joined.
    assert run(table, "undo").status_code == 200
    assert not Combatant.objects.filter(pk=added).exists()
    assert run(table, "undo").status_code == 200


def test_undo_after_a_condition_was_deleted_from_the_rules_data(table, admin_client):
    custom = ConditionDefinition.objects.create(system="wfrp4e", name="Hexed", description="A test condition.")
    assert run(table, "add_condition", combatant=table.orc.pk, condition="Hexed").status_code == 200
    assert run(table, "apply_damage", combatant=table.orc.pk, amount=3).status_code == 200
    assert run(table, "remove_condition", combatant=table.orc.pk, condition="Hexed").status_code == 200
    assert (
        admin_client.post(f"/admin/rules/conditiondefinition/{custom.pk}/delete/", {"post": "yes"}).status_code == 302
    )

    answer = run(table, "undo")  # the removal: Hexed cannot come back
    assert answer.status_code == 200, answer.content
    assert "conditions deleted from the rules data stay gone" in answer.json()["message"]
    assert not ConditionInstance.objects.filter(combatant=table.orc).exists()
    assert run(table, "undo").status_code == 200  # the damage
    assert Combatant.objects.get(pk=table.orc.pk).wounds == 12
    assert run(table, "undo").status_code == 200
