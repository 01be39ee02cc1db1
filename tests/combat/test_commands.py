import pytest

from combat import commands
from combat.commands import CommandError, CommandForbidden, StaleVersion
from combat.models import Combatant, ConditionInstance, Encounter, LogEntry
from combat.views_state import as_json, build

pytestmark = pytest.mark.django_db


def state(table):
    table.encounter.refresh_from_db()
    resolve = {c.pk: c.point("resolve") for c in table.campaign.characters.all()}
    return {**as_json(build(table.encounter, table.gm)), "resolve": resolve}


def names_in_order(table):
    return [c["name"] for c in state(table)["combatants"]]


def started(table, dice):
    commands.roll_initiative(table.encounter, table.gm, dice=dice)
    commands.start(table.encounter, table.gm)
    return table.encounter


def test_adding_combatants_places_them_by_initiative(table):
    # Gunther I 41, Anders I 35, orc 25; the hidden goblin was added with 50.
    assert names_in_order(table) == ["Sneaky Goblin", "Gunther", "Anders", "Orc Grukk"]
    anders = next(c for c in state(table)["combatants"] if c["name"] == "Anders")
    assert anders["wounds"] == anders["max_wounds"] == 14
    assert anders["side"] == "ally"


def test_roll_initiative_orders_by_the_system_rules(table, dice):
    outcome = commands.roll_initiative(table.encounter, table.gm, dice=dice)
    assert names_in_order(table) == ["Sneaky Goblin", "Gunther", "Anders", "Orc Grukk"]
    assert outcome.message.startswith("Initiative order set")


def test_start_and_next_turn_walk_the_order_and_count_rounds(table, dice):
    encounter = started(table, dice)
    assert (encounter.round, encounter.active.name) == (1, "Sneaky Goblin")
    seen = []
    for _ in range(4):
        commands.next_turn(encounter, table.gm)
        seen.append((encounter.round, encounter.active.name))
    assert seen == [(1, "Gunther"), (1, "Anders"), (1, "Orc Grukk"), (2, "Sneaky Goblin")]
    assert state(table)["turn"] == 1


def test_next_turn_before_start_is_refused(table):
    with pytest.raises(CommandError, match="not started"):
        commands.next_turn(table.encounter, table.gm)


def test_double_click_on_next_turn_advances_one_turn(table, dice):
    encounter = started(table, dice)
    seen_version = encounter.version
    commands.next_turn(encounter, table.gm, expected_version=seen_version)
    with pytest.raises(StaleVersion):
        commands.next_turn(encounter, table.gm, expected_version=seen_version)
    encounter.refresh_from_db()
    assert encounter.active.name == "Gunther"
    assert encounter.version == seen_version + 1


def test_damage_and_heal_stay_within_zero_and_max(table):
    commands.apply_damage(table.encounter, table.gm, combatant=table.anders.pk, amount=5)
    assert Combatant.objects.get(pk=table.anders.pk).wounds == 9
    commands.apply_damage(table.encounter, table.gm, combatant=table.anders.pk, amount=50)
    assert Combatant.objects.get(pk=table.anders.pk).wounds == 0
    commands.heal(table.encounter, table.gm, combatant=table.anders.pk, amount=100)
    assert Combatant.objects.get(pk=table.anders.pk).wounds == 14


