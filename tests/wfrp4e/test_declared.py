"""Players declare their turn from the phone and roll their own dice; an NPC's attack asks the defending player;
every flow through the JSON API as a script would run it, with the exact odds and what a player may not see."""

import json
import re

import pytest
from django.test import Client
from django.utils.html import escape

from combat import commands
from combat.models import Combatant
from rules.engine import wfrp4e, wfrp4e_house
from rules.engine.probability import percent
from systems.wfrp4e import toggles
from tests.factories import CharacterFactory, equip, give_momentum, give_points
from tests.wfrp4e.conftest import ORC, equip_anders

pytestmark = pytest.mark.django_db

GUNTHER = {"WS": 38, "BS": 30, "S": 33, "T": 36, "I": 41, "Ag": 36, "Dex": 30, "Int": 30, "WP": 40, "Fel": 30}


def train(character, name, advances):
    from characters.models import CharacterSkill
    from rules.models import Skill

    return CharacterSkill.objects.create(
        character=character, skill=Skill.objects.get(system="wfrp4e", name=name), advances=advances
    )


def api(table, user, command, **args):
    body = json.dumps({"command": command, "args": args})
    client = Client()
    client.force_login(user)
    response = client.post(f"/api/encounters/{table.encounter.pk}/commands/", body, content_type="application/json")
    return response.status_code, response.json()


def state(table, user):
    client = Client()
    client.force_login(user)
    return client.get(f"/api/encounters/{table.encounter.pk}/").json()


def declared(table):
    """The declared actions' open tests, as the GM's state lists them (a fumble's own test is not one)."""
    return [p for p in state(table, table.gm)["prompts"] if p["kind"] == "declared"]


def make_fight(table, house=False):
    if house:
        table.encounter.house_rules = [toggles.TESTS.key]
        table.encounter.save()
    equip_anders(table.anders.character)
    equip(table.gunther.character, GUNTHER, {"Melee (Basic)": 5, "Dodge": 10}, ("Hand Weapon",), ("Leather Jack",))
    orc = CharacterFactory(campaign=table.campaign, name="Orc Boy", is_npc=True, max_wounds=12)
    equip(orc, ORC, {"Melee (Basic)": 10, "Dodge": 5}, ("Hand Weapon", "Shield"), ("Leather Jack",))
    pk = commands.add_combatant(table.encounter, table.gm, character=orc.pk).result["combatant"]
    commands.start(table.encounter, table.gm)
    return Combatant.objects.get(pk=pk)


def give_allies(table, advantage):
    table.encounter.refresh_from_db()
    table.encounter.pools = {**table.encounter.pools, "ally": advantage}
    table.encounter.save()


def turn_of(table, combatant):
    for _ in range(8):
        table.encounter.refresh_from_db()
        if table.encounter.active_id == combatant.pk:
            return
        commands.next_turn(table.encounter, table.gm)
    raise AssertionError("their turn never came")


def test_a_player_attacks_from_the_phone_types_the_die_and_the_attack_applies(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk,
                       weapon="Hand Weapon")  # fmt: skip
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    chance = wfrp4e.opposed_chance(52, 51)  # Melee (Basic) 52 against the orc's best defence, Melee (Basic) 51
    assert prompt["kind"] == "declared" and prompt["role"] == "attacker"
    assert prompt["chance"] == str(percent(chance)) and prompt["own_target"] == 52
    assert prompt["answer_fields"] == ["d100"]
    assert "Orc Boy" in prompt["reason"]
    wounds_before = Combatant.objects.get(pk=orc.pk).wounds
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d100=12)
    assert status == 200, body
    assert body["result"]["attacker_roll"] == 12 and body["result"]["command"] == "attack"
    assert declared(table) == []
    hit = body["result"]["hit"]
    assert (Combatant.objects.get(pk=orc.pk).wounds < wounds_before) == hit
    status, body = api(table, table.gm, "undo")
    assert status == 200
    assert Combatant.objects.get(pk=orc.pk).wounds == wounds_before
    assert [p["id"] for p in state(table, table.anna)["prompts"]] == [prompt["id"]]


