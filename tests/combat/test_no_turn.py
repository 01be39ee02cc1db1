"""The turn change passes over whom the game system says takes no turn (System.why_no_turn), saying so in the log,
and never loops: when nobody can act it stops at the round's end."""

import pytest

import systems
from combat import commands
from combat.commands import CommandError

pytestmark = pytest.mark.django_db


@pytest.fixture
def fallen(table, monkeypatch):
    """The WFRP 4e table with a system that calls the combatants named in `fallen.names` dead."""
    names = set()
    system = systems.get(table.encounter.system)
    monkeypatch.setattr(system, "why_no_turn", lambda context, combatant: "dead" if combatant.name in names else "")
    table.fallen = names
    return table


def active_name(table):
    table.encounter.refresh_from_db()
    return table.encounter.active.name


def test_everyone_takes_their_turn_by_default(table, dice):
    commands.roll_initiative(table.encounter, table.gm, dice=dice)
    commands.start(table.encounter, table.gm)
    seen = [commands.next_turn(table.encounter, table.gm).result["active"] for _ in range(4)]
    assert len(set(seen)) == 4


def test_the_dead_are_passed_over_with_a_word_in_the_log(fallen, dice):
    commands.roll_initiative(fallen.encounter, fallen.gm, dice=dice)
    fallen.fallen.add("Sneaky Goblin")
    started = commands.start(fallen.encounter, fallen.gm)
    assert started.message.startswith("Round 1 begins: Gunther's turn. Sneaky Goblin is dead: no turn.")
    fallen.fallen.add("Anders")
    assert commands.next_turn(fallen.encounter, fallen.gm).message == "Anders is dead: no turn. Orc Grukk's turn."
    assert commands.next_turn(fallen.encounter, fallen.gm).message == (
        "Round 2 begins. Sneaky Goblin is dead: no turn. Gunther's turn."
    )


def test_when_nobody_can_act_the_round_ends_and_it_stops_there(fallen, dice):
    commands.roll_initiative(fallen.encounter, fallen.gm, dice=dice)
    commands.start(fallen.encounter, fallen.gm)
    fallen.fallen.update({"Sneaky Goblin", "Gunther", "Anders", "Orc Grukk"})
    outcome = commands.next_turn(fallen.encounter, fallen.gm)
    assert outcome.message.endswith("Round 2 begins. Sneaky Goblin is dead: no turn. Gunther is dead: no turn. "
                                    "Anders is dead: no turn. Orc Grukk is dead: no turn. Nobody can take a turn "
                                    "this round.")  # fmt: skip
    assert (outcome.result["round"], outcome.result["active"], active_name(fallen)) == (2, None, "Orc Grukk")
    assert commands.next_turn(fallen.encounter, fallen.gm).result["round"] == 3
    fallen.fallen.discard("Anders")
    assert commands.next_turn(fallen.encounter, fallen.gm).message.endswith("Anders's turn.")


def test_an_encounter_where_nobody_can_act_does_not_start(fallen):
    fallen.fallen.update({"Sneaky Goblin", "Gunther", "Anders", "Orc Grukk"})
    with pytest.raises(CommandError, match="^Nobody can take a turn: Sneaky Goblin is dead: no turn."):
        commands.start(fallen.encounter, fallen.gm)
    fallen.encounter.refresh_from_db()
    assert fallen.encounter.status == "planning"
