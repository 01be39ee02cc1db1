"""An action card played in the middle of a turn: the pool and its exact odds before the roll, the symbols typed or
rolled, the card's effect lines, an attack's wounds and the card's recharge tokens (seed 003 "Middle of Turn
Phase")."""

import json
import random

import pytest
from django.test import Client

from characters.models import ApiToken
from combat.commands.spine import CommandError, CommandForbidden
from rules.engine import wfrp3e
from rules.engine.dice import Dice
from systems.wfrp3e.commands.pools import percent
from tests import guards
from tests.wfrp3e.conftest import MAY_SHOW, trained


def strike(fight, user=None, **args):
    args = {"combatant": fight.magda.pk, "card": "Melee Strike", "target": fight.orc.pk, **args}
    return fight.run(user or fight.table.anna, "perform_action", **args)


def open_prompt(fight):
    (entry,) = fight.state().prompts
    return entry


def test_the_pool_is_summed_up_with_its_exact_odds_on_the_players_prompt(action_fight):
    strike(action_fight, defence=2, stance=1)
    entry = open_prompt(action_fight)
    # St 4 with one reckless step; the card's one challenge die; Defence 2; fatigue 4 past Toughness 3 (Fatigued).
    assert entry["summary"] == "3 characteristic, 1 reckless, 1 challenge, 3 misfortune"
    assert entry["combatant"] == action_fight.magda.pk and entry["answer"] == "enter_roll"
    assert entry["chance"] == percent(wfrp3e.net_success_chance(entry["pool"]))
    # Melee Strike names an effect for a chaos star, so a chaos star is no bane in its odds.
    odds = wfrp3e.odds(entry["pool"], chaos_star_effect=True)
    assert odds.banes != wfrp3e.odds(entry["pool"]).banes
    boons = [(n, percent(c)) for n, c in odds.boons.items() if c >= MAY_SHOW]
    assert [tuple(pair) for pair in entry["boon_odds"]] == boons
    banes = [(n, percent(c)) for n, c in odds.banes.items() if c >= MAY_SHOW]
    assert [tuple(pair) for pair in entry["bane_odds"]] == banes


def test_the_odds_on_the_phone_list_no_count_that_would_read_as_impossible(action_fight):
    trained(action_fight.magda, advances=2)
    strike(action_fight, stance=1)
    entry = open_prompt(action_fight)
    odds = wfrp3e.odds(entry["pool"], chaos_star_effect=True)
    (unlikely, *_) = [n for n, c in odds.boons.items() if 0 < c < MAY_SHOW]
    phone = action_fight.table.client(action_fight.table.anna).get(f"/encounters/{action_fight.encounter.pk}/")
    boons = phone.content.decode().split(f'id="odds-{entry["id"]}">')[1].split("<br>")[0]
    assert "0.0 %" not in boons and f"<span>{unlikely}: " not in boons
    assert f"<span>{unlikely - 1}: " in boons


def test_a_difficulty_named_by_the_gm_replaces_the_cards(action_fight):
    strike(action_fight, action_fight.table.gm, difficulty="daunting")
    assert open_prompt(action_fight)["pool"]["challenge"] == 4


def test_a_player_plays_only_their_own_characters_cards(action_fight):
    with pytest.raises(CommandForbidden):
        strike(action_fight, combatant=action_fight.orc.pk, target=action_fight.magda.pk)


def test_a_stance_off_the_meter_and_an_attack_without_target_are_refused(action_fight):
    with pytest.raises(CommandError, match="stance meter runs from -3 to 1"):
        strike(action_fight, stance=2)
    with pytest.raises(CommandError, match="name its target"):
        strike(action_fight, target="")
    with pytest.raises(CommandError, match="cannot play Melee Strike at themselves"):
        strike(action_fight, target=action_fight.magda.pk)
    assert action_fight.state().prompts == []


