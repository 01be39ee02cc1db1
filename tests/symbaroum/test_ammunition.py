"""Ammunition from the outside (seed 001 "Homebrew Rules" › "Ranged Weapons", "Alternate Rules" › "Reclaiming Bolts
and Arrows"): Brother Ansgar's missed shots empty his quiver, special arrows are counted one by one, and searching
the field after the fight fills it again, with a roll on his phone when the table plays reclaiming."""

import pytest

from characters.models import Character
from combat.commands import CommandError, CommandForbidden


def plays(fight, *rules):
    fight.encounter.house_rules = list(rules)
    fight.encounter.save()


def answer(fight, user, **rolled):
    entry = fight.prompts()[-1]
    return fight.run(user, "roll_test", prompt=entry["id"], **rolled)


def shoot(fight, d20, **args):
    """Brother Ansgar shoots the goblin; bruno rolls the attack on his phone."""
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, **args)
    return answer(fight, fight.table.bruno, d20=d20)


def points(fight):
    fight.ansgar.character.refresh_from_db()
    return fight.ansgar.character.points


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_each_missed_shot_uses_one_a_natural_20_two_and_then_he_is_out(fight):
    plays(fight, "ammunition_countdown")
    outcome = shoot(fight, d20=15)  # Accurate 12 against the goblin's Defence 10: 15 misses
    assert points(fight)["ammunition"] == 2
    assert "2 of 3 misses left" in outcome.message
    outcome = shoot(fight, d20=20)
    assert points(fight)["ammunition"] == 0
    assert "out of ammunition" in outcome.message
    with pytest.raises(CommandError, match="Brother Ansgar is out of ammunition for the Bow"):
        fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk)
    assert fight.prompts() == []


def test_a_hit_or_a_missed_sword_blow_costs_no_ammunition(fight):
    plays(fight, "ammunition_countdown")
    shoot(fight, d20=5)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=19)
    assert points(fight).get("ammunition", 3) == 3
    fight.ulrika.character.refresh_from_db()
    assert "ammunition" not in fight.ulrika.character.points


def test_without_the_house_rule_ammunition_is_not_counted(fight):
    shoot(fight, d20=15)
    shoot(fight, d20=20)
    assert "ammunition" not in points(fight)
    with pytest.raises(CommandError, match="Ranged Weapons"):
        fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Fire arrow", count=2)


def test_a_special_arrow_is_used_up_one_by_one_and_a_miss_with_it_leaves_the_quiver(fight):
    plays(fight, "ammunition_countdown")
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, count=0)
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Fire arrow", count=2)
    outcome = shoot(fight, d20=15, special_ammunition="fire arrow")
    assert "miss" in outcome.message
    assert points(fight)["special_ammunition"] == {"Fire arrow": 1}
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, special_ammunition="Fire arrow", d20=19)
    assert points(fight)["special_ammunition"] == {}
    assert points(fight)["ammunition"] == 0  # out of ordinary arrows all along, and still so
    with pytest.raises(CommandError, match="Brother Ansgar has no Fire arrow left"):
        fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, special_ammunition="Fire arrow")


def test_special_ammunition_needs_a_ranged_weapon_and_the_quiver_holds_three(fight):
    plays(fight, "ammunition_countdown")
    fight.gm("stock_ammunition", combatant=fight.ulrika.pk, special_ammunition="Fire arrow", count=1)
    with pytest.raises(CommandError, match="Sword is not a ranged weapon"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, special_ammunition="Fire arrow")
    with pytest.raises(CommandError, match="3 at most"):
        fight.gm("stock_ammunition", combatant=fight.ansgar.pk, count=4)
    with pytest.raises(CommandError, match="Goblin is not a player character"):
        fight.gm("stock_ammunition", combatant=fight.goblin.pk, special_ammunition="Fire arrow", count=1)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "stock_ammunition", combatant=fight.ansgar.pk, count=3)


def test_the_gm_row_and_his_phone_show_the_count_and_out(fight):
    plays(fight, "ammunition_countdown")
    shoot(fight, d20=15)
    gm = page(fight, fight.table.gm)
    assert f'id="ammunition-{fight.ansgar.pk}"' in gm and "ammunition 2/3" in gm
    assert f'id="ammunition-{fight.ulrika.pk}"' not in gm  # no ranged weapon, no special ammunition
    assert 'id="search-ammunition"' in gm and 'id="attack-special-ammunition"' in gm
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, count=0)
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Fire arrow", count=2)
    assert "out of ammunition" in page(fight, fight.table.gm)
    phone = page(fight, fight.table.bruno)
    assert f'id="my-ammunition-{fight.ansgar.pk}"' in phone
    assert "Out of ammunition" in phone and "Fire arrow <strong>2</strong>" in phone
    assert f'id="my-ammunition-{fight.ansgar.pk}"' not in page(fight, fight.table.anna)


