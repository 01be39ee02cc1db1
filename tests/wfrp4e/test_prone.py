"""A Prone combatant's Move only stands them up or crawls (the core rules; seed 000 "Prone" with the house rule:
no Wounds left, only a crawl of half the Movement in yards), from the GM's screen, the API and the player's phone."""

import pytest

from combat import commands
from combat.models import Combatant, ConditionInstance
from systems.wfrp4e import toggles
from tests.wfrp4e.test_turn_budget import command, turn_of

pytestmark = pytest.mark.django_db

PRONE_REFUSAL = "Anders cannot do that: Prone: Move only to stand up or crawl. The GM can allow it anyway."


@pytest.fixture
def prone(fight):
    character = fight.anders.character
    character.characteristics = {**character.characteristics, "M": 5}
    character.save()
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.anders.pk, condition="Prone")
    turn_of(fight, fight.anders)
    return fight


def is_prone(fight):
    return ConditionInstance.objects.filter(combatant=fight.anders, definition__name="Prone").exists()


def move_used(fight, user):
    mine = next(c for c in fight.table.client(user).get(f"/api/encounters/{fight.table.encounter.pk}/").json()[
        "combatants"] if c["id"] == fight.anders.pk)  # fmt: skip
    return next(part for part in mine["this_turn"]["parts"] if part["part"] == "move")["left"] == 0


def test_a_prone_combatant_cannot_walk_but_stands_up_with_the_move_and_undo_lays_them_down(prone):
    fight, gm = prone, prone.table.gm
    refused = command(fight, gm, "mark_turn", part="move", used=True)
    assert refused.status_code == 400 and refused.json()["error"] == PRONE_REFUSAL
    assert is_prone(fight) and not move_used(fight, gm)
    stood = command(fight, gm, "mark_turn", part="stand_up", used=True)
    assert stood.status_code == 200, stood.json()
    assert stood.json()["message"] == "Anders uses their Stand up (no longer Prone)."
    assert not is_prone(fight) and move_used(fight, gm)
    again = command(fight, gm, "mark_turn", part="crawl", used=True)
    assert again.json()["error"] == "Anders is not Prone: Crawl is the Move of one lying down."
    commands.undo(fight.table.encounter, gm)
    assert is_prone(fight) and not move_used(fight, gm)


def test_the_gm_lets_a_prone_combatant_walk_anyway_and_the_log_says_so(prone):
    fight = prone
    allowed = command(fight, fight.table.gm, "mark_turn", part="move", used=True, allow_anyway=True)
    assert allowed.status_code == 200
    assert "though Prone" in allowed.json()["message"]
    assert "The GM allows it anyway (Anders, Prone: Move only to stand up or crawl)." in (allowed.json()["message"])


def test_by_the_house_rule_no_wounds_left_means_only_a_crawl_of_half_the_movement(prone):
    fight, gm = prone, prone.table.gm
    commands.set_house_rules(fight.table.encounter, gm, rules=[toggles.PRONE.key])
    Combatant.objects.filter(pk=fight.anders.pk).update(wounds=0)
    refused = command(fight, gm, "mark_turn", part="stand_up", used=True)
    assert refused.json()["error"] == (
        "Anders cannot do that: Prone with no Wounds left: can only crawl. The GM can allow it anyway."
    )
    crawled = command(fight, gm, "mark_turn", part="crawl", used=True)
    assert crawled.json()["message"] == "Anders uses their Crawl (crawls 2.5 yards, half their Movement)."
    assert is_prone(fight) and move_used(fight, gm)


def test_the_player_stands_up_from_the_phone_which_offers_it_only_while_prone(prone):
    fight, anna = prone, prone.table.anna
    phone = fight.table.client(anna).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert f'id="declare-stand-up-{fight.anders.pk}"' in phone and f'id="declare-move-{fight.anders.pk}"' not in phone
    gm_page = fight.table.client(fight.table.gm).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert 'id="turn-stand-up"' in gm_page and 'id="turn-crawl"' in gm_page
    assert command(fight, anna, "mark_turn", part="stand_up", used=True).status_code == 403  # the GM's tool
    declared = command(fight, anna, "declare", combatant=fight.anders.pk, action="stand_up")
    assert declared.status_code == 200 and "no longer Prone" in declared.json()["message"]
    phone = fight.table.client(anna).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert f'id="declare-stand-up-{fight.anders.pk}"' not in phone and f'id="declare-move-{fight.anders.pk}"' in phone
    assert command(fight, fight.table.bruno, "declare", combatant=fight.anders.pk, action="crawl").status_code == 403