def test_typed_symbols_cancel_apply_the_universal_effect_the_cards_lines_and_the_wounds(action_fight):
    strike(action_fight, damage=5, soak=1)
    entry = open_prompt(action_fight)
    outcome = action_fight.run(
        action_fight.table.anna, "enter_roll", prompt=entry["id"], successes=3, challenges=1, boons=2
    )
    orc, magda = action_fight.fresh(action_fight.orc), action_fight.fresh(action_fight.magda)
    # (5 damage + St 4) - (To 4 + Soak 1) = 4 wounds.
    assert orc.wounds == 12 - 4
    # Two net boons: one fatigue recovered, the check being on Strength.
    assert magda.character.point("fatigue") == 3
    assert "2 net successes, 2 boons, 0 banes" in outcome.message
    assert "; success: Hit for normal damage; 2 boons: Add 1 damage;" in outcome.message
    assert "bane:" not in outcome.message
    assert action_fight.state().prompts == []


def test_a_failed_attack_deals_nothing_and_its_banes_cost_fatigue(action_fight):
    strike(action_fight, damage=5)
    entry = open_prompt(action_fight)
    outcome = action_fight.run(action_fight.table.anna, "enter_roll", prompt=entry["id"], challenges=1, banes=2)
    assert action_fight.fresh(action_fight.orc).wounds == 12
    assert action_fight.fresh(action_fight.magda).character.point("fatigue") == 5
    assert "fails" in outcome.message and "bane: Suffer 1 fatigue." in outcome.message


def test_wounds_past_the_threshold_knock_out_and_criticals_past_toughness_kill(action_fight):
    action_fight.gm("apply_damage", combatant=action_fight.orc.pk, amount=10)
    strike(action_fight, damage=5)
    entry = open_prompt(action_fight)
    outcome = action_fight.run(action_fight.table.anna, "enter_roll", prompt=entry["id"], successes=1)
    assert "Orc is knocked out" in outcome.message
    assert action_fight.fresh(action_fight.orc).wounds == 0
    health = action_fight.state().health[str(action_fight.orc.pk)]
    assert health == {"criticals": 1, "knocked_out": True, "dead": False}
    action_fight.turn_of(action_fight.magda)
    trained(action_fight.magda, advances=3)
    strike(action_fight, damage=5)
    entry = open_prompt(action_fight)
    outcome = action_fight.run(  # a righteous success rolls the fourth expertise die, the fourth comet
        action_fight.table.gm, "enter_roll", prompt=entry["id"], successes=1, righteous_successes=1, comets=4
    )
    assert "Orc is dead" in outcome.message


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ({"successes": 1, "challenges": 5}, "challenges 5 (at most 3)"),
        ({"successes": 20}, "successes 20 (at most 4)"),
        ({"successes": 1, "comets": 1}, "comets 1 (at most 0)"),
        ({"righteous_successes": 1}, "righteous successes 1 (at most 0)"),
        ({"chaos_stars": 2, "delays": 1}, "chaos stars 2 (at most 1), delays 1 (at most 0)"),
    ],
)
def test_symbols_the_pools_dice_cannot_show_are_refused_in_words_by_api(action_fight, typed, words):
    """Melee Strike from St 4: 4 characteristic dice, the card's challenge die and Fatigued's misfortune die."""
    table = action_fight.table
    strike(action_fight)
    entry = open_prompt(action_fight)
    assert entry["summary"] == "4 characteristic, 1 challenge, 1 misfortune"
    before = guards.kept(action_fight.encounter)
    answer = Client(headers={"Authorization": f"Bearer {ApiToken.issue(table.anna)}"}).post(
        f"/api/encounters/{action_fight.encounter.pk}/commands/",
        json.dumps({"command": "enter_roll", "args": {"prompt": entry["id"], **typed}}),
        content_type="application/json",
    )
    assert answer.status_code == 400
    assert answer.json()["error"] == f"These dice cannot show {words}: type what they show."
    assert guards.kept(action_fight.encounter) == before


