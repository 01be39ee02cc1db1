"""Open tests: a combatant has one open prompt per test (asked again, the older one is replaced, never stacked), and
the GM dismisses all of a combatant's open tests at once, undoably."""

import pytest

from combat import commands
from combat.models import Encounter
from tests.symbaroum.conftest import planned_fight, symbaroum_table  # noqa: F401 (fixtures)

pytestmark = pytest.mark.django_db


def open_tests(encounter):
    return Encounter.objects.get(pk=encounter.pk).state.prompts


def turn_ends_for(table, combatant):
    """Next turn until `combatant` acts, then once more: their turn ends."""
    encounter = Encounter.objects.get(pk=table.encounter.pk)
    while encounter.active_id != combatant.pk:
        commands.next_turn(encounter, table.gm)
        encounter.refresh_from_db()
    commands.next_turn(encounter, table.gm)


@pytest.fixture
def bleeding(table):
    """WFRP 4e with the house rules: Anders Bleeding and Poisoned, two Endurance tests at the end of each turn."""
    commands.set_house_rules(table.encounter, table.gm, rules=["all"])
    for condition in ("Bleeding", "Poisoned"):
        commands.add_condition(table.encounter, table.gm, combatant=table.anders.pk, condition=condition, count=1)
    commands.start(table.encounter, table.gm)
    return table


def test_a_condition_test_asked_again_replaces_the_open_one_and_other_tests_stay(bleeding):
    turn_ends_for(bleeding, bleeding.anders)
    first = {p["condition"]: p["id"] for p in open_tests(bleeding.encounter)}
    assert set(first) == {"Bleeding", "Poisoned"}  # same skill, different tests: both open
    turn_ends_for(bleeding, bleeding.anders)
    again = {p["condition"]: p["id"] for p in open_tests(bleeding.encounter)}
    assert set(again) == {"Bleeding", "Poisoned"} and len(open_tests(bleeding.encounter)) == 2
    assert all(again[name] > first[name] for name in first)  # the newer ones, the older replaced


def test_the_gm_dismisses_all_of_a_combatants_open_tests_and_undo_brings_them_back(bleeding):
    turn_ends_for(bleeding, bleeding.anders)
    encounter, gm = bleeding.encounter, bleeding.gm
    page = bleeding.client(gm).get(f"/encounters/{encounter.pk}/").content.decode()
    assert "Dismiss all 2 of Anders's open tests" in page
    outcome = commands.execute(encounter, gm, "dismiss_prompts", {"combatant": bleeding.anders.pk})
    assert outcome.message == "Anders's 2 open tests dismissed."
    assert open_tests(encounter) == []
    commands.undo(encounter, gm)
    assert len(open_tests(encounter)) == 2


def test_dismissing_when_nothing_is_open_says_so_and_a_player_may_not(bleeding):
    encounter = bleeding.encounter
    with pytest.raises(commands.CommandError, match="^Gunther has no open tests.$"):
        commands.execute(encounter, bleeding.gm, "dismiss_prompts", {"combatant": bleeding.gunther.pk})
    turn_ends_for(bleeding, bleeding.anders)
    response = bleeding.client(bleeding.anna).post(
        f"/api/encounters/{encounter.pk}/commands/",
        {"command": "dismiss_prompts", "args": {"combatant": bleeding.anders.pk}},
        content_type="application/json",
    )
    assert response.status_code == 403 and len(open_tests(encounter)) == 2


@pytest.fixture
def symbaroum_fight(planned_fight):  # noqa: F811
    planned_fight.gm("start")
    return planned_fight


def test_symbaroum_asks_one_roll_per_attack(symbaroum_fight):
    fight = symbaroum_fight
    assert fight.state().prompts == [] and fight.encounter.active_id != fight.goblin.pk
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)  # the GM clicked twice
    assert [(p["combatant"], p["kind"]) for p in fight.prompts()] == [(fight.ulrika.pk, "defence")]
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk)
    defences = [p for p in fight.prompts() if p["kind"] == "defence"]
    assert len(defences) == 2  # two attackers, two defences: neither replaces the other
