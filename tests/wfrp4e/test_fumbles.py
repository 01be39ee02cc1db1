"""Fumbles that outlast the attack (seed 002 "Criticals and Fumbles (cont)"): each band of the table becomes an
effect on the fumbler that the tracker honours, shows and undoes."""

import pytest
from django.test import Client

from combat import commands
from combat.commands import CommandError
from combat.models import Combatant, ConditionInstance

pytestmark = pytest.mark.django_db

# Anders (Melee 52) rolls 99: a failed double, a fumble; the orc defends with 45.
FUMBLE = {"attacker_roll": 99, "defender_roll": 45}


def state(fight):
    fight.table.encounter.refresh_from_db()
    return fight.table.encounter.state


def advance_to(fight, combatant):
    """next_turn until `combatant` acts; returns the messages on the way."""
    encounter, gm = fight.table.encounter, fight.table.gm
    messages = []
    while encounter.active_id != combatant.pk:
        messages.append(commands.next_turn(encounter, gm).message)
    return messages


def next_round(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    this_round = encounter.round
    messages = []
    while encounter.round == this_round:
        messages.append(commands.next_turn(encounter, gm).message)
    return messages


def order(fight):
    return [c.name for c in Combatant.objects.filter(encounter=fight.table.encounter).order_by("position", "pk")]


def gm_page(fight):
    return fight.table.client(fight.table.gm).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()


def api_state(fight, user):
    token = fight.table.token(user)
    return Client().get(f"/api/encounters/{fight.table.encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {token}").json()


def mine(state_json, combatant):
    return next(c for c in state_json["combatants"] if c["id"] == combatant.pk)


def test_21_to_40_the_fumbler_acts_last_next_round_then_back_by_initiative(fight):
    before = order(fight)
    assert before.index("Anders") < before.index("Orc Boy")
    outcome = fight.attack(**FUMBLE, fumble_roll=33)
    assert outcome.result["fumble"]["effect"] == "act_last"
    assert "acts last in round 2" in gm_page(fight)
    messages = next_round(fight)
    assert "Anders acts last this round after a fumble." in messages[-1]
    assert order(fight)[-1] == "Anders"
    next_round(fight)
    assert order(fight) == before and state(fight).fumble_effects == []


def test_41_to_60_next_rounds_action_takes_minus_10_once(fight):
    plain = fight.attack(attacker_roll=60, defender_roll=45).result["attack_target"]
    fight.attack(**FUMBLE, fumble_roll=50)
    assert fight.attack(attacker_roll=60, defender_roll=45).result["attack_target"] == plain  # not this round
    next_round(fight)
    advance_to(fight, fight.anders)
    assert "Anders: Fumble: -10 to the Action" in gm_page(fight)
    penalised = fight.attack(attacker_roll=60, defender_roll=45)
    assert penalised.result["attack_target"] == plain - 10 and penalised.result["fumble_penalty"] == -10
    assert "-10 to this Action for last round's fumble" in penalised.message
    # The penalty is spent; a second attack in the turn is beyond its Action, which the GM allows anyway.
    assert fight.attack(attacker_roll=60, defender_roll=45, allow_anyway=True).result["attack_target"] == plain
    commands.undo(fight.table.encounter, fight.table.gm)
    commands.undo(fight.table.encounter, fight.table.gm)
    assert fight.attack(attacker_roll=60, defender_roll=45).result["fumble_penalty"] == -10  # undo gives it back


def test_a_free_attack_takes_no_action_so_no_fumble_penalty(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["disengaging"])
    fight.attack(**FUMBLE, fumble_roll=50)
    next_round(fight)
    free = fight.attack(attacker_roll=60, defender_roll=45, free_attack="disengaging", defence="Dodge")
    assert free.result["fumble_penalty"] == 0
    assert state(fight).fumble_effects[0]["effect"] == "action_penalty"


def test_61_to_70_the_next_move_is_lost_as_the_next_turn_starts(fight):
    advance_to(fight, fight.anders)
    fight.attack(**FUMBLE, fumble_roll=65)
    assert state(fight).turn.get("move") is not True  # this turn's Move is still there
    assert "loses the next Move" in gm_page(fight)
    messages = next_round(fight) + advance_to(fight, fight.anders)
    assert "Anders loses this turn's Move to a fumble." in messages[-1]
    assert state(fight).turn["move"] is True and state(fight).turn["lost"] == ["move"]
    assert "Anders: Fumble: Move lost" in gm_page(fight)
    assert state(fight).fumble_effects == []


def test_71_to_80_the_next_action_is_missed(fight):
    fight.attack(**FUMBLE, fumble_roll=75)
    messages = advance_to(fight, fight.anders)
    assert "Anders loses this turn's Action to a fumble." in messages[-1]
    assert state(fight).turn["actions"] == 1
    anna = api_state(fight, fight.table.anna)
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert "Fumble: Action lost" in phone
    assert mine(anna, fight.anders)["fumble_effects"] == []  # used up


def test_a_defender_fumble_lands_on_the_defender(fight):
    fight.attack(attacker_roll=60, defender_roll=88, defender_fumble_roll=70)
    assert state(fight).fumble_effects == [{"combatant": fight.orc.pk, "effect": "lose_move", "round": None}]


def test_81_to_90_torn_muscle_is_kept_as_a_critical_wound_the_player_sees(fight):
    fight.attack(**FUMBLE, fumble_roll=85)
    assert "Torn Muscle (Minor): a Critical Wound" in gm_page(fight)
    assert mine(api_state(fight, fight.table.anna), fight.anders)["fumble_effects"] == [
        "Torn Muscle (Minor): a Critical Wound"
    ]
    assert mine(api_state(fight, fight.table.bruno), fight.anders)["fumble_effects"] is None  # not Bruno's
    next_round(fight)
    next_round(fight)
    assert "Torn Muscle (Minor): a Critical Wound" in gm_page(fight)


@pytest.fixture
def hit_ally(fight):
    outcome = fight.attack(**FUMBLE, fumble_roll=95)
    # Hand Weapon 7 + the units die 9 as SL; 99 reversed lands on the right leg.
    assert outcome.result["fumble"]["ally_hit"] == {"damage": 16, "sl": 9, "location": "right_leg"}
    [entry] = state(fight).prompts
    assert entry["kind"] == "fumble" and entry["answer"] == "resolve_fumble"
    return fight, entry["id"]


def test_91_to_00_the_gm_names_the_ally_hit(hit_ally):
    fight, prompt = hit_ally
    gunther = fight.table.gunther
    assert f'<option value="{gunther.pk}">Hits Gunther</option>' in gm_page(fight)
    outcome = commands.resolve_fumble(fight.table.encounter, fight.table.gm, prompt=prompt, ally=gunther.pk)
    assert outcome.result["wounds"] == 16  # Gunther's sheet has no Toughness or armour
    assert Combatant.objects.get(pk=gunther.pk).wounds == 11 - 16 + 5  # never below 0
    assert state(fight).prompts == []
    commands.undo(fight.table.encounter, fight.table.gm)
    assert Combatant.objects.get(pk=gunther.pk).wounds == 11 and len(state(fight).prompts) == 1


def test_91_to_00_with_no_ally_in_range_the_fumbler_is_stunned(hit_ally):
    fight, prompt = hit_ally
    outcome = commands.resolve_fumble(fight.table.encounter, fight.table.gm, prompt=prompt)
    assert "gains a Stunned Condition" in outcome.message
    assert ConditionInstance.objects.filter(combatant=fight.anders, definition__name="Stunned").exists()


def test_91_to_00_refuses_foes_the_fumbler_and_the_test_command(hit_ally):
    fight, prompt = hit_ally
    encounter, gm = fight.table.encounter, fight.table.gm
    with pytest.raises(CommandError, match="Orc Boy is not on Anders's side"):
        commands.resolve_fumble(encounter, gm, prompt=prompt, ally=fight.orc.pk)
    with pytest.raises(CommandError, match="Name an ally of Anders's"):
        commands.resolve_fumble(encounter, gm, prompt=prompt, ally=fight.anders.pk)
    with pytest.raises(CommandError, match="answer it with resolve_fumble"):
        commands.resolve_test(encounter, gm, prompt=prompt, roll=50)
    assert len(state(fight).prompts) == 1


def test_a_defenders_91_to_00_asks_the_gm_for_the_damage(fight):
    fight.attack(attacker_roll=60, defender_roll=88, defender_fumble_roll=95)
    [entry] = state(fight).prompts
    encounter, gm = fight.table.encounter, fight.table.gm
    grukk = fight.table.orc
    with pytest.raises(CommandError, match=r"give the blow's damage \(weapon Damage \+8 SL\)"):
        commands.resolve_fumble(encounter, gm, prompt=entry["id"], ally=grukk.pk)
    outcome = commands.resolve_fumble(encounter, gm, prompt=entry["id"], ally=grukk.pk, damage=10)
    assert outcome.result["wounds"] == 10 and Combatant.objects.get(pk=grukk.pk).wounds == 2


def test_41_to_60_weighs_on_a_test_that_is_the_fumblers_action_too(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    fight.attack(**FUMBLE, fumble_roll=50)
    commands.set_house_rules(encounter, gm, rules=["tests", "other_opposed_tests"])
    next_round(fight)
    advance_to(fight, fight.anders)
    test = {"initiator": fight.anders.pk, "opponent": fight.orc.pk, "initiator_skill": "Melee (Basic)",
            "opponent_skill": "Melee (Basic)", "d20": 10}  # fmt: skip
    assert "Melee (Basic) 42" in commands.opposed_test(encounter, gm, **test).message  # 52, -10 for the fumble
    assert "Melee (Basic) 52" in commands.opposed_test(encounter, gm, **test).message  # used up


def test_21_to_40_the_weapon_suffers_1_damage_for_the_rest_of_the_fight(fight):
    # 47 against 52, unopposed: +1 SL; Hand Weapon 7 + 1 = 8 damage.
    assert fight.attack(defence="", attacker_roll=47).result["damage"] == 8
    outcome = fight.attack(**FUMBLE, fumble_roll=33)
    assert outcome.result["fumble"]["weapon_damage"] == 1
    assert "Hand Weapon is down to Damage 6 for the rest of the fight" in outcome.message
    next_round(fight)
    assert fight.attack(defence="", attacker_roll=47).result["damage"] == 7
    commands.undo(fight.table.encounter, fight.table.gm)
    commands.undo(fight.table.encounter, fight.table.gm)  # the round's turns
    while state(fight).weapon_wear:
        commands.undo(fight.table.encounter, fight.table.gm)
    assert fight.attack(defence="", attacker_roll=47).result["damage"] == 8


def test_a_misfire_destroys_the_weapon_until_the_gm_restores_it(fight):
    table = fight.table
    encounter, gm = table.encounter, table.gm
    with pytest.raises(CommandError, match="Anders's Pistol is not destroyed"):
        commands.restore_weapon(encounter, gm, combatant=fight.anders.pk, weapon="Pistol")
    # Ranged (Blackpowder) 36: 88 is a failed even double, a Misfire.
    fight.attack(weapon="Pistol", defence="", attacker_roll=88, fumble_roll=75)
    with pytest.raises(CommandError, match="Anders's Pistol was destroyed by a Misfire"):
        commands.reload(encounter, gm, combatant=fight.anders.pk, weapon="Pistol", roll=5)
    with pytest.raises(CommandError, match="Anders's Pistol was destroyed by a Misfire"):
        fight.attack(weapon="Pistol", defence="", attacker_roll=23)
    assert "Pistol destroyed</span>" in gm_page(fight)
    phone = table.client(table.anna).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "Destroyed by a Misfire: Pistol" in phone
    restored = commands.restore_weapon(encounter, gm, combatant=fight.anders.pk, weapon="pistol")
    assert restored.message == "The GM restores Anders's Pistol: it can be reloaded and fired again."
    assert state(fight).destroyed_weapons == {} and "Pistol destroyed" not in gm_page(fight)
    commands.undo(encounter, gm)
    assert state(fight).destroyed_weapons == {str(fight.anders.pk): ["Pistol"]}
    commands.restore_weapon(encounter, gm, combatant=fight.anders.pk, weapon="Pistol")
    assert commands.reload(encounter, gm, combatant=fight.anders.pk, weapon="Pistol", roll=5).result["loaded"]
    assert fight.attack(weapon="Pistol", defence="", attacker_roll=23).result["hit"]
