"""What a GM reads while running a house-rules round: every log line, flash and label says what happened in the
table's words, with numbers that agree with each other."""

import pytest

from combat import commands
from combat.commands import CommandError
from combat.models import LogEntry
from tests.factories import give_momentum, give_points, momentum

pytestmark = pytest.mark.django_db


@pytest.fixture
def house(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["all"])
    return fight


def turn_of(fight, combatant):
    encounter, gm = fight.table.encounter, fight.table.gm
    while encounter.active_id != combatant.pk:
        commands.next_turn(encounter, gm)


def open_prompt(fight):
    fight.table.encounter.refresh_from_db()
    [prompt] = fight.table.encounter.pools["prompts"]
    return prompt


def test_one_lost_wound_is_a_wound_and_a_failed_test_says_so(house):
    encounter, gm = house.table.encounter, house.table.gm
    commands.add_condition(encounter, gm, combatant=house.anders.pk, condition="Bleeding")
    turn_of(house, house.anders)
    outcome = commands.next_turn(encounter, gm)
    assert "Anders loses 1 Wound at the end of the turn (Bleeding 1)." in outcome.message
    failed = commands.resolve_test(encounter, gm, prompt=open_prompt(house)["id"], roll=95)
    assert failed.message.endswith("95 vs 31, -6 SL; failed, Bleeding stays.")


def test_a_critical_text_with_its_own_full_stop_is_not_doubled_in_the_log(house):
    outcome = house.attack(defence="", d20=[5], attacker_roll=44, critical_roll=6)
    assert "critical table." in outcome.message and ".." not in outcome.message


def test_the_fortune_and_momentum_an_attack_spends_are_previewed_and_logged(house):
    encounter, gm = house.table.encounter, house.table.gm
    give_points(house.anders.character_id, fortune=3)
    give_momentum(house.anders, 2)
    form = {"attacker": house.anders.pk, "target": house.orc.pk, "weapon": "Hand Weapon", "defence": "",
            "d20": "18, 4", "attacker_roll": 53, "fortune_reroll": "true", "fortune_sl": 1, "momentum": 1}  # fmt: skip
    client = house.table.client(gm)
    url = f"/encounters/{encounter.pk}/attack/"
    preview = client.post(url, {**form, "action": "preview"}, HTTP_HX_REQUEST="true").content.decode()
    assert "Spends 1 Momentum · Spends 2 Fortune (the attacker's)" in preview
    client.post(url, {**form, "action": "apply"}, HTTP_HX_REQUEST="true")
    message = LogEntry.objects.get(encounter=encounter, command="attack").message
    assert "Anders spends 1 Momentum: +10 to the attack." in message
    assert "Anders spends 2 Fortune: an extra D20 and +1 SL." in message


def test_disengaging_from_the_gm_form_counts_the_opponents_the_tracker_has_engaged(house):
    """The Momentum form names nobody: the orc Anders fought is the opponent to outdo."""
    encounter, gm = house.table.encounter, house.table.gm
    house.attack(defence="", d20=[19], attacker_roll=50)  # a melee attack engages them, hit or miss
    give_momentum(house.anders, 2)
    give_momentum(house.orc, 2)
    client = house.table.client(gm)
    client.post(f"/encounters/{encounter.pk}/do/spend_momentum/",
                {"combatant": house.anders.pk, "use": "disengage"}, HTTP_HX_REQUEST="true")  # fmt: skip
    assert momentum(house.anders) == 2
    with pytest.raises(CommandError, match=r"engaged opponent \(2\): Anders has 2, Orc Boy 2\."):
        commands.spend_momentum(encounter, gm, combatant=house.anders.pk, use="disengage")
    give_momentum(house.anders, 0)
    with pytest.raises(CommandError, match="Anders has no Momentum to spend."):
        commands.spend_momentum(encounter, gm, combatant=house.anders.pk, use="disengage")


def test_a_stunned_turn_shows_no_action_rather_than_one_to_use(house):
    encounter, gm = house.table.encounter, house.table.gm
    commands.add_condition(encounter, gm, combatant=house.anders.pk, condition="Stunned")
    turn_of(house, house.anders)
    phone = house.table.client(house.table.anna).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "This turn: Stunned: no Action, half movement." in phone
    assert "Move free · No Action (Stunned)" in phone and "Action 0/1" not in phone
    page = house.table.client(gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'id="turn-action">No Action (Stunned)</button>' in page


def test_the_house_rules_log_line_names_the_rules_by_heading_and_never_stops_mid_list(table):
    encounter, gm = table.encounter, table.gm
    assert commands.set_house_rules(encounter, gm, rules=["all"]).message == "House rules: all 44 on."
    assert commands.set_house_rules(encounter, gm, rules=["tests"]).message.endswith("Blinded, Broken and 28 more.")
    switched = commands.set_house_rules(encounter, gm, rules=["tests", "other_opposed_tests", "fortune_points"])
    assert switched.message == "House rules on: Other opposed Tests, Fortune Points."
