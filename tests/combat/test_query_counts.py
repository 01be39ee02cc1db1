"""Query counts per page, API read and websocket render stay flat as encounters grow; a command sends the same
statements at 5, 30 and 100 combatants."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat import commands
from combat.reads import encounter as load_encounter
from combat.rendering import live_fragments
from combat.views_state import build
from tests.factories import CharacterFactory, UserFactory, give_points
from tests.statements import at_each_size, statements

pytestmark = pytest.mark.django_db


def grow(table, extra):
    """Add `extra` combatants, half from player-owned characters, each with a timed condition."""
    for index in range(extra):
        if index % 2:
            player = UserFactory(username=f"extra-player-{table.encounter.combatants.count()}")
            table.campaign.players.add(player)
            character = CharacterFactory(campaign=table.campaign, player=player)
            outcome = commands.add_combatant(table.encounter, table.gm, character=character.pk)
        else:
            outcome = commands.add_combatant(table.encounter, table.gm, name=f"Extra {index}", max_wounds=9)
        commands.add_condition(
            table.encounter, table.gm, combatant=outcome.result["combatant"], condition="Bleeding", remaining=3
        )


def grow_to(table, size):
    grow(table, size - table.encounter.combatants.count())


def count(action):
    with CaptureQueriesContext(connection) as queries:
        action()
    return len(queries)


def measure(table, action, sizes=(3, 25)):
    counts = []
    for extra in sizes:
        grow(table, extra)
        counts.append(count(action))
    return counts


def test_gm_and_player_pages_do_not_grow(table):
    gm, player = table.client(table.gm), table.client(table.anna)
    url = f"/encounters/{table.encounter.pk}/"
    grow(table, 3)
    first_gm, first_player = count(lambda: gm.get(url)), count(lambda: player.get(url))
    grow(table, 25)
    assert count(lambda: gm.get(url)) == first_gm
    assert count(lambda: player.get(url)) == first_player


def test_api_state_does_not_grow(table):
    client = table.client(table.anna)
    counts = measure(table, lambda: client.get(f"/api/encounters/{table.encounter.pk}/"))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("user", ["gm", "anna"])
def test_api_command_answer_sends_the_same_statements_at_5_30_and_100_combatants(table, user):
    """The command and the state it answers with, which reads neither the log nor any character sheet."""
    commands.start(table.encounter, table.gm)
    client = table.client(getattr(table, user))
    if user == "gm":
        command = {"command": "next_turn", "args": {}}
    else:  # a player's own command: shaking off Surprise with a Resolve point
        give_points(table.anders.character_id, resolve=100)
        commands.surprise(table.encounter, table.gm, combatant=table.anders.pk)
        command = {"command": "use_resolve", "args": {"combatant": table.anders.pk}}
    path = f"/api/encounters/{table.encounter.pk}/commands/"

    def measure():
        sent = statements(lambda: client.post(path, command, content_type="application/json"))
        commands.undo(table.encounter, table.gm)  # each size starts from the same state
        return sent

    five, thirty, hundred = at_each_size(lambda size: grow_to(table, size), measure)
    assert five == thirty == hundred
    logged = next(at for at, sql in enumerate(five) if sql.startswith('INSERT INTO "combat_logentry"'))
    answer = five[logged + 1 :]
    assert not any("combat_logentry" in sql or "characters_characterskill" in sql for sql in answer), answer


def test_websocket_render_does_not_grow(table):
    def render():
        live_fragments(build(load_encounter(table.encounter.pk), table.gm))

    counts = measure(table, render)
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    "name, args",
    [
        ("next_turn", {}),
        ("apply_damage", {"combatant": "orc", "amount": 1}),
        ("add_condition", {"combatant": "orc", "condition": "Prone"}),
        ("undo", {}),
    ],
)
def test_commands_send_the_same_statements_at_5_30_and_100_combatants(table, dice, name, args):
    commands.start(table.encounter, table.gm)
    args = {key: table.orc.pk if value == "orc" else value for key, value in args.items()}

    def measure():
        if name == "undo":
            commands.apply_damage(table.encounter, table.gm, combatant=table.orc.pk, amount=1)
        sent = statements(lambda: commands.execute(table.encounter, table.gm, name, args, dice=dice))
        if name != "undo":
            commands.undo(table.encounter, table.gm)  # each size starts from the same state of the orc
        return sent

    five, thirty, hundred = at_each_size(lambda size: grow_to(table, size), measure)
    assert five == thirty == hundred


def test_rolling_everyones_initiative_writes_them_in_the_same_number_of_statements(table, dice):
    """Every combatant's roll is saved, in one statement however many fight (longer as the fight grows)."""
    counts = at_each_size(
        lambda size: grow_to(table, size),
        lambda: count(lambda: commands.roll_initiative(table.encounter, table.gm, dice=dice)),
    )
    assert counts[0] == counts[1] == counts[2], counts


def test_house_rule_turns_do_not_grow(table, dice):
    """Next turn with conditions ticking and Momentum decaying, and a D20 attack, as the encounter grows."""
    commands.set_house_rules(table.encounter, table.gm, rules=["all"])
    commands.start(table.encounter, table.gm)
    counts = []
    for extra in (3, 25):
        grow(table, extra)  # every newcomer Bleeding, with a timer
        for combatant in table.encounter.combatants.all():
            commands.add_condition(table.encounter, table.gm, combatant=combatant.pk, condition="Ablaze")
        counts.append(count(lambda: commands.next_turn(table.encounter, table.gm, dice=dice)))
    assert counts[0] == counts[1], counts
