"""A day's march between scenes (seed 004 "Travel", "Encumbrance"): cautious costs nothing; hasty costs each player
character 1 Health and a Might test on the phone, 1d6 more on a failure, and the day's healing; over the Carrying
Limit a hasty march is refused and a cautious one costs what a hasty one does, with the test lowered."""

import pytest

from combat.commands import CommandError, CommandForbidden
from systems.symbaroum import toggles


def answer(fight, user, prompt, **rolled):
    return fight.run(user, "roll_test", prompt=prompt, **rolled)


@pytest.fixture
def road(fight):
    """The fight is over: the party takes to the road."""
    fight.gm("end_encounter")
    fight.encounter.house_rules = [toggles.TRAVEL.key]
    fight.encounter.save()
    return fight


def prompt_of(fight, combatant):
    [entry] = [p for p in fight.prompts() if p["combatant"] == combatant.pk]
    return entry


def test_a_march_needs_the_house_rule_and_the_fight_over(fight):
    with pytest.raises(CommandError, match="Travel"):
        fight.gm("march", pace="hasty")
    fight.encounter.house_rules = [toggles.TRAVEL.key]
    fight.encounter.save()
    with pytest.raises(CommandError, match="between scenes"):
        fight.gm("march", pace="hasty")


def test_a_cautious_march_costs_nothing(road):
    outcome = road.gm("march", pace="cautious")
    assert road.prompts() == [] and "healing as usual" in outcome.message
    assert (road.fresh(road.ulrika).wounds, road.fresh(road.ansgar).wounds) == (15, 10)


def test_a_hasty_march_costs_a_health_and_a_might_test_each_and_no_healing(road):
    outcome = road.gm("march", pace="hasty")
    assert "No passive healing" in outcome.message
    assert (road.fresh(road.ulrika).wounds, road.fresh(road.ansgar).wounds) == (14, 9)
    ulrika, ansgar = prompt_of(road, road.ulrika), prompt_of(road, road.ansgar)
    assert (ulrika["kind"], ulrika["target"], ansgar["target"]) == ("march_might", 15, 10)
    assert not [p for p in road.prompts() if p["combatant"] in (road.goblin.pk, road.troll.pk)]  # NPCs never march
    passed = answer(road, road.table.anna, ulrika["id"], d20=15)
    assert passed.result["passed"] is True and road.fresh(road.ulrika).wounds == 14
    failed = answer(road, road.table.bruno, ansgar["id"], d20=11)
    assert failed.result["passed"] is False
    more = prompt_of(road, road.ansgar)
    assert (more["kind"], more["dice"]) == ("march_harm", "1d6")
    answer(road, road.table.bruno, more["id"], total=4)
    assert road.fresh(road.ansgar).wounds == 5 and road.prompts() == []


def test_a_player_answers_only_her_own_test(road):
    road.gm("march", pace="hasty")
    with pytest.raises(CommandForbidden):
        answer(road, road.table.anna, prompt_of(road, road.ansgar)["id"], d20=1)


def test_over_the_carrying_limit_no_hasty_march_and_a_cautious_one_costs_as_much(road):
    road.encounter.house_rules = [toggles.TRAVEL.key, toggles.ENCUMBRANCE.key]
    road.encounter.save()
    brother = road.table.brother
    brother.points = {**brother.points, "carried": 23}  # Might 10: limit 20, 3 over
    brother.save()
    with pytest.raises(CommandError, match="Brother Ansgar carries 23 Encumbrance, over the Carrying Limit of 20"):
        road.gm("march", pace="hasty")
    assert road.fresh(road.ansgar).wounds == 10 and road.prompts() == []
    outcome = road.gm("march", pace="cautious")
    assert "counts as hasty" in outcome.message and "Ulrika takes no harm" in outcome.message
    assert road.fresh(road.ansgar).wounds == 9
    entry = prompt_of(road, road.ansgar)
    assert (entry["target"], entry["reason"]) == (7, "Strong: the march (-3 for the load)")


def test_the_might_test_waits_on_her_phone_with_its_chance(road):
    road.gm("march", pace="hasty")
    entry = prompt_of(road, road.ulrika)
    phone = road.table.client(road.table.anna).get(f"/encounters/{road.encounter.pk}/").content.decode()
    assert f'id="prompt-{entry["id"]}"' in phone and "75 %" in phone  # Strong 15
    assert f'id="prompt-{prompt_of(road, road.ansgar)["id"]}"' not in phone