def test_a_tap_on_roll_rolls_the_pool(action_fight):
    strike(action_fight)
    entry = open_prompt(action_fight)
    outcome = action_fight.run(action_fight.table.anna, "enter_roll", prompt=entry["id"], dice=Dice(random.Random(3)))
    expected = wfrp3e.symbols_shown(wfrp3e.roll_pool(entry["pool"], Dice(random.Random(3)).d))
    assert outcome.result["symbols"] == dict(expected)
    assert "(rolled)" in outcome.message


def test_a_used_card_recharges_and_cannot_be_played_meanwhile(action_fight):
    strike(action_fight, card="Reckless Cleave")
    entry = open_prompt(action_fight)
    action_fight.run(action_fight.table.anna, "enter_roll", prompt=entry["id"], successes=1)
    assert action_fight.state().recharging[str(action_fight.magda.pk)] == {"Reckless Cleave": 3}
    with pytest.raises(CommandError, match="recharging"):
        strike(action_fight, card="Reckless Cleave")


def test_a_henchmen_group_attacks_with_a_fortune_die_per_other_member(action_fight):
    goblins, magda = action_fight.goblins.pk, action_fight.magda.pk
    action_fight.gm("perform_action", combatant=goblins, card="Melee Strike", target=magda)
    entry = open_prompt(action_fight)
    assert entry["pool"]["fortune"] == 2
    assert "2 fortune (the other henchmen)" in entry["sources"]


def test_a_critical_on_henchmen_is_a_normal_wound(action_fight):
    trained(action_fight.magda)
    strike(action_fight, action_fight.table.gm, target=action_fight.goblins.pk)
    entry = open_prompt(action_fight)
    action_fight.gm("enter_roll", prompt=entry["id"], successes=1, comets=1)
    # (0 damage + St 4) - To 2 = 2 wounds, and the critical as one more.
    assert action_fight.fresh(action_fight.goblins).wounds == 6 - 3
    assert action_fight.state().health[str(action_fight.goblins.pk)]["criticals"] == 0


def test_one_action_card_a_turn_on_ones_own_turn_and_a_defence_card_at_any_time(action_fight):
    strike(action_fight)
    before = action_fight.state().dump()
    played = "^Magda cannot do that: Melee Strike is played this turn: one action card a turn."
    with pytest.raises(CommandError, match=played):
        strike(action_fight, card="Guarded Blow")
    assert action_fight.state().dump() == before
    action_fight.gm("next_turn")  # the orc's turn
    with pytest.raises(CommandError, match=r"Magda plays action cards on their own turn \(a defence card"):
        strike(action_fight, card="Guarded Blow")
    action_fight.run(action_fight.table.anna, "perform_action", combatant=action_fight.magda.pk, card="Dodge")
    assert action_fight.prompts()[-1]["reason"] == "Dodge"


def test_a_spell_given_a_damage_value_wounds_its_target(action_fight):
    # Magic Dart at the orc (To 4): damage 6, no characteristic added, Soak 1: 6 - (4 + 1) = 1 wound.
    strike(action_fight, card="Magic Dart", damage=6, soak=1)
    outcome = action_fight.run(
        action_fight.table.anna, "enter_roll", prompt=open_prompt(action_fight)["id"], successes=1
    )
    assert outcome.message.endswith("; Orc takes 1 wound; Magic Dart recharges (1 token).")
    assert action_fight.fresh(action_fight.orc).wounds == 11
    action_fight.turn_of(action_fight.magda)
    with pytest.raises(CommandError, match="Magic Dart deals wounds: name its target."):
        action_fight.run(action_fight.table.anna, "perform_action", combatant=action_fight.magda.pk,
                         card="Magic Dart", damage=3)  # fmt: skip