def test_conditions_stack_count_and_time_out_at_the_end_of_the_round(table, dice):
    encounter = started(table, dice)
    commands.add_condition(encounter, table.gm, combatant=table.orc.pk, condition="bleeding", count=2)
    commands.add_condition(encounter, table.gm, combatant=table.orc.pk, condition="Bleeding")
    commands.add_condition(encounter, table.gm, combatant=table.anders.pk, condition="Blinded", remaining=2)
    orc = next(c for c in state(table)["combatants"] if c["name"] == "Orc Grukk")
    assert orc["conditions"] == [{"name": "Bleeding", "count": 3, "remaining": None}]

    def anders_conditions():
        return next(c for c in state(table)["combatants"] if c["name"] == "Anders")["conditions"]

    for _ in range(4):  # one full round
        commands.next_turn(encounter, table.gm)
    assert anders_conditions() == [{"name": "Blinded", "count": 1, "remaining": 1}]
    outcome = None
    for _ in range(4):
        outcome = commands.next_turn(encounter, table.gm)
    assert anders_conditions() == []
    assert "Anders's Blinded" in outcome.result["expired"][0]

    commands.remove_condition(encounter, table.gm, combatant=table.orc.pk, condition="Bleeding", count=1)
    assert ConditionInstance.objects.get(combatant=table.orc).count == 2
    commands.remove_condition(encounter, table.gm, combatant=table.orc.pk, condition="Bleeding")
    assert not ConditionInstance.objects.filter(combatant=table.orc).exists()


def test_non_stacking_condition_stays_at_one(table):
    commands.add_condition(table.encounter, table.gm, combatant=table.orc.pk, condition="Prone", count=3)
    commands.add_condition(table.encounter, table.gm, combatant=table.orc.pk, condition="Prone")
    assert ConditionInstance.objects.get(combatant=table.orc).count == 1


def test_move_and_delay_reorder_the_turns(table, dice):
    encounter = started(table, dice)
    commands.move_combatant(encounter, table.gm, combatant=table.orc.pk, position=0)
    assert names_in_order(table) == ["Orc Grukk", "Sneaky Goblin", "Gunther", "Anders"]
    commands.next_turn(encounter, table.gm)  # goblin was active -> Gunther
    commands.delay(encounter, table.gm)
    assert names_in_order(table) == ["Orc Grukk", "Sneaky Goblin", "Anders", "Gunther"]
    assert encounter.active.name == "Anders"


def test_set_initiative_resorts(table):
    commands.set_initiative(table.encounter, table.gm, combatant=table.orc.pk, value=99)
    assert names_in_order(table)[0] == "Orc Grukk"


def test_remove_active_combatant_passes_the_turn_on(table, dice):
    encounter = started(table, dice)
    commands.remove_combatant(encounter, table.gm, combatant=table.hidden_goblin.pk)
    assert encounter.active.name == "Gunther"
    assert names_in_order(table) == ["Gunther", "Anders", "Orc Grukk"]


def test_hide_and_reveal(table):
    commands.reveal_combatant(table.encounter, table.gm, combatant=table.hidden_goblin.pk)
    assert not Combatant.objects.get(pk=table.hidden_goblin.pk).hidden
    commands.hide_combatant(table.encounter, table.gm, combatant=table.orc.pk)
    assert Combatant.objects.get(pk=table.orc.pk).hidden


def test_end_encounter(table, dice):
    encounter = started(table, dice)
    commands.end_encounter(encounter, table.gm)
    assert (encounter.status, encounter.active) == ("ended", None)
    with pytest.raises(CommandError):
        commands.next_turn(encounter, table.gm)


EVERY_UNDOABLE_STEP = [
    ("roll_initiative", {}),
    ("surprise", {"combatant": "anders"}),
    ("surprise", {"combatant": "gunther"}),
    ("start", {}),
    ("use_resolve", {"combatant": "anders"}),
    ("next_turn", {}),
    ("delay", {}),
    ("apply_damage", {"combatant": "orc", "amount": 4}),
    ("heal", {"combatant": "orc", "amount": 1}),
    ("add_condition", {"combatant": "orc", "condition": "Bleeding", "count": 2, "remaining": 1}),
    ("remove_condition", {"combatant": "orc", "condition": "Bleeding", "count": 1}),
    ("set_initiative", {"combatant": "anders", "value": 60}),
    ("move_combatant", {"combatant": "orc", "position": 0}),
    ("hide_combatant", {"combatant": "anders"}),
    ("reveal_combatant", {"combatant": "hidden_goblin"}),
    ("next_turn", {}),
    ("next_turn", {}),
    ("next_turn", {}),
    ("add_combatant", {"name": "Troll", "max_wounds": 30, "initiative": 10}),
    ("remove_combatant", {"combatant": "gunther"}),
    ("end_encounter", {}),
]


