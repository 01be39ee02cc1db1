"""The two homebrew abilities from the outside (seed 001 "Homebrew Rules" › "Rapid Fire // Bloodthirst // Code of
Honor (Koj)", "Polearm Mastery (Adept)"), each only while the table plays it.

Rapid Fire: every shot with the Combat Action leaves the archer's Novice shot waiting on the GM screen (at any
target); Adept and Master stay shut until the archer is hit or an ally takes damage at their Pain Threshold, and
then each volley asks a Quick test on the player's phone, whose pass leaves one more shot waiting per level.
Polearm Mastery (Adept): the wielder strikes first at an enemy who comes to them, even one with a Long weapon, and
gains nothing when closing in themself."""

import pytest

from tests.symbaroum.conftest import armed


def seen(fight, user, combatant):
    state = fight.table.client(user).get(f"/api/encounters/{fight.encounter.pk}/").json()
    return next(c for c in state["combatants"] if c["id"] == combatant.pk)


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def waiting(fight):
    return [(f["attacker"], f["trigger"], f.get("retarget", False)) for f in fight.state().free_attacks]


@pytest.fixture
def archer(fight):
    """Brother Ansgar (bruno's, a bow, Quick 10) has Rapid Fire at Adept; the table plays the homebrew."""
    character = fight.ansgar.character
    character.abilities = {"Rapid Fire": "Adept"}
    character.save()
    fight.encounter.house_rules = ["rapid_fire_on_a_hit"]
    fight.encounter.save()
    return fight


def test_before_he_is_hit_he_shoots_at_novice_and_the_extra_shot_may_go_elsewhere(archer):
    fight = archer
    fight.turn_of(fight.ansgar)
    outcome = fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=3)
    assert "Then: Brother Ansgar gets a free attack on Goblin (Rapid Fire (Novice))" in outcome.message
    assert "Brother Ansgar's Rapid Fire stays at Novice until they are hit" in outcome.message
    assert waiting(fight) == [(fight.ansgar.pk, "Rapid Fire (Novice)", True)]
    shot = fight.state().free_attacks[0]["id"]
    gm_page = page(fight, fight.table.gm)
    assert "Rapid Fire (Novice)" in gm_page and f'id="retarget-{shot}"' in gm_page  # the GM picks its target
    again = fight.gm("attack", free_attack=shot, target=fight.troll.pk, d20=3)
    assert again.message.startswith("Brother Ansgar makes a free attack on Troll with Bow")
    assert waiting(fight) == []  # the extra shot brings no other
    assert seen(fight, fight.table.bruno, fight.ansgar)["rapid_fire_open"] is False


def test_once_hit_his_volley_asks_a_quick_test_and_a_pass_adds_the_adept_shot(archer):
    fight = archer
    fight.turn_of(fight.goblin)
    hit = fight.gm("attack", attacker=fight.goblin.pk, target=fight.ansgar.pk, d20=20)  # his defence fails
    assert "Brother Ansgar: Rapid Fire at Adept and Master open from now (with a Quick test)" in hit.message
    assert seen(fight, fight.table.bruno, fight.ansgar)["rapid_fire_open"] is True
    assert "Rapid Fire: Adept and Master open (Quick test)" in page(fight, fight.table.bruno)
    fight.turn_of(fight.ansgar)
    outcome = fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=3)
    assert "Brother Ansgar's player rolls Quick against 10 to shoot at Adept" in outcome.message
    test = next(p for p in fight.prompts() if p["kind"] == "rapid_fire")
    assert test["combatant"] == fight.ansgar.pk and test["chance"] == 50
    assert f'id="prompt-{test["id"]}"' in page(fight, fight.table.bruno)
    rolled = fight.run(fight.table.bruno, "roll_test", prompt=test["id"], d20=4)
    assert rolled.message.startswith("Brother Ansgar's Quick test for Rapid Fire at Adept, d20 4 vs 10: passed")
    assert waiting(fight) == [
        (fight.ansgar.pk, "Rapid Fire (Novice)", True),
        (fight.ansgar.pk, "Rapid Fire (Adept)", True),
    ]
    fight.gm("undo")
    assert waiting(fight) == [(fight.ansgar.pk, "Rapid Fire (Novice)", True)]


def test_a_failed_quick_test_leaves_him_at_novice(archer):
    fight = archer
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=8)  # an ally hurt at her Pain Threshold
    fight.turn_of(fight.ansgar)
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=3)
    test = next(p for p in fight.prompts() if p["kind"] == "rapid_fire")
    rolled = fight.run(fight.table.bruno, "roll_test", prompt=test["id"], d20=15)
    assert rolled.message.endswith("d20 15 vs 10: failed, Novice only.")
    assert waiting(fight) == [(fight.ansgar.pk, "Rapid Fire (Novice)", True)]


def test_an_ally_hurt_at_the_pain_threshold_rouses_him_a_lesser_wound_does_not(archer):
    fight = archer
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=7)  # Strong 15: Pain Threshold 8
    assert fight.state().roused == []
    outcome = fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=8)
    assert fight.state().roused == [fight.ansgar.pk]
    assert "Brother Ansgar: Rapid Fire at Adept and Master open from now" in outcome.message


def test_without_the_homebrew_a_shot_is_one_shot(fight):
    character = fight.ansgar.character
    character.abilities = {"Rapid Fire": "Master"}
    character.save()
    fight.turn_of(fight.ansgar)
    outcome = fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=3)
    assert "Rapid Fire" not in outcome.message and waiting(fight) == []
    assert seen(fight, fight.table.gm, fight.ansgar)["rapid_fire_open"] is None


@pytest.fixture
def halberdier(fight):
    """Ulrika bears a halberd with Polearm Mastery at Adept; the goblin's spear is Long too."""
    armed(fight.ulrika.character, ["Halberd"], ["Leather Armour"])
    character = fight.ulrika.character
    character.abilities = {"Polearm Mastery": "Adept"}
    character.save()
    return fight


def test_polearm_mastery_strikes_at_the_enemy_who_comes_even_with_a_spear(halberdier):
    fight = halberdier
    fight.encounter.house_rules = ["polearm_mastery"]
    fight.encounter.save()
    fight.turn_of(fight.goblin)
    outcome = fight.gm("engage", target=fight.ulrika.pk)
    assert outcome.result["long_weapon"] is False  # Long against Long: no plain free attack
    assert "Ulrika gets a free attack on Goblin (Polearm Mastery (Adept))" in outcome.message
    assert waiting(fight) == [(fight.ulrika.pk, "Polearm Mastery (Adept)", False)]
    fight.gm("undo")
    assert waiting(fight) == []


def test_polearm_mastery_gives_nothing_to_the_wielder_who_closes_in(halberdier):
    fight = halberdier
    fight.encounter.house_rules = ["polearm_mastery"]
    fight.encounter.save()
    outcome = fight.gm("engage", target=fight.goblin.pk)  # her turn: she is the one who approaches
    assert "Ulrika's Polearm Mastery (Adept) gives nothing to the one who closes in" in outcome.message
    assert waiting(fight) == []


def test_without_the_homebrew_a_spear_keeps_the_halberd_off_as_before(halberdier):
    fight = halberdier
    fight.turn_of(fight.goblin)
    outcome = fight.gm("engage", target=fight.ulrika.pk)
    assert "Polearm" not in outcome.message and waiting(fight) == []
