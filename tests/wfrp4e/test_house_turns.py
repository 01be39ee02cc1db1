"""House rules for the turn order and free attacks (seed 000 "Slow", "Fortune Points", "Disengaging",
"Zones of Control")."""

import pytest

from characters.models import Character
from combat import commands
from combat.commands import CommandError
from combat.models import Combatant
from tests.factories import equip, give_points, point

pytestmark = pytest.mark.django_db


def names(encounter):
    return [c.name for c in encounter.combatants.order_by("position")]


def test_slow_weapons_act_last(fight, dice):
    table = fight.table
    equip(table.gunther.character, {"I": 41, "Ag": 36}, {}, ("Great Weapon",), ())  # Slow
    commands.set_house_rules(table.encounter, table.gm, rules=["slow"])
    commands.roll_initiative(table.encounter, table.gm, dice=dice)
    order = names(table.encounter)
    assert order[-1] == "Gunther" and order.index("Sneaky Goblin") == 0
    commands.set_house_rules(table.encounter, table.gm, rules=[])
    commands.roll_initiative(table.encounter, table.gm, dice=dice)
    assert names(table.encounter)[1] == "Gunther"  # I 41, as written


def test_a_slow_fighter_who_joins_or_gets_a_new_initiative_still_acts_last(fight, dice):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["slow"])
    commands.roll_initiative(table.encounter, table.gm, dice=dice)
    ogre = Character.objects.create(campaign=table.campaign, name="Ogre", is_npc=True, characteristics={"I": 90})
    equip(ogre, None, {}, ("Great Weapon",), ())  # Slow
    commands.add_combatant(table.encounter, table.gm, character=ogre.pk)
    assert names(table.encounter)[-1] == "Ogre"  # by initiative 90 he would act first
    commands.set_initiative(table.encounter, table.gm, combatant=table.gunther.pk, value=99)
    order = names(table.encounter)
    assert order[0] == "Gunther" and order[-1] == "Ogre"
    ogre_combatant = Combatant.objects.get(encounter=table.encounter, name="Ogre")
    commands.set_initiative(table.encounter, table.gm, combatant=ogre_combatant.pk, value=100)
    assert names(table.encounter)[-1] == "Ogre"


def test_a_slow_fighter_who_bought_a_place_with_fortune_is_back_to_last_the_next_round(fight, dice):
    table = fight.table
    encounter = table.encounter
    equip(table.anders.character, None, {}, ("Great Weapon",), ())  # Slow
    commands.set_house_rules(encounter, table.gm, rules=["fortune_points", "slow"])
    give_points(table.anders.character_id, fortune=1)
    while encounter.round == 1:
        commands.next_turn(encounter, table.gm)
    commands.roll_initiative(encounter, table.gm, dice=dice)
    assert names(encounter)[-1] == "Anders"
    commands.choose_when_to_act(encounter, table.gm, combatant=fight.anders.pk, position=1)
    assert names(encounter)[1] == "Anders"
    while encounter.round == 2:
        commands.next_turn(encounter, table.gm)
    assert names(encounter)[-1] == "Anders"  # by initiative he would act third; Slow puts him last


def test_fortune_buys_a_place_in_this_round_only(fight):
    table = fight.table
    encounter = table.encounter
    commands.set_house_rules(encounter, table.gm, rules=["fortune_points"])
    give_points(table.anders.character_id, fortune=2)
    # The hidden goblin acts first; Anna chooses for Anders to act second (before Gunther).
    response = table.client(table.anna).post(
        f"/api/encounters/{encounter.pk}/commands/",
        {"command": "choose_when_to_act", "args": {"combatant": fight.anders.pk, "position": 1}},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    assert names(encounter)[:3] == ["Sneaky Goblin", "Anders", "Gunther"]
    assert point(table.anders.character_id, "fortune") == 1
    with pytest.raises(CommandError, match="choose a later place"):
        commands.choose_when_to_act(encounter, table.gm, combatant=fight.anders.pk, position=0)
    commands.next_turn(encounter, table.gm)  # Anders
    with pytest.raises(CommandError, match="at the start of a Round"):
        commands.choose_when_to_act(encounter, table.gm, combatant=fight.anders.pk, position=4)
    while encounter.round == 1:
        commands.next_turn(encounter, table.gm)
    assert names(encounter)[:3] == ["Sneaky Goblin", "Gunther", "Anders"]  # back to initiative
    # Another player's character is not Anna's to move.
    bruno_turn = table.client(table.anna).post(
        f"/api/encounters/{encounter.pk}/commands/",
        {"command": "choose_when_to_act", "args": {"combatant": table.gunther.pk, "position": 3}},
        content_type="application/json",
    )
    assert bruno_turn.status_code == 403


def test_free_attacks_once_per_round_without_slow_weapons_and_without_the_action(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["disengaging", "zones_of_control"])
    # The orc disengages from Anders: Anders' free attack, opposed with Dodge (Ag 30 + 5 = 35).
    outcome = fight.attack(free_attack="disengaging", attacker_roll=23, defender_roll=45, defence="Melee (Basic)")
    assert outcome.result["defence"] == "Dodge" and outcome.result["defence_target"] == 35
    assert "Free attack (disengaging): Orc Boy must stay within reach" in outcome.message
    with pytest.raises(CommandError, match="Anders already made a free attack this Round"):
        fight.attack(free_attack="zone_of_control", attacker_roll=23, defender_roll=45)
    equip(fight.orc.character, None, {}, ("Great Weapon",), ())
    with pytest.raises(CommandError, match="without Slow, not Great Weapon"):
        fight.attack(attacker=fight.orc, target=fight.anders, weapon="Great Weapon", free_attack="zone_of_control",
                     attacker_roll=23, defender_roll=45)  # fmt: skip
    commands.set_house_rules(table.encounter, table.gm, rules=[])
    with pytest.raises(CommandError, match="a house rule this encounter does not use"):
        fight.attack(attacker=fight.orc, target=fight.anders, weapon="Great Weapon", free_attack="disengaging")
    assert Combatant.objects.get(pk=fight.orc.pk).wounds < 12


def test_the_phone_offers_fortune_places_at_the_start_of_a_round(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["fortune_points"])
    give_points(table.anders.character_id, fortune=1)
    url = f"/encounters/{table.encounter.pk}/"
    assert f'id="choose-place-{fight.anders.pk}"' in table.client(table.anna).get(url).content.decode()
    commands.next_turn(table.encounter, table.gm)
    assert "choose-place" not in table.client(table.anna).get(url).content.decode()
