"""Adding several of one NPC at once ("add 3 × Orc"): numbered copies, each with its own wounds and, once the fight
runs or the GM asks, its own rolled initiative; one command, one log line, one undo."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat import commands
from combat.models import Combatant, LogEntry
from rules.engine.dice import Dice
from tests.factories import CampaignFactory, CharacterFactory, EncounterFactory, UserFactory

pytestmark = pytest.mark.django_db

ORC_STATS = {"WS": 41, "T": 45, "I": 25, "Ag": 30}


@pytest.fixture
def orc(table):
    return CharacterFactory(campaign=table.campaign, name="Orc", is_npc=True, max_wounds=12, characteristics=ORC_STATS)


def post(table, user, data):
    client = table.client(user)
    return client.post(
        f"/encounters/{table.encounter.pk}/do/add_combatant/", data, HTTP_HX_REQUEST="true", follow=False
    )


def orcs(encounter):
    return list(encounter.combatants.filter(name__startswith="Orc ").exclude(name="Orc Grukk").order_by("name"))


def test_the_gm_adds_three_orcs_from_the_library_in_one_post(table, orc):
    response = post(table, table.gm, {"character": orc.pk, "count": "3"})

    assert response.status_code == 200
    assert "Orc 1, Orc 2 and Orc 3 join the fight." in response.content.decode()
    added = orcs(table.encounter)
    assert [c.name for c in added] == ["Orc 1", "Orc 2", "Orc 3"]
    assert all((c.character_id, c.side, c.wounds, c.max_wounds) == (orc.pk, "adversary", 12, 12) for c in added)
    entries = LogEntry.objects.filter(encounter=table.encounter, command="add_combatant")
    assert entries.filter(message__startswith="Orc 1, Orc 2 and Orc 3 join the fight").count() == 1


def test_the_add_form_asks_how_many(table, orc):
    page = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()
    form = page[page.index('id="add-character"') : page.index("</form>", page.index('id="add-character"'))]
    assert 'name="count"' in form and "How many" in form and "<button>Add</button>" in form


def test_each_copy_has_its_own_wounds(table, orc):
    commands.add_combatant(table.encounter, table.gm, character=orc.pk, count=3)
    first, second, _ = orcs(table.encounter)
    commands.apply_damage(table.encounter, table.gm, combatant=first.pk, amount=5)
    first.refresh_from_db(), second.refresh_from_db()
    assert (first.wounds, second.wounds) == (7, 12)


def test_numbering_continues_from_the_orcs_already_fighting(table, orc):
    commands.add_combatant(table.encounter, table.gm, character=orc.pk, count=3)
    outcome = commands.add_combatant(table.encounter, table.gm, character=orc.pk, count=2)
    assert outcome.message.startswith("Orc 4 and Orc 5 join the fight.")
    single = commands.add_combatant(table.encounter, table.gm, character=orc.pk)
    assert single.message.startswith("Orc 6 joins the fight.")


def test_one_alone_keeps_its_name(table, orc):
    assert commands.add_combatant(table.encounter, table.gm, character=orc.pk).message == "Orc joins the fight."


def test_an_orc_already_fighting_counts_as_the_first(table, orc):
    commands.add_combatant(table.encounter, table.gm, character=orc.pk)
    assert commands.add_combatant(table.encounter, table.gm, character=orc.pk, count=3).message.startswith(
        "Orc 2, Orc 3 and Orc 4 join the fight."
    )
    assert commands.add_combatant(table.encounter, table.gm, character=orc.pk).message.startswith("Orc 5 joins")


def test_a_player_character_fights_once(table):
    anna_character = table.encounter.combatants.filter(character__player=table.anna).first().character
    response = post(table, table.gm, {"character": anna_character.pk})
    assert f"{anna_character.name} is already in this fight." in response.content.decode()
    assert table.encounter.combatants.filter(character=anna_character).count() == 1


def test_one_undo_removes_all_three(table, orc):
    before = table.encounter.combatants.count()
    commands.add_combatant(table.encounter, table.gm, character=orc.pk, count=3)
    assert table.encounter.combatants.count() == before + 3

    outcome = commands.undo(table.encounter, table.gm)

    assert outcome.message.startswith("Undid: Orc 1, Orc 2 and Orc 3 join the fight")
    assert table.encounter.combatants.count() == before
    assert orcs(table.encounter) == []


@pytest.mark.parametrize("count", ["0", "21", "abc", "-3", "2.5"])
def test_a_count_outside_1_to_20_is_refused_in_words_and_changes_nothing(table, orc, count):
    version, before = table.encounter.version, table.encounter.combatants.count()

    response = post(table, table.gm, {"character": orc.pk, "count": count})

    assert "How many: Add from 1 to 20 at a time." in response.content.decode()
    table.encounter.refresh_from_db()
    assert (table.encounter.version, table.encounter.combatants.count()) == (version, before)


def test_the_api_adds_several_and_refuses_a_bad_count(table, orc):
    client = table.client(table.gm)
    url = f"/api/encounters/{table.encounter.pk}/commands/"
    body = {"command": "add_combatant", "args": {"character": orc.pk, "count": 2}}
    answer = client.post(url, body, content_type="application/json")
    assert answer.status_code == 200 and len(answer.json()["result"]["combatants"]) == 2

    body["args"]["count"] = 21
    refused = client.post(url, body, content_type="application/json")
    assert refused.status_code == 400 and refused.json()["error"] == "How many: Add from 1 to 20 at a time."


def test_a_player_cannot_add_orcs(table, orc):
    before = table.encounter.combatants.count()
    assert post(table, table.anna, {"character": orc.pk, "count": "3"}).status_code == 403
    body = {"command": "add_combatant", "args": {"character": orc.pk, "count": 3}}
    api = table.client(table.anna).post(
        f"/api/encounters/{table.encounter.pk}/commands/", body, content_type="application/json"
    )
    assert api.status_code == 403
    assert table.encounter.combatants.count() == before


def test_wfrp4e_orcs_joining_a_running_fight_roll_off_their_places(table, orc):
    commands.start(table.encounter, table.gm)

    outcome = commands.add_combatant(table.encounter, table.gm, character=orc.pk, count=3, dice=Dice(random.Random(3)))

    assert outcome.result["initiatives"] == [25, 25, 25]  # the sheet's I, as written (seed 002)
    assert (
        "Tied on initiative" in outcome.message and "rolled" in outcome.message
    )  # tied on I and Ag: opposed Agility tests place each one
    order = [c.name for c in table.encounter.combatants.order_by("position")]
    assert sorted(order[-4:]) == ["Orc 1", "Orc 2", "Orc 3", "Orc Grukk"]  # all at I 25, after the others


def test_the_copies_add_queries_that_do_not_grow_with_the_encounter(table, orc, dice):
    commands.start(table.encounter, table.gm)
    counts = []
    for extra in (3, 25):
        for index in range(extra):
            commands.add_combatant(table.encounter, table.gm, name=f"Extra {index}", max_wounds=9, initiative=index)
        with CaptureQueriesContext(connection) as queries:
            commands.add_combatant(table.encounter, table.gm, character=orc.pk, count=3, initiative=1, dice=dice)
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


# --- the other systems --------------------------------------------------------------------------------------


def table_of(system, **npc):
    gm = UserFactory(username=f"{system}-gm")
    campaign = CampaignFactory(system=system, gm=gm)
    encounter = EncounterFactory(campaign=campaign, name="Ambush")
    creature = CharacterFactory(campaign=campaign, is_npc=True, **npc)
    return gm, encounter, creature


def test_wfrp3e_beastmen_each_roll_their_own_initiative_check(rules_data):
    gm, encounter, beastman = table_of(
        "wfrp3e", name="Beastman", max_wounds=12, characteristics={"St": 4, "To": 4, "Ag": 3}
    )
    commands.add_combatant(encounter, gm, name="Watchman", max_wounds=8, initiative=1)
    commands.start(encounter, gm)

    outcome = commands.add_combatant(encounter, gm, character=beastman.pk, count=3, dice=Dice(random.Random(2)))

    assert outcome.result["initiatives"] == [0, 3, 2]  # three separate Agility checks, as the dice fell
    order = [(c.name, c.initiative) for c in encounter.combatants.order_by("position")]
    assert order == [("Beastman 2", 3), ("Beastman 3", 2), ("Watchman", 1), ("Beastman 1", 0)]


def test_wfrp3e_a_player_character_joining_a_running_fight_is_left_to_roll_on_the_phone(rules_data):
    gm, encounter, _ = table_of("wfrp3e", name="Beastman", max_wounds=12, characteristics={"Ag": 3})
    hero = CharacterFactory(campaign=encounter.campaign, name="Lise", characteristics={"Ag": 4})
    commands.add_combatant(encounter, gm, name="Watchman", max_wounds=8, initiative=1)
    commands.start(encounter, gm)

    outcome = commands.add_combatant(encounter, gm, character=hero.pk, dice=Dice(random.Random(2)))

    assert outcome.result["initiatives"] == [None]
    another = CharacterFactory(campaign=encounter.campaign, name="Magda", characteristics={"Ag": 3})
    asked = commands.add_combatant(encounter, gm, character=another.pk, roll=True, dice=Dice(random.Random(2)))
    assert asked.result["initiatives"] != [None]


def test_wfrp3e_a_henchmen_group_added_twice_is_two_groups(rules_data):
    gm, encounter, mob = table_of(
        "wfrp3e",
        name="Goblin Mob",
        max_wounds=10,
        characteristics={"St": 2, "To": 2, "Ag": 3},
        traits={"Henchmen": 5},
    )
    commands.add_combatant(encounter, gm, character=mob.pk, count=2)
    groups = list(encounter.combatants.order_by("name"))
    assert [(c.name, c.max_wounds) for c in groups] == [("Goblin Mob 1", 10), ("Goblin Mob 2", 10)]


def test_symbaroum_goblins_asked_to_roll_take_their_quick_and_roll_off_ties(rules_data):
    gm, encounter, goblin = table_of(
        "symbaroum",
        name="Goblin",
        max_wounds=10,
        characteristics={"Accurate": 10, "Quick": 13, "Vigilant": 10, "Strong": 7},
    )

    outcome = commands.add_combatant(
        encounter, gm, character=goblin.pk, count=3, roll=True, dice=Dice(random.Random(2))
    )

    assert outcome.result["initiatives"] == [13, 13, 13]
    assert "Tied on initiative" in outcome.message and "rolled" in outcome.message
    assert sorted(c.name for c in encounter.combatants.all()) == ["Goblin 1", "Goblin 2", "Goblin 3"]
    assert all(c.wounds == 10 for c in Combatant.objects.filter(encounter=encounter))
