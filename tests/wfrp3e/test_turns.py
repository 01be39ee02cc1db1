"""A WFRP 3e turn from the outside (seed 003 "Active Player's Turn"): stance steps and manoeuvres charged in stress
and fatigue, the end-of-turn steps in the log, condition cards and recharge tokens counting down."""

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.engine.dice import Dice, TypedDice
from systems.wfrp3e.commands.recharge import exhaust


def test_the_first_stance_step_is_free_and_each_further_one_costs_a_stress(fight):
    fight.run(fight.table.anna, "shift_stance", combatant=fight.magda.pk, stance=-1)
    assert fight.points(fight.magda)["stress"] == 1
    fight.run(fight.table.anna, "shift_stance", combatant=fight.magda.pk, stance=-3)
    assert fight.points(fight.magda)["stress"] == 3
    assert fight.state().stances == {str(fight.magda.pk): -3}


def test_stance_is_shifted_on_ones_own_turn_by_its_player_or_the_gm(fight):
    with pytest.raises(CommandError, match="own turn"):
        fight.run(fight.table.bruno, "shift_stance", combatant=fight.gunther.pk, stance=1)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "shift_stance", combatant=fight.magda.pk, stance=1)
    with pytest.raises(CommandError, match="runs from -3 to 1"):
        fight.gm("shift_stance", combatant=fight.magda.pk, stance=2)


def test_the_first_manoeuvre_is_free_and_each_further_one_costs_a_fatigue(fight):
    fight.run(fight.table.anna, "manoeuvre", combatant=fight.magda.pk)
    assert fight.points(fight.magda)["fatigue"] == 4
    outcome = fight.run(fight.table.anna, "manoeuvre", combatant=fight.magda.pk, start="close", end="long")
    assert outcome.result["manoeuvres"] == 3 and fight.points(fight.magda)["fatigue"] == 7


def test_leaving_an_engagement_without_disengaging_gives_a_free_attack(fight):
    outcome = fight.gm("manoeuvre", combatant=fight.magda.pk, start="engaged", end="close", safely=False)
    assert outcome.result == {"manoeuvres": 0, "fatigue": 0, "free_attack": True}
    assert "free attack" in outcome.message


def test_a_brief_condition_loses_a_token_each_turn_end_and_ends_after_three(fight):
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Staggered")
    assert fight.state().condition_tokens == {str(fight.magda.pk): {"Staggered": 3}}
    fight.gm("next_turn")
    assert fight.state().condition_tokens == {str(fight.magda.pk): {"Staggered": 2}}
    for _ in range(6):
        fight.gm("next_turn")
    assert fight.state().condition_tokens == {}
    assert any("Magda's Staggered: a tracking token off, it ends." in e.message for e in fight.encounter.log.all())


def test_the_log_counts_one_token_left_in_the_singular(fight):
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Staggered")
    for _ in range(3):
        fight.gm("next_turn")
    outcome = fight.gm("next_turn")
    assert outcome.message == (
        "Gunther's turn. Magda's Staggered: a tracking token off, 1 tracking token left. "
        "Magda's power or favour moves toward equilibrium: 4 → 3."
    )


def test_cancelling_pairs_cancel_and_lingering_conditions_stay(fight):
    fight.gm("add_condition_card", combatant=fight.gunther.pk, condition="Inspired")
    outcome = fight.gm("add_condition_card", combatant=fight.gunther.pk, condition="Demoralized")
    assert outcome.result["happened"] == "cancelled"
    fight.gm("add_condition_card", combatant=fight.gunther.pk, condition="Blinded")
    for _ in range(3):
        fight.gm("next_turn")
    assert fight.state().lasting_conditions == {str(fight.gunther.pk): ["Blinded"]}


def test_an_exhausted_card_recharges_a_token_each_end_of_its_owners_turn(fight):
    state = fight.state()
    exhaust(state, fight.magda, "Melee Strike", 2)
    with pytest.raises(CommandError, match="recharging"):
        exhaust(state, fight.magda, "Melee Strike", 2)
    fight.encounter.save_state()
    fight.encounter.save()
    fight.gm("next_turn")
    assert fight.state().recharging == {str(fight.magda.pk): {"Melee Strike": 1}}
    for _ in range(3):
        fight.gm("next_turn")
    assert fight.state().recharging == {}