def test_a_defence_card_wounds_no_one_and_takes_no_attackers_bonus(action_fight):
    action_fight.gm("add_condition_card", combatant=action_fight.orc.pk, condition="Exposed")
    action_fight.orc.character.traits = {"Defence": 2}
    action_fight.orc.character.save()
    strike(action_fight, card="Dodge", damage=4)  # what the GM's form still held from an attack
    entry = open_prompt(action_fight)
    assert entry["damage"] == 0 and not any("Exposed" in s or "Defence" in s for s in entry["sources"])
    outcome = action_fight.run(action_fight.table.anna, "enter_roll", prompt=entry["id"], successes=2)
    assert "Orc" not in outcome.message.split(": ", 1)[1] and action_fight.fresh(action_fight.orc).wounds == 12


def test_a_chaos_star_is_a_bane_only_on_a_card_without_a_chaos_star_line(action_fight):
    # Seed 003 "Universal Dice Roll Effect". Melee Strike names a chaos star effect: the star is that, no bane.
    strike(action_fight)
    outcome = action_fight.run(action_fight.table.anna, "enter_roll", prompt=open_prompt(action_fight)["id"],
                               successes=1, chaos_stars=1)  # fmt: skip
    assert "1 net success, 0 boons, 0 banes" in outcome.message and "bane:" not in outcome.message
    assert "chaos star: Your weapon slips: drop it" in outcome.message
    # Assess the Situation names none: its star is a bane, and the card's bane line applies.
    action_fight.turn_of(action_fight.magda)
    action_fight.run(action_fight.table.anna, "perform_action", combatant=action_fight.magda.pk,
                     card="Assess the Situation")  # fmt: skip
    outcome = action_fight.run(action_fight.table.anna, "enter_roll", prompt=open_prompt(action_fight)["id"],
                               successes=1, chaos_stars=1)  # fmt: skip
    assert "1 net success, 0 boons, 1 bane" in outcome.message and "bane: Suffer 1 stress" in outcome.message


def test_blinded_adds_a_challenge_die_to_a_check_that_needs_sight(action_fight):
    # Seed 003 "Condition Cards" › Blinded: Ranged Shot's card needs sight; the GM ticks it on a Melee Strike.
    fight = action_fight
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Blinded")
    strike(fight, card="Ranged Shot")
    entry = open_prompt(fight)
    assert entry["pool"]["challenge"] == 2 and "1 challenge (Blinded)" in entry["sources"]
    fight.gm("dismiss_check", prompt=entry["id"])
    for sight, challenge in ((False, 1), (True, 2)):
        fight.turn_of(fight.magda)
        strike(fight, fight.table.gm, sight=sight)
        entry = open_prompt(fight)
        assert entry["pool"]["challenge"] == challenge
        fight.gm("dismiss_check", prompt=entry["id"])


def test_entangled_makes_a_physical_action_cost_two_fatigue(action_fight):
    # Seed 003 "Condition Cards" › Entangled: Melee Strike is a Strength check; Magic Dart an Intelligence one.
    fight = action_fight
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Entangled")
    played = strike(fight)
    assert played.message.startswith("Magda plays Melee Strike at Orc, Entangled: 2 fatigue: ")
    assert fight.fresh(fight.magda).character.point("fatigue") == 6
    fight.gm("dismiss_check", prompt=open_prompt(fight)["id"])
    fight.turn_of(fight.magda)
    strike(fight, card="Magic Dart", target="")
    assert fight.fresh(fight.magda).character.point("fatigue") == 6
    # An enemy takes the fatigue as wounds (seed 003 "Enemies").
    fight.gm("add_condition_card", combatant=fight.orc.pk, condition="Entangled")
    played = fight.gm("perform_action", combatant=fight.orc.pk, card="Melee Strike", target=fight.magda.pk)
    assert "Entangled: 2 fatigue, Orc takes 2 wounds for the fatigue" in played.message
    assert fight.fresh(fight.orc).wounds == 10