def test_an_orc_attacks_a_player_whose_phone_asks_for_the_defence_with_odds(table):
    orc = make_fight(table)
    turn_of(table, orc)
    status, body = api(table, table.gm, "attack", attacker=orc.pk, target=table.gunther.pk, weapon="Hand Weapon",
                       defence="Dodge", attacker_roll=30, ask_players=True)  # fmt: skip
    assert status == 200, body
    assert "waiting for Gunther" in body["message"]
    assert state(table, table.anna)["prompts"] == []  # the other player never sees it
    [prompt] = state(table, table.bruno)["prompts"]
    assert prompt["role"] == "defender" and prompt["defence"] == "Dodge"
    dodge = next(d for d in prompt["defences"] if d["key"] == "Dodge")
    assert dodge["target"] == 46 and dodge["chance"] == str(percent(1 - wfrp4e.opposed_chance(51, 46)))
    status, body = api(table, table.bruno, "answer_declared", prompt=prompt["id"], d100=5, defence="Dodge")
    assert status == 200, body
    assert body["result"]["defender_roll"] == 5 and body["result"]["attacker_roll"] == 30
    assert body["result"]["defence"] == "Dodge"


def test_an_unseen_attacker_is_never_named_nor_its_figures_shown(table):
    orc = make_fight(table)
    commands.execute(table.encounter, table.gm, "hide_combatant", {"combatant": orc.pk})
    status, body = api(table, table.gm, "attack", attacker=orc.pk, target=table.gunther.pk, weapon="Hand Weapon",
                       ask_players=True, allow_anyway=True)  # fmt: skip
    assert status == 200, body
    raw = json.dumps(state(table, table.bruno))
    assert "Orc Boy" not in raw and f'"id": {orc.pk},' not in raw and "Hand Weapon" not in raw
    [prompt] = state(table, table.bruno)["prompts"]
    assert prompt["reason"] == "Someone unseen attacks you"
    assert all(d["chance"] is None for d in prompt["defences"])


def test_the_gm_hides_an_npcs_skill_from_the_odds(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    assert api(table, table.gm, "hide_odds", combatant=orc.pk, hidden=True)[0] == 200
    api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    [prompt] = state(table, table.anna)["prompts"]
    assert prompt["chance"] is None and prompt["own_target"] == 52 and prompt["chance_words"] is None


def test_house_rules_the_player_rolls_the_d20s_and_the_d100(table):
    orc = make_fight(table, house=True)
    turn_of(table, table.anders)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    assert prompt["answer_fields"] == ["d20", "location"] and prompt["d20_count"] == 1
    assert prompt["chance"] == str(percent(wfrp4e_house.hit_chance(5, 5, roller="attacker")))
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d20=[3, 4])
    assert status == 400 and "rolls 1 D20" in body["error"]
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d20=[3], location=34)
    assert status == 200, body
    assert body["result"]["d20s"] == [3] and body["result"]["attacker_roll"] == 34


def test_house_rules_an_orc_attack_asks_the_defender_for_a_defence_and_the_d20(table):
    orc = make_fight(table, house=True)
    turn_of(table, orc)
    status, body = api(table, table.gm, "attack", attacker=orc.pk, target=table.gunther.pk, weapon="Hand Weapon",
                       ask_players=True)  # fmt: skip
    assert status == 200, body
    [prompt] = state(table, table.bruno)["prompts"]
    assert prompt["role"] == "defender"
    keys = {d["key"] for d in prompt["defences"]}
    assert {"melee", "dodge"} <= keys
    status, body = api(
        table, table.bruno, "answer_declared", prompt=prompt["id"], d20=[2], location=50, defence="dodge"
    )
    assert status == 200, body
    assert body["result"]["defence"] == "dodge" and body["result"]["roller"] == "defender"


