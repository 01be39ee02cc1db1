"""A Clean Hit is the hero's own normal attack at the most damage (seed 001 "Alternate Rules" › "Feats" › "Clean
Hit"): bought on their turn while the attack is still to come, used by an attack of that turn, never by a free
attack out of turn."""

import pytest

from combat.commands import CommandError


@pytest.fixture
def her_turn(fight):
    fight.encounter.house_rules = ["feats", "perfect_hits"]
    fight.encounter.save()
    fight.encounter.refresh_from_db()
    while fight.encounter.active_id != fight.ulrika.pk:
        fight.gm("next_turn")
        fight.encounter.refresh_from_db()
    return fight


def clean_hit(fight):
    return fight.run(fight.table.anna, "use_feat", combatant=fight.ulrika.pk, feat="clean_hit", pay_with="experience")


def experience(fight):
    return fight.fresh(fight.ulrika).character.points["experience"]


def test_off_her_turn_a_clean_hit_is_refused_and_costs_nothing(her_turn):
    fight = her_turn
    fight.gm("next_turn")
    with pytest.raises(CommandError, match=r"^A Clean Hit goes with Ulrika's own attack: use it on their turn, "):
        clean_hit(fight)
    assert (fight.state().feats, experience(fight)) == ([], 4)


def test_once_she_has_attacked_a_clean_hit_is_refused(her_turn):
    fight = her_turn
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=18)
    with pytest.raises(CommandError) as refused:
        clean_hit(fight)
    assert str(refused.value) == (
        "Ulrika has no attack left for a Clean Hit: the Combat Action is already used this turn."
    )
    assert (fight.state().feats, experience(fight)) == ([], 4)


def test_a_free_attack_leaves_it_for_her_own_attack(her_turn):
    fight = her_turn
    clean_hit(fight)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    [defence] = fight.prompts()
    fight.run(fight.table.anna, "roll_test", prompt=defence["id"], d20=1)  # a Perfect Defence: a free attack
    [waiting] = fight.state().free_attacks
    fight.gm("attack", free_attack=waiting["id"], d20=5)
    assert fight.prompts()[-1]["kind"] == "damage"  # rolled as usual
    assert [e["feat"] for e in fight.state().feats] == ["clean_hit"]
    fight.gm("dismiss_test", prompt=fight.prompts()[-1]["id"])
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=5)
    assert outcome.result["damage"] == 8 and fight.state().feats == []
