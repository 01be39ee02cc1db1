"""The book's weapon properties that seed 000 "Weapon Properties" keeps "same as book", in the attack command.

The fight: Anders (Melee (Basic) 52, Hand Weapon 7 damage) against the Orc Boy (TB 4, AP 1 on arms and body).
"""

import pytest

from combat import commands
from combat.commands import CommandError
from combat.models import Combatant, ConditionInstance
from rules.models import Property, Weapon
from tests.factories import equip

pytestmark = pytest.mark.django_db


def give(weapon_name, property_name):
    Weapon.objects.get(system="wfrp4e", name=weapon_name).properties.add(
        Property.objects.get(system="wfrp4e", name=property_name)
    )


def test_accurate_adds_ten_to_the_attackers_target(fight):
    assert not fight.attack(defence="", attacker_roll=58).result["hit"]  # 58 against 52
    give("Hand Weapon", "Accurate")
    r = fight.attack(defence="", attacker_roll=58).result
    assert (r["attack_target"], r["hit"]) == (62, True)


@pytest.mark.parametrize("quality, damage", [("Damaging", 7 + 7), ("Impact", 7 + 1 + 7)])
def test_damaging_and_impact_use_the_units_die_of_the_roll(fight, quality, damage):
    # 47 against 52: +1 SL, units die 7; reversed 74 is the body (AP 1), TB 4.
    assert fight.attack(defence="", attacker_roll=47).result["damage"] == 8
    give("Hand Weapon", quality)
    r = fight.attack(defence="", attacker_roll=47).result
    assert (r["damage"], r["wounds"]) == (damage, damage - 5)
    assert Combatant.objects.get(pk=fight.orc.pk).wounds == max(0, 12 - 3 - (damage - 5))


def test_undamaging_doubles_the_targets_armour(fight):
    give("Hand Weapon", "Undamaging")
    r = fight.attack(defence="", attacker_roll=47).result
    assert (r["damage"], r["armour"], r["wounds"]) == (8, 2, 2)


def test_dangerous_fumbles_on_a_failed_roll_showing_a_nine(fight):
    assert "fumble" not in fight.attack(defence="", attacker_roll=59).result  # 59 fails, no double
    give("Hand Weapon", "Dangerous")
    outcome = fight.attack(defence="", attacker_roll=59, fumble_roll=50)
    assert outcome.result["fumble"]["roll"] == 50 and "Anders fumbles" in outcome.message


def test_entangle_leaves_the_target_entangled_on_a_hit(fight):
    give("Hand Weapon", "Entangle")
    fight.attack(attacker_roll=67, defender_roll=20)  # a miss: nothing
    assert not ConditionInstance.objects.filter(combatant=fight.orc.pk).exists()
    outcome = fight.attack(attacker_roll=23, defender_roll=45)
    assert "Entangle: Orc Boy gains an Entangled Condition" in outcome.message
    assert ConditionInstance.objects.get(combatant=fight.orc.pk).definition.name == "Entangled"


def test_distract_drives_the_target_back_instead_of_wounding(fight):
    with pytest.raises(CommandError, match="Hand Weapon does not have the Distract property"):
        fight.attack(special="distract", attacker_roll=23, defender_roll=90)
    equip(fight.anders.character, None, {}, ("Flail",), ())
    # WS 42 rolls 23: +2 SL; the orc's 51 rolls 90: -4 SL. Won by 6.
    outcome = fight.attack(weapon="Flail", special="distract", attacker_roll=23, defender_roll=90)
    assert "Distract: Orc Boy is driven back 6 yard(s), no damage" in outcome.message
    assert outcome.result["target_wounds"] == 0 and Combatant.objects.get(pk=fight.orc.pk).wounds == 12


def test_blast_takes_its_rating_from_the_weapon(fight):
    equip(fight.anders.character, None, {}, ("Bomb",), ())
    # BS 31 rolls 21: +1 SL, units die 1 (Impact); reversed 12 is the left arm.
    outcome = fight.attack(weapon="Bomb", defence="", attacker_roll=21)
    assert outcome.result["damage"] == 12 + 1 + 1
    assert "Blast 5: everyone within 5 yards of Orc Boy takes 14 damage too" in outcome.message


