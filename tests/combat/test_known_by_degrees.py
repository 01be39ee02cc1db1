"""What players know of an NPC, by degrees the GM sets (combat/known.py, the `set_known_as` command): by default
its name and nothing of its wounds, as before; at "type only" or "unknown" another name on every player's view,
the viewer with no character of their own too; its wounds in a word or exactly. A player character is always known
fully, and only the GM sets degrees."""

import pytest

from combat import commands, known, views_state
from combat.models import Combatant
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def phone(table, user):
    return table.client(user).get(f"/encounters/{table.encounter.pk}/").content.decode()


def api_combatant(table, user, combatant):
    state = table.client(user).get(f"/api/encounters/{table.encounter.pk}/").json()
    return next(c for c in state["combatants"] if c["id"] == combatant.pk)


def test_by_default_players_know_an_npc_by_name_and_nothing_of_its_wounds(table):
    orc = api_combatant(table, table.anna, table.orc)
    assert orc["name"] == "Orc Grukk" and orc["wounds"] is None and orc["hurt"] is None
    assert table.orc.known_as == "name" and table.orc.wounds_shown == "hidden"


@pytest.mark.parametrize(
    ("degree", "kind", "called"),
    [("type", "", "an orc grukk"), ("type", "Goblin", "a Goblin"), ("type", "the Beast", "the Beast"),
     ("unknown", "", "an unknown creature")],
)  # fmt: skip
def test_an_npc_at_type_or_unknown_is_called_so_on_every_players_view(table, degree, kind, called):
    commands.set_known_as(
        table.encounter, table.gm, combatant=table.orc.pk, known_as=degree, kind=kind, wounds_shown="hidden"
    )
    watcher = UserFactory(username="watcher")  # a player of the campaign with no character: a table's screen
    table.campaign.players.add(watcher)
    for user in (table.anna, watcher):
        assert "Orc Grukk" not in phone(table, user)
        assert api_combatant(table, user, table.orc)["name"] == called
    view = views_state.build(table.encounter, watcher)
    assert [row.name for row in view.rows if row.pk == table.orc.pk] == [called]
    assert "Orc Grukk" in phone(table, table.gm)


def test_wounds_in_a_word_or_exactly(table):
    commands.apply_damage(table.encounter, table.gm, combatant=table.orc.pk, amount=7)  # 5 of 12 left
    commands.set_known_as(table.encounter, table.gm, combatant=table.orc.pk, known_as="name", wounds_shown="word")
    orc = api_combatant(table, table.anna, table.orc)
    assert orc["hurt"] == "badly hurt" and orc["wounds"] is None and orc["max_wounds"] is None
    assert "badly hurt" in phone(table, table.anna) and "5/12" not in phone(table, table.anna)
    commands.set_known_as(table.encounter, table.gm, combatant=table.orc.pk, known_as="name", wounds_shown="exact")
    orc = api_combatant(table, table.anna, table.orc)
    assert (orc["wounds"], orc["max_wounds"]) == (5, 12)
    assert "5/12 wounds" in phone(table, table.anna)


def test_a_players_answer_names_the_npc_as_they_know_it(table):
    """A refusal naming the NPC (the GM's words, through the same edge as every answer) reads as the players know
    it; the GM's own answer keeps its name."""
    commands.set_known_as(table.encounter, table.gm, combatant=table.orc.pk, known_as="unknown", wounds_shown="hidden")
    view = views_state.build(table.encounter, table.anna)
    assert view.told("Orc Grukk takes 3 damage (9/12 wounds).") == "An unknown creature takes 3 damage."
    assert views_state.told_to(table.encounter.pk, table.anna, "Orc Grukk flees.") == "An unknown creature flees."
    assert views_state.told_to(table.encounter.pk, table.gm, "Orc Grukk flees.") == "Orc Grukk flees."


def test_players_and_player_characters_are_refused(table):
    answer = table.client(table.anna).post(
        f"/encounters/{table.encounter.pk}/do/set_known_as/",
        {"combatant": table.orc.pk, "known_as": "unknown", "wounds_shown": "hidden"},
    )
    assert answer.status_code == 403
    with pytest.raises(commands.CommandError, match="Gunther is a player character"):
        commands.set_known_as(
            table.encounter, table.gm, combatant=table.gunther.pk, known_as="unknown", wounds_shown="hidden"
        )
    with pytest.raises(commands.CommandError, match="Choose one of: By name, Type only, Unknown creature"):
        commands.set_known_as(table.encounter, table.gm, combatant=table.orc.pk, known_as="x", wounds_shown="word")
    assert Combatant.objects.get(pk=table.orc.pk).known_as == "name"


@pytest.mark.parametrize(
    ("left", "most", "down", "word"),
    [(12, 12, False, "unhurt"), (6, 12, False, "hurt"), (5, 12, False, "badly hurt"), (0, 12, False, "down"),
     (9, 12, True, "down")],
)  # fmt: skip
def test_the_word_for_wounds(left, most, down, word):
    assert known.how_hurt(left, most, down) == word


def test_a_log_line_names_each_npc_as_players_know_it():
    def npc(name, known_as="name", wounds_shown="hidden"):
        return Combatant(name=name, known_as=known_as, wounds_shown=wounds_shown)

    goblins = [npc("Goblin 1", "type"), npc("Goblin 10", "unknown", "word"), npc("Orc", wounds_shown="exact")]
    assert known.disguise("Bruno hits Goblin 1 for 4; Goblin 10 flees.", goblins) == (
        "Bruno hits a goblin for 4; an unknown creature flees."
    )
    assert known.disguise("Goblin 10 takes 3 damage (2/10 wounds).", goblins) == (
        "An unknown creature takes 3 damage (badly hurt)."
    )
    assert known.disguise("Orc heals 2 (5/8 wounds).", goblins) == "Orc heals 2 (5/8 wounds)."
    assert known.disguise("Goblin 1 hits Anders (10/14 wounds).", goblins) == "A goblin hits Anders (10/14 wounds)."