def test_a_player_cannot_declare_out_of_turn_for_others_or_answer_anothers_test(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    status, body = api(table, table.bruno, "declare", combatant=table.gunther.pk, action="attack", target=orc.pk)
    assert status == 400 and "not Gunther's turn" in body["error"]
    status, body = api(table, table.bruno, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    assert status == 403
    api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    [prompt] = state(table, table.gm)["prompts"]
    assert api(table, table.bruno, "answer_declared", prompt=prompt["id"], d100=5)[0] == 403
    hidden = table.hidden_goblin
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=hidden.pk)
    assert status == 400 and "Sneaky" not in body["error"]


def test_the_gm_cancels_a_declaration_and_nothing_else_changes(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    [prompt] = state(table, table.gm)["prompts"]
    status, body = api(table, table.gm, "dismiss_test", prompt=prompt["id"])
    assert status == 200, body
    assert declared(table) == []


def test_defend_charge_and_move_apply_at_once(table):
    make_fight(table)
    turn_of(table, table.anders)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="defend", skill="Dodge")
    assert status == 200, body
    assert "Defends with Dodge" in body["message"]
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="move")
    assert status == 200 and "uses their Move" in body["message"]


def test_assess_gains_advantage_on_a_success(table):
    make_fight(table)
    turn_of(table, table.anders)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="assess", skill="Perception")
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    assert prompt["role"] == "assessor" and prompt["chance"] is not None
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d100=2)
    assert status == 200, body
    assert body["result"]["success"] and body["result"]["gained"] == 2


def test_additional_effort_goes_on_the_assess_which_then_gains_no_advantage(table):
    """Seed 002 "Additional Effort": +10% per Advantage past the first on the side's next Test, which never
    generates Advantage for the one who makes it; the phone shows the target with the bonus in."""
    make_fight(table)
    give_allies(table, 3)
    turn_of(table, table.anders)
    commands.spend_advantage(table.encounter, table.gm, side="ally", spend="additional_effort", amount=3)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="assess", skill="Perception")
    [prompt] = state(table, table.anna)["prompts"]
    plain = table.anders.character.characteristic("I")  # Perception untrained: Initiative 35
    assert prompt["own_target"] == plain + 20
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d100=50)
    assert status == 200, body
    assert body["result"]["success"] and body["result"]["target"] == plain + 20
    assert body["result"]["additional_effort"] == 20 and "gained" not in body["result"]
    assert "Additional Effort +20%" in body["message"] and "gains no Advantage" in body["message"]
    table.encounter.refresh_from_db()
    assert table.encounter.state.additional_effort == {} and table.encounter.pools.get("ally", 0) == 0


def test_a_player_asks_the_gm_for_an_advantage_spend(table):
    make_fight(table)
    turn_of(table, table.anders)
    give_allies(table, 4)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="ask_advantage",
                       spend="additional_action")  # fmt: skip
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    assert prompt["role"] == "gm"
    assert api(table, table.anna, "answer_declared", prompt=prompt["id"])[0] == 403
    status, body = api(table, table.gm, "answer_declared", prompt=prompt["id"])
    assert status == 200, body
    assert body["result"]["spent"] == 4


def page(table, user):
    client = Client()
    client.force_login(user)
    return client.get(f"/encounters/{table.encounter.pk}/").content.decode()


