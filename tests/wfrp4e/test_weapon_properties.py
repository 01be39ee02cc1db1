"""House-rule weapon properties and creature traits in attacks (seed 000 "Weapon Properties", "Creature Traits")."""

import re

import pytest

from characters.models import Character
from combat import commands
from combat.commands import CommandError
from rules.models import Property, Weapon
from systems.wfrp4e.commands.turn import turn_state
from tests.factories import equip

pytestmark = pytest.mark.django_db


def give(weapon_name, property_name):
    Weapon.objects.get(system="wfrp4e", name=weapon_name).properties.add(
        Property.objects.get_or_create(system="wfrp4e", name=property_name)[0]
    )


def test_precise_is_one_more_damage(fight):
    give("Hand Weapon", "Precise")
    base = fight.attack(attacker_roll=23, defender_roll=45).result["damage"]
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["precise"])
    assert fight.attack(attacker_roll=23, defender_roll=45).result["damage"] == base + 1


def test_fast_attacks_come_between_turns_and_spend_the_rounds_action(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["fast"])
    equip(fight.anders.character, None, {"Melee (Fencing)": 10}, ("Rapier", "Hand Weapon"), ())
    with pytest.raises(CommandError, match="Hand Weapon does not have the Fast property"):
        fight.attack(special="fast", attacker_roll=23, defender_roll=45)
    # Seed 000 "Fast": never during another character's Turn, so not once the Goblin has moved.
    commands.mark_turn(table.encounter, table.gm, part="move", used=True)
    with pytest.raises(CommandError, match="Sneaky Goblin's turn is under way: a Fast attack cannot interrupt it"):
        fight.attack(weapon="Rapier", special="fast", attacker_roll=23, defender_roll=45)
    commands.next_turn(table.encounter, table.gm)  # between the Goblin's turn and the next one
    outcome = fight.attack(weapon="Rapier", special="fast", attacker_roll=23, defender_roll=45)
    assert "Fast: Anders has spent this Round's Action" in outcome.message
    with pytest.raises(CommandError, match="already spent this Round's Action on a Fast attack"):
        fight.attack(weapon="Rapier", special="fast", attacker_roll=23, defender_roll=45)
    while table.encounter.active_id != fight.anders.pk:
        outcome = commands.next_turn(table.encounter, table.gm)
    assert "Anders already spent this Round's Action on a Fast attack." in outcome.message
    assert turn_state(table.encounter)["actions"] == 1
    with pytest.raises(CommandError, match="It is Anders's turn: a plain attack will do"):
        fight.attack(weapon="Rapier", special="fast", attacker_roll=23, defender_roll=45)
    # Anders' turn has not begun (the Action he starts without went on his Fast attack): the orc may strike first.
    equip(fight.orc.character, None, {"Melee (Fencing)": 10}, ("Rapier",), ())
    orc_fast = fight.attack(fight.orc, fight.anders, weapon="Rapier", special="fast", attacker_roll=23,
                            defender_roll=45)  # fmt: skip
    assert "Fast: Orc Boy has spent this Round's Action" in orc_fast.message


def test_a_fast_attack_needs_the_rounds_action_still_to_come(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["fast"])
    equip(fight.anders.character, None, {"Melee (Fencing)": 10}, ("Rapier",), ())
    while table.encounter.active_id != fight.anders.pk:
        commands.next_turn(table.encounter, table.gm)
    commands.next_turn(table.encounter, table.gm)  # Anders' turn, and his Action of this Round, are behind him
    with pytest.raises(CommandError, match="Anders's turn this Round is over, and its Action with it"):
        fight.attack(weapon="Rapier", special="fast", attacker_roll=23, defender_roll=45)
    while table.encounter.round == 1:
        commands.next_turn(table.encounter, table.gm)
    assert table.encounter.active_id == table.hidden_goblin.pk  # a new Round: his Action is still to come
    outcome = fight.attack(weapon="Rapier", special="fast", attacker_roll=23, defender_roll=45)
    assert "Fast: Anders has spent this Round's Action" in outcome.message


def test_hack_damages_the_shield_not_the_opponent_and_the_shield_then_stops_fewer_arrows(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["hack", "tests"])
    equip(fight.anders.character, None, {"Melee (Polearm)": 10, "Ranged (Bow)": 10}, ("Halberd", "Longbow"), ())
    # Before: the orc's Shield (2) lets its Melee DSB oppose arrows.
    assert fight.attack(weapon="Longbow", d20=[10], attacker_roll=53, defence="melee").result["defence"] == "melee"
    wounds = fight.fresh(fight.orc).wounds
    outcome = fight.attack(weapon="Halberd", special="hack", d20=[2], attacker_roll=53)  # OSL 4 + 10 - 2 - 5 = 7
    assert "Hack: Orc Boy's shield loses 3 (Shield 0 now)" in outcome.message
    assert fight.fresh(fight.orc).wounds == wounds and outcome.result["target_wounds"] == 0
    with pytest.raises(CommandError, match="cannot defend with melee here"):
        fight.attack(weapon="Longbow", d20=[10], attacker_roll=53, defence="melee")


def test_long_and_hook_on_a_disengaging_hit(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["disengaging", "long", "hook"])
    give("Halberd", "Long")
    give("Halberd", "Hook")
    equip(fight.anders.character, None, {"Melee (Polearm)": 10}, ("Halberd",), ())
    outcome = fight.attack(weapon="Halberd", free_attack="disengaging", attacker_roll=23, defender_roll=90)
    assert "Long: the hit does not stop the Disengage" in outcome.message
    assert "Hook: against a rider" in outcome.message


def test_champion_deals_damage_its_rating_times_per_round(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["champion"])
    with pytest.raises(CommandError, match="Orc Boy does not have the Champion trait"):
        fight.attack(attacker=fight.orc, target=fight.anders, special="champion", attacker_roll=23, defender_roll=90)
    Character.objects.filter(pk=fight.orc.character_id).update(traits={"Champion": 1})
    outcome = fight.attack(attacker=fight.orc, target=fight.anders, special="champion", attacker_roll=23,
                           defender_roll=90)  # fmt: skip
    assert "Champion: 1 of 1 this Round" in outcome.message
    with pytest.raises(CommandError, match="Champion \\(1\\) deals damage at most 1 times per Round"):
        fight.attack(attacker=fight.orc, target=fight.anders, special="champion", attacker_roll=23, defender_roll=90)
    while table.encounter.round == 1:
        commands.next_turn(table.encounter, table.gm)
    fight.attack(attacker=fight.orc, target=fight.anders, special="champion", attacker_roll=23, defender_roll=90)


def test_the_gm_writes_creature_traits_on_the_sheet(fight):
    character = fight.orc.character
    from tests.wfrp4e.test_sheet import edit_form

    form = edit_form(character, traits_text="Champion 2, Size Large")
    form["skills-TOTAL_FORMS"] = "0"
    response = fight.table.client(fight.table.gm).post(f"/characters/{character.pk}/edit/", form)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Character.objects.get(pk=character.pk).traits == {"Champion": 2, "Size Large": True}


@pytest.mark.parametrize("special, rule", [("hack", "Hack"), ("fast", "Fast"), ("champion", "Champion (Rating)")])
def test_a_weapon_property_house_rule_that_is_off_is_refused_by_name(fight, special, rule):
    with pytest.raises(CommandError, match=rf"^{re.escape(rule)} is a house rule this encounter does not use"):
        fight.attack(special=special, attacker_roll=15, defender_roll=36)
