"""Manoeuvres from the outside (seed 001 "Alternate Rules" › "Manoeuvres"): the GM names one with the attack or a
player takes a stance, the players roll their tests on their phones (typed d20s here), NPCs never roll."""

import pytest

from combat.commands import CommandError, CommandForbidden
from systems.symbaroum.commands.manoeuvres import ATTACK_MANOEUVRES
from systems.symbaroum.commands.stances import STANCES
from systems.symbaroum.models import Manoeuvre


@pytest.fixture
def manoeuvres(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    return fight


def turn_of(fight, combatant):
    for _ in range(len(fight.encounter.combatants.all()) + 1):
        if fight.state() and fight.encounter.active_id == combatant.pk:
            return
        fight.gm("next_turn")
    raise AssertionError(f"{combatant.name}'s turn never came")


def answer(fight, user, **rolled):
    entry = fight.prompts()[-1]
    return fight.run(user, "roll_test", prompt=entry["id"], **rolled)


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_every_attack_manoeuvre_and_stance_is_a_manoeuvre_of_the_rules_data(manoeuvres):
    keys = set(Manoeuvre.objects.filter(system="symbaroum").values_list("key", flat=True))
    assert set(ATTACK_MANOEUVRES) | set(STANCES) | {"poison_on_weapons"} <= keys


def test_without_the_house_rule_a_manoeuvre_is_refused_and_the_form_offers_none(fight):
    turn_of(fight, fight.ulrika)
    with pytest.raises(CommandError, match="Manoeuvres are a house rule"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="charge")
    with pytest.raises(CommandError, match="house rule"):
        fight.run(fight.table.anna, "take_stance", combatant=fight.ulrika.pk, stance="full_defence")
    assert 'name="manoeuvre"' not in page(fight, fight.table.gm)
    assert fight.prompts() == []


def test_the_gm_form_offers_the_manoeuvres_and_her_phone_the_stances_on_her_turn(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    gm = page(fight, fight.table.gm)
    assert 'name="manoeuvre"' in gm and '<option value="knock_out">Knock Out</option>' in gm
    phone = page(fight, fight.table.anna)
    assert 'id="stance-full_defence"' in phone and 'id="stance-full_offense"' in phone
    assert 'id="stance-full_defence"' not in page(fight, fight.table.bruno)


def test_a_manoeuvre_is_made_on_the_attackers_own_turn_only(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.goblin)
    with pytest.raises(CommandError, match="on Ulrika's own turn"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="disarm")


def test_careful_aiming_spends_the_movement_and_gives_a_second_chance_to_pass_the_shot(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ansgar)
    outcome = fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, manoeuvre="careful_aiming")
    [entry] = fight.prompts()
    # Accurate 12 against the goblin's Defence 10: 60 %, twice: 84 %.
    assert (entry["target"], entry["second"], entry["chance"], outcome.result["chance"]) == (12, "pass", 84, 84)
    assert 'id="chance-{}">84 %'.format(entry["id"]) in page(fight, fight.table.bruno)
    assert (fight.state().turn["combat"], fight.state().turn["movements"]) == (1, 1)
    hit = answer(fight, fight.table.bruno, d20=15, second_d20=4)
    assert hit.result["hit"] is True and hit.result["d20"] == 4


def test_careful_aiming_needs_a_ranged_weapon(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    with pytest.raises(CommandError, match="Careful Aiming needs a ranged weapon"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="careful_aiming")
    assert fight.state().turn.get("combat", 0) == 0


def test_a_failed_charge_takes_the_whole_turn_and_gives_the_target_a_free_attack(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="charge", d20=14)
    assert outcome.result["hit"] is False
    [waiting] = fight.state().free_attacks
    assert (waiting["attacker"], waiting["target"], waiting["trigger"]) == (
        fight.goblin.pk,
        fight.ulrika.pk,
        "Failed Charge",
    )
    with pytest.raises(CommandError, match="both actions"):
        fight.gm("mark_action", part="movement", used=True)


def test_disarm_tests_accurate_against_strong_and_a_success_disarms_without_damage(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="disarm")
    [entry] = fight.prompts()
    assert entry["target"] == 15  # Accurate 13 against the goblin's Strong 8
    outcome = answer(fight, fight.table.anna, d20=14)
    assert outcome.result["hit"] is True and "drops their weapon" in outcome.message
    assert "Disarmed" in conditions(fight, fight.goblin)
    assert fight.prompts() == [] and fight.fresh(fight.goblin).wounds == 8


def test_a_failed_disarm_exposes_the_attacker_to_a_free_attack(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="disarm", d20=16)
    assert [f["trigger"] for f in fight.state().free_attacks] == ["Failed Disarm"]
    assert "Disarmed" not in conditions(fight, fight.goblin)


def test_full_defence_gives_her_defence_a_second_chance_to_pass_and_forbids_her_attacks(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.run(fight.table.anna, "take_stance", combatant=fight.ulrika.pk, stance="full_defence")
    with pytest.raises(CommandError, match="Ulrika is in Full Defence until their next turn: no attacks"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    entry = fight.prompts()[-1]
    # Defence 9 against the goblin's Accurate 10: 45 %, twice: 69.75 %.
    assert (entry["kind"], entry["second"], entry["chance"]) == ("defence", "pass", 69.75)
    assert "Ulrika: Full Defence" in page(fight, fight.table.gm)


def test_a_stance_lasts_until_her_next_turn(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.run(fight.table.anna, "take_stance", combatant=fight.ulrika.pk, stance="full_defence")
    fight.gm("next_turn")
    assert fight.state().stances != []
    turn_of(fight, fight.ulrika)
    assert fight.state().stances == []
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=14)


def test_a_stance_is_taken_on_ones_own_turn_by_ones_own_player(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "take_stance", combatant=fight.ulrika.pk, stance="full_defence")
    with pytest.raises(CommandError, match="on their own turn only"):
        fight.run(fight.table.bruno, "take_stance", combatant=fight.ansgar.pk, stance="full_defence")
    fight.run(fight.table.anna, "take_stance", combatant=fight.ulrika.pk, stance="full_offense")
    with pytest.raises(CommandError, match="already in Full Offence"):
        fight.run(fight.table.anna, "take_stance", combatant=fight.ulrika.pk, stance="full_defence")


def test_full_offence_helps_her_melee_attacks_and_hurts_her_defence(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("take_stance", combatant=fight.ulrika.pk, stance="full_offense")
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    assert (fight.prompts()[-1]["second"], fight.prompts()[-1]["chance"]) == ("pass", 87.75)  # 65 %, twice
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    assert (fight.prompts()[-1]["second"], fight.prompts()[-1]["chance"]) == ("fail", 20.25)  # 45 %, twice


def test_hold_tests_strong_with_robust_and_holds_the_target_until_a_later_test_fails(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="hold")
    # Strong 15 against the goblin's 8, +4 for her Robust II.
    assert fight.prompts()[-1]["target"] == 21
    answer(fight, fight.table.anna, d20=12)
    assert "Held" in conditions(fight, fight.goblin) and fight.prompts() == []
    assert fight.fresh(fight.goblin).wounds == 8
    with pytest.raises(CommandError, match="Ulrika is holding Goblin: nothing else"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    fight.gm("next_turn")
    turn_of(fight, fight.ulrika)
    [entry] = fight.prompts()
    assert (entry["kind"], entry["combatant"], entry["target"]) == ("hold", fight.ulrika.pk, 21)
    outcome = answer(fight, fight.table.anna, d20=20)
    assert "breaks free" in outcome.message
    assert "Held" not in conditions(fight, fight.goblin) and fight.state().holds == []
    assert [f["trigger"] for f in fight.state().free_attacks] == ["Broken Hold"]


def test_a_kept_hold_holds_on_and_the_holder_may_let_go(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="hold", d20=3)
    fight.gm("next_turn")
    turn_of(fight, fight.ulrika)
    outcome = answer(fight, fight.table.anna, d20=18)
    assert "keeps hold" in outcome.message and "Held" in conditions(fight, fight.goblin)
    assert 'id="release-hold"' in page(fight, fight.table.anna)
    fight.run(fight.table.anna, "release_hold", combatant=fight.ulrika.pk)
    assert "Held" not in conditions(fight, fight.goblin) and fight.state().free_attacks == []


def test_knock_out_needs_the_advantage(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    with pytest.raises(CommandError, match="Knock Out is made from an Advantage"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="knock_out")


def test_knock_out_rolls_a_d12_under_the_damage_instead_of_wounding(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="knock_out", advantage=True,
             d20=3, damage=7)  # fmt: skip
    [entry] = fight.prompts()
    assert (entry["kind"], entry["dice"], entry["combatant"]) == ("knock_out", "1d12", fight.ulrika.pk)
    outcome = answer(fight, fight.table.anna, total=6)
    assert outcome.result["knocked_out"] is True
    assert "Unconscious" in conditions(fight, fight.goblin) and fight.fresh(fight.goblin).wounds == 8


def test_a_typed_d12_at_the_damage_leaves_the_target_standing_and_a_miss_loses_the_advantage(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="knock_out",
                       advantage=True, d20=3, damage=7, d12=7)  # fmt: skip
    assert outcome.result["knocked_out"] is False and "Unconscious" not in conditions(fight, fight.goblin)
    fight.gm("mark_action", part="combat", used=False)
    missed = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="knock_out",
                      advantage=True, d20=19)  # fmt: skip
    assert "loses the Advantage" in missed.message


def test_a_poisoned_weapon_poisons_its_next_hit_only(manoeuvres):
    fight = manoeuvres
    anna = fight.table.anna
    turn_of(fight, fight.ulrika)
    fight.run(anna, "poison_weapon", combatant=fight.ulrika.pk)
    [entry] = fight.prompts()
    assert (entry["kind"], entry["target"], entry["chance"]) == ("poison", 10, 50)  # Cunning 10
    outcome = answer(fight, anna, d20=4)
    assert "carries a dose" in outcome.message
    assert fight.state().turn["combat"] == 1
    fight.gm("mark_action", part="combat", used=False)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=3)
    assert "Poisoned" in conditions(fight, fight.goblin) and fight.state().poison_doses == []


def test_a_20_poisons_the_poisoner(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.run(fight.table.anna, "poison_weapon", combatant=fight.ulrika.pk, d20=20)
    assert "Poisoned" in conditions(fight, fight.ulrika) and fight.state().poison_doses == []


def test_push_back_opens_the_turn_and_deals_half_damage(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="push_back", d20=2,
                       damage=8)  # fmt: skip
    # 8 damage less the goblin's 2 armour is 6, halved.
    assert outcome.result["dealt"] == 3 and "pushed back 5 m" in outcome.message
    assert fight.fresh(fight.goblin).wounds == 5
    assert (fight.state().turn["combat"], fight.state().turn["movements"]) == (1, 1)


def test_push_back_after_moving_is_refused_and_a_miss_gives_a_free_attack(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("mark_action", part="movement", used=True)
    with pytest.raises(CommandError, match="Push Back must open the turn"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="push_back", d20=2)
    fight.gm("mark_action", part="movement", used=False)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="push_back", d20=17)
    assert [f["trigger"] for f in fight.state().free_attacks] == ["Failed Push Back"]


def test_a_tackle_knocks_the_target_down_and_the_tackler_tests_quick_or_falls_too(manoeuvres):
    fight = manoeuvres
    anna = fight.table.anna
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="tackle")
    assert fight.prompts()[-1]["target"] == 21  # Strong 15 against 8, +2 per level of her Robust II
    answer(fight, anna, d20=9)
    assert "Prone" in conditions(fight, fight.goblin) and fight.fresh(fight.goblin).wounds == 8
    [entry] = fight.prompts()
    assert (entry["kind"], entry["target"], entry["chance"]) == ("footing", 11, 55)  # Quick 11
    answer(fight, anna, d20=15)
    assert "Prone" in conditions(fight, fight.ulrika)


def test_a_failed_tackle_still_asks_for_the_quick_test(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="tackle", d20=20)
    assert "Prone" not in conditions(fight, fight.goblin)
    answer(fight, fight.table.anna, d20=3)
    assert "Prone" not in conditions(fight, fight.ulrika)


def test_a_hidden_npcs_hold_is_broken_by_the_held_players_roll_with_her_robust_and_without_its_name(manoeuvres):
    fight = manoeuvres
    anna = fight.table.anna
    turn_of(fight, fight.troll)
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, manoeuvre="hold")
    [entry] = fight.prompts()
    # She rolls the mirror, Strong 15 against the troll's 20, and her Robust II (+4) counts against the hold.
    assert (entry["kind"], entry["combatant"], entry["target"]) == ("defence", fight.ulrika.pk, 9)
    held = answer(fight, anna, d20=12)
    assert "Held" in conditions(fight, fight.ulrika) and "Troll" not in held.message
    fight.gm("next_turn")
    turn_of(fight, fight.troll)
    [entry] = fight.prompts()
    assert (entry["kind"], entry["combatant"], entry["target"]) == ("hold", fight.ulrika.pk, 9)
    assert "Troll" not in entry["reason"] and "Troll" not in page(fight, anna)
    freed = answer(fight, anna, d20=2)
    assert "breaks free" in freed.message and "Troll" not in freed.message
    assert "Held" not in conditions(fight, fight.ulrika)
    assert [f["trigger"] for f in fight.state().free_attacks] == ["Broken Hold"]


def test_a_hold_on_someone_who_left_the_fight_is_over(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="hold", d20=3)
    fight.gm("remove_combatant", combatant=fight.goblin.pk)
    fight.gm("next_turn")
    turn_of(fight, fight.ulrika)
    assert fight.state().holds == [] and fight.prompts() == []
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.ansgar.pk, d20=14)


def test_her_phone_takes_full_defence_and_shows_it(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    phone = fight.table.client(fight.table.anna)
    url = f"/encounters/{fight.encounter.pk}/do/take_stance/"
    assert 'id="poison-weapon"' in page(fight, fight.table.anna)
    response = phone.post(url, {"combatant": fight.ulrika.pk, "stance": "full_defence"})
    assert response.status_code == 302
    assert "Ulrika: Full Defence" in page(fight, fight.table.anna)


def test_the_gm_attack_form_posts_a_disarm_and_an_unknown_manoeuvre_changes_nothing(manoeuvres):
    fight = manoeuvres
    turn_of(fight, fight.ulrika)
    gm = fight.table.client(fight.table.gm)
    url = f"/encounters/{fight.encounter.pk}/do/attack/"
    form = {"attacker": fight.ulrika.pk, "target": fight.goblin.pk, "d20": 3}
    gm.post(url, {**form, "manoeuvre": "somersault"})
    assert fight.state().turn.get("combat", 0) == 0 and fight.prompts() == []
    response = gm.post(url, {**form, "manoeuvre": "disarm"}, follow=True)
    assert "Goblin drops their weapon" in response.content.decode()
    assert "Disarmed" in conditions(fight, fight.goblin)