def test_the_phone_declares_through_its_form_and_shows_the_test_with_its_chance(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    phone = page(table, table.anna)
    assert f'id="declare-attack-{table.anders.pk}"' in phone and "Orc Boy" in phone and "Sneaky" not in phone
    assert "declare-attack" not in page(table, table.bruno)  # not Gunther's turn
    client = Client()
    client.force_login(table.anna)
    response = client.post(
        f"/encounters/{table.encounter.pk}/do/declare/",
        {"combatant": table.anders.pk, "action": "attack", "weapon": "Hand Weapon", "target": orc.pk},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    [prompt] = state(table, table.gm)["prompts"]
    phone = page(table, table.anna)
    assert f'id="chance-{prompt["id"]}"' in phone and f'id="roll-for-me-{prompt["id"]}"' in phone
    assert f'id="prompt-{prompt["id"]}"' not in page(table, table.bruno)
    gm = page(table, table.gm)
    assert "waits for <strong>Anders</strong>" in gm and f'id="cancel-{prompt["id"]}"' in gm
    response = client.post(
        f"/encounters/{table.encounter.pk}/do/answer_declared/",
        {"prompt": prompt["id"], "roll_for_me": "true", "d100": "7"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert declared(table) == []
    assert "attacks Orc Boy with Hand Weapon: " in page(table, table.gm)


def test_the_defending_phone_lists_each_defence_with_its_chance(table):
    orc = make_fight(table)
    turn_of(table, orc)
    api(table, table.gm, "attack", attacker=orc.pk, target=table.gunther.pk, weapon="Hand Weapon", ask_players=True)
    [prompt] = state(table, table.bruno)["prompts"]
    phone = page(table, table.bruno)
    assert f'id="defences-{prompt["id"]}"' in phone and "to hold" in phone
    assert "Orc Boy attacks you with Hand Weapon" in phone


def test_a_condition_test_shows_its_exact_chance_on_the_phone(table):
    make_fight(table, house=True)
    table.encounter.house_rules = [toggles.TESTS.key, toggles.ABLAZE.key]
    table.encounter.save()
    commands.add_condition(table.encounter, table.gm, combatant=table.anders.pk, condition="Ablaze", count=2)
    turn_of(table, table.anders)
    [cool] = state(table, table.anna)["prompts"]
    assert cool["target"] == 34 - 20 and cool["chance"] == str(percent(wfrp4e.test_chance(14)))
    assert f'id="chance-{cool["id"]}"' in page(table, table.anna)


def test_batter_as_written_waits_for_the_spenders_roll_and_spends_the_pool(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    give_allies(table, 3)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="batter", target=orc.pk)
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    assert prompt["role"] == "initiator" and prompt["chance"] == str(percent(wfrp4e.opposed_chance(38, 35)))
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d100=4)
    assert status == 200, body
    assert body["result"]["spend"] == "batter" and body["result"]["initiator_roll"] == 4


def test_house_rules_a_spell_asks_the_caster_for_the_casting_roll_then_the_attack(table):
    orc = make_fight(table, house=True)
    commands.set_house_rules(table.encounter, table.gm, rules=[toggles.TESTS.key, toggles.SPELLS.key])
    train(table.anders.character, "Language (Magick)", 15)
    turn_of(table, table.anders)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="spell", target=orc.pk, cn=2,
                       damage=8)  # fmt: skip
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    assert prompt["own_target"] == 45 - 20 and prompt["answer_fields"] == ["d100", "d20", "location"]
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d100=5, d20=[2], location=40)
    assert status == 200, body
    assert body["result"]["cast"] and body["result"]["targets"][0]["hit"]


def test_house_rules_disengaging_is_a_dodge_out_of_combat_against_the_engaged_foe(table):
    orc = make_fight(table, house=True)
    table.encounter.house_rules = [toggles.TESTS.key, toggles.OTHER_OPPOSED_TESTS.key, toggles.DISENGAGING.key]
    table.encounter.save()
    turn_of(table, table.anders)
    commands.attack(table.encounter, table.gm, attacker=table.anders.pk, target=orc.pk, weapon="Hand Weapon",
                    d20=[10], attacker_roll=50, allow_anyway=True)  # fmt: skip
    commands.next_turn(table.encounter, table.gm)
    turn_of(table, table.anders)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="disengage")
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    assert "Dodge out of combat" in prompt["reason"] and prompt["answer_fields"] == ["d20"]
    status, body = api(table, table.anna, "answer_declared", prompt=prompt["id"], d20=[1])
    assert status == 200, body
    assert body["result"]["won"] and "Dodge out of combat" in body["message"]


def test_the_gm_changes_a_declared_attacks_modifier_and_the_odds_follow(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    [prompt] = state(table, table.gm)["prompts"]
    assert api(table, table.anna, "change_declared", prompt=prompt["id"], attack_modifier=20)[0] == 403
    status, body = api(table, table.gm, "change_declared", prompt=prompt["id"], attack_modifier=20)
    assert status == 200, body
    [changed] = state(table, table.anna)["prompts"]
    assert changed["own_target"] == 72 and changed["chance"] == str(percent(wfrp4e.opposed_chance(72, 51)))
    assert f'id="change-{changed["id"]}"' in page(table, table.gm)


def test_a_stunned_player_cannot_declare_an_assess_and_nothing_opens(table):
    make_fight(table)
    turn_of(table, table.anders)
    commands.add_condition(table.encounter, table.gm, combatant=table.anders.pk, condition="Stunned")
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="assess", skill="Perception")
    assert status == 400 and "Stunned" in body["error"]
    assert declared(table) == []


