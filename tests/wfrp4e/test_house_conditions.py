"""The house rules' conditions with their timers (seed 000 "Conditions", "Deadly Conditions")."""

import pytest

from combat import commands
from combat.commands import CommandError
from combat.models import Combatant, ConditionInstance
from rules.engine.dice import Dice

pytestmark = pytest.mark.django_db


class Fixed:
    """A random source that always rolls `value` (clamped to the die)."""

    def __init__(self, value):
        self.value = value

    def randint(self, low, high):
        return max(low, min(high, self.value))


def counts(combatant):
    return {c.definition.name: c.count for c in ConditionInstance.objects.filter(combatant=combatant)}


def wounds(combatant):
    return Combatant.objects.get(pk=combatant.pk).wounds


def prompts(fight):
    fight.table.encounter.refresh_from_db()
    return fight.table.encounter.pools.get("prompts", [])


def end_turn_of(fight, combatant, dice=None):
    """Advance until `combatant` acts, then end their turn; returns that next_turn's outcome."""
    encounter, gm = fight.table.encounter, fight.table.gm
    while encounter.active_id != combatant.pk:
        commands.next_turn(encounter, gm, dice=dice)
    return commands.next_turn(encounter, gm, dice=dice)


def add(fight, combatant, condition, count=1):
    commands.add_condition(
        fight.table.encounter, fight.table.gm, combatant=combatant.pk, condition=condition, count=count
    )


@pytest.fixture
def house(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["all"])
    return fight


def test_bleeding_costs_wounds_at_the_end_of_the_turn_then_an_endurance_test_may_stop_one(house):
    add(house, house.anders, "Bleeding", 2)
    outcome = end_turn_of(house, house.anders)
    assert wounds(house.anders) == 12
    assert "Anders loses 2 Wounds at the end of the turn (Bleeding 2)." in outcome.message
    [test] = prompts(house)
    # Endurance untrained: T 41, -10 per Bleeding.
    assert (test["skill"], test["modifier"], test["target"], test["condition"]) == ("Endurance", -20, 21, "Bleeding")
    resolved = commands.resolve_test(house.table.encounter, house.table.gm, prompt=test["id"], roll=15)
    assert "15 vs 21, +1 SL; 1 Bleeding removed (1 left)" in resolved.message
    assert counts(house.anders) == {"Bleeding": 1} and prompts(house) == []
    with pytest.raises(CommandError, match="There is no open test"):
        commands.resolve_test(house.table.encounter, house.table.gm, prompt=test["id"], roll=15)


def test_fatigued_takes_ten_more_from_every_condition_test(house):
    add(house, house.anders, "Bleeding")
    add(house, house.anders, "Fatigued")
    outcome = end_turn_of(house, house.anders)
    [test] = prompts(house)
    # Endurance untrained: T 41, -10 for the one Bleeding and -10 for Fatigued.
    assert (test["modifier"], test["target"]) == (-20, 21)
    assert "Anders: Bleeding: stop it (Endurance -20)." in outcome.message


def test_ablaze_asks_for_cool_when_you_first_act_and_burns_at_the_end_of_your_turn(house):
    add(house, house.anders, "Ablaze", 2)
    encounter, gm = house.table.encounter, house.table.gm
    while encounter.active_id != house.anders.pk:
        outcome = commands.next_turn(encounter, gm)
    assert "Anders: Ablaze: keep your nerve (Cool -20)." in outcome.message
    [cool] = prompts(house)
    assert cool["target"] == 34 - 20  # untrained Cool: WP 34
    failed = commands.resolve_test(encounter, gm, prompt=cool["id"], roll=80)
    assert "must use the Action to put out the flames and gains a Broken Condition" in failed.message  # -6 SL
    # End of the turn: d10 7 + 2 Ablaze - (TB 4 + AP 3 on the body) = 2.
    outcome = commands.next_turn(encounter, gm, dice=Dice(Fixed(7)))
    assert "Anders loses 2 Wounds at the end of the turn (Ablaze 2 (d10 7))." in outcome.message
    assert wounds(house.anders) == 12


