"""A Symbaroum attack from the outside: the GM declares it, the players roll on their phones (attack, defence,
damage, armour), NPCs never roll; natural 1s and 20s, free attacks, the Pain Threshold."""

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.engine.dice import Dice, TypedDice


def answer(fight, user, **rolled):
    entry = fight.prompts()[-1]
    return fight.run(user, "roll_test", prompt=entry["id"], **rolled)


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def test_a_player_character_attacking_rolls_the_attack_on_her_phone_with_its_chance(fight):
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    [entry] = fight.prompts()
    # Ulrika's Accurate 13 against the goblin's Defence 10 (Quick 12, leather armour's Impeding 2).
    assert (entry["combatant"], entry["kind"], entry["target"], entry["chance"]) == (fight.ulrika.pk, "attack", 13, 65)
    assert outcome.result["chance"] == 65
    assert fight.fresh(fight.goblin).wounds == 8  # nothing happens until she rolls


def test_a_hit_asks_her_for_damage_and_the_npc_armour_is_its_fixed_value(fight):
    anna = fight.table.anna
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    hit = answer(fight, anna, d20=5)
    assert hit.result["hit"] is True
    [entry] = fight.prompts()
    assert (entry["kind"], entry["dice"], entry["combatant"]) == ("damage", "1d8", fight.ulrika.pk)
    outcome = answer(fight, anna, total=6)
    # 6 damage against the goblin's leather, worth 2 for one who never rolls: 4 taken.
    assert (outcome.result["damage"], outcome.result["armour"], outcome.result["dealt"]) == (6, 2, 4)
    assert fight.fresh(fight.goblin).wounds == 4
    assert fight.prompts() == []


def test_a_miss_ends_the_attack(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    outcome = answer(fight, fight.table.anna, d20=14)
    assert outcome.result["hit"] is False and fight.prompts() == []
    assert "miss" in outcome.message


def test_an_npc_attacking_never_rolls_the_player_defends_and_rolls_armour(fight):
    anna = fight.table.anna
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    [entry] = fight.prompts()
    # Ulrika's Defence 9 (Quick 11, Impeding 2) against the goblin's Accurate 10.
    assert (entry["kind"], entry["combatant"], entry["target"], entry["chance"]) == ("defence", fight.ulrika.pk, 9, 45)
    answer(fight, anna, d20=15)  # failed: hit
    [entry] = fight.prompts()
    assert (entry["kind"], entry["dice"]) == ("armour", "1d4")
    outcome = answer(fight, anna, total=1)
    # The goblin's spear is worth 4 (1d8), less her armour roll of 1.
    assert outcome.result["dealt"] == 3
    assert fight.fresh(fight.ulrika).wounds == 12


def test_the_gm_can_type_the_d20_the_player_said_aloud(fight):
    outcome = fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk, d20=3, armour=2)
    assert outcome.result["hit"] is False and fight.prompts() == []


def test_perfect_defence_gives_a_free_attack_waiting_on_the_gm_screen(fight):
    fight.encounter.house_rules = ["perfect_hits"]
    fight.encounter.save()
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    answer(fight, fight.table.anna, d20=1)
    [waiting] = fight.state().free_attacks
    assert (waiting["attacker"], waiting["target"], waiting["trigger"]) == (
        fight.ulrika.pk,
        fight.goblin.pk,
        "Perfect Defence",
    )
    page = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="free-attack-{waiting["id"]}"' in page
    fight.gm("attack", free_attack=waiting["id"])
    assert fight.state().free_attacks == []
    assert fight.prompts()[-1]["kind"] == "attack"
    # The free attack is not her turn's Combat Action... and it was the goblin's? No: it is out of turn for both.
    assert fight.state().turn == {}


def test_a_fumbled_defence_adds_three_damage(fight):
    fight.encounter.house_rules = ["perfect_hits"]
    fight.encounter.save()
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    answer(fight, fight.table.anna, d20=20)
    outcome = answer(fight, fight.table.anna, total=1)
    assert (outcome.result["damage"], outcome.result["dealt"]) == (7, 6)


def test_a_perfect_hit_adds_a_d6_to_her_damage_roll(fight):
    fight.encounter.house_rules = ["perfect_hits"]
    fight.encounter.save()
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    answer(fight, fight.table.anna, d20=1)
    assert fight.prompts()[-1]["dice"] == "1d8+1d6"


