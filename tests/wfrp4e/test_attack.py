"""The attack command (seed 002 "Attack", "Criticals and Fumbles", "Group Advantage")."""

import pytest

from combat import commands
from combat.commands import CommandError
from combat.models import LogEntry
from systems.wfrp4e.models import CriticalTable, CriticalWound
from tests.factories import equip
from tests.wfrp4e.conftest import ANDERS

pytestmark = pytest.mark.django_db


def test_a_won_opposed_attack_wounds_the_reversed_location_and_earns_winning(fight):
    # 23 vs 52: +3 SL; the orc's 45 vs 51: +1 SL. Net +2; reversed 23 -> 32, right arm.
    outcome = fight.attack(attacker_roll=23, defender_roll=45)
    result = outcome.result
    assert (result["attacker_sl"], result["defender_sl"], result["hit"]) == (3, 1, True)
    assert result["location"] == "right_arm"
    assert result["damage"] == 9  # SB 3 + 4, + 2 SL
    assert (result["toughness_bonus"], result["armour"], result["wounds"]) == (4, 1, 4)
    assert fight.fresh(fight.orc).wounds == 8
    assert result["gains"] == [{"side": "ally", "reason": "winning", "amount": 1}]
    assert fight.pools() == (1, 0)
    entry = LogEntry.objects.get(encounter=fight.table.encounter, version=outcome.version)
    assert entry.message.startswith("Anders attacks Orc Boy with Hand Weapon: 23 vs 52 (+3 SL) against Melee (Basic)")
    assert "hits the right arm for 9 damage, 4 wounds" in entry.message
    assert "Allies +1 Advantage (Winning)" in entry.message


def test_undo_reverts_the_whole_attack(fight):
    fight.attack(attacker_roll=23, defender_roll=45)
    commands.undo(fight.table.encounter, fight.table.gm)
    assert fight.fresh(fight.orc).wounds == 12 and fight.pools() == (0, 0)


def test_a_miss_changes_no_wounds_and_ties_go_to_the_higher_skill(fight):
    # 45 vs 52: +1 SL; the orc's 40 vs 51: +1 SL. Equal SL: Anders' 52 beats 51.
    assert fight.attack(attacker_roll=45, defender_roll=40).result["hit"]
    # 48 vs 52 +0; orc 50 vs 51 +0 -> Anders again; now with a -5 penalty: 47 vs 51 -> the orc wins.
    outcome = fight.attack(attacker_roll=47, defender_roll=50, attack_modifier=-5)
    assert not outcome.result["hit"] and outcome.result["wounds"] == 0
    assert "misses" in outcome.message


def test_a_double_on_a_hit_criticals_from_the_admins_location_table(fight):
    arm = CriticalTable.objects.get(system="wfrp4e", name="Arm")
    CriticalWound.objects.create(system="wfrp4e", table=arm, low=1, high=10, name="Jarring Blow", wounds=1)
    # 33 vs 52: +2 SL, a double; orc 60 vs 51: -1. Reversed 33 -> right arm.
    result = fight.attack(attacker_roll=33, defender_roll=60, critical_roll=7).result
    assert result["critical"] == {
        "location": "right_arm", "roll": 7, "name": "Jarring Blow", "text": "", "wounds": 1,
    }  # fmt: skip
    # Damage 7 + 3 SL = 10 - (4 + 1) = 5, and the critical's 1 more.
    assert result["wounds"] == 5 and result["target_wounds"] == 6
    assert fight.fresh(fight.orc).wounds == 6


def test_a_critical_without_an_entered_row_tells_the_gm_which_table_to_roll_on(fight):
    outcome = fight.attack(attacker_roll=33, defender_roll=60, critical_roll=57)
    assert outcome.result["critical"]["name"] is None
    assert "Roll 57 on the Arm critical table" in outcome.message


