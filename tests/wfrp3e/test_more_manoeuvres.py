"""Seed 003 "Maneuvers" 3, 6 and 9: unsocketing a talent or exchanging it for one of its type once recharged,
mounting and dismounting a horse (an Easy Ride check for one untrained in Ride), and preparing an action card that
needs it; each a manoeuvre of the turn, from the GM screen or the phone."""

import pytest

from combat.commands import CommandError
from systems.wfrp3e.models import ActionCard
from tests.wfrp3e.conftest import trained
from tests.wfrp3e.test_phone_actions import form

pytestmark = pytest.mark.django_db


def post(fight, user, name, **data):
    client = fight.table.client(user)
    return client.post(f"/encounters/{fight.encounter.pk}/do/{name}/", data)


# --- Mount or Dismount from a Horse ----------------------------------------------------------------------------------


def test_trained_in_ride_mounting_is_a_manoeuvre_and_done(fight):
    trained(fight.magda, "Ride")
    fight.turn_of(fight.magda)
    outcome = fight.run(fight.table.anna, "mount", combatant=fight.magda.pk, mounted=True)
    assert outcome.message == "Magda mounts."
    state = fight.state()
    assert state.mounted == [fight.magda.pk] and state.turn["manoeuvres"] == 1 and state.prompts == []
    assert f'id="mounted-{fight.magda.pk}">Mounted' in fight.page(fight.table.anna)
    with pytest.raises(CommandError, match="Magda is already mounted"):
        fight.run(fight.table.anna, "mount", combatant=fight.magda.pk, mounted=True)
    fatigue = fight.points(fight.magda)["fatigue"]
    assert fight.run(fight.table.anna, "mount", combatant=fight.magda.pk).message == "Magda dismounts, 1 fatigue."
    assert fight.state().mounted == [] and fight.points(fight.magda)["fatigue"] == fatigue + 1


def test_untrained_an_easy_ride_check_on_the_phone_decides_it(fight):
    fight.turn_of(fight.gunther)
    outcome = fight.run(fight.table.bruno, "mount", combatant=fight.gunther.pk, mounted=True)
    assert "untrained in Ride, an Easy Ride check" in outcome.message
    (entry,) = fight.prompts()
    assert (entry["answer"], entry["pool"]["challenge"], entry["combatant"]) == ("ride_check", 1, fight.gunther.pk)
    assert fight.state().mounted == []
    failed = fight.run(fight.table.bruno, "ride_check", prompt=entry["id"], successes=0)
    assert failed.message.startswith("Gunther fails to mount (typed)") and fight.state().mounted == []
    fight.gm("undo")
    passed = fight.run(fight.table.bruno, "ride_check", prompt=entry["id"], successes=1)
    assert passed.message.startswith("Gunther mounts (typed)") and fight.state().mounted == [fight.gunther.pk]
    with pytest.raises(CommandError, match="own turn"):
        fight.run(fight.table.anna, "mount", combatant=fight.magda.pk, mounted=True)


def test_the_phone_offers_mounting_on_ones_own_turn(fight):
    fight.turn_of(fight.magda)
    phone = fight.page(fight.table.anna)
    assert "Mount a horse (a manoeuvre)" in form(phone, "mount")
    assert 'id="mount"' not in fight.page(fight.table.bruno)
    trained(fight.magda, "Ride")
    assert post(fight, fight.table.anna, "mount", combatant=fight.magda.pk, mounted="true").status_code == 302
    assert "Dismount (a manoeuvre)" in form(fight.page(fight.table.anna), "mount")


# --- Unsocket and/or Exchange Talent -------------------------------------------------------------------------------


