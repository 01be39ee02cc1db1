"""Feats from the outside (seed 001 "Alternate Rules" › "Feats"): paid with Experience or permanent Corruption, used
by the GM or by a player for their own character, each one's effect on the fight and on the screens."""

import pytest

from combat.commands import CommandError, CommandForbidden
from systems.symbaroum.models import Feat


@pytest.fixture
def feats(fight):
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    return fight


def answer(fight, user, **rolled):
    entry = fight.prompts()[-1]
    return fight.run(user, "roll_test", prompt=entry["id"], **rolled)


def points(fight, combatant):
    return fight.fresh(combatant).character.points


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def encounter(fight):
    fight.encounter.refresh_from_db()
    return fight.encounter


def to_next_round(fight):
    start = encounter(fight).round
    while encounter(fight).round == start:
        outcome = fight.gm("next_turn")
    return outcome


def to_turn_of(fight, combatant):
    while encounter(fight).active_id != combatant.pk:
        fight.gm("next_turn")


def use(fight, user, combatant, feat, pay_with="experience", **args):
    return fight.run(user, "use_feat", combatant=combatant.pk, feat=feat, pay_with=pay_with, **args)


def test_feats_are_refused_when_the_table_does_not_play_them(fight):
    with pytest.raises(CommandError, match='house rule "Feats" is off'):
        use(fight, fight.table.anna, fight.ulrika, "fearless")
    assert points(fight, fight.ulrika)["experience"] == 4


def test_a_player_pays_a_feat_with_experience_and_her_phone_shows_what_is_left(feats):
    outcome = use(feats, feats.table.anna, feats.ulrika, "fearless")
    assert "spends 1 Experience on Fearless (3 left)" in outcome.message
    assert points(feats, feats.ulrika)["experience"] == 3
    phone = page(feats, feats.table.anna)
    assert f'id="my-points-{feats.ulrika.pk}">Experience <strong>3</strong>' in phone
    assert "Fearless</span>" in phone and f'id="feats-{feats.ulrika.pk}"' in phone


def test_a_feat_paid_with_corruption_adds_a_permanent_point(feats):
    outcome = use(feats, feats.table.anna, feats.ulrika, "prepared", pay_with="corruption")
    assert "takes 1 permanent Corruption for Prepared (3 permanent)" in outcome.message
    assert points(feats, feats.ulrika) == {"corruption_temporary": 1, "corruption_permanent": 3, "experience": 4}
    # 1 temporary and 3 permanent: the phone's count is live.
    assert f'id="my-points-{feats.ulrika.pk}">Experience <strong>4</strong> · Corruption <strong>4</strong>' in page(
        feats, feats.table.anna
    )
    assert "Prepared +1" in page(feats, feats.table.gm)


def test_without_experience_the_feat_is_refused_and_nothing_changes(feats):
    character = feats.ulrika.character
    character.points = {**character.points, "experience": 0}
    character.save()
    with pytest.raises(CommandError, match="no Experience left for Resilience: pay with Corruption instead"):
        use(feats, feats.table.anna, feats.ulrika, "resilience")
    assert feats.state().feats == []
    assert points(feats, feats.ulrika)["corruption_permanent"] == 2


def test_an_npc_pays_with_corruption_only(feats):
    with pytest.raises(CommandError, match="NPCs pay for feats with Corruption only"):
        use(feats, feats.table.gm, feats.goblin, "resilience")
    use(feats, feats.table.gm, feats.goblin, "resilience", pay_with="corruption")
    assert points(feats, feats.goblin)["corruption_permanent"] == 1


def test_a_player_cannot_use_a_feat_for_another_players_character(feats):
    with pytest.raises(CommandForbidden):
        use(feats, feats.table.bruno, feats.ulrika, "fearless")
    response = feats.table.client(feats.table.bruno).post(
        f"/encounters/{feats.encounter.pk}/do/use_feat/",
        {"combatant": feats.ulrika.pk, "feat": "fearless", "pay_with": "experience"},
    )
    assert response.status_code == 403
    assert points(feats, feats.ulrika)["experience"] == 4


def test_the_phone_offers_feats_only_when_the_table_plays_them(fight):
    assert f'id="feats-{fight.ulrika.pk}"' not in page(fight, fight.table.anna)
    assert 'id="gm-feat-form"' not in page(fight, fight.table.gm)
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    assert f'id="feats-{fight.ulrika.pk}"' in page(fight, fight.table.anna)
    assert 'id="gm-feat-form"' in page(fight, fight.table.gm)