def test_a_disengaging_free_attack_on_a_foe_without_dodge_is_opposed_with_bare_agility(table):
    orc = make_fight(table)
    table.encounter.house_rules = [toggles.DISENGAGING.key]
    table.encounter.save()
    untrained = CharacterFactory(campaign=table.campaign, name="Clumsy", is_npc=True, max_wounds=9)
    equip(untrained, ORC, {}, ("Hand Weapon",), ())
    pk = commands.add_combatant(table.encounter, table.gm, character=untrained.pk).result["combatant"]
    status, body = api(table, table.gm, "attack", attacker=orc.pk, target=pk, weapon="Hand Weapon",
                       free_attack="disengaging", attacker_roll=40, defender_roll=20)  # fmt: skip
    assert status == 200, body
    assert (body["result"]["defence"], body["result"]["defence_target"]) == ("Dodge", ORC["Ag"])


def test_house_rules_a_player_spends_momentum_on_a_talent_from_the_phone(table):
    make_fight(table, house=True)
    table.encounter.house_rules = [toggles.TESTS.key, toggles.MOMENTUM.key]
    table.encounter.save()
    turn_of(table, table.anders)
    give_momentum(table.anders, 3)
    assert f'id="declare-talent-{table.anders.pk}"' in page(table, table.anna)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="talent", talent="Disarm")
    assert status == 200, body
    assert body["result"]["spent"] == 2 and "uses Disarm at 0 levels" in body["message"]


def test_answering_an_unseen_attackers_test_tells_the_player_nothing_of_it(table):
    orc = make_fight(table)
    commands.execute(table.encounter, table.gm, "hide_combatant", {"combatant": orc.pk})
    api(table, table.gm, "attack", attacker=orc.pk, target=table.gunther.pk, weapon="Hand Weapon", attacker_roll=35,
        ask_players=True, allow_anyway=True)  # fmt: skip
    [prompt] = state(table, table.bruno)["prompts"]
    status, body = api(table, table.bruno, "answer_declared", prompt=prompt["id"], d100=5, defence="Dodge")
    assert status == 200, body
    told = json.dumps(body)
    assert "Orc Boy" not in told and "Hand Weapon" not in told
    assert body["message"] == "Gunther defends with Dodge against someone unseen: 05 vs 46 (+4 SL); the attack misses."


