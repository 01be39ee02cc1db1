"""Alchemical weapons from the outside (seed 001 "Alternate Rules" › "Alchemical Weapons"): a grenade, fire tube or
breaching pot on the user's sheet, used with a Combat Action; the stationary fire tube only with Siege Expert (adept);
without the ability that makes it safe, a 20 on the risk's d20 sets it off on the user; the blast of an Area Effect
weapon reaches the target and everyone engaged with them, each hit an attack of its own (test, damage, armour); a
breaching pot breaks into a building as any attack on one; the phone offers the weapons carried; undo."""

import pytest

from combat.commands import CommandError
from systems.symbaroum import toggles
from tests.symbaroum.conftest import armed
from tests.symbaroum.test_stand_up import page, used

pytestmark = pytest.mark.django_db


def learned(character, **abilities):
    character.abilities = {**character.abilities, **abilities}
    character.save()


@pytest.fixture
def alchemy(fight):
    fight.encounter.house_rules = [toggles.ALCHEMICAL_WEAPONS.key]
    fight.encounter.save()
    armed(fight.table.ulrika, ["Sword", "Alchemical Grenade"], ["Leather Armour"])
    fight.turn_of(fight.ulrika)
    return fight


def throw(fight, target, **args):
    return fight.gm("use_alchemical_weapon", combatant=fight.ulrika.pk, weapon="grenade", target=target.pk, **args)


def test_it_needs_the_rule(fight):
    armed(fight.table.ulrika, ["Sword", "Alchemical Grenade"])
    fight.turn_of(fight.ulrika)
    with pytest.raises(CommandError, match="Alchemical Weapons"):
        fight.gm("use_alchemical_weapon", combatant=fight.ulrika.pk, weapon="grenade", target=fight.goblin.pk)


def test_the_weapon_must_be_carried_and_the_stationary_tube_needs_siege_expert_adept(alchemy):
    with pytest.raises(CommandError, match="carries no Fire Tube, portable"):
        alchemy.gm("use_alchemical_weapon", combatant=alchemy.ulrika.pk, weapon="fire_tube_portable",
                   target=alchemy.goblin.pk)  # fmt: skip
    armed(alchemy.table.ulrika, ["Fire Tube, stationary"])
    learned(alchemy.table.ulrika, **{"Siege Expert": "Novice"})
    with pytest.raises(CommandError, match=r"Only one with Siege Expert \(adept\) can use the Fire Tube, stationary"):
        alchemy.gm("use_alchemical_weapon", combatant=alchemy.ulrika.pk, weapon="fire_tube_stationary",
                   target=alchemy.goblin.pk)  # fmt: skip
    learned(alchemy.table.ulrika, **{"Siege Expert": "Adept"})
    fired = alchemy.gm("use_alchemical_weapon", combatant=alchemy.ulrika.pk, weapon="fire_tube_stationary",
                       target=alchemy.goblin.pk)  # fmt: skip
    assert fired.result["mishap"] is False and "risk" not in fired.message


def test_the_blast_reaches_everyone_engaged_with_the_target_each_with_a_test(alchemy):
    alchemy.turn_of(alchemy.ansgar)
    alchemy.gm("engage", target=alchemy.goblin.pk)
    alchemy.turn_of(alchemy.ulrika)
    outcome = throw(alchemy, alchemy.goblin, risk_d20=5)
    assert outcome.result == {"mishap": False, "hit": [alchemy.goblin.pk, alchemy.ansgar.pk]}
    assert "without Alchemy, Siege Expert or Pyrotechnics: risk d20 5" in outcome.message
    assert used(alchemy) == (1, 0)
    tests = {p["reason"]: p["target"] for p in alchemy.prompts()}
    # Accurate 13 against the goblin's Defence 10 (Quick 12 less Impeding 2) and Brother Ansgar's 10.
    assert tests == {
        "Attack: Ulrika's Alchemical Grenade → Goblin": 13,
        "Attack: Ulrika's Alchemical Grenade → Brother Ansgar": 13,
    }


def test_each_hit_takes_the_grenades_damage_against_armour(alchemy):
    throw(alchemy, alchemy.goblin, risk_d20=5)
    [test] = alchemy.prompts()
    alchemy.run(alchemy.table.anna, "roll_test", prompt=test["id"], d20=3)
    [damage] = alchemy.prompts()
    assert (damage["kind"], damage["dice"]) == ("damage", "1d10")
    hit = alchemy.run(alchemy.table.anna, "roll_test", prompt=damage["id"], total=7)
    assert "7 damage against 2 armour: Goblin takes 5" in hit.message and alchemy.fresh(alchemy.goblin).wounds == 3