def test_power_moves_toward_equilibrium_at_the_end_of_a_casters_turn(fight):
    fight.gm("next_turn")
    assert fight.points(fight.magda)["power"] == 4
    assert any("toward equilibrium: 5 → 4" in e.message for e in fight.encounter.log.all())


def test_a_move_names_two_different_bands(fight):
    for bands in ({"start": "close"}, {"start": "close", "end": "close"}):
        with pytest.raises(CommandError, match="different band"):
            fight.gm("manoeuvre", combatant=fight.magda.pk, **bands)


def test_an_action_check_takes_the_stance_from_the_meter_and_its_card_goes_to_recharge(fight):
    fight.run(fight.table.anna, "shift_stance", combatant=fight.magda.pk, stance=1)
    fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Reckless Cleave", target=fight.orc.pk)
    entry = fight.state().prompts[-1]
    assert entry["pool"]["reckless"] == 1  # one characteristic die turned reckless by her stance
    fight.run(fight.table.anna, "enter_roll", prompt=entry["id"])
    assert fight.state().recharging[str(fight.magda.pk)] == {"Reckless Cleave": 3}


def test_an_enemys_stance_and_manoeuvres_cost_wounds_not_stress_or_fatigue(fight):
    # Seed 003 "Enemies": what would be stress or fatigue for a hero is wounds for an enemy (the orc: 10 wounds).
    while fight.gm("next_turn").result["active"] != fight.orc.pk:
        pass
    fight.gm("shift_stance", combatant=fight.orc.pk, stance=1)
    shifted = fight.gm("shift_stance", combatant=fight.orc.pk, stance=-1)
    assert shifted.message == "Orc shifts to 1 conservative stance, 2 stress, Orc takes 2 wounds for the stress."
    fight.gm("manoeuvre", combatant=fight.orc.pk)
    moved = fight.gm("manoeuvre", combatant=fight.orc.pk)
    assert moved.message == "Orc makes a manoeuvre, 1 fatigue, Orc takes 1 wound for the fatigue."
    assert fight.fresh(fight.orc).wounds == 7
    assert fight.points(fight.orc).get("stress", 0) == 0 and fight.points(fight.orc).get("fatigue", 0) == 0


def test_a_talent_is_used_with_a_manoeuvre_and_recharges_a_token_each_end_of_turn(fight):
    # Seed 003 "Maneuvers" item 2 and "End of Turn Phase" step 4; Magda is the active combatant.
    anna = fight.table.anna
    fight.run(anna, "manoeuvre", combatant=fight.magda.pk)
    used = fight.run(anna, "use_talent", combatant=fight.magda.pk, talent="iron will")
    assert used.message == "Magda uses Iron Will with a manoeuvre, 1 fatigue: it recharges (4 tokens)."
    assert fight.points(fight.magda)["fatigue"] == 5
    assert "Iron Will ⟳4" in fight.page(anna)
    with pytest.raises(CommandError, match="Iron Will is recharging"):
        fight.run(anna, "use_talent", combatant=fight.magda.pk, talent="Iron Will")
    ended = fight.gm("next_turn")
    assert "Magda's Iron Will: a recharge token off, 3 recharge tokens left." in ended.message
    assert fight.state().talents_recharging == {str(fight.magda.pk): {"Iron Will": 3}}
    kept = fight.gm("use_talent", combatant=fight.gunther.pk, talent="Keen Senses")
    assert kept.message == "Gunther uses Keen Senses with a manoeuvre: socketed, it works while it stays so."
    with pytest.raises(CommandError, match="no talent 'Luck'"):
        fight.gm("use_talent", combatant=fight.gunther.pk, talent="Luck")


