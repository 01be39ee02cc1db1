"""A Stunned combatant's Move covers half their Movement (seed 000 "Stunned", keeping the book's half movement): the
turn's Move says how many yards on the GM's screen, on the player's phone and in the log, and Undo gives it back."""

import pytest

from combat import commands
from tests.wfrp4e.test_prone import move_used
from tests.wfrp4e.test_turn_budget import command, turn_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def stunned(fight):
    character = fight.anders.character
    character.characteristics = {**character.characteristics, "M": 5}
    character.save()
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.anders.pk, condition="Stunned")
    turn_of(fight, fight.anders)
    return fight


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()


def test_the_move_of_a_stunned_combatant_is_half_their_movement_in_yards(stunned):
    fight, gm = stunned, stunned.table.gm
    assert 'id="turn-move-stunned">(Stunned: 2.5 yd)' in page(fight, gm)
    assert 'Move <span class="small">(Stunned: 2.5 yd)</span>' in page(fight, fight.table.anna)
    moved = command(fight, gm, "mark_turn", part="move", used=True)
    assert moved.status_code == 200
    assert moved.json()["message"] == "Anders uses their Move (Stunned: half their Movement, 2.5 yards)."
    assert move_used(fight, gm)
    commands.undo(fight.table.encounter, gm)
    assert not move_used(fight, gm)


def test_the_player_moves_half_from_the_phone_and_the_house_rule_keeps_the_half_move(stunned):
    fight = stunned
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["stunned"])
    declared = command(fight, fight.table.anna, "declare", combatant=fight.anders.pk, action="move")
    assert declared.status_code == 200 and "Stunned: half their Movement, 2.5 yards" in declared.json()["message"]


def test_without_the_condition_the_move_says_nothing_of_yards(fight):
    turn_of(fight, fight.anders)
    assert 'id="turn-move-stunned"' not in page(fight, fight.table.gm)
    moved = command(fight, fight.table.gm, "mark_turn", part="move", used=True)
    assert moved.json()["message"] == "Anders uses their Move."