def test_a_winning_defender_with_a_double_criticals_the_attacker(fight):
    # Anders 50 vs 52: +0; the orc 22 vs 51: +3, a double. Location from the orc's reversed roll: 22 -> left arm.
    result = fight.attack(attacker_roll=50, defender_roll=22, defender_critical_roll=3).result
    assert not result["hit"]
    assert result["critical_on_attacker"]["location"] == "left_arm"
    assert "critical" not in result


def test_a_losing_attacker_with_a_successful_double_still_criticals_the_defender(fight):
    arm = CriticalTable.objects.get(system="wfrp4e", name="Arm")
    CriticalWound.objects.create(system="wfrp4e", table=arm, low=1, high=10, name="Jarring Blow", wounds=1)
    # Anders 44 vs 52: +1 SL, a double; the orc 20 vs 51: +3 and wins. No Damage, but the Critical lands where
    # the reversed 44 points: the right arm.
    outcome = fight.attack(attacker_roll=44, defender_roll=20, critical_roll=7)
    result = outcome.result
    assert not result["hit"] and result["wounds"] == 0
    assert (result["critical"]["location"], result["critical"]["name"]) == ("right_arm", "Jarring Blow")
    assert result["target_wounds"] == 1 and fight.fresh(fight.orc).wounds == 11
    assert "Critical to the right arm though the attack loses" in outcome.message


def test_both_sides_critical_with_their_own_rolls(fight):
    arm = CriticalTable.objects.get(system="wfrp4e", name="Arm")
    CriticalWound.objects.create(system="wfrp4e", table=arm, low=1, high=10, name="Jarring Blow", wounds=1)
    CriticalWound.objects.create(system="wfrp4e", table=arm, low=11, high=20, name="Numb Fingers", wounds=2)
    # Anders 44 vs 52 (+1) and the orc 11 vs 51 (+4), both doubles: the orc wins, each criticals the other.
    result = fight.attack(attacker_roll=44, defender_roll=11, critical_roll=7, defender_critical_roll=15).result
    assert (result["critical"]["location"], result["critical"]["name"]) == ("right_arm", "Jarring Blow")
    assert (result["critical_on_attacker"]["location"], result["critical_on_attacker"]["name"]) == (
        "left_arm",
        "Numb Fingers",
    )
    assert fight.fresh(fight.orc).wounds == 11 and fight.fresh(fight.anders).wounds == 12


def test_a_fumble_reads_the_fumble_table_and_costs_the_wound_it_says(fight):
    # 66 vs 52: a failed double.
    outcome = fight.attack(attacker_roll=66, defender_roll=80, fumble_roll=12)
    assert outcome.result["fumble"]["name"] == "Caught your anatomy"
    assert outcome.result["attacker_wounds"] == 1
    assert fight.fresh(fight.anders).wounds == 13
    assert "Anders fumbles: You catch a part of your anatomy" in outcome.message


def test_a_blackpowder_weapon_misfires_on_an_even_fumble(fight):
    # Pistol at 36: 88 is a failed double and even. Damage 8 + units 8 = 16 - (TB 4 + AP 1 right arm) = 11.
    outcome = fight.attack(weapon="Pistol", defence="", attacker_roll=88, fumble_roll=75)
    result = outcome.result
    assert result["misfire"] == {"damage": 16, "wounds": 11}
    assert result["attacker_wounds"] == 11 and fight.fresh(fight.anders).wounds == 3
    assert "Pistol misfires" in outcome.message


def test_a_defender_fumbles_too(fight):
    result = fight.attack(attacker_roll=30, defender_roll=77, defender_fumble_roll=5).result
    assert result["defender_fumble"]["name"] == "Caught your anatomy" and result["hit"]


