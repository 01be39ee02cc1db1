"""Fear and terror (seed 003 "Fear & Terror Checks"): a Discipline check with the creature's rating in challenge dice,
asked once per player character and creature in an encounter; failing costs stress (terror: fatigue too), two banes
leave the character Frightened; a hidden creature stays unnamed on the phones."""

import json
import random

import pytest
from django.utils.html import escape

from combat import commands
from combat.commands.spine import CommandError, CommandForbidden
from rules.engine import wfrp3e
from rules.engine.dice import Dice
from systems.wfrp3e.commands.pools import percent
from tests.factories import CharacterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS


@pytest.fixture
def dread_fight(fight):
    """The fight with a fearsome orc (Fear 2) and a hidden troll (Terror 1)."""
    fight.orc.character.traits = {"Fear": 2}
    fight.orc.character.save()
    troll = CharacterFactory(
        campaign=fight.table.campaign, name="Troll", is_npc=True, max_wounds=20, characteristics=CHARACTERISTICS,
        traits={"Terror": 1},
    )  # fmt: skip
    pk = commands.add_combatant(fight.encounter, fight.table.gm, character=troll.pk, hidden=True).result["combatant"]
    fight.troll = fight.encounter.combatants.get(pk=pk)
    return fight


def prompt_of(fight, combatant):
    (entry,) = [p for p in fight.prompts() if p["combatant"] == combatant.pk]
    return entry


def test_every_player_character_checks_discipline_against_the_rating(dread_fight):
    fight = dread_fight
    outcome = fight.gm("fear_check", combatant=fight.orc.pk)
    assert outcome.message == "Orc's Fear 2: Magda and Gunther check Discipline."
    for hero in (fight.magda, fight.gunther):
        entry = prompt_of(fight, hero)
        assert entry["answer"] == "face_fear" and entry["kind"] == "fear"
        assert entry["reason"] == "Discipline against Orc (Fear 2)"
        # Willpower 3, neutral stance, no Discipline training; two challenge dice for the rating.
        assert entry["summary"] == "3 characteristic, 2 challenge"
        assert entry["chance"] == percent(wfrp3e.odds(entry["pool"]).success)
    assert [p["combatant"] for p in fight.prompts()] == [fight.magda.pk, fight.gunther.pk]


def test_a_failed_check_costs_the_rating_in_stress_and_two_banes_frighten(dread_fight):
    fight = dread_fight
    fight.gm("fear_check", combatant=fight.orc.pk)
    entry = prompt_of(fight, fight.magda)
    outcome = fight.run(fight.table.anna, "face_fear", prompt=entry["id"], successes=1, challenges=2, banes=2)
    # Two banes also cost a stress, as on any Willpower check (seed 003 "Universal Dice Roll Effect").
    assert outcome.message == (
        "Magda quails before Orc's Fear 2 (typed): 0 net successes, 2 banes; 2 stress; Frightened; "
        "Magda suffers 1 stress (two banes)."
    )
    points = fight.points(fight.magda)
    assert points["stress"] == 1 + 2 + 1 and points["fatigue"] == 4
    state = fight.state()
    assert state.lasting_conditions == {str(fight.magda.pk): ["Frightened"]}
    assert state.fear_checked == {str(fight.orc.pk): [fight.magda.pk]}
    assert [p["combatant"] for p in state.prompts] == [fight.gunther.pk]


def test_a_passed_check_costs_nothing_but_two_banes_still_frighten(dread_fight):
    fight = dread_fight
    fight.gm("fear_check", combatant=fight.orc.pk)
    entry = prompt_of(fight, fight.gunther)
    outcome = fight.run(fight.table.bruno, "face_fear", prompt=entry["id"], successes=3, challenges=1, banes=3, boons=1)
    assert outcome.message == (
        "Gunther stands firm against Orc's Fear 2 (typed): 2 net successes, 2 banes; Frightened; "
        "Gunther suffers 1 stress (two banes)."
    )
    assert fight.points(fight.gunther)["stress"] == 1
    assert fight.state().lasting_conditions == {str(fight.gunther.pk): ["Frightened"]}


def test_left_empty_the_tracker_rolls_the_pool(dread_fight):
    fight = dread_fight
    fight.gm("fear_check", combatant=fight.orc.pk)
    entry = prompt_of(fight, fight.gunther)
    outcome = fight.run(fight.table.bruno, "face_fear", prompt=entry["id"], dice=Dice(random.Random(3)))
    rolled = wfrp3e.resolve(wfrp3e.symbols_shown(wfrp3e.roll_pool(entry["pool"], Dice(random.Random(3)).d)))
    assert "(rolled)" in outcome.message and outcome.result["succeeded"] == rolled.succeeded
    strain = wfrp3e.universal_effect(rolled, "willpower")
    stress = (0 if rolled.succeeded else 2) + strain.suffered - strain.recovered
    assert fight.points(fight.gunther)["stress"] == max(stress, 0)


