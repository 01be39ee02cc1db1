"""Attacks under the house rules' D20 "player rolls" system (seed 000 "Combat")."""

import json

import pytest

from combat import commands
from combat.commands import CommandError
from combat.models import Combatant
from tests.factories import equip, give_points, point

pytestmark = pytest.mark.django_db


def house(fight, *rules):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=list(rules))
    return fight


def test_without_advantage_and_disadvantage_conditions_leave_one_d20_and_defend_adds_20(fight):
    """Seed 000 "Advantage and Disadvantage" off under the Tests: the book's difficulty modifiers instead, so a Prone
    attacker throws one D20, ticked situations are refused, the form offers none, and Defend is +20 to the skill."""
    house(fight, "tests")
    table = fight.table
    commands.add_condition(table.encounter, table.gm, combatant=fight.anders.pk, condition="Prone")
    r = fight.attack(d20=[14], attacker_roll=53).result
    assert r["dice_mode"] == "single" and r["situations"] == []
    with pytest.raises(CommandError, match="Advantage and Disadvantage is a house rule this encounter does not use"):
        fight.attack(d20=[9], attacker_roll=53, situations=["off_hand"])
    page = table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert 'id="attack-situation-off_hand"' not in page
    before = fight.attack(fight.orc, fight.anders, defence="melee", d20=[10], attacker_roll=53).result["dsb"]
    commands.undo(table.encounter, table.gm)
    while table.encounter.active_id != fight.anders.pk:
        commands.next_turn(table.encounter, table.gm)
    defended = commands.defend(table.encounter, table.gm, skill="Melee (Basic)")
    assert "+20 to defend with it" in defended.message
    after = fight.attack(fight.orc, fight.anders, defence="melee", d20=[10], attacker_roll=53, allow_anyway=True)
    assert after.result["dsb"] == before + 2 and after.result["situations"] == []


def set_stats(combatant, **stats):
    character = combatant.character
    character.characteristics.update(stats)
    character.save()


def test_anders_attacks_an_orc_as_in_the_seed(fight):
    house(fight, "tests")
    set_stats(fight.anders, WS=53)  # Melee (Basic) 63: ASB 6
    set_stats(fight.orc, WS=37)  # Melee (Basic) 47: DSB 4
    outcome = fight.attack(d20=[11], attacker_roll=53, defence="")
    r = outcome.result
    assert (r["method"], r["roller"], r["asb"], r["dsb"], r["defence"]) == ("d20", "attacker", 6, 4, "melee")
    assert (r["player_sl"], r["opposed_sl"], r["hit"], r["location"]) == (5, 1, True, "body")
    # Hand Weapon: SB 3 + 4 + 1 SL = 8 - (TB 4 + Leather Jack 1) = 3.
    assert (r["damage"], r["wounds"]) == (8, 3) and Combatant.objects.get(pk=fight.orc.pk).wounds == 9
    assert "D20 11 (attacker rolls), ASB 6 vs melee DSB 4: OSL +1, D100 53" in outcome.message


def test_defensive_adds_one_to_the_melee_defence_and_the_defender_may_choose(fight):
    house(fight, "tests", "defensive")
    set_stats(fight.anders, WS=53)
    set_stats(fight.orc, WS=37)
    assert fight.attack(d20=[11], attacker_roll=53, defence="").result["dsb"] == 5  # Shield: Defensive
    assert fight.attack(d20=[11], attacker_roll=53, defence="Dodge").result["dsb"] == 3
    with pytest.raises(CommandError, match="cannot defend with spell here \\(can use melee, dodge\\)"):
        fight.attack(d20=[11], attacker_roll=53, defence="spell")


def test_an_npc_attacking_a_player_has_the_player_roll_and_a_natural_one_fumbles_the_attack(fight):
    house(fight, "tests")
    outcome = fight.attack(
        attacker=fight.orc, target=fight.anders, d20=[1], attacker_roll=34, fumble_roll=50, defence=""
    )
    r = outcome.result
    assert r["roller"] == "defender" and r["natural"] == 1 and not r["hit"]
    assert r["fumble"]["name"] == "Out of position"