def test_the_attack_form_offers_distract_without_house_rules_and_hides_house_specials(fight):
    panel = fight.table.client(fight.table.gm).get(
        f"/encounters/{fight.table.encounter.pk}/attack/", {"attacker": fight.anders.pk}, HTTP_HX_REQUEST="true"
    )
    html = panel.content.decode()
    assert '<option value="distract">' in html and '<option value="hack">' not in html
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["hack"])
    panel = fight.table.client(fight.table.gm).get(
        f"/encounters/{fight.table.encounter.pk}/attack/", {"attacker": fight.anders.pk}, HTTP_HX_REQUEST="true"
    )
    assert '<option value="hack">' in panel.content.decode()


def test_an_emptied_pistol_must_be_reloaded_before_it_fires_again(fight):
    table = fight.table
    shot = fight.attack(weapon="Pistol", defence="", attacker_roll=23)
    assert "Pistol: 0 of 1 shot(s) left, reload it" in shot.message
    with pytest.raises(CommandError, match="Anders's Pistol is not loaded: reload it first \\(Reload 1\\)"):
        fight.attack(weapon="Pistol", defence="", attacker_roll=23)
    with pytest.raises(CommandError, match="Anders carries no Hand Weapon that needs reloading"):
        commands.reload(table.encounter, table.gm, combatant=fight.anders.pk, weapon="Hand Weapon")
    # Ranged (Blackpowder) 36: 40 is -1 SL (nothing gathered), 25 is +1 SL, enough for Reload 1.
    failed = commands.reload(table.encounter, table.gm, combatant=fight.anders.pk, weapon="Pistol", roll=40)
    assert failed.result["loaded"] is False and "0 of 1 SL so far" in failed.message
    loaded = commands.reload(table.encounter, table.gm, combatant=fight.anders.pk, weapon="Pistol", roll=25)
    assert loaded.result["loaded"] is True
    with pytest.raises(CommandError, match="Anders's Pistol is already loaded"):
        commands.reload(table.encounter, table.gm, combatant=fight.anders.pk, weapon="Pistol", roll=25)
    assert fight.attack(weapon="Pistol", defence="", attacker_roll=23).result["hit"]


def test_a_repeater_fires_its_rating_in_shots_between_reloads(fight):
    equip(fight.anders.character, None, {}, ("Repeater Handgun",), ())
    for left in (3, 2, 1, 0):
        outcome = fight.attack(weapon="Repeater Handgun", defence="", attacker_roll=23)
        assert f"Repeater Handgun: {left} of 4 shot(s) left" in outcome.message
    with pytest.raises(CommandError, match="not loaded: reload it first \\(Reload 5\\)"):
        fight.attack(weapon="Repeater Handgun", defence="", attacker_roll=23)
    commands.undo(fight.table.encounter, fight.table.gm)
    assert fight.attack(weapon="Repeater Handgun", defence="", attacker_roll=23).result["hit"]


def test_tiring_keeps_damaging_for_the_turn_the_attacker_charges(fight):
    give("Hand Weapon", "Damaging")
    give("Hand Weapon", "Tiring")
    encounter, gm = fight.table.encounter, fight.table.gm
    while encounter.active_id != fight.anders.pk:
        commands.next_turn(encounter, gm)
    # 47 against 52 (+1 SL): Tiring lets Damaging's units die (7) count only with a Charge.
    assert fight.attack(defence="", attacker_roll=47).result["damage"] == 8
    commands.mark_turn(encounter, gm, part="charge", used=True)
    # 47 against 62: +2 SL, the units die (7) higher; a second attack in the turn, which the GM allows anyway.
    r = fight.attack(defence="", attacker_roll=47, allow_anyway=True).result
    assert (r["charge_bonus"], r["damage"]) == (10, 14)


