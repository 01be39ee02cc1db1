"""An attack is resolved once, changing nothing; the preview shows that outcome and applying records exactly it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat import commands, snapshot
from combat.models import ConditionInstance, Encounter
from tests.factories import equip, give_momentum, give_points

pytestmark = pytest.mark.django_db


def state(encounter_pk):
    encounter = Encounter.objects.get(pk=encounter_pk)
    combatants = list(encounter.combatants.select_related("character"))
    conditions = list(ConditionInstance.objects.filter(combatant__encounter=encounter))
    return snapshot.capture(encounter, combatants, conditions) | {"version": encounter.version}


def surprised_and_unopposed(fight):
    commands.add_condition(fight.table.encounter, fight.table.gm, combatant=fight.orc.pk, condition="Surprised")
    return {"defence": "", "attacker_roll": 23}


def momentum_spent_and_earned(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["momentum"])
    give_momentum(fight.anders, 2)
    return {"momentum": 2, "attacker_roll": 40, "defender_roll": 90}


def d20_with_fortune(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["tests"])
    give_points(fight.anders.character_id, fortune=3)
    return {"d20": [18, 4], "attacker_roll": 53, "fortune_reroll": True, "fortune_sl": 2, "defence": ""}


def hack_at_the_shield(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["hack", "tests"])
    equip(fight.anders.character, None, {"Melee (Polearm)": 10}, ("Halberd",), ())
    return {"weapon": "Halberd", "special": "hack", "d20": [2], "attacker_roll": 53, "defence": ""}


def a_second_attack_in_one_turn(fight):
    while fight.table.encounter.active_id != fight.anders.pk:
        commands.next_turn(fight.table.encounter, fight.table.gm)
    fight.attack(attacker_roll=90, defender_roll=10)
    return {"attacker_roll": 23, "defender_roll": 45, "allow_anyway": True}  # beyond the turn's one Action


@pytest.mark.parametrize(
    "setup", [surprised_and_unopposed, momentum_spent_and_earned, d20_with_fortune, hack_at_the_shield,
              a_second_attack_in_one_turn],
)  # fmt: skip
def test_the_preview_changes_nothing_and_applying_records_what_it_showed(fight, setup):
    encounter, gm = fight.table.encounter, fight.table.gm
    args = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon",
            "defence": "Melee (Basic)", **setup(fight)}  # fmt: skip
    before = state(encounter.pk)
    shown = commands.preview(encounter.pk, gm, "attack", args)
    assert state(encounter.pk) == before
    applied = commands.execute(encounter.pk, gm, "attack", args)
    assert (applied.message, applied.result) == (shown.message, shown.result)
    assert state(encounter.pk) != before


def test_the_attack_forms_preview_takes_no_lock_and_writes_nothing(fight):
    client = fight.table.client(fight.table.gm)
    values = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon",
              "defence": "Melee (Basic)", "attacker_roll": 23, "defender_roll": 45, "action": "preview"}  # fmt: skip
    with CaptureQueriesContext(connection) as queries:
        response = client.post(f"/encounters/{fight.table.encounter.pk}/attack/", values, HTTP_HX_REQUEST="true")
    assert "Hit: Right arm" in response.content.decode()
    statements = [query["sql"].upper() for query in queries.captured_queries]
    assert not [sql for sql in statements if sql.startswith(("INSERT", "UPDATE", "DELETE")) or "FOR UPDATE" in sql]


def test_a_preview_the_encounter_cannot_afford_says_so_like_applying_would(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["tests"])
    args = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon", "d20": [18, 4],
            "attacker_roll": 53, "fortune_reroll": True}  # fmt: skip
    give_points(fight.anders.character_id, fortune=0)
    for run in (lambda: commands.preview(fight.table.encounter.pk, fight.table.gm, "attack", args),
                lambda: commands.execute(fight.table.encounter, fight.table.gm, "attack", args)):  # fmt: skip
        with pytest.raises(commands.CommandError, match="Anders has 0 Fortune; that needs 1"):
            run()


def test_commands_without_a_preview_step_say_so(fight):
    with pytest.raises(commands.CommandError, match="cannot be previewed"):
        commands.preview(fight.table.encounter.pk, fight.table.gm, "next_turn", {})
