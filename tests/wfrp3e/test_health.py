"""Wounds past the threshold and criticals past Toughness, whichever way they land (an attack, an enemy's strain, the
GM's damage by hand): knocked out and dead on both screens, and neither takes a turn (seed 003 "Impairments &
Wounds")."""

import pytest

from combat.commands.spine import CommandError


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_the_gms_damage_past_the_threshold_knocks_out_and_makes_a_critical(fight):
    # Gunther: threshold 12, To 3, fresh.
    taken = fight.gm("apply_damage", combatant=fight.gunther.pk, amount=13)
    assert taken.message == (
        "Gunther takes 13 damage (0/12 wounds). Gunther is knocked out; "
        "a wound past the threshold turns critical (1 critical wound now)."
    )
    assert fight.state().health[str(fight.gunther.pk)] == {"criticals": 1, "knocked_out": True, "dead": False}
    assert 'class="tag down">Knocked out</span>' in page(fight, fight.table.bruno)
    assert '<span class="tag critical">1 critical</span>' in page(fight, fight.table.gm)


def test_damage_that_stops_at_the_threshold_knocks_no_one_out(fight):
    assert fight.gm("apply_damage", combatant=fight.gunther.pk, amount=12).message == (
        "Gunther takes 12 damage (0/12 wounds)."
    )
    assert fight.state().health[str(fight.gunther.pk)]["knocked_out"] is False


def test_the_knocked_out_and_the_dead_take_no_turn(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=13)
    for _ in range(4):  # the next three turns and the round's turn: Gunther is passed over
        assert fight.gm("next_turn").result["active"] != fight.gunther.pk
    fight.gm("heal", combatant=fight.gunther.pk, amount=2)
    assert "Gunther comes round." in fight.encounter.log.first().message
    turns = [fight.gm("next_turn").result["active"] for _ in range(3)]
    assert fight.gunther.pk in turns


def test_criticals_past_toughness_kill(fight):
    # Magda: To 3, one critical on her sheet; each blow past the threshold adds one.
    fight.gm("apply_damage", combatant=fight.magda.pk, amount=10)
    for _ in range(2):
        fight.gm("apply_damage", combatant=fight.magda.pk, amount=1)
    said = fight.encounter.log.first().message
    assert said.endswith("Magda is dead; a wound past the threshold turns critical (4 critical wounds now).")
    assert 'class="tag down">Dead</span>' in page(fight, fight.table.anna)
    fight.gm("heal", combatant=fight.magda.pk, amount=5)
    assert fight.state().health[str(fight.magda.pk)]["dead"] is True


def test_healing_the_unhurt_says_nothing_more(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=3)
    assert fight.gm("heal", combatant=fight.gunther.pk, amount=2).message == "Gunther heals 2 (11/12 wounds)."


def test_a_refused_damage_changes_nothing(fight):
    before = fight.state().health
    with pytest.raises(CommandError):
        fight.gm("apply_damage", combatant=fight.gunther.pk, amount=-1)
    assert fight.state().health == before


def test_the_knocked_out_are_greyed_in_the_turn_order_on_both_screens(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=13)
    assert f'<tr id="combatant-{fight.gunther.pk}" class="side-ally dead"' in page(fight, fight.table.gm)
    assert '<li class="side-ally mine dead"' in page(fight, fight.table.bruno)


def test_ill_fortuned_costs_a_stress_each_time_wounds_land(action_fight):
    # Seed 003 "Condition Cards" › Ill-Fortuned; an enemy takes that stress as a wound ("Enemies").
    fight = action_fight
    for combatant in (fight.magda, fight.orc):
        fight.gm("add_condition_card", combatant=combatant.pk, condition="Ill-Fortuned")
    taken = fight.gm("apply_damage", combatant=fight.magda.pk, amount=2)
    assert "Magda is Ill-Fortuned: 1 stress." in taken.message
    assert fight.fresh(fight.magda).character.point("stress") == 2
    fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk,
              damage=5, soak=1)  # fmt: skip
    outcome = fight.run(fight.table.anna, "enter_roll", prompt=fight.prompts()[-1]["id"], successes=3, challenges=1)
    # (5 damage + St 4) - (To 4 + Soak 1) = 4 wounds, and one for the stress: only one, though it is a wound too.
    assert outcome.message.endswith(
        "; Orc takes 4 wounds; Orc is Ill-Fortuned: 1 stress; Orc takes 1 wound for the stress."
    )
    assert fight.fresh(fight.orc).wounds == 12 - 5