def test_blinded_and_deafened_lose_one_and_surprised_ends_at_the_end_of_the_round(house):
    add(house, house.orc, "Blinded", 2)
    add(house, house.orc, "Deafened", 1)
    add(house, house.anders, "Surprised")
    encounter, gm = house.table.encounter, house.table.gm
    while encounter.round == 1:
        outcome = commands.next_turn(encounter, gm)
    assert "Orc Boy loses a Blinded condition (1 left)." in outcome.message
    assert counts(house.orc) == {"Blinded": 1} and counts(house.anders) == {}


def test_stunned_and_broken_call_for_tests_at_the_end_of_the_round(house):
    add(house, house.orc, "Stunned", 2)
    encounter, gm = house.table.encounter, house.table.gm
    while encounter.round == 1:
        commands.next_turn(encounter, gm)
    [test] = prompts(house)
    assert (test["condition"], test["skill"], test["target"]) == ("Stunned", "Endurance", 45)
    commands.resolve_test(encounter, gm, prompt=test["id"], roll=33)  # +1 SL: removes 2
    assert counts(house.orc) == {}


def test_deadly_conditions_endurance_at_zero_wounds_then_the_death_roll(house):
    encounter, gm = house.table.encounter, house.table.gm
    add(house, house.anders, "Ablaze", 1)
    add(house, house.anders, "Bleeding", 2)
    Combatant.objects.filter(pk=house.anders.pk).update(wounds=1)
    end_turn_of(house, house.anders, dice=Dice(Fixed(1)))  # Ablaze 1 + 1 - 7 = 0; Bleeding 2: down to 0
    assert wounds(house.anders) == 0
    tests = {p["condition"]: p for p in prompts(house) if p["kind"] == "test"}
    deadly = tests["Deadly Conditions"]
    assert deadly["target"] == 41 - 30  # -10 per Deadly Condition: 1 Ablaze + 2 Bleeding
    failed = commands.resolve_test(encounter, gm, prompt=deadly["id"], roll=50)
    assert "falls Unconscious" in failed.message and "Unconscious" in counts(house.anders)
    for entry in prompts(house):
        commands.dismiss_test(encounter, gm, prompt=entry["id"])
    # Ending the next turn Unconscious with 1 Ablaze and 2 Bleeding: dies on 71-100.
    end_turn_of(house, house.anders, dice=Dice(Fixed(1)))
    [death] = [p for p in prompts(house) if p["kind"] == "death"]
    assert death["lowest"] == 71 and death["reason"] == "Death roll: dies on 71-00"
    survives = commands.resolve_test(encounter, gm, prompt=death["id"], roll=70)
    assert survives.result["dies"] is False and "survives the death roll (70; dies on 71-00)" in survives.message
    end_turn_of(house, house.anders, dice=Dice(Fixed(1)))
    [death] = [p for p in prompts(house) if p["kind"] == "death"]
    assert commands.resolve_test(encounter, gm, prompt=death["id"], roll=71).result["dies"] is True


def test_players_roll_their_own_tests_and_nobody_elses(house):
    add(house, house.anders, "Bleeding", 1)
    add(house, house.orc, "Poisoned", 1)
    end_turn_of(house, house.anders)
    end_turn_of(house, house.orc)
    mine, theirs = (next(p for p in prompts(house) if p["combatant"] == c.pk) for c in (house.anders, house.orc))
    anna = house.table.client(house.table.anna)
    phone = anna.get(f"/encounters/{house.table.encounter.pk}/").content.decode()
    assert f'id="prompt-{mine["id"]}"' in phone and f'id="prompt-{theirs["id"]}"' not in phone

    def api(entry):
        return anna.post(
            f"/api/encounters/{house.table.encounter.pk}/commands/",
            {"command": "resolve_test", "args": {"prompt": entry["id"], "roll": 3}},
            content_type="application/json",
        )

    assert api(theirs).status_code == 403
    assert api(mine).status_code == 200 and counts(house.anders) == {}
    assert (
        anna.post(
            f"/api/encounters/{house.table.encounter.pk}/commands/",
            {"command": "dismiss_test", "args": {"prompt": theirs["id"]}},
            content_type="application/json",
        ).status_code
        == 403
    )