def test_the_gms_attack_form_offers_to_ask_the_players_instead_of_a_preview(table):
    orc = make_fight(table)
    turn_of(table, orc)
    client = Client()
    client.force_login(table.gm)
    url = f"/encounters/{table.encounter.pk}/attack/"
    chosen = {"attacker": orc.pk, "target": table.gunther.pk, "weapon": "Hand Weapon"}
    form = client.get(url, chosen, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="ask-players-attack"' in form and "Gunther rolls on the phone" in form
    unticked = {**chosen, "drawn_attacker": orc.pk, "drawn_target": table.gunther.pk}
    assert 'id="ask-players-attack"' not in client.get(url, unticked, HTTP_HX_REQUEST="true").content.decode()
    # With the box ticked, a preview never rolls a player's dice: it asks for them.
    response = client.post(url, {**chosen, "ask_players": "true", "action": "preview"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and 'id="attack-result"' not in response.content.decode()
    [prompt] = state(table, table.bruno)["prompts"]
    assert prompt["role"] == "defender"
    api(table, table.gm, "dismiss_test", prompt=prompt["id"])
    # The GM who typed the dice the player said aloud gets the preview.
    typed = {**chosen, "ask_players": "true", "action": "preview", "defence": "Dodge", "defender_roll": "40"}
    assert 'id="attack-result"' in client.post(url, typed, HTTP_HX_REQUEST="true").content.decode()
    assert declared(table) == []


def news_of(table, user, combatant):
    found = re.search(rf'id="my-news-{combatant.pk}">What just happened to you: ([^<]*)<', page(table, user))
    return found and found[1]


def test_the_phone_tells_the_player_what_came_of_a_roll_the_gm_made_and_drops_stale_news(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    [prompt] = state(table, table.gm)["prompts"]
    api(table, table.gm, "answer_declared", prompt=prompt["id"], roll_for_me=True)
    assert news_of(table, table.anna, table.anders).startswith("Anders attacks Orc Boy with Hand Weapon: ")
    turn_of(table, orc)
    api(table, table.gm, "attack", attacker=orc.pk, target=table.gunther.pk, weapon="Hand Weapon", ask_players=True)
    assert "waiting for Gunther to roll" in news_of(table, table.bruno, table.gunther)
    [prompt] = state(table, table.bruno)["prompts"]
    api(table, table.bruno, "answer_declared", prompt=prompt["id"], d100=50)
    # He rolled since: the waiting line is old news, and what came of his roll is the news.
    assert news_of(table, table.bruno, table.gunther) == escape(table.encounter.log.first().message)


def test_a_declaration_left_waiting_is_noted_when_its_turn_ends_and_a_refusal_says_so(table):
    orc = make_fight(table)
    turn_of(table, table.anders)
    give_allies(table, 2)
    api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk)
    passed = commands.next_turn(table.encounter, table.gm)
    assert "Still waiting: Anders attacks Orc Boy with Hand Weapon (the GM may answer or cancel it)." in passed.message
    turn_of(table, table.anders)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="ask_advantage",
                       spend="additional_effort", amount=2)  # fmt: skip
    assert status == 200, body
    asked = next(p for p in state(table, table.anna)["prompts"] if p["role"] == "gm")
    assert asked["reason"] == "You asked the GM for Additional Effort (2 Advantage; allies have 2)"
    assert body["message"].endswith("waiting for the GM.")
    status, body = api(table, table.gm, "dismiss_test", prompt=asked["id"])
    assert body["message"] == "Anders asks for Additional Effort (2 Advantage; allies have 2): refused by the GM."


def test_the_phone_has_one_input_per_d20_to_throw(table):
    orc = make_fight(table, house=True)
    turn_of(table, table.anders)
    give_points(table.anders.character_id, fortune=2)
    status, body = api(table, table.anna, "declare", combatant=table.anders.pk, action="attack", target=orc.pk,
                       fortune_reroll=True)  # fmt: skip
    assert status == 200, body
    [prompt] = state(table, table.anna)["prompts"]
    assert prompt["d20_count"] == 2 and "keep the lowest" in prompt["dice_words"]
    form = re.search(rf'<form[^>]*id="prompt-{prompt["id"]}".*?</form>', page(table, table.anna), re.S)[0]
    assert form.count('name="d20"') == 2


def test_the_declare_form_lists_the_sheet_read_once_in_three_statements_for_every_view_of_a_version(table):
    """On a player character's turn their phone's declare form reads the character's weapon names and skills (two
    statements in one round trip) and the ways to spend Advantage, once for every view built from the version's
    read; it lists what the whole sheet says."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from combat import views_state
    from systems.sheet_reads import characters_with_sheets
    from systems.wfrp4e.sheet import Sheet

    make_fight(table, house=True)
    train(table.anders.character, "Language (Magick)", 5)
    turn_of(table, table.anders)
    data = views_state.read_afresh(table.encounter.pk)
    with CaptureQueriesContext(connection) as statements:
        phone = views_state.build(data.encounter, table.anna, data=data)
        again = views_state.build(data.encounter, table.anna, with_sheets=False, data=data)
        views_state.build(data.encounter, table.bruno, data=data)
    assert len(statements) == 3 and again.declare == phone.declare and phone.declare["spends"]
    sheet = Sheet(characters_with_sheets([table.anders.character_id])[0])
    assert (
        phone.declare["weapons"]
        == [w.name for w in sheet.weapons] + ["Unarmed"]
        == ["Hand Weapon", "Pistol", "Unarmed"]
    )
    assert phone.declare["skills"] == sorted({s.name for s in sheet.skills} | {"Perception", "Intuition"})
    assert phone.declare["defences"] == [name for name, _ in sheet.defence_options()]
    assert phone.declare["defences"] == ["Dodge", "Melee (Basic)", "WS", "Ag"]
    assert phone.declare["spells"] == phone.d20_spells