def test_a_clean_hit_deals_the_most_the_dice_show_without_a_damage_roll_once(feats):
    anna = feats.table.anna
    to_turn_of(feats, feats.ulrika)
    use(feats, anna, feats.ulrika, "clean_hit")
    assert "Clean Hit ready" in page(feats, feats.table.gm)
    feats.gm("attack", attacker=feats.ulrika.pk, target=feats.goblin.pk)
    outcome = answer(feats, anna, d20=5)
    # Her sword's 1d8 at its most, 8, less the goblin's fixed armour 2: no damage prompt.
    assert (outcome.result["damage"], outcome.result["dealt"]) == (8, 6)
    assert feats.prompts() == [] and feats.fresh(feats.goblin).wounds == 2
    to_turn_of(feats, feats.goblin)
    feats.gm("attack", attacker=feats.ulrika.pk, target=feats.goblin.pk, d20=5)
    assert feats.prompts()[-1]["kind"] == "damage"  # the next hit rolls again


def test_a_clean_hit_waits_for_a_hit_a_miss_does_not_use_it(feats):
    anna = feats.table.anna
    to_turn_of(feats, feats.ulrika)
    use(feats, anna, feats.ulrika, "clean_hit")
    feats.gm("attack", attacker=feats.ulrika.pk, target=feats.goblin.pk, d20=18)
    assert [e["feat"] for e in feats.state().feats] == ["clean_hit"]


def test_resilience_adds_a_d4_to_her_armour_roll_until_the_round_ends(feats):
    anna = feats.table.anna
    use(feats, anna, feats.ulrika, "resilience")
    feats.gm("attack", attacker=feats.goblin.pk, target=feats.ulrika.pk)
    answer(feats, anna, d20=15)
    assert feats.prompts()[-1]["dice"] == "1d4+1d4"
    answer(feats, anna, total=2)
    outcome = to_next_round(feats)
    assert "Ulrika's Resilience ends" in outcome.message
    feats.gm("attack", attacker=feats.goblin.pk, target=feats.ulrika.pk, d20=15)
    assert feats.prompts()[-1]["dice"] == "1d4"


def test_an_npcs_resilience_adds_2_to_its_fixed_armour(feats):
    use(feats, feats.table.gm, feats.goblin, "resilience", pay_with="corruption")
    outcome = feats.gm("attack", attacker=feats.ulrika.pk, target=feats.goblin.pk, d20=2, damage=6)
    assert (outcome.result["armour"], outcome.result["dealt"]) == (4, 2)


def test_perfect_defence_turns_the_hit_waiting_for_armour_into_a_miss_once_a_round(feats):
    anna = feats.table.anna
    feats.gm("attack", attacker=feats.goblin.pk, target=feats.ulrika.pk)
    answer(feats, anna, d20=15)  # the defence failed: the armour roll waits
    outcome = use(feats, anna, feats.ulrika, "perfect_defence")
    assert "the hit by Goblin misses" in outcome.message and outcome.result["hit"] is False
    assert feats.prompts() == [] and feats.fresh(feats.ulrika).wounds == 15
    feats.gm("attack", attacker=feats.goblin.pk, target=feats.ulrika.pk)
    answer(feats, anna, d20=15)
    with pytest.raises(CommandError, match="already used Perfect Defence this turn"):
        use(feats, anna, feats.ulrika, "perfect_defence")
    assert points(feats, feats.ulrika)["experience"] == 3
    answer(feats, anna, total=1)
    to_next_round(feats)
    feats.gm("attack", attacker=feats.goblin.pk, target=feats.ulrika.pk)
    answer(feats, anna, d20=15)
    use(feats, anna, feats.ulrika, "perfect_defence")
    assert feats.prompts() == []


def test_perfect_defence_parries_an_npcs_hit_before_the_players_damage_roll(feats):
    feats.gm("attack", attacker=feats.ulrika.pk, target=feats.goblin.pk)
    answer(feats, feats.table.anna, d20=5)
    assert feats.prompts()[-1]["kind"] == "damage"
    use(feats, feats.table.gm, feats.goblin, "perfect_defence", pay_with="corruption")
    assert feats.prompts() == [] and feats.fresh(feats.goblin).wounds == 8


def test_perfect_defence_with_no_hit_waiting_is_readied_for_the_next(feats):
    outcome = use(feats, feats.table.anna, feats.ulrika, "perfect_defence")
    assert "the next hit on them this round is parried" in outcome.message and outcome.result["ready"] is True
    assert points(feats, feats.ulrika)["experience"] == 3
    assert "Perfect Defence ready" in page(feats, feats.table.anna)


