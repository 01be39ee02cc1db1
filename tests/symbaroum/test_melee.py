"""Coming into and out of melee from the outside: an ambush before the start (a player rolls for their side on the
phone), engaging an enemy with a Long weapon, disengaging from several enemies."""

import re

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.models import Weapon


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def waiting(fight):
    return sorted((f["attacker"], f["target"], f["trigger"]) for f in fight.state().free_attacks)


def set_sheet(character, **values):
    character.characteristics = {**character.characteristics, **values}
    character.save()


def test_player_ambushers_roll_their_weakest_sneak_on_the_phone(planned_fight):
    fight, bruno = planned_fight, planned_fight.table.bruno
    set_sheet(fight.table.brother, Discreet=5)
    fight.gm("ambush", ambushers=[fight.ulrika.pk, fight.ansgar.pk], ambushed=[fight.goblin.pk, fight.troll.pk])
    [entry] = fight.prompts()
    # Ansgar's Discreet 5 against the best Vigilant 10 among the ambushed.
    assert (entry["combatant"], entry["kind"], entry["target"], entry["chance"]) == (fight.ansgar.pk, "surprise", 5, 25)
    phone = fight.table.client(bruno).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="prompt-{entry["id"]}"' in phone and "Ambush [Discreet←Vigilant]" in phone
    outcome = fight.run(bruno, "roll_test", prompt=entry["id"], d20=3)
    assert outcome.result["surprised"] == [fight.goblin.pk, fight.troll.pk]
    assert conditions(fight, fight.goblin) == ["Surprised"] and conditions(fight, fight.troll) == ["Surprised"]
    assert waiting(fight) == sorted(
        [(fight.ulrika.pk, fight.goblin.pk, "Surprise"), (fight.ansgar.pk, fight.troll.pk, "Surprise")]
    )
    assert "must draw their weapons" in outcome.message
    fight.gm("start")
    for _ in range(4):
        fight.gm("next_turn")
    assert conditions(fight, fight.goblin) == []  # the first round is over


def test_ambushed_players_roll_their_sharpest_eye_and_a_failure_surprises_them(planned_fight):
    fight, anna = planned_fight, planned_fight.table.anna
    set_sheet(fight.table.ulrika, Vigilant=13)
    fight.gm("ambush", ambushers=[fight.goblin.pk], ambushed=[fight.ulrika.pk, fight.ansgar.pk])
    [entry] = fight.prompts()
    # Ulrika's Vigilant 13 against the goblin's Discreet 7: 16.
    assert (entry["combatant"], entry["target"]) == (fight.ulrika.pk, 16)
    fight.run(anna, "roll_test", prompt=entry["id"], d20=17)
    assert conditions(fight, fight.ulrika) == ["Surprised"] and conditions(fight, fight.ansgar) == ["Surprised"]
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Surprise")]


def test_the_ambushers_free_attack_on_the_unaware_has_the_advantage(planned_fight):
    fight = planned_fight
    sprung = fight.gm("ambush", ambushers=[fight.goblin.pk], ambushed=[fight.ulrika.pk], d20=17)
    assert "gets a free attack on Ulrika (Surprise, with the Advantage)" in sprung.message
    fight.gm("start")
    [free] = fight.state().free_attacks
    fight.gm("attack", free_attack=free["id"])
    [entry] = fight.prompts()
    # Ulrika's Defence 9 against the goblin's Accurate 10, less 2 for his Advantage.
    assert (entry["kind"], entry["combatant"], entry["target"]) == ("defence", fight.ulrika.pk, 7)
    assert entry["attack"]["advantage"] is True


def test_a_noticed_ambush_surprises_nobody(planned_fight):
    fight = planned_fight
    outcome = fight.gm("ambush", ambushers=[fight.goblin.pk], ambushed=[fight.ulrika.pk], d20=2)
    assert "nobody is surprised" in outcome.message
    assert conditions(fight, fight.ulrika) == [] and waiting(fight) == []