def test_with_the_toggles_off_conditions_stay_as_written(fight):
    add(fight, fight.anders, "Bleeding", 2)
    outcome = end_turn_of(fight, fight.anders)
    assert wounds(fight.anders) == 14 and prompts(fight) == []
    assert "loses" not in outcome.message
    encounter = fight.table.encounter
    while encounter.round == 1:
        outcome = commands.next_turn(encounter, fight.table.gm)
    assert "end of round 1: Anders Bleeding ×2" in outcome.message  # the as-written reminder instead


def test_undo_restores_wounds_conditions_and_prompts(house):
    add(house, house.anders, "Bleeding", 2)
    end_turn_of(house, house.anders)
    commands.undo(house.table.encounter, house.table.gm)
    assert wounds(house.anders) == 14 and prompts(house) == [] and counts(house.anders) == {"Bleeding": 2}


def test_conditions_limit_the_turn_on_the_gm_screen_and_the_phone(house):
    add(house, house.anders, "Stunned")
    add(house, house.anders, "Prone")
    encounter, gm = house.table.encounter, house.table.gm
    while encounter.active_id != house.anders.pk:
        outcome = commands.next_turn(encounter, gm)
    assert "Anders: no Action, half movement (Stunned)." in outcome.message
    phone = house.table.client(house.table.anna).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "This turn: Stunned: no Action, half movement; Prone: Move only to stand up or crawl." in phone
    page = house.table.client(gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'id="active-limits"' in page


def test_brace_lasts_until_the_bracers_next_turn(house):
    encounter, gm = house.table.encounter, house.table.gm
    while encounter.active_id != house.anders.pk:
        commands.next_turn(encounter, gm)
    outcome = commands.mark_turn(encounter, gm, part="brace", used=True)
    assert "braced: +1 Reaction Strike level" in outcome.message
    page = house.table.client(gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert '<span class="tag">braced</span>' in page
    commands.next_turn(encounter, gm)
    while encounter.active_id != house.anders.pk:
        outcome = commands.next_turn(encounter, gm)
    assert "Anders is no longer braced." in outcome.message


def test_the_ablaze_d10_can_be_typed_when_the_turn_ends(house):
    add(house, house.anders, "Ablaze", 2)
    encounter, gm = house.table.encounter, house.table.gm
    while encounter.active_id != house.anders.pk:
        commands.next_turn(encounter, gm)
    page = house.table.client(gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert 'aria-label="Ablaze d10 for Anders"' in page
    # The typed 9, not the dice's 1: 9 + 2 Ablaze - (TB 4 + AP 3 on the body) = 4.
    outcome = commands.next_turn(encounter, gm, dice=Dice(Fixed(1)), d10=9)
    assert "Anders loses 4 Wounds at the end of the turn (Ablaze 4 (d10 9))." in outcome.message
    assert wounds(house.anders) == 10


@pytest.mark.parametrize("d10", [0, 11, "x"])
def test_a_typed_d10_out_of_range_is_refused(house, d10):
    encounter, gm = house.table.encounter, house.table.gm
    with pytest.raises(CommandError, match="A d10 shows 1 to 10"):
        commands.next_turn(encounter, gm, d10=d10)


def test_a_typed_d10_nobody_rolls_is_refused_and_changes_nothing(house):
    encounter, gm = house.table.encounter, house.table.gm
    version = encounter.version
    with pytest.raises(CommandError, match="Nothing at this turn change rolls a d10"):
        commands.next_turn(encounter, gm, d10=4)
    encounter.refresh_from_db()
    assert encounter.version == version