def test_another_player_cannot_roll_her_test(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    with pytest.raises(CommandForbidden):
        answer(fight, fight.table.bruno, d20=3)


def test_a_typed_roll_the_dice_cannot_show_is_refused(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    answer(fight, fight.table.anna, d20=2)
    with pytest.raises(CommandError, match="1d8 shows 1 to 8, not 9"):
        answer(fight, fight.table.anna, total=9)


def test_damage_at_the_pain_threshold_critically_damages_and_gives_her_tests_a_second_chance_to_fail(fight):
    fight.encounter.house_rules = ["critical_damage", "perfect_hits"]
    fight.encounter.save()
    # Ulrika's Pain Threshold is 8 (Strong 15): the troll's great axe (1d12, worth 6), +2 for the Advantage's 1d4
    # and +3 for her fumbled defence, less her armour roll of 1: 10.
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, advantage=True, d20=20, armour=1)
    assert "Critically Damaged" in conditions(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    entry = fight.prompts()[-1]
    assert (entry["second"], entry["target"], entry["chance"]) == ("fail", 13, 42.25)  # 65 % twice


def test_a_torso_hit_at_the_pain_threshold_winds_the_npc(fight):
    fight.encounter.house_rules = ["hit_locations"]
    fight.encounter.save()
    # Goblin's Pain Threshold is 4 (Strong 8): 8 damage less 2 armour, location d10 4 = torso.
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=8, location=4)
    assert "Winded" in conditions(fight, fight.goblin)


def test_a_hurt_arm_gives_every_attack_its_bearer_makes_a_second_chance_to_fail(fight):
    fight.encounter.house_rules = ["hit_locations", "perfect_hits"]
    fight.encounter.save()
    # The goblin's Pain Threshold is 4 (Strong 8): the troll's great axe worth 6 less his leather's 2, location
    # d10 6 = right arm.
    fight.gm("attack", attacker=fight.troll.pk, target=fight.goblin.pk, d20=2, location=6)
    assert "Hurt Arm" in conditions(fight, fight.goblin)
    # His attack is hampered, so Ulrika's Defence 9 against it has a second chance to pass: 1 - 55 % twice.
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    entry = fight.prompts()[-1]
    assert (entry["kind"], entry["second"], entry["chance"]) == ("defence", "pass", 69.75)
    fight.gm("dismiss_test", prompt=entry["id"])
    # Ulrika's arm (Pain Threshold 8): the troll's great axe worth 6, +2 for the Advantage, +3 for her fumbled
    # defence, less her armour roll of 1: 10.
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, advantage=True, d20=20, armour=1, location=8)
    assert "Hurt Arm" in conditions(fight, fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.troll.pk)
    entry = fight.prompts()[-1]
    assert (entry["kind"], entry["second"]) == ("attack", "fail")


def test_an_npc_at_zero_dies_a_player_character_is_dying(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=8)
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ansgar.pk, d20=19, dice=TypedDice(Dice(), {}))
    assert fight.fresh(fight.goblin).wounds == 2
    fight.gm("next_turn")
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=2, damage=4)
    assert "Dead" in conditions(fight, fight.goblin)
    assert fight.fresh(fight.ansgar).wounds == 4  # the troll's great axe: 1d12, worth 6, and he has no armour
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ansgar.pk, d20=19)
    assert "Dying" in conditions(fight, fight.ansgar)


def test_an_attack_uses_the_attackers_combat_action_only_on_their_turn(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=14)
    assert fight.state().turn["combat"] == 1
    with pytest.raises(CommandError, match="Combat Action is already used"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=14)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ansgar.pk, d20=14)  # out of turn: a reaction


def test_the_combat_action_may_become_a_movement_never_the_reverse(fight):
    fight.gm("mark_action", part="movement", used=True)
    fight.gm("mark_action", part="movement", used=True)
    with pytest.raises(CommandError, match="became a second Movement Action"):
        fight.gm("mark_action", part="combat", used=True)
    fight.gm("mark_action", part="movement", used=False)
    fight.gm("mark_action", part="combat", used=True)
    with pytest.raises(CommandError, match="both actions"):
        fight.gm("mark_action", part="movement", used=True)


def test_a_hidden_npc_is_not_named_to_the_player_who_defends(fight):
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk)
    outcome = answer(fight, fight.table.anna, d20=19)
    assert "Troll" not in outcome.message


def test_the_phone_shows_her_roll_with_its_chance_and_the_gm_screen_every_roll(fight):
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    entry = fight.prompts()[-1]
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="prompt-{entry["id"]}"' in phone and f'id="chance-{entry["id"]}">45 %' in phone
    other = fight.table.client(fight.table.bruno).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="prompt-{entry["id"]}"' not in other
    gm = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="prompt-{entry["id"]}"' in gm and 'id="attack-form"' in gm and 'id="turn-combat"' in gm


def test_damage_the_gm_applies_by_hand_has_the_same_consequences(fight):
    fight.encounter.house_rules = ["critical_damage"]
    fight.encounter.save()
    outcome = fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=8)
    assert outcome.message == (
        "Ulrika takes 8 damage (7/15 toughness). At or over the Pain Threshold (8); "
        "critically damaged: a second chance to fail every test until healed."
    )
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=7)
    fight.gm("apply_damage", combatant=fight.goblin.pk, amount=8)
    assert "Dying" in conditions(fight, fight.ulrika) and "Dead" in conditions(fight, fight.goblin)


def test_a_second_chance_takes_both_dice_the_player_rolled_never_one_and_a_tracker_roll(fight):
    fight.encounter.house_rules = ["critical_damage"]
    fight.encounter.save()
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Critically Damaged")
    with pytest.raises(CommandError, match="give both d20s the player rolled"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=19)
    assert fight.state().turn == {}  # nothing spent
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=3, second_d20=15)
    assert (outcome.result["d20"], outcome.result["hit"]) == (15, False)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)  # her defence, with a second chance to fail
    with pytest.raises(CommandError, match="give both d20s"):
        answer(fight, fight.table.anna, second_d20=4)


def test_plain_npcs_keep_fixed_values_when_monsters_roll_their_traits(fight):
    fight.encounter.house_rules = ["rolled_trait_values"]
    fight.encounter.save()
    outcome = fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk, d20=19, armour=1)
    assert outcome.result["damage"] == 4  # the goblin has no monstrous trait: its spear's fixed 4
    troll = fight.troll.character
    troll.traits = {"Robust": 2}
    troll.save()
    rolled = fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, d20=19, armour=1,
                      dice=TypedDice(Dice(), {12: [11]}))  # fmt: skip
    assert rolled.result["damage"] == 11
