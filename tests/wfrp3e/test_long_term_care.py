"""Seed 003 "Healing & Recovery" › Long Term Care: each day of care the patient checks Resilience a challenge die
easier than after a rest, with an expertise die from a carer trained in Medicine; the day heals a wound a net success,
or the critical wound tended once the net successes reach its severity."""

import pytest

from combat.commands import CommandError
from rules.engine import wfrp3e_care
from tests.wfrp3e.conftest import trained

pytestmark = pytest.mark.django_db


def day_of_care(fight, patient, **args):
    outcome = fight.gm("day_of_care", patient=patient.pk, **args)
    return next(p for p in fight.prompts() if p["id"] == outcome.result["prompt"])


def test_the_engine_makes_the_day_a_challenge_die_easier_and_heals_a_critical_at_its_severity():
    assert (wfrp3e_care.long_care_challenge(0), wfrp3e_care.long_care_challenge(2)) == (0, 1)
    assert wfrp3e_care.long_care_dice(True) == ("expertise", 1) and wfrp3e_care.long_care_dice(False) is None
    assert wfrp3e_care.long_care_heals_critical(3, 3) and not wfrp3e_care.long_care_heals_critical(2, 3)


def test_a_day_of_care_heals_a_wound_a_net_success_from_the_patients_own_phone(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=5)
    trained(fight.magda, "Medicine")
    prompt = day_of_care(fight, fight.gunther, carer=fight.magda.pk)
    assert prompt["reason"] == "Resilience for a day of care (wounds)"
    assert prompt["pool"].get("challenge", 0) == 0 and "1 expertise (Medicine care)" in prompt["sources"]
    assert f'id="prompt-{prompt["id"]}"' in fight.page(fight.table.bruno)
    assert f'id="prompt-{prompt["id"]}"' not in fight.page(fight.table.anna)
    outcome = fight.run(fight.table.bruno, "answer_recovery_check", prompt=prompt["id"], successes=3)
    assert "3 more wounds healed" in outcome.message
    assert fight.fresh(fight.gunther).wounds == fight.gunther.max_wounds - 2
    fight.gm("undo")
    assert fight.fresh(fight.gunther).wounds == fight.gunther.max_wounds - 5


def test_a_day_of_care_for_a_critical_wound_heals_it_once_the_successes_reach_its_severity(fight):
    prompt = day_of_care(fight, fight.magda, severity=2)  # her critical wound, from her sheet
    assert prompt["pool"]["challenge"] == 1 and "expertise" not in prompt["sources"]
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], successes=1)
    assert "the critical wound of severity 2 is not healed yet" in outcome.message
    prompt = day_of_care(fight, fight.magda, severity=2)
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], successes=2)
    assert "the critical wound of severity 2 heals (0 critical wounds left)" in outcome.message
    assert fight.state().health[str(fight.magda.pk)]["criticals"] == 0


def test_a_day_of_care_refuses_in_words_and_changes_nothing(fight):
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Gunther has no wounds to tend\.$"):
        day_of_care(fight, fight.gunther)
    with pytest.raises(CommandError, match=r"^Gunther has no critical wound to tend"):
        day_of_care(fight, fight.gunther, severity=2)
    with pytest.raises(CommandError, match=r"^The carer tends someone else"):
        day_of_care(fight, fight.magda, carer=fight.magda.pk, severity=1)
    day_of_care(fight, fight.magda, severity=1)
    with pytest.raises(CommandError, match=r"already waiting for its dice"):
        day_of_care(fight, fight.magda, severity=1)
    assert len(fight.prompts()) == len(before.prompts) + 1


def test_the_gm_screen_offers_the_day_of_care_and_no_phone_does(fight):
    assert 'id="gm-day-of-care"' in fight.page(fight.table.gm)
    assert 'id="gm-day-of-care"' not in fight.page(fight.table.anna)
    with pytest.raises(CommandError):
        fight.run(fight.table.anna, "day_of_care", patient=fight.magda.pk, severity=1)