def test_an_unopposed_hit_outmanoeuvres_once_per_action_and_a_surprised_target_cannot_defend(fight):
    table = fight.table
    commands.add_condition(table.encounter, table.gm, combatant=fight.orc.pk, condition="Surprised")
    with pytest.raises(CommandError, match="Orc Boy is Surprised and cannot defend"):
        fight.attack(attacker_roll=23)
    # Unopposed: 23 vs 52 hits with +3 SL; Surprise and Outmanoeuvre each give the Allies 1.
    result = fight.attack(defence="", attacker_roll=23).result
    assert {g["reason"] for g in result["gains"]} == {"outmanoeuvre", "surprise"}
    assert fight.pools() == (2, 0)
    assert not fight.fresh(fight.orc).conditions.exists()  # Surprised ends with the first attack
    # A second unopposed hit in the same action does not Outmanoeuvre again.
    assert fight.attack(defence="", attacker_roll=24).result["gains"] == []


def test_missing_rolls_are_rolled_and_recorded(fight, dice):
    outcome = commands.attack(
        fight.table.encounter, fight.table.gm, dice=dice, attacker=fight.anders.pk, target=fight.orc.pk,
        weapon="Hand Weapon", defence="Dodge",
    )  # fmt: skip
    assert 1 <= outcome.result["attacker_roll"] <= 100 and 1 <= outcome.result["defender_roll"] <= 100
    assert outcome.result["defence_target"] == 35


def test_the_gm_can_override_the_wounds_and_the_override_is_logged(fight):
    outcome = fight.attack(attacker_roll=23, defender_roll=45, wounds_override=1)
    assert fight.fresh(fight.orc).wounds == 11
    assert "GM override: 1 wound instead of 4" in outcome.message
    assert LogEntry.objects.get(version=outcome.version).args["wounds_override"] == 1


@pytest.mark.parametrize(
    "args, message",
    [
        ({"weapon": "Halberd"}, "Anders carries no Halberd (carries Hand Weapon, Pistol)"),
        ({"defence": "Juggling"}, "Orc Boy cannot defend with Juggling (can use Dodge, Melee (Basic), WS, Ag)"),
        ({"target": "self"}, "A combatant cannot attack themselves"),
        ({"attacker": "adhoc"}, "Orc Grukk has no character sheet to attack with"),
        ({"target": "adhoc"}, "Orc Grukk has no character sheet to defend with"),
        ({"attacker_roll": 101}, "Attacker roll: A d100 shows 1 to 100."),
        ({"target": 999999}, "There is no combatant 999999 in this encounter"),
    ],
)
def test_bad_attacks_are_refused_and_change_nothing(fight, args, message):
    version = fight.table.encounter.version
    swap = {"self": fight.anders, "adhoc": fight.table.orc}
    attacker = swap.get(args.pop("attacker", None), fight.anders)
    target = args.pop("target", fight.orc)
    target = swap.get(target, target) if isinstance(target, str) else target
    if isinstance(target, int):
        with pytest.raises(CommandError, match=message):
            commands.attack(fight.table.encounter, fight.table.gm, attacker=attacker.pk, target=target,
                            weapon="Hand Weapon")  # fmt: skip
    else:
        with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
            fight.attack(attacker=attacker, target=target, **{"attacker_roll": 23, "defender_roll": 45, **args})
    fight.table.encounter.refresh_from_db()
    assert fight.table.encounter.version == version
    assert fight.fresh(fight.orc).wounds == 12