def test_terror_costs_fatigue_too_and_the_hidden_creature_is_not_named_to_the_player(dread_fight):
    fight = dread_fight
    assert (
        fight.gm("fear_check", combatant=fight.troll.pk).message
        == "Troll's Terror 1: Magda and Gunther check Discipline."
    )
    entry = prompt_of(fight, fight.gunther)
    assert entry["reason"] == "Discipline against something dreadful (Terror 1)"
    phone = fight.page(fight.table.bruno)
    assert f'id="prompt-{entry["id"]}"' in phone and "something dreadful (Terror 1)" in phone
    assert "Troll" not in phone
    api = fight.table.client(fight.table.bruno).get(f"/api/encounters/{fight.encounter.pk}/").json()
    assert "Troll" not in json.dumps(api)
    assert all(fight.troll.pk not in p.values() for p in api["prompts"])
    outcome = fight.run(fight.table.bruno, "face_fear", prompt=entry["id"], challenges=1)
    assert outcome.message == (
        "Gunther quails before something dreadful's Terror 1 (typed): 0 net successes, 0 banes; 1 stress and 1 fatigue."
    )
    assert fight.points(fight.gunther)["stress"] == 1 and fight.points(fight.gunther)["fatigue"] == 1
    assert "Troll" not in json.dumps(outcome.result)
    # What came of his check is the news on his phone, in the same words.
    phone = fight.page(fight.table.bruno)
    assert f"What just happened to you: {escape(outcome.message)}<" in phone and "Troll" not in phone


def test_the_phone_that_answers_the_check_shows_what_came_of_it(dread_fight):
    fight = dread_fight
    fight.gm("fear_check", combatant=fight.orc.pk)
    url = f"/encounters/{fight.encounter.pk}/do/face_fear/"
    answer = fight.table.client(fight.table.anna).post(
        url, {"prompt": prompt_of(fight, fight.magda)["id"], "successes": "2"}, HTTP_HX_REQUEST="true"
    )
    told = escape(fight.encounter.log.first().message)
    assert told.startswith("Magda") and f'id="my-news-{fight.magda.pk}">What just happened to you: {told}<' in (
        answer.content.decode()
    )
    assert "my-news-" not in fight.page(fight.table.bruno)  # Gunther's check is still open: no news for him


def test_who_has_faced_the_creature_or_is_still_asked_is_not_asked_again(dread_fight):
    fight = dread_fight
    fight.gm("fear_check", combatant=fight.orc.pk)
    fight.run(fight.table.anna, "face_fear", prompt=prompt_of(fight, fight.magda)["id"], successes=1)
    before = fight.state().dump()
    with pytest.raises(CommandError, match="^Everyone here has already faced Orc.$"):
        fight.gm("fear_check", combatant=fight.orc.pk)
    assert fight.state().dump() == before
    fight.gm("dismiss_check", prompt=prompt_of(fight, fight.gunther)["id"])
    assert fight.gm("fear_check", combatant=fight.orc.pk).message == "Orc's Fear 2: Gunther checks Discipline."
    # Another creature is another first meeting.
    assert (
        fight.gm("fear_check", combatant=fight.troll.pk).message
        == "Troll's Terror 1: Magda and Gunther check Discipline."
    )


def test_a_creature_without_fear_or_terror_is_refused_and_nothing_changes(fight):
    before = fight.state().dump()
    with pytest.raises(CommandError, match="^Orc has no Fear or Terror rating to check against.$"):
        fight.gm("fear_check", combatant=fight.orc.pk)
    assert fight.state().dump() == before


def test_only_the_gm_calls_for_it_and_a_player_answers_only_their_own(dread_fight):
    fight = dread_fight
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "fear_check", combatant=fight.orc.pk)
    fight.gm("fear_check", combatant=fight.orc.pk)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "face_fear", prompt=prompt_of(fight, fight.gunther)["id"], successes=1)
    assert len(fight.prompts()) == 2


def test_the_gm_screen_offers_the_check_for_creatures_of_fear_only(dread_fight):
    html = dread_fight.page(dread_fight.table.gm)
    assert 'id="fear-check"' in html
    assert f'<option value="{dread_fight.orc.pk}">Orc (Fear 2)</option>' in html
    assert f'<option value="{dread_fight.troll.pk}">Troll (Terror 1)</option>' in html
    assert 'id="fear-check"' not in dread_fight.page(dread_fight.table.anna)


def test_undo_takes_back_the_answer_and_the_check_exactly(dread_fight):
    fight = dread_fight
    start = fight.state().dump()
    fight.gm("fear_check", combatant=fight.orc.pk)
    asked = fight.state().dump()
    fight.run(fight.table.anna, "face_fear", prompt=prompt_of(fight, fight.magda)["id"], challenges=2, banes=2)
    fight.gm("undo")
    assert fight.state().dump() == asked and fight.points(fight.magda)["stress"] == 1
    fight.gm("undo")
    assert fight.state().dump() == start
