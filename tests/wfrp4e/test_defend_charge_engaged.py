"""Defend, Charge (seed 002 "Actions") and Engaged (seed 002 "Attack"), tracked and applied by the attack."""

import pytest

from combat import commands
from combat.commands import CommandError

pytestmark = pytest.mark.django_db


def turn_of(fight, combatant):
    encounter, gm = fight.table.encounter, fight.table.gm
    outcome = None
    while encounter.active_id != combatant.pk:
        outcome = commands.next_turn(encounter, gm)
    return outcome


def state(fight):
    fight.table.encounter.refresh_from_db()
    return fight.table.encounter.state


def gm_page(fight):
    return fight.table.client(fight.table.gm).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()


def phone(fight):
    return fight.table.client(fight.table.anna).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()


# --- Defend ------------------------------------------------------------------------------------------------


def test_defending_adds_20_to_defences_with_that_skill_until_the_defenders_next_turn(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    turn_of(fight, fight.anders)
    tools = gm_page(fight).split('id="defend"')[1].split("</form>")[0]
    assert "<option>Dodge</option>" in tools and 'id="turn-defend"' in tools
    outcome = commands.defend(encounter, gm, skill="dodge")
    assert outcome.message == "Anders Defends with Dodge: +20 to defend with it until their next turn."
    assert state(fight).turn["actions"] == 1
    assert "defending: Dodge</span>" in gm_page(fight)
    assert "Defending with <strong>Dodge</strong> (+20 until your next turn)" in phone(fight)
    turn_of(fight, fight.orc)
    # Dodge 38 + 20 = 58: the orc's 35 vs 51 (+2 SL) against 38 vs 58 (+2 SL): the higher skill holds.
    attack = fight.attack(attacker=fight.orc, target=fight.anders, defence="Dodge", attacker_roll=35, defender_roll=38)
    assert (attack.result["defence_target"], attack.result["defend_bonus"], attack.result["hit"]) == (58, 20, False)
    assert "Anders Defends with Dodge: +20" in attack.message
    parry = fight.attack(  # a second attack in the orc's turn, which the GM allows beyond its Action
        attacker=fight.orc, target=fight.anders, defence="Melee (Basic)", attacker_roll=35, defender_roll=38,
        allow_anyway=True,
    )  # fmt: skip
    assert (parry.result["defence_target"], parry.result["defend_bonus"]) == (52, 0)
    outcome = turn_of(fight, fight.anders)
    assert "Anders no longer Defends with Dodge." in outcome.message
    assert state(fight).defending == {}


def test_defending_is_the_went_defensive_advantage_under_the_house_d20_tests(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    commands.set_house_rules(encounter, gm, rules=["tests", "advantage_and_disadvantage"])
    turn_of(fight, fight.anders)
    assert "Advantage to defend with it" in commands.defend(encounter, gm, skill="Dodge").message
    attack = fight.attack(attacker=fight.orc, target=fight.anders, defence="Dodge", d20=[10, 12], attacker_roll=50)
    assert "went_defensive" in attack.result["situations"]
    parry = fight.attack(attacker=fight.orc, target=fight.anders, defence="Melee (Basic)", d20=[10], attacker_roll=50)
    assert "went_defensive" not in parry.result["situations"]


def test_defend_needs_a_skill_the_sheet_defends_with(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    turn_of(fight, fight.anders)
    with pytest.raises(CommandError, match=r"cannot defend with Charm \(can use Dodge, Melee \(Basic\), WS, Ag\)"):
        commands.defend(encounter, gm, skill="Charm")
    turn_of(fight, fight.table.orc)  # Orc Grukk has no sheet
    with pytest.raises(CommandError, match="Orc Grukk has no character sheet"):
        commands.defend(encounter, gm, skill="Dodge")
    assert state(fight).defending == {}


# --- Charge ------------------------------------------------------------------------------------------------


def test_a_charge_uses_the_move_and_adds_10_to_the_first_melee_attack_only(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    turn_of(fight, fight.anders)
    assert 'id="turn-charge"' in gm_page(fight)
    outcome = commands.mark_turn(encounter, gm, part="charge", used=True)
    assert "+10 to the first melee attack after it" in outcome.message
    assert outcome.result["move"] is True
    assert 'class="tag charging"' in gm_page(fight)
    assert "Charging: <strong>+10</strong> to your first melee attack" in phone(fight)
    shot = fight.attack(weapon="Pistol", defence="", attacker_roll=20)
    assert (shot.result["attack_target"], shot.result["charge_bonus"]) == (36, 0)
    # The GM allows more attacks than the turn's one Action, to show the bonus goes with the first melee one.
    first = fight.attack(attacker_roll=23, defender_roll=45, allow_anyway=True)
    assert (first.result["attack_target"], first.result["charge_bonus"]) == (62, 10)
    assert "Charge: +10 to the attack" in first.message
    second = fight.attack(attacker_roll=23, defender_roll=45, allow_anyway=True)
    assert (second.result["attack_target"], second.result["charge_bonus"]) == (52, 0)


def test_an_unused_charge_lapses_at_the_end_of_the_turn_and_can_be_given_back(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    turn_of(fight, fight.anders)
    commands.mark_turn(encounter, gm, part="charge", used=True)
    commands.mark_turn(encounter, gm, part="charge", used=False)
    assert state(fight).charging == {} and state(fight).turn["move"] is False
    commands.mark_turn(encounter, gm, part="charge", used=True)
    outcome = commands.next_turn(encounter, gm)
    assert "Anders's Charge bonus lapses unused." in outcome.message
    assert state(fight).charging == {}


# --- Engaged -----------------------------------------------------------------------------------------------


def test_a_melee_attack_engages_both_until_a_full_round_passes_without_one(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    fight.attack(attacker_roll=45, defender_roll=40)  # round 1
    assert state(fight).engaged == {f"{fight.anders.pk}:{fight.orc.pk}": 1}
    assert "engaged: Orc Boy</span>" in gm_page(fight) and "engaged: Anders</span>" in gm_page(fight)
    assert "Engaged with <strong>Orc Boy</strong>" in phone(fight)
    while encounter.round == 1:
        outcome = commands.next_turn(encounter, gm)
    assert "no longer Engaged" not in outcome.message and state(fight).engaged
    while encounter.round == 2:
        outcome = commands.next_turn(encounter, gm)
    assert "Anders and Orc Boy are no longer Engaged." in outcome.message
    assert state(fight).engaged == {}


def test_a_ranged_attack_engages_nobody(fight):
    fight.attack(weapon="Pistol", defence="", attacker_roll=20)
    assert state(fight).engaged == {}


def test_the_broken_rally_test_is_only_offered_to_the_unengaged(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    commands.set_house_rules(encounter, gm, rules=["broken"])
    commands.add_condition(encounter, gm, combatant=fight.anders.pk, condition="Broken")
    fight.attack(attacker=fight.orc, target=fight.anders, attacker_roll=45, defender_roll=40)
    while encounter.round == 1:
        commands.next_turn(encounter, gm)
    assert not [p for p in state(fight).prompts if p.get("condition") == "Broken"]
    while encounter.round == 2:
        commands.next_turn(encounter, gm)
    assert [p["reason"] for p in state(fight).prompts if p.get("condition") == "Broken"] == ["Broken: rally"]