def test_conditions_set_the_dice_and_typed_dice_must_match(fight):
    house(fight, "tests", "advantage_and_disadvantage")
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.anders.pk, condition="Prone")
    with pytest.raises(CommandError, match="This test rolls 2 D20 \\(worst\\); give 2 value"):
        fight.attack(d20=[3], attacker_roll=53)
    r = fight.attack(d20=[14, 3], attacker_roll=53).result
    assert r["d20"] == 14 and r["dice_mode"] == "worst" and "attacker_blinded_prone" in r["situations"]
    # The orc Prone too: its Disadvantage defending is Anders' Advantage: they cancel out.
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.orc.pk, condition="Prone")
    assert fight.attack(d20=[9], attacker_roll=53).result["dice_mode"] == "single"
    # A row the GM ticks: off-hand costs 2 SL.
    r = fight.attack(d20=[9], attacker_roll=53, situations=["off_hand"]).result
    assert r["player_sl"] == 5 + 10 - 9 - 2


def test_an_entangled_target_defends_at_disadvantage_against_a_shot_too(fight):
    house(fight, "tests", "advantage_and_disadvantage")
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.orc.pk, condition="Entangled")
    # Anders rolls: the orc's Disadvantage defending is his Advantage, best of two D20s.
    r = fight.attack(weapon="Pistol", d20=[15, 4], attacker_roll=53, defence="").result
    assert "defender_entangled" in r["situations"] and (r["dice_mode"], r["d20"]) == ("best", 4)


def test_fortune_buys_a_die_or_sl_from_the_rolling_player(fight):
    house(fight, "tests")
    give_points(fight.anders.character_id, fortune=3)
    r = fight.attack(d20=[18, 4], attacker_roll=53, fortune_reroll=True, fortune_sl=2).result
    assert r["dice_mode"] == "best" and r["d20"] == 4 and r["fortune_spent"] == 3
    assert r["player_sl"] == 5 + 10 - 4 + 2
    assert point(fight.anders.character_id, "fortune") == 0
    with pytest.raises(CommandError, match="Anders has 0 Fortune; that needs 1"):
        fight.attack(d20=[18, 4], attacker_roll=53, fortune_reroll=True)
    commands.undo(fight.table.encounter, fight.table.gm)
    assert point(fight.anders.character_id, "fortune") == 3


def test_blackpowder_leaves_the_defender_defenceless(fight):
    house(fight, "tests", "blackpowder", "shield")
    r = fight.attack(weapon="Pistol", d20=[10], attacker_roll=53, defence="").result
    assert (r["defence"], r["dsb"]) == ("defenceless", 0)


def test_the_shield_rule_keeps_a_shield_from_a_blackpowder_shot(fight):
    """Seed 000 "Shield (Rating)": a standard shield cannot oppose a Blackpowder weapon; without the rule it parries
    the shot, though at the Defenceless DSB of 0."""
    house(fight, "tests", "blackpowder", "shield")
    with pytest.raises(CommandError, match="Orc Boy cannot defend with melee here"):
        fight.attack(weapon="Pistol", d20=[10], attacker_roll=53, defence="melee")
    house(fight, "tests", "blackpowder")
    r = fight.attack(weapon="Pistol", d20=[10], attacker_roll=53, defence="melee").result
    assert (r["defence"], r["dsb"]) == ("melee", 0)


def test_penetrating_and_partial_change_the_armour(fight):
    house(fight, "tests", "penetrating", "partial")
    equip(fight.anders.character, None, {"Ranged (Bow)": 10}, ("Longbow",), ("Mail Shirt", "Leather Jack"))
    equip(fight.orc.character, None, {}, ("Hand Weapon",), ("Mail Shirt", "Leather Jack", "Open Helm"))
    # Body: 3 AP, Penetrating ignores 2 (half, rounded up): 1. d100 53: body.
    r = fight.attack(weapon="Longbow", d20=[5], attacker_roll=53, defence="").result
    assert r["armour"] == 1
    # Head: Open Helm 2, Partial -1 = 1, Penetrating ignores 1: 0. d100 05: head.
    r = fight.attack(weapon="Longbow", d20=[5], attacker_roll=5, defence="").result
    assert (r["location"], r["armour"]) == ("head", 0)