def test_a_recharged_talent_is_exchanged_for_one_of_its_type_with_a_manoeuvre(fight):
    fight.turn_of(fight.magda)
    anna = fight.table.anna
    fight.run(anna, "use_talent", combatant=fight.magda.pk, talent="Keen Senses")  # constant: never recharging
    assert fight.state().sockets == {str(fight.magda.pk): ["Keen Senses"]}
    with pytest.raises(CommandError, match="only a talent of the same type is exchanged"):
        fight.run(anna, "exchange_talent", combatant=fight.magda.pk, talent="Keen Senses", replacement="Sure Footed")
    magda = fight.magda.pk
    outcome = fight.run(anna, "exchange_talent", combatant=magda, talent="Keen Senses", replacement="iron will")
    assert outcome.message == "Magda exchanges Keen Senses for Iron Will with a manoeuvre, 1 fatigue."
    assert fight.state().sockets == {str(fight.magda.pk): ["Iron Will"]}
    assert "Iron Will socketed" in fight.page(anna)


def test_a_talent_still_recharging_stays_socketed(fight):
    fight.turn_of(fight.magda)
    anna = fight.table.anna
    fight.run(anna, "use_talent", combatant=fight.magda.pk, talent="Iron Will")  # 4 recharge tokens
    with pytest.raises(CommandError, match=r"Iron Will is still recharging \(4 tokens left\)"):
        fight.run(anna, "exchange_talent", combatant=fight.magda.pk, talent="Iron Will")
    with pytest.raises(CommandError, match="Magda has no Keen Senses socketed"):
        fight.run(anna, "exchange_talent", combatant=fight.magda.pk, talent="Keen Senses")
    for _ in range(4):  # a token off at each end of her turn
        fight.turn_of(fight.magda)
    assert fight.state().talents_recharging == {}
    assert form(fight.page(anna), "exchange-talent")
    outcome = fight.run(anna, "exchange_talent", combatant=fight.magda.pk, talent="Iron Will")
    assert outcome.message == "Magda unsockets Iron Will with a manoeuvre." and fight.state().sockets == {}


# --- Preparation -----------------------------------------------------------------------------------------------------


def test_a_card_that_needs_preparation_waits_for_its_manoeuvre(fight):
    assert ActionCard.objects.get(name="Rally the Troops").preparation == 1
    fight.turn_of(fight.magda)
    anna = fight.table.anna
    with pytest.raises(CommandError, match="Rally the Troops needs 1 preparation manoeuvre first this turn"):
        fight.run(anna, "perform_action", combatant=fight.magda.pk, card="Rally the Troops")
    with pytest.raises(CommandError, match="Melee Strike needs no preparation"):
        fight.run(anna, "prepare", combatant=fight.magda.pk, card="Melee Strike")
    outcome = fight.run(anna, "prepare", combatant=fight.magda.pk, card="Rally the Troops")
    assert outcome.message == "Magda prepares Rally the Troops: ready to play."
    with pytest.raises(CommandError, match="prepared already"):
        fight.run(anna, "prepare", combatant=fight.magda.pk, card="Rally the Troops")
    fight.run(anna, "perform_action", combatant=fight.magda.pk, card="Rally the Troops")
    assert fight.prompts()[-1]["card"] == "Rally the Troops"


def test_the_preparation_is_the_turns_own(fight):
    fight.turn_of(fight.magda)
    fight.run(fight.table.anna, "prepare", combatant=fight.magda.pk, card="Rally the Troops")
    fight.turn_of(fight.magda)
    with pytest.raises(CommandError, match="needs 1 preparation manoeuvre"):
        fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Rally the Troops")


def test_the_phone_offers_the_preparation_on_ones_turn(fight):
    fight.turn_of(fight.magda)
    phone = form(fight.page(fight.table.anna), "prepare")
    assert '<option value="Rally the Troops">Rally the Troops (1 needed)</option>' in phone
    answer = post(fight, fight.table.anna, "prepare", combatant=fight.magda.pk, card="Rally the Troops")
    assert answer.status_code == 302
    assert fight.state().turn["prepared"] == {"Rally the Troops": 1}