def test_invigorated_takes_one_more_recharge_token_off_at_the_end_of_the_turn(fight):
    # Seed 003 "Condition Cards" › Invigorated: one card, the one nearest to ready that the extra token helps.
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Invigorated")
    fight.run(fight.table.anna, "use_talent", combatant=fight.magda.pk, talent="Iron Will")
    fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Reckless Cleave", target=fight.orc.pk)
    fight.run(fight.table.anna, "enter_roll", prompt=fight.prompts()[-1]["id"], successes=1)
    ended = fight.gm("next_turn")
    assert "Magda's Reckless Cleave: 2 recharge tokens off (Invigorated), 1 recharge token left." in ended.message
    assert "Magda's Iron Will: a recharge token off, 3 recharge tokens left." in ended.message
    assert fight.state().recharging == {str(fight.magda.pk): {"Reckless Cleave": 1}}
    assert fight.state().talents_recharging == {str(fight.magda.pk): {"Iron Will": 3}}


def overchannel(fight, power):
    character = fight.magda.character
    character.refresh_from_db()
    character.points = {**character.points, "power": power}
    character.save()


def test_excess_power_not_maintained_vents_to_equilibrium_with_its_fatigue_and_dice(fight):
    # Seed 003 "Spellcaster Conditions" › Excess Power: 9 power past twice Willpower 3 vents to 3, six fatigue, and
    # three misfortune dice for the three points past the threshold: a challenge is a wound, a bane a stress.
    overchannel(fight, 9)
    wounds = fight.fresh(fight.magda).wounds
    ended = fight.gm("next_turn", dice=TypedDice(Dice(), {6: [4, 6, 1]}))  # a challenge, a bane, a blank
    assert (
        "Magda's excess power vents to equilibrium, 9 → 3: 6 fatigue; 3 misfortune dice rolled: 1 wound, 1 stress."
        in ended.message
    )
    assert "toward equilibrium" not in ended.message
    points = fight.points(fight.magda)
    assert (points["power"], points["fatigue"], points["stress"]) == (3, 4 + 6, 1 + 1)
    assert fight.fresh(fight.magda).wounds == wounds - 1


def test_maintaining_excess_power_is_a_manoeuvre_and_a_stress_and_it_does_not_vent(fight):
    anna = fight.table.anna
    with pytest.raises(CommandError, match=r"Magda's power \(5\) is not past the safety threshold \(6\)"):
        fight.run(anna, "maintain_power", combatant=fight.magda.pk)
    overchannel(fight, 8)
    held = fight.run(anna, "maintain_power", combatant=fight.magda.pk)
    assert held.message == "Magda maintains their excess power (8) with a manoeuvre, 1 stress."
    with pytest.raises(CommandError, match="already maintains"):
        fight.run(anna, "maintain_power", combatant=fight.magda.pk)
    fight.run(anna, "manoeuvre", combatant=fight.magda.pk)  # the free manoeuvre is spent: this one is a fatigue
    ended = fight.gm("next_turn")
    assert "vents" not in ended.message and "toward equilibrium: 8 → 7" in ended.message
    points = fight.points(fight.magda)
    assert (points["power"], points["fatigue"], points["stress"]) == (7, 5, 2)
    # Gunther's turn: not hers to maintain; her next turn she must maintain again or vent.
    with pytest.raises(CommandError, match="own turn"):
        fight.run(anna, "maintain_power", combatant=fight.magda.pk)
    fight.turn_of(fight.magda)
    overchannel(fight, 7)
    ended = fight.gm("next_turn", dice=TypedDice(Dice(), {6: [1]}))
    assert "Magda's excess power vents to equilibrium, 7 → 3: 4 fatigue; 1 misfortune die rolled: no harm." in (
        ended.message
    )


def test_the_gm_screen_and_her_phone_offer_to_maintain_excess_power_on_her_turn(fight):
    assert 'id="maintain-power"' not in fight.page(fight.table.gm)  # 5 power is not past twice Willpower 3
    overchannel(fight, 8)
    gm_page, phone = fight.page(fight.table.gm), fight.page(fight.table.anna)
    assert 'id="maintain-power"' in gm_page and "Maintain excess power" in phone
    assert 'id="maintain-power"' not in fight.page(fight.table.bruno)  # not Bruno's character
    client = fight.table.client(fight.table.anna)
    client.post(f"/encounters/{fight.encounter.pk}/do/maintain_power/", {"combatant": fight.magda.pk})
    assert fight.state().turn["maintained"] is True
    assert 'id="maintain-power"' not in fight.page(fight.table.gm)  # maintained for this turn
