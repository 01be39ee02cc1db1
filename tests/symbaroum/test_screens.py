"""Symbaroum on the screens and the API: the table's words, what each viewer may see of the open rolls, and
queries that stay flat as the fight grows."""

import json

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from combat import commands
from tests.factories import CharacterFactory, UserFactory
from tests.statements import at_each_size, statements
from tests.symbaroum.conftest import ATTRIBUTES, armed


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_the_screens_count_toughness_or_the_variants_health(fight):
    assert "<th>Toughness</th>" in page(fight, fight.table.gm)
    assert "/ 15 toughness" in page(fight, fight.table.anna)
    outcome = fight.gm("apply_damage", combatant=fight.goblin.pk, amount=3)
    assert outcome.message == "Goblin takes 3 damage (5/8 toughness)."
    fight.encounter.house_rules = ["variant"]
    fight.encounter.save()
    assert "<th>Health</th>" in page(fight, fight.table.gm)


def test_the_api_shows_a_roll_with_its_chance_to_its_player_only(fight):
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    url = f"/api/encounters/{fight.encounter.pk}/"
    [prompt] = fight.table.client(fight.table.anna).get(url).json()["prompts"]
    assert (prompt["kind"], prompt["target"], prompt["chance"], prompt["answer"]) == ("defence", 9, 45, "roll_test")
    assert fight.table.client(fight.table.bruno).get(url).json()["prompts"] == []
    answered = fight.table.client(fight.table.anna).post(
        f"{url}commands/",
        json.dumps({"command": "roll_test", "args": {"prompt": prompt["id"], "d20": 4}}),
        content_type="application/json",
    )
    assert answered.status_code == 200 and answered.json()["result"]["hit"] is False


def test_a_roll_for_a_hidden_attacker_never_names_it_to_the_player(fight):
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk)
    phone = page(fight, fight.table.anna)
    assert "Troll" not in phone
    assert "Defence" in phone


def grow(fight, extra):
    """Add `extra` fighters with sheets, half of them players' characters."""
    for index in range(extra):
        player = None
        if index % 2:
            player = UserFactory(username=f"extra-{fight.encounter.combatants.count()}")
            fight.table.campaign.players.add(player)
        character = armed(
            CharacterFactory(campaign=fight.table.campaign, player=player, is_npc=player is None,
                             characteristics=dict(ATTRIBUTES)),
            ["Sword"], ["Leather Armour"],
        )  # fmt: skip
        commands.add_combatant(fight.encounter, fight.table.gm, character=character.pk)


def queries(action):
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def test_pages_and_the_attack_stay_flat_as_the_fight_grows(fight):
    gm, anna = fight.table.client(fight.table.gm), fight.table.client(fight.table.anna)
    url = f"/encounters/{fight.encounter.pk}/"

    def attack_and_answer():
        fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
        fight.run(fight.table.anna, "roll_test", prompt=fight.prompts()[-1]["id"], d20=18)
        fight.run(fight.table.anna, "roll_test", prompt=fight.prompts()[-1]["id"], total=1)

    def undo_all():
        for _ in range(3):
            fight.gm("undo")

    def measure():
        pages = [queries(lambda: gm.get(url)), queries(lambda: anna.get(url))]
        return pages, statements(attack_and_answer), statements(undo_all)

    five, thirty, hundred = at_each_size(lambda size: grow(fight, size - fight.encounter.combatants.count()), measure)
    assert five == thirty == hundred


def test_the_phone_answers_a_refused_action_in_words(fight):
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    points = dict(fight.ulrika.character.points, experience=0)
    fight.ulrika.character.points = points
    fight.ulrika.character.save()
    response = fight.table.client(fight.table.anna).post(
        f"/encounters/{fight.encounter.pk}/do/use_feat/",
        {"combatant": fight.ulrika.pk, "feat": "resilience", "pay_with": "experience"},
        HTTP_HX_REQUEST="true",
    )
    body = response.content.decode()
    assert 'id="flash" class="flash error"' in body and "no Experience left" in body


def test_the_gm_round_bar_shows_what_just_happened_even_a_players_roll(fight):
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    fight.run(fight.table.anna, "roll_test", prompt=fight.prompts()[-1]["id"], d20=3)
    last_event = page(fight, fight.table.gm).split('id="last-event"')[1].split("</p>")[0]
    assert last_event.endswith(">Last: Ulrika rolls: defence d20 3 vs 9, miss.")


def test_what_the_gm_did_shows_once_in_the_flash_and_the_log_not_again_in_the_round_bar(fight):
    answer = fight.table.client(fight.table.gm).post(
        f"/encounters/{fight.encounter.pk}/do/next_turn/", {}, HTTP_HX_REQUEST="true"
    )
    said = escape(fight.encounter.log.latest("version").message)
    body = answer.content.decode()
    assert body.count(said) == 2  # the flash and the log's newest line
    assert f'class="flash success" role="status" aria-live="polite" hx-swap-oob="true">{said}' in body
    last_event = body.split('id="last-event"')[1].split("</p>")[0]
    assert last_event.endswith(" hidden>")


def test_on_her_turn_the_pinned_strip_stays_short_and_her_tools_follow_her_rolls(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    phone = page(fight, fight.table.anna)  # Ulrika's turn
    strip = phone[phone.index('id="strip"') : phone.index('id="sheet"')]
    assert "Your turn, Ulrika!" in strip and "Combat Action free" in strip and "<form" not in strip
    assert f'id="my-turn-tools-{fight.ulrika.pk}"' in phone