def test_players_cannot_attack_through_the_api(fight):
    client = fight.table.client(fight.table.anna)
    response = client.post(
        f"/api/encounters/{fight.table.encounter.pk}/commands/",
        {"command": "attack", "args": {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon"}},
        content_type="application/json",
    )
    assert response.status_code == 403 and fight.fresh(fight.orc).wounds == 12


def test_an_attack_and_its_undo_send_the_same_statements_at_5_30_and_100_combatants(fight):
    from tests.combat.test_query_counts import grow_to
    from tests.statements import at_each_size, statements

    def grown(size):
        grow_to(fight.table, size)
        for combatant in fight.table.encounter.combatants.filter(character__isnull=False, character__skills=None):
            equip(combatant.character, ANDERS, {"Dodge": 3}, ("Dagger",), ("Leather Jerkin",))

    def attack_and_undo():
        attack = statements(lambda: fight.attack(attacker_roll=33, defender_roll=60, critical_roll=7))
        return attack, statements(lambda: commands.undo(fight.table.encounter, fight.table.gm))

    # A condition in play from the start, as every newcomer brings one: undo checks the definitions it restores.
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.orc.pk, condition="Prone")
    five, thirty, hundred = at_each_size(grown, attack_and_undo)
    assert five == thirty == hundred


def anders_turn(fight):
    while fight.table.encounter.active_id != fight.anders.pk:
        commands.next_turn(fight.table.encounter, fight.table.gm)


def allies(fight, command, **args):
    return commands.execute(fight.table.encounter, fight.table.gm, command, {"side": "ally", **args})


def test_the_additional_action_earns_no_advantage_from_winning_outmanoeuvre_or_surprise(fight):
    anders_turn(fight)
    for _ in range(2):
        allies(fight, "gain_advantage", reason="assess")
    assert fight.attack(attacker_roll=23, defender_roll=45).result["gains"]  # the turn's own Action: Winning
    assert fight.pools() == (5, 0)
    allies(fight, "spend_advantage", spend="additional_action")
    outcome = fight.attack(attacker_roll=23, defender_roll=45)  # a won opposed attack again
    assert outcome.result["gains"] == [] and "Additional Action: no Advantage from this attack" in outcome.message
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.orc.pk, condition="Surprised")
    # A third attack is beyond the turn's two Actions: the GM allows it anyway, still in the Additional Action.
    unopposed = fight.attack(defence="", attacker_roll=23, allow_anyway=True)  # a Surprised orc, no Opposed Test
    assert unopposed.result["wounds"] > 0 and unopposed.result["gains"] == []
    assert fight.pools() == (1, 0)


def test_the_attack_made_with_additional_effort_gets_the_bonus_and_earns_no_advantage(fight):
    anders_turn(fight)
    for _ in range(2):
        allies(fight, "gain_advantage", reason="assess")
    allies(fight, "spend_advantage", spend="additional_effort", amount=3)  # +20%
    with pytest.raises(CommandError, match="already bought Additional Effort for their next Test"):
        allies(fight, "spend_advantage", spend="additional_effort", amount=2)
    # 23 vs 52 + 20: +5 SL against the orc's 45 vs 51: +1 SL; a won opposed attack.
    outcome = fight.attack(attacker_roll=23, defender_roll=45)
    assert outcome.result["attack_target"] == 72 and outcome.result["hit"]
    assert outcome.result["gains"] == [] and "Additional Effort: +20%, and no Advantage" in outcome.message
    assert fight.pools() == (1, 0)
    # The effort went with that Test: the next attack is at 52 again and wins Advantage as usual.
    again = fight.attack(attacker_roll=23, defender_roll=45, allow_anyway=True)  # beyond the turn's Action
    assert again.result["attack_target"] == 52 and again.result["gains"][0]["reason"] == "winning"
    assert fight.pools() == (2, 0)


def test_house_rules_surprised_lasts_the_round_so_every_attack_in_it_gains_surprise(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["surprised"])
    commands.surprise(table.encounter, table.gm, combatant=fight.orc.pk)
    first = fight.attack(defence="", attacker_roll=23)
    assert {g["reason"] for g in first.result["gains"]} == {"outmanoeuvre", "surprise"}
    assert "no longer Surprised" not in first.message
    second = fight.attack(defence="", attacker_roll=24)  # still Surprised: Surprise again, no second Outmanoeuvre
    assert [g["reason"] for g in second.result["gains"]] == ["surprise"]
    assert fight.pools() == (3, 0)
    assert fight.fresh(fight.orc).conditions.filter(definition__name="Surprised").exists()
    while table.encounter.round == 1:
        commands.next_turn(table.encounter, table.gm)
    assert not fight.fresh(fight.orc).conditions.filter(definition__name="Surprised").exists()