def test_an_ambush_among_npcs_is_the_gms_call_and_bad_input_changes_nothing(planned_fight):
    fight = planned_fight
    with pytest.raises(CommandError, match="NPCs never roll"):
        fight.gm("ambush", ambushers=[fight.troll.pk], ambushed=[fight.goblin.pk])
    with pytest.raises(CommandError, match="leave the outcome empty"):
        fight.gm("ambush", ambushers=[fight.ulrika.pk], ambushed=[fight.goblin.pk], outcome="surprised")
    with pytest.raises(CommandError, match="overlap"):
        fight.gm("ambush", ambushers=[fight.ulrika.pk], ambushed=[fight.ulrika.pk, fight.goblin.pk])
    assert fight.prompts() == [] and conditions(fight, fight.goblin) == []
    fight.gm("ambush", ambushers=[fight.troll.pk], ambushed=[fight.goblin.pk], outcome="surprised")
    assert conditions(fight, fight.goblin) == ["Surprised"]
    fight.gm("start")
    with pytest.raises(CommandError, match="before the encounter starts"):
        fight.gm("ambush", ambushers=[fight.troll.pk], ambushed=[fight.ulrika.pk], outcome="surprised")


def test_engaging_a_spearman_without_a_long_weapon_gives_him_a_free_attack(fight):
    outcome = fight.run(fight.table.anna, "engage", target=fight.goblin.pk)
    assert outcome.result["long_weapon"] is True
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Long weapon")]
    assert fight.state().turn["movements"] == 1
    with pytest.raises(CommandError, match="already in melee"):
        fight.gm("engage", target=fight.goblin.pk)
    fight.gm("engage", target=fight.troll.pk)  # a great axe is not Long
    assert len(waiting(fight)) == 1


def test_a_long_weapon_facing_a_long_weapon_gets_no_free_attack(fight):
    fight.table.ulrika.weapons.add(*fight.goblin.character.weapons.all())  # a spear of her own
    assert fight.gm("engage", target=fight.goblin.pk).result["long_weapon"] is False
    assert waiting(fight) == []


def test_a_shield_cancels_the_spearmans_reach_a_buckler_does_not(fight):
    shield, buckler = (Weapon.objects.get(system="symbaroum", name=name) for name in ("Shield", "Buckler"))
    fight.goblin.character.weapons.add(shield)
    assert fight.gm("engage", target=fight.goblin.pk).result["long_weapon"] is False
    assert waiting(fight) == []
    fight.gm("undo")
    fight.goblin.character.weapons.remove(shield)
    fight.goblin.character.weapons.add(buckler)
    assert fight.gm("engage", target=fight.goblin.pk).result["long_weapon"] is True
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Long weapon")]


def test_her_own_spear_borne_with_a_shield_does_not_keep_the_goblins_spear_off(fight):
    spear, shield = (Weapon.objects.get(system="symbaroum", name=name) for name in ("Spear", "Shield"))
    fight.table.ulrika.weapons.add(spear, shield)
    assert fight.gm("engage", target=fight.goblin.pk).result["long_weapon"] is True
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Long weapon")]


def test_only_the_active_combatants_player_engages_or_disengages(fight):
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "engage", target=fight.goblin.pk)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "disengage", enemies=[fight.goblin.pk])


def test_disengaging_costs_a_movement_and_every_enemy_gets_a_free_attack(fight):
    fight.gm("engage", target=fight.goblin.pk)
    fight.gm("let_free_attack_pass", free_attack=fight.state().free_attacks[0]["id"])
    outcome = fight.gm("disengage", enemies=[fight.goblin.pk, fight.troll.pk])  # the troll is hidden from anna
    assert waiting(fight) == sorted(
        [(fight.goblin.pk, fight.ulrika.pk, "Disengaging"), (fight.troll.pk, fight.ulrika.pk, "Disengaging")]
    )
    assert "disengages from Goblin, Troll" in outcome.message
    assert fight.state().turn["movements"] == 2
    assert fight.state().melee_pairs == []
    with pytest.raises(CommandError, match="both actions of the turn are used"):
        fight.gm("disengage", enemies=[fight.goblin.pk])


def test_running_past_enemies_gives_each_a_free_attack_and_may_engage_one_further_away(fight):
    outcome = fight.gm("run_past", enemies=[fight.goblin.pk], reach=fight.troll.pk)
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Running past")]
    assert "runs past Goblin; Goblin gets a free attack on Ulrika (Running past)" in outcome.message
    assert fight.state().turn["movements"] == 1
    assert fight.state().melee_pairs == [f"{fight.ulrika.pk}:{fight.troll.pk}"]
    with pytest.raises(CommandError, match="in melee with Troll: leaving them is disengaging"):
        fight.gm("run_past", enemies=[fight.troll.pk])