def test_doubles_on_a_hit_and_impale_criticals_unless_impenetrable(fight):
    house(fight, "tests", "impenetrable")
    assert "critical" in fight.attack(d20=[5], attacker_roll=44).result
    equip(fight.anders.character, None, {"Melee (Polearm)": 5}, ("Spear",), ())
    assert "critical" in fight.attack(weapon="Spear", d20=[5], attacker_roll=60).result  # Impale: ends in 0
    equip(fight.orc.character, None, {}, ("Hand Weapon",), ("Breastplate",))  # Impenetrable on the body
    assert "critical" not in fight.attack(weapon="Spear", d20=[5], attacker_roll=60).result


def test_the_attack_form_previews_and_applies_d20_attacks(fight):
    house(fight, "tests", "advantage_and_disadvantage")
    set_stats(fight.anders, WS=53)
    set_stats(fight.orc, WS=37)
    client = fight.table.client(fight.table.gm)
    url = f"/encounters/{fight.table.encounter.pk}/attack/"
    page = client.get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert 'name="d20"' in page and 'value="off_hand"' in page and 'name="defender_roll"' not in page
    form = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon", "defence": "",
            "attacker_roll": 53, "situations": ["outnumber", "cover"]}  # fmt: skip
    html = client.post(url, {**form, "action": "preview"}, HTTP_HX_REQUEST="true").content.decode()
    # Advantage and Disadvantage cancel: one die, rolled for the preview and kept for applying.
    assert "Hit: Body" in html or "Miss" in html
    assert "the attacker rolls" in html and "outnumber" in html
    import re

    d20 = re.search(r'name="d20" value="(\d+)"', html)[1]
    client.post(url, {**form, "d20": d20, "action": "apply"}, HTTP_HX_REQUEST="true")
    entry = fight.table.encounter.log.first()
    assert entry.command == "attack" and entry.result["d20"] == int(d20)
    assert entry.result["situations"] == ["cover", "outnumber"]