def test_without_the_house_rule_no_screen_shows_ammunition(fight):
    gm = page(fight, fight.table.gm)
    assert f'id="ammunition-{fight.ansgar.pk}"' not in gm and 'id="search-ammunition"' not in gm
    assert f'id="my-ammunition-{fight.ansgar.pk}"' not in page(fight, fight.table.bruno)


def test_searching_the_field_without_the_reclaiming_rule_fills_the_quiver_and_undo_takes_it_back(fight):
    plays(fight, "ammunition_countdown")
    shoot(fight, d20=20)
    fight.gm("end_encounter")
    outcome = fight.gm("search_for_ammunition")
    assert points(fight)["ammunition"] == 3 and outcome.result["refilled"] == [fight.ansgar.pk]
    assert fight.prompts() == []
    fight.gm("undo")
    assert points(fight)["ammunition"] == 1


def test_nobody_searches_with_a_full_quiver(fight):
    plays(fight, "ammunition_countdown", "reclaiming")
    with pytest.raises(CommandError, match="Nobody has ordinary ammunition to search for"):
        fight.gm("search_for_ammunition")


def test_with_reclaiming_he_rolls_on_his_phone_and_a_damaged_projectile_leaves_the_count(fight):
    plays(fight, "ammunition_countdown", "reclaiming")
    shoot(fight, d20=20)
    fight.gm("end_encounter")
    fight.gm("search_for_ammunition")
    [entry] = fight.prompts()
    # An ordinary arrow breaks on a d20 over 10: whole on 1-10, a 50 % chance.
    assert (entry["combatant"], entry["kind"], entry["target"], entry["chance"]) == (fight.ansgar.pk, "reclaim", 10, 50)
    phone = page(fight, fight.table.bruno)
    assert f'id="prompt-{entry["id"]}"' in phone and f'id="chance-{entry["id"]}">50 %' in phone
    with pytest.raises(CommandError, match="still open"):
        fight.gm("search_for_ammunition")
    with pytest.raises(CommandForbidden):
        answer(fight, fight.table.anna, d20=3)
    outcome = answer(fight, fight.table.bruno, d20=11)
    assert outcome.result["damaged"] is True and points(fight)["ammunition"] == 1
    fight.gm("search_for_ammunition")
    outcome = answer(fight, fight.table.bruno, d20=10)
    assert outcome.result["damaged"] is False and points(fight)["ammunition"] == 3
    assert "reclaimed" in outcome.message


def test_projectiles_with_a_quality_break_less_often(fight):
    plays(fight, "ammunition_countdown", "reclaiming")
    shoot(fight, d20=15)
    fight.gm("search_for_ammunition", projectiles="mystical")
    [entry] = fight.prompts()
    assert (entry["target"], entry["chance"]) == (17, 85)
    answer(fight, fight.table.bruno, d20=17)
    assert points(fight)["ammunition"] == 3
    with pytest.raises(CommandError, match=r"Choose one of: Ordinary \(damaged over 10\), With a quality"):
        fight.gm("search_for_ammunition", projectiles="cursed")


def test_the_api_gives_his_player_the_count_and_hides_it_from_others(fight):
    plays(fight, "ammunition_countdown")
    shoot(fight, d20=15)
    url = f"/api/encounters/{fight.encounter.pk}/"

    def ammunition_seen_by(user):
        state = fight.table.client(user).get(url).json()
        return next(c for c in state["combatants"] if c["id"] == fight.ansgar.pk)["ammunition"]

    assert ammunition_seen_by(fight.table.bruno) == {"left": 2, "full": 3, "out": False, "specials": [], "nocked": ""}
    assert ammunition_seen_by(fight.table.gm)["left"] == 2
    assert ammunition_seen_by(fight.table.anna) is None


def test_a_count_stored_before_sheets_were_checked_is_read_as_none_and_stocked_anew(fight):
    plays(fight, "ammunition_countdown")
    Character.objects.filter(pk=fight.ansgar.character_id).update(
        points={**points(fight), "special_ammunition": {"Fire arrow": "x", "Bone arrow": 1}}
    )
    fight.ansgar.refresh_from_db()
    with pytest.raises(CommandError, match="Brother Ansgar has no Fire arrow left"):
        fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, special_ammunition="Fire arrow")
    fight.gm("stock_ammunition", combatant=fight.ansgar.pk, special_ammunition="Fire arrow", count=2)
    assert points(fight)["special_ammunition"] == {"Fire arrow": 2, "Bone arrow": 1}