def test_going_around_an_enemy_costs_the_combat_action_and_gives_no_free_attack(fight):
    outcome = fight.gm("run_past", enemies=[fight.goblin.pk], around=True)
    assert "goes around Goblin" in outcome.message and waiting(fight) == []
    assert (fight.state().turn["combat"], fight.state().turn["movements"]) == (0, 2)
    with pytest.raises(CommandError, match="Combat Action became a second Movement Action"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=3)


def test_running_past_is_refused_in_words_and_changes_nothing(fight):
    before = fight.state()
    with pytest.raises(CommandError, match="on Ulrika's side"):
        fight.gm("run_past", enemies=[fight.ansgar.pk])
    with pytest.raises(CommandError, match="cannot run past themself"):
        fight.gm("run_past", enemies=[fight.ulrika.pk])
    with pytest.raises(CommandError, match="do not run past them too"):
        fight.gm("run_past", enemies=[fight.goblin.pk], reach=fight.goblin.pk)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "run_past", enemies=[fight.goblin.pk])
    fight.gm("mark_action", part="combat", used=True)
    with pytest.raises(CommandError, match="Going around takes both"):
        fight.gm("run_past", enemies=[fight.goblin.pk], around=True)
    assert fight.state().free_attacks == before.free_attacks == []


def test_the_gm_grants_a_free_attack_by_hand_and_undo_takes_it_back(fight):
    outcome = fight.gm("grant_free_attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, reason="Opportunist")
    assert outcome.message == "Brother Ansgar gets a free attack on Goblin (Opportunist)."
    assert waiting(fight) == [(fight.ansgar.pk, fight.goblin.pk, "Opportunist")]
    with pytest.raises(CommandError, match="already has a free attack for Opportunist this round"):
        fight.gm("grant_free_attack", attacker=fight.ansgar.pk, target=fight.troll.pk, reason="Opportunist")
    fight.gm("undo")
    assert waiting(fight) == []
    fight.gm("grant_free_attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "the GM's call")]


def test_a_free_attack_that_makes_no_sense_is_refused_in_words(fight):
    with pytest.raises(CommandError, match="cannot have a free attack on themself"):
        fight.gm("grant_free_attack", attacker=fight.goblin.pk, target=fight.goblin.pk)
    with pytest.raises(CommandError, match="on Ulrika's side"):
        fight.gm("grant_free_attack", attacker=fight.ulrika.pk, target=fight.ansgar.pk)
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Dead")
    with pytest.raises(CommandError, match="Goblin is dead and cannot act"):
        fight.gm("grant_free_attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    with pytest.raises(CommandError, match="Goblin is dead: there is nobody left to attack"):
        fight.gm("grant_free_attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    fight.gm("add_condition", combatant=fight.troll.pk, condition="Unconscious")
    with pytest.raises(CommandError, match="Troll is unconscious and can make no attack"):
        fight.gm("grant_free_attack", attacker=fight.troll.pk, target=fight.ulrika.pk)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "grant_free_attack", attacker=fight.ulrika.pk, target=fight.troll.pk)
    fight.gm("end_encounter")
    with pytest.raises(CommandError, match="The encounter is over"):
        fight.gm("grant_free_attack", attacker=fight.ulrika.pk, target=fight.troll.pk)
    assert fight.state().free_attacks == []


def test_her_player_runs_her_past_the_goblin_from_the_phone(fight):
    fight.run(fight.table.anna, "run_past", enemies=[fight.goblin.pk])
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Running past")]


def action_of(html, form_id):
    return re.search(rf'action="([^"]+)"[^>]*id="{form_id}"', html).group(1)


def test_the_screens_offer_running_past_and_the_gm_a_free_attack_by_hand(fight):
    url = f"/encounters/{fight.encounter.pk}/"
    anna, gm = fight.table.client(fight.table.anna), fight.table.client(fight.table.gm)
    gm_page, phone = gm.get(url).content.decode(), anna.get(url).content.decode()
    assert 'id="grant-free-attack-form"' in gm_page and 'id="grant-free-attack-form"' not in phone
    anna.post(action_of(phone, "run-past-form"), {"enemies": [fight.goblin.pk]}, headers={"HX-Request": "true"})
    assert waiting(fight) == [(fight.goblin.pk, fight.ulrika.pk, "Running past")]
    chosen = {"attacker": fight.ansgar.pk, "target": fight.goblin.pk, "reason": ""}
    gm.post(action_of(gm_page, "grant-free-attack-form"), chosen, headers={"HX-Request": "true"})
    assert (fight.ansgar.pk, fight.goblin.pk, "the GM's call") in waiting(fight)