@pytest.mark.parametrize(
    "worn, body_ap",
    [
        (("Leather Jack",), 1),
        (("Leather Jack", "Leather Jerkin"), 1),  # neither is Flexible: the best counts, they do not add up
        (("Leather Jack", "Mail Shirt"), 3),  # Flexible mail under the jack: both count
        (("Mail Shirt", "Mail Coat"), 2),  # two Flexible layers are still one layer
    ],
)
def test_armour_layers_only_with_flexible(fight, worn, body_ap):
    equip(fight.orc.character, None, None, ("Hand Weapon", "Shield"), worn)
    # 47 against 52, unopposed: +1 SL; the reversed 74 lands on the body; 7 + 1 = 8 damage against TB 4.
    r = fight.attack(defence="", attacker_roll=47).result
    assert (r["location"], r["armour"], r["wounds"]) == ("body", body_ap, 8 - 4 - body_ap)


def test_blast_hits_the_others_near_the_target_the_same_way(fight):
    equip(fight.anders.character, None, None, ("Bomb",), ())
    grukk = fight.table.orc  # no sheet: no Toughness Bonus, no armour
    # Untrained BS 31, 23 hits with +1 SL; Impact adds the units die 3: 12 + 1 + 3 = 16 damage on the right arm.
    outcome = fight.attack(weapon="Bomb", defence="", attacker_roll=23, blast_targets=[grukk.pk])
    r = outcome.result
    assert (r["damage"], r["location"], r["wounds"]) == (16, "right_arm", 16 - 4 - 1)
    assert r["blast"] == [{"combatant": grukk.pk, "name": "Orc Grukk", "wounds": 16}]
    assert "Blast: Orc Grukk takes 16 wounds" in outcome.message
    assert Combatant.objects.get(pk=grukk.pk).wounds == 0
    commands.undo(fight.table.encounter, fight.table.gm)
    assert Combatant.objects.get(pk=grukk.pk).wounds == 12


@pytest.mark.parametrize(
    "weapon, caught, message",
    [
        ("Hand Weapon", "grukk", "Hand Weapon has no Blast"),
        ("Bomb", "orc", "not the two fighting"),
        ("Bomb", "nobody", "There is no combatant 999999 in this encounter"),
    ],
)
def test_blast_victims_are_checked(fight, weapon, caught, message):
    equip(fight.anders.character, None, None, ("Hand Weapon", "Bomb"), ())
    pk = {"grukk": fight.table.orc.pk, "orc": fight.orc.pk, "nobody": 999999}[caught]
    with pytest.raises(CommandError, match=message):
        fight.attack(weapon=weapon, defence="", attacker_roll=23, blast_targets=[pk])


def test_impale_criticals_on_a_successful_roll_ending_in_zero_as_written(fight):
    equip(fight.anders.character, None, {"Melee (Polearm)": 5}, ("Spear",), ())
    # Melee (Polearm) 47: 40 succeeds and ends in 0, no double; reversed 04 is the head.
    r = fight.attack(weapon="Spear", defence="", attacker_roll=40, critical_roll=50).result
    assert r["critical"]["location"] == "head"
    assert "critical" not in fight.attack(weapon="Spear", defence="", attacker_roll=41).result
    assert "critical" not in fight.attack(weapon="Spear", defence="", attacker_roll=50).result  # 50 fails


def test_impenetrable_armour_ignores_the_criticals_of_an_odd_roll_as_written(fight):
    # 55 against 52 + 30 succeeds with an odd double; reversed 55 is the body.
    assert "critical" in fight.attack(defence="", attack_modifier=30, attacker_roll=55, critical_roll=50).result
    equip(fight.orc.character, None, None, ("Hand Weapon",), ("Breastplate",))  # Impenetrable on the body
    assert "critical" not in fight.attack(defence="", attack_modifier=30, attacker_roll=55).result
    assert "critical" in fight.attack(defence="", attack_modifier=40, attacker_roll=66, critical_roll=50).result
    # Seed 000 "Impenetrable" replaces that: the armour ignores Impale instead, and every double criticals.
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["impenetrable"])
    assert "critical" in fight.attack(defence="", attack_modifier=30, attacker_roll=55, critical_roll=50).result
    equip(fight.anders.character, None, {"Melee (Polearm)": 5}, ("Spear",), ())
    equip(fight.orc.character, None, None, ("Hand Weapon",), ("Helm",))  # Impenetrable on the head
    assert "critical" not in fight.attack(weapon="Spear", defence="", attacker_roll=40).result