def test_a_20_on_the_risk_sets_it_off_on_the_user(alchemy):
    outcome = throw(alchemy, alchemy.goblin, risk_d20=20)
    assert outcome.result == {"mishap": True, "hit": [alchemy.ulrika.pk]}
    assert "goes off in their own hands" in outcome.message
    [damage] = alchemy.prompts()
    assert (damage["combatant"], damage["kind"], damage["dice"]) == (alchemy.ulrika.pk, "damage", "1d10")
    alchemy.run(alchemy.table.anna, "roll_test", prompt=damage["id"], total=6)
    [armour] = alchemy.prompts()
    alchemy.run(alchemy.table.anna, "roll_test", prompt=armour["id"], total=1)
    assert alchemy.fresh(alchemy.ulrika).wounds == 15 - 5


def test_with_the_ability_there_is_no_risk(alchemy):
    learned(alchemy.table.ulrika, Alchemy="Novice")
    with pytest.raises(CommandError, match="no risk to roll"):
        throw(alchemy, alchemy.goblin, risk_d20=20)
    outcome = throw(alchemy, alchemy.goblin)
    assert outcome.result["mishap"] is False and "risk" not in outcome.message


def test_an_npcs_grenade_is_defended_by_the_players(alchemy):
    armed(alchemy.table.brother, ["Bow"])
    goblin = alchemy.goblin.character
    armed(goblin, ["Spear", "Alchemical Grenade"], ["Leather Armour"])
    alchemy.turn_of(alchemy.goblin)
    alchemy.gm("use_alchemical_weapon", combatant=alchemy.goblin.pk, weapon="grenade", target=alchemy.ulrika.pk,
               risk_d20=4)  # fmt: skip
    [entry] = alchemy.prompts()
    # Ulrika's Defence 9 (Quick 11 less her leather's 2) against the goblin's Accurate 10.
    assert (entry["combatant"], entry["kind"], entry["target"]) == (alchemy.ulrika.pk, "defence", 9)


def test_a_breaching_pot_wrecks_a_building(alchemy):
    alchemy.encounter.house_rules = [toggles.ALCHEMICAL_WEAPONS.key, toggles.DAMAGE_ON_BUILDINGS.key]
    alchemy.encounter.save()
    croft = alchemy.gm("add_building", building="Croft").result["combatant"]
    armed(alchemy.table.ulrika, ["Sword", "Breaching Pot"])
    learned(alchemy.table.ulrika, Pyrotechnics="Novice")
    outcome = alchemy.gm("use_alchemical_weapon", combatant=alchemy.ulrika.pk, weapon="breaching_pot", target=croft)
    assert outcome.result["hit"] is True and "the hit is automatic" in outcome.message
    [entry] = alchemy.prompts()
    assert (entry["kind"], entry["hit"]["wrecking"]) == ("building_damage", True)


def test_it_is_undone(alchemy):
    before = alchemy.state().prompts
    throw(alchemy, alchemy.goblin, risk_d20=5)
    alchemy.gm("undo")
    assert alchemy.state().prompts == before and used(alchemy) == (0, 0)


def test_the_phone_offers_the_weapons_carried_on_her_turn_only(alchemy):
    phone = page(alchemy, alchemy.table.anna)
    assert 'id="alchemical-form"' in phone and '<option value="grenade">Alchemical Grenade</option>' in phone
    assert "at Troll" not in phone  # never a hidden foe
    assert 'id="alchemical-form"' not in page(alchemy, alchemy.table.bruno)
    outcome = alchemy.run(alchemy.table.anna, "use_alchemical_weapon", combatant=alchemy.ulrika.pk, weapon="grenade",
                          target=alchemy.goblin.pk, risk_d20=5)  # fmt: skip
    assert outcome.result["hit"] == [alchemy.goblin.pk]
    with pytest.raises(Exception, match="not your character"):
        alchemy.run(alchemy.table.bruno, "use_alchemical_weapon", combatant=alchemy.ulrika.pk, weapon="grenade",
                    target=alchemy.goblin.pk)  # fmt: skip


def test_a_user_engaged_with_the_target_is_caught_in_the_blast_without_a_test(alchemy):
    alchemy.gm("engage", target=alchemy.goblin.pk)
    outcome = throw(alchemy, alchemy.goblin, risk_d20=5)
    assert outcome.result["hit"] == [alchemy.goblin.pk, alchemy.ulrika.pk]
    assert "Ulrika is caught in the blast" in outcome.message
    kinds = sorted((p["combatant"], p["kind"]) for p in alchemy.prompts())
    assert kinds == [(alchemy.ulrika.pk, "attack"), (alchemy.ulrika.pk, "damage")]


def test_it_is_used_on_ones_own_turn(alchemy):
    alchemy.turn_of(alchemy.ansgar)
    with pytest.raises(CommandError, match="on their own turn only"):
        throw(alchemy, alchemy.goblin, risk_d20=5)