def test_every_command_is_logged_and_undo_walks_back_to_the_start(table, dice):
    encounter = table.encounter
    table.anders.character.points = {"resolve": 1}
    table.anders.character.save()
    history = [state(table)]
    for name, args in EVERY_UNDOABLE_STEP:
        args = {key: getattr(table, value).pk if key == "combatant" else value for key, value in args.items()}
        commands.execute(encounter, table.gm, name, args, dice=dice)
        history.append(state(table))
    assert LogEntry.objects.filter(encounter=encounter).count() == 4 + len(EVERY_UNDOABLE_STEP)

    def comparable(snapshot):
        return {key: value for key, value in snapshot.items() if key != "version"}

    for expected in reversed(history[:-1]):
        commands.undo(encounter, table.gm)
        assert comparable(state(table)) == comparable(expected)
    assert len(state(table)["combatants"]) == 4


def test_undo_with_nothing_to_undo(db, rules_data):
    from tests.factories import EncounterFactory

    encounter = EncounterFactory()
    with pytest.raises(CommandError, match="Nothing to undo"):
        commands.undo(encounter, encounter.campaign.gm)


@pytest.mark.parametrize(
    "name, args, message",
    [
        ("fly", {}, "Unknown command"),
        ("apply_damage", {"combatant": "orc"}, "Give the amount."),
        ("apply_damage", {"combatant": "orc", "amount": -3}, "Give a whole number from 0 to 10000"),
        ("apply_damage", {"combatant": "orc", "amount": "lots"}, "whole number"),
        ("apply_damage", {"combatant": 999999, "amount": 3}, "no combatant 999999"),
        ("apply_damage", {"combatant": "orc", "amount": 3, "crit": True}, "Unknown argument"),
        ("add_condition", {"combatant": "orc", "condition": "Sleepy"}, "not a condition"),
        ("add_combatant", {"name": "Nobody"}, "name and the maximum wounds"),
        ("remove_condition", {"combatant": "orc", "condition": "Prone"}, "does not have"),
        ("start", {"unexpected": 1}, "Unknown argument"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_changes_nothing(table, name, args, message):
    args = {key: table.orc.pk if value == "orc" else value for key, value in args.items()}
    before = state(table)
    entries = LogEntry.objects.count()
    with pytest.raises(CommandError, match=message):
        commands.execute(table.encounter, table.gm, name, args)
    assert state(table) == before
    assert LogEntry.objects.count() == entries


def test_combatant_of_another_encounter_is_unknown(table, other_table):
    stranger = other_table.combatants.get()
    with pytest.raises(CommandError, match="no combatant"):
        commands.apply_damage(table.encounter, table.gm, combatant=stranger.pk, amount=1)


def test_only_the_gm_may_run_commands(table):
    with pytest.raises(CommandForbidden):
        commands.next_turn(table.encounter, table.anna)
    # To an outsider the encounter is missing, as one that does not exist is.
    with pytest.raises(Encounter.DoesNotExist, match=f"There is no encounter {table.encounter.pk}."):
        commands.next_turn(table.encounter, table.outsider)


def test_when_everyone_has_left_a_running_fight_the_next_to_join_takes_the_turn(table):
    encounter = table.encounter
    commands.start(encounter, table.gm)
    for combatant in list(encounter.combatants.all()):
        commands.remove_combatant(encounter, table.gm, combatant=combatant.pk)
    with pytest.raises(CommandError, match="Nobody is left in the fight"):
        commands.next_turn(encounter, table.gm)
    troll = commands.add_combatant(encounter, table.gm, name="Troll", max_wounds=30)
    assert "it is their turn" in troll.message
    assert encounter.active_id == troll.result["combatant"]
    commands.next_turn(encounter, table.gm)
    assert (encounter.round, encounter.active_id) == (2, troll.result["combatant"])