def test_the_form_prechecks_situations_from_conditions_and_pummel_prompts_on_head_hits(fight):
    house(fight, "tests", "advantage_and_disadvantage", "pummel")
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.orc.pk, condition="Stunned")
    client = fight.table.client(fight.table.gm)
    html = client.get(
        f"/encounters/{fight.table.encounter.pk}/attack/",
        {"attacker": fight.anders.pk, "target": fight.orc.pk},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'value="defender_condition" checked disabled' in html
    equip(fight.anders.character, None, {}, ("Hand Weapon", "Flail"), ())
    from rules.models import Property, Weapon

    flail = Weapon.objects.get(system="wfrp4e", name="Flail")
    flail.properties.add(Property.objects.get(system="wfrp4e", name="Pummel"))
    outcome = fight.attack(weapon="Flail", d20=[3, 4], attacker_roll=5)  # the orc's Disadvantage: best of two
    assert outcome.result["location"] == "head"
    assert "Pummel: an Opposed Strength/Endurance Test at" in outcome.message


def test_an_untrained_weapon_rolls_at_disadvantage_and_outnumbering_is_prechecked(fight):
    house(fight, "tests", "advantage_and_disadvantage")
    equip(fight.anders.character, None, {}, ("Hand Weapon", "Halberd"), ())  # no Melee (Polearm)
    r = fight.attack(weapon="Halberd", d20=[4, 15], attacker_roll=53).result
    assert "not_allowed" in r["situations"] and r["dice_mode"] == "worst" and r["d20"] == 15
    assert "not_allowed" not in fight.attack(d20=[4], attacker_roll=53).result["situations"]  # Melee (Basic)
    # With the goblin and Orc Grukk out, Anders and Gunther stand against one orc: 2 to 1.
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.table.orc.pk, condition="Unconscious")
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.table.hidden_goblin.pk,
                           condition="Unconscious")  # fmt: skip
    html = (
        fight.table.client(fight.table.gm)
        .get(
            f"/encounters/{fight.table.encounter.pk}/attack/",
            {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Halberd"},
            HTTP_HX_REQUEST="true",
        )
        .content.decode()
    )
    assert 'value="outnumber" checked>' in html and 'value="not_allowed" checked disabled' in html


def test_damaging_reads_the_d100_units_die_under_the_d20_test(fight):
    house(fight, "tests")
    equip(fight.anders.character, None, {"Ranged (Bow)": 10}, ("Longbow",), ())
    # Ranged (Bow) 41: ASB 4; D20 10: PSL 4, the orc's Dodge DSB 3: OSL +1. D100 57: body, units die 7.
    r = fight.attack(weapon="Longbow", d20=[10], attacker_roll=57, defence="dodge").result
    assert (r["opposed_sl"], r["location"], r["damage"]) == (1, "body", 7 + 7)  # Longbow +SB+4 is 7


def test_a_buckler_is_shield_1_and_cannot_stop_arrows(fight):
    house(fight, "tests")
    equip(fight.anders.character, None, {"Ranged (Bow)": 10}, ("Longbow",), ())
    assert fight.attack(weapon="Longbow", d20=[10], attacker_roll=53, defence="melee").result["dsb"] == 5
    equip(fight.orc.character, None, {}, ("Hand Weapon", "Buckler"), ())
    with pytest.raises(CommandError, match="cannot defend with melee here"):
        fight.attack(weapon="Longbow", d20=[10], attacker_roll=53, defence="melee")


def test_a_target_that_cannot_see_the_archer_is_defenceless(fight):
    equip(fight.anders.character, None, {"Ranged (Bow)": 10}, ("Longbow", "Hand Weapon"), ())
    with pytest.raises(CommandError, match="only under the house rules' Tests and Defenceless"):
        fight.attack(weapon="Longbow", d20=[10], attacker_roll=53, defence="", unseen_attacker=True)
    house(fight, "tests", "defenceless", "shield")
    assert fight.attack(weapon="Longbow", d20=[10], attacker_roll=53, defence="").result["dsb"] == 5  # Shield
    r = fight.attack(weapon="Longbow", d20=[10], attacker_roll=53, defence="", unseen_attacker=True).result
    assert (r["defence"], r["dsb"]) == ("dodge", 0)  # no shield, Dodge 3 capped at 0
    args = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Longbow", "d20": [10],
            "attacker_roll": 53, "unseen_attacker": True}  # fmt: skip
    response = fight.table.client(fight.table.gm).post(
        f"/api/encounters/{fight.table.encounter.pk}/commands/",
        json.dumps({"command": "attack", "args": args}),
        content_type="application/json",
    )
    assert response.status_code == 200 and response.json()["result"]["dsb"] == 0
    with pytest.raises(CommandError, match="against ranged attacks, not Hand Weapon"):
        fight.attack(d20=[10], attacker_roll=53, defence="", unseen_attacker=True)


def test_the_defence_modifier_changes_the_defenders_skill_in_both_attack_systems(fight):
    assert fight.attack(attacker_roll=23, defender_roll=45, defence_modifier=-20).result["defence_target"] == 31
    house(fight, "tests")
    assert fight.attack(d20=[10], attacker_roll=53, defence="melee").result["dsb"] == 5  # Melee (Basic) 51
    r = fight.attack(d20=[10], attacker_roll=53, defence="melee", defence_modifier=-20).result
    assert r["dsb"] == 3  # 31


def test_the_d20_attack_form_has_the_defence_modifier_and_the_unseen_attacker_box(fight):
    house(fight, "tests", "defenceless", "shield")
    client = fight.table.client(fight.table.gm)
    url = f"/encounters/{fight.table.encounter.pk}/attack/"
    html = client.get(url, {"attacker": fight.anders.pk}, HTTP_HX_REQUEST="true").content.decode()
    assert 'name="defence_modifier"' in html and 'name="unseen_attacker"' in html
    equip(fight.anders.character, None, {"Ranged (Bow)": 10}, ("Longbow",), ())
    values = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Longbow", "defence": "",
              "d20": "10", "attacker_roll": 53, "unseen_attacker": "true", "action": "preview"}  # fmt: skip
    html = client.post(url, values, HTTP_HX_REQUEST="true").content.decode()
    assert "dodge DSB 0" in html and 'id="attack-unseen-attacker" name="unseen_attacker" value="true" checked' in html
