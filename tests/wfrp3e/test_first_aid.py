"""Seed 003 "Healing & Recovery": a First Aid or Medicine check waits on the healer's phone with one challenge die on
a lightly wounded patient, two on a critically wounded one; First Aid heals a wound a net success up to Toughness;
either success leaves dice for the patient's Resilience check after rest; a failure with enough banes costs the
patient. In a rally First Aid is the healer's rally step, in a running fight their action. A healing draught rolls
its fortune dice and heals."""

import pytest

from combat.commands import CommandError
from rules.engine import wfrp3e_care
from tests.wfrp3e.test_phone_actions import form

pytestmark = pytest.mark.django_db


def tend(fight, patient, **args):
    """Magda tends `patient` from anna's phone; the check's prompt."""
    outcome = fight.run(fight.table.anna, "first_aid", combatant=fight.magda.pk, patient=patient.pk, **args)
    return next(p for p in fight.prompts() if p["id"] == outcome.result["prompt"])


def test_the_engine_heals_up_to_toughness_and_harms_on_banes():
    assert wfrp3e_care.first_aid_healing(5, wounds_taken=6, toughness=3) == 3
    assert wfrp3e_care.first_aid_healing(2, wounds_taken=1, toughness=3) == 1
    assert wfrp3e_care.care_failure("First Aid", False, 2) == wfrp3e_care.CareHarm(1, 1, 0)
    assert wfrp3e_care.care_failure("Medicine", False, 2) == wfrp3e_care.NO_HARM
    assert wfrp3e_care.care_failure("Medicine", False, 3, treating_critical=True) == wfrp3e_care.CareHarm(1, 1, 1)
    assert wfrp3e_care.care_dice("First Aid", 2, 2) == ("fortune", 3)
    assert wfrp3e_care.care_dice("Medicine", 3, 0) == ("expertise", 1)


def test_first_aid_on_her_turn_heals_up_to_toughness_and_leaves_dice_for_the_rest(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=8)
    prompt = tend(fight, fight.gunther)
    assert prompt["reason"] == "First Aid on Gunther's wounds (lightly wounded: 1 challenge die)"
    assert prompt["pool"]["challenge"] == 1 and prompt["combatant"] == fight.magda.pk
    assert f'id="prompt-{prompt["id"]}"' in fight.page(fight.table.anna)
    assert f'id="prompt-{prompt["id"]}"' not in fight.page(fight.table.bruno)
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], successes=2, boons=2)
    assert "Gunther heals 2 wounds" in outcome.message
    assert "3 fortune dice wait on Gunther's Resilience check after rest" in outcome.message
    assert fight.fresh(fight.gunther).wounds == 6
    assert fight.state().care_dice == {str(fight.gunther.pk): {"fortune": 3}}
    with pytest.raises(CommandError, match=r"First Aid is played this turn: one action card a turn"):
        tend(fight, fight.gunther)
    fight.gm("overnight_rest")
    rest = next(p for p in fight.prompts() if p["combatant"] == fight.gunther.pk)
    assert "3 fortune (care)" in rest["sources"] and fight.state().care_dice == {}


def test_first_aid_failing_with_two_banes_costs_the_patient_a_stress_and_a_fatigue(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=2)
    prompt = tend(fight, fight.gunther)
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], banes=2)
    assert "the care goes wrong: Gunther suffers 1 stress and 1 fatigue" in outcome.message
    points = fight.points(fight.gunther)
    assert (points["stress"], points["fatigue"]) == (1, 1)


def test_medicine_on_a_critical_fails_harmfully_only_from_three_banes(fight):
    prompt = tend(fight, fight.magda, skill="Medicine", critical=True)  # her own critical wound, from her sheet
    assert prompt["reason"] == "Medicine on Magda's critical wound (critically wounded: 2 challenge dice)"
    wounds = fight.fresh(fight.magda).wounds
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], banes=3)
    assert "Magda suffers 1 stress, 1 fatigue and 1 wound" in outcome.message
    assert fight.fresh(fight.magda).wounds == wounds - 1


def test_in_a_rally_first_aid_is_the_rally_step_from_the_phone(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=3)
    fight.gm("next_turn")  # Gunther's turn: not Magda's, yet a rally lets her tend
    fight.gm("rally")
    assert "First Aid" in form(fight.page(fight.table.anna), f"my-first-aid-{fight.magda.pk}")
    prompt = tend(fight, fight.gunther)
    assert fight.state().rally["steps"] == {str(fight.magda.pk): "First Aid on Gunther"}
    fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], successes=1)
    assert fight.fresh(fight.gunther).wounds == 10
    with pytest.raises(CommandError, match="Magda has taken a rally step already"):
        tend(fight, fight.gunther)


def test_refusals_are_in_words_and_change_nothing(fight):
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Gunther has no wounds to tend\.$"):
        tend(fight, fight.gunther)
    with pytest.raises(CommandError, match=r"^Gunther has no critical wound to tend\.$"):
        tend(fight, fight.gunther, critical=True)
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=2)
    fight.gm("next_turn")
    with pytest.raises(CommandError, match=r"^Magda tends wounds on their own turn only\.$"):
        tend(fight, fight.gunther)
    assert fight.state().prompts == before.prompts


def test_a_healing_draught_heals_a_wound_a_success(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=4)
    phone = fight.page(fight.table.bruno)
    assert "Drink a healing draught" in form(phone, f"my-draught-{fight.gunther.pk}")
    outcome = fight.run(fight.table.bruno, "healing_draught", combatant=fight.gunther.pk, successes=3)
    assert outcome.message == (
        "Gunther drinks a common healing draught: 3 successes on 4 fortune dice (typed); 3 wounds healed."
    )
    assert fight.fresh(fight.gunther).wounds == 11
    with pytest.raises(CommandError, match=r"^3 fortune dice show at most 3 successes\.$"):
        fight.run(fight.table.bruno, "healing_draught", combatant=fight.gunther.pk, quality="poor", successes=4)
    rolled = fight.run(fight.table.bruno, "healing_draught", combatant=fight.gunther.pk, quality="high")
    assert "on 5 fortune dice (rolled)" in rolled.message