def test_a_steely_gaze_keeps_the_enemy_from_attacking_her_this_scene(feats):
    use(feats, feats.table.anna, feats.ulrika, "steely_gaze", enemy=feats.goblin.pk)
    assert "Steely Gaze: Goblin" in page(feats, feats.table.gm)
    to_next_round(feats)
    with pytest.raises(CommandError, match="Goblin will not attack Ulrika this scene"):
        feats.gm("attack", attacker=feats.goblin.pk, target=feats.ulrika.pk, d20=15)
    feats.gm("attack", attacker=feats.goblin.pk, target=feats.ansgar.pk, d20=15)  # another target is fine


def test_a_steely_gaze_names_an_enemy_and_only_it_does(feats):
    with pytest.raises(CommandError, match="Name the enemy"):
        use(feats, feats.table.anna, feats.ulrika, "steely_gaze")
    with pytest.raises(CommandError, match="Only a Steely Gaze names an enemy"):
        use(feats, feats.table.anna, feats.ulrika, "fearless", enemy=feats.goblin.pk)


def test_a_player_cannot_name_a_hidden_enemy_for_her_gaze(feats):
    with pytest.raises(CommandError, match=f"There is no combatant {feats.troll.pk}"):
        use(feats, feats.table.anna, feats.ulrika, "steely_gaze", enemy=feats.troll.pk)


def test_a_whirlwind_attack_attacks_each_enemy_for_one_combat_action(feats):
    to_turn_of(feats, feats.ulrika)
    outcome = use(feats, feats.table.gm, feats.ulrika, "whirlwind_attack", targets=[feats.goblin.pk, feats.troll.pk])
    attacks = [p for p in feats.prompts() if p["kind"] == "attack"]
    assert sorted(p["attack"]["target"] for p in attacks) == sorted([feats.goblin.pk, feats.troll.pk])
    assert all(p["combatant"] == feats.ulrika.pk for p in attacks) and len(outcome.result["prompts"]) == 2
    assert feats.state().turn["combat"] == 1
    with pytest.raises(CommandError, match="Combat Action is already used"):
        feats.gm("attack", attacker=feats.ulrika.pk, target=feats.goblin.pk, d20=14)


def test_a_whirlwind_attack_needs_the_combat_action_and_a_melee_weapon(feats):
    to_turn_of(feats, feats.ulrika)
    feats.gm("mark_action", part="combat", used=True)
    with pytest.raises(CommandError, match="Combat Action is already used"):
        use(feats, feats.table.anna, feats.ulrika, "whirlwind_attack", targets=[feats.goblin.pk])
    with pytest.raises(CommandError, match="made in melee, and Brother Ansgar's Bow shoots"):
        use(feats, feats.table.bruno, feats.ansgar, "whirlwind_attack", targets=[feats.goblin.pk])
    with pytest.raises(CommandError, match="Name each enemy engaged"):
        use(feats, feats.table.bruno, feats.ansgar, "whirlwind_attack")
    with pytest.raises(CommandError, match=f"There is no combatant {feats.troll.pk}"):
        use(feats, feats.table.anna, feats.ulrika, "whirlwind_attack", targets=[feats.troll.pk])
    assert points(feats, feats.ulrika)["experience"] == 4


def test_ignore_corruption_lasts_until_the_round_ends_and_the_log_says_it_counts_again(feats):
    outcome = use(feats, feats.table.anna, feats.ulrika, "ignore_corruption")
    assert "still counts from next turn on" in outcome.message
    assert "Ignoring corruption" in page(feats, feats.table.anna)
    ended = to_next_round(feats)
    assert "Ulrika's corruption counts again" in ended.message
    assert "Ignoring corruption" not in page(feats, feats.table.anna)


def test_fearless_lasts_the_scene_and_is_not_paid_twice(feats):
    use(feats, feats.table.anna, feats.ulrika, "fearless")
    to_next_round(feats)
    assert "Fearless</span>" in page(feats, feats.table.gm)
    with pytest.raises(CommandError, match="already used Fearless this scene"):
        use(feats, feats.table.anna, feats.ulrika, "fearless")
    assert points(feats, feats.ulrika)["experience"] == 3


def test_the_phone_offers_every_feat_of_the_rules_data_but_quick_strike(feats):
    names = set(Feat.objects.filter(system="symbaroum").values_list("name", flat=True))
    phone = page(feats, feats.table.anna)
    offered = {name for name in names if f">{name}</option>" in phone}
    assert names - offered == {"Quick Strike"}  # the initiative order's, not a use_feat
