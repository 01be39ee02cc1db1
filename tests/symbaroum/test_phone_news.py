"""The phone's "what just happened" of a player's character shows the outcome of every roll its player made, after
the GM's line that asked for it; a roll against a hidden attacker is not told there by name."""

import re

import pytest

pytestmark = pytest.mark.django_db


def news(html, combatant):
    found = re.search(rf'id="my-news-{combatant.pk}">What just happened to you: ([^<]*)<', html)
    return found and found[1].replace("&#x27;", "'")


def phone(fight):
    return fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def roll_from_phone(fight, **typed):
    """The phone's roll form posted with htmx: its answer is the phone's live parts."""
    client = fight.table.client(fight.table.anna)
    url = f"/encounters/{fight.encounter.pk}/do/roll_test/"
    answer = client.post(url, {"prompt": fight.prompts()[-1]["id"], **typed}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    return answer.content.decode()


def test_the_phone_shows_the_ask_then_the_outcome_of_each_roll_the_player_made(fight):
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    assert news(phone(fight), fight.ulrika).endswith("Ulrika's player rolls the defence test against 9.")
    answered = roll_from_phone(fight, d20="18")
    told = "Ulrika rolls: defence d20 18 vs 9, hit; Ulrika's player rolls armour (1d4) against 4."
    assert news(answered, fight.ulrika) == told == news(phone(fight), fight.ulrika)
    roll_from_phone(fight, total="1")
    assert news(phone(fight), fight.ulrika) == "Ulrika rolls 1 armour: 4 damage against 1 armour: Ulrika takes 3."
    fight.gm("undo")
    assert news(phone(fight), fight.ulrika) == told


def test_the_outcome_of_a_roll_against_a_hidden_attacker_shows_without_its_name(fight):
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk)
    assert news(phone(fight), fight.ulrika) is None  # the GM's line names the troll
    roll_from_phone(fight, d20="3")
    html = phone(fight)
    assert "Troll" not in html and news(html, fight.ulrika) == "Ulrika rolls: defence d20 3 vs 6, miss."
