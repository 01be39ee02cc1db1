"""First aid from the outside: a herbal cure, Medicus or other healing as the healer's Combat Action; it stabilises
the dying and stops bleeding; any healing of 1 or more (the generic heal too) ends critical damage."""

import pytest

from combat.commands import CommandError
from rules.engine.dice import Dice, TypedDice
from tests.symbaroum.test_dying import bring_down, conditions, death_test, turn_of


def hurt(fight, combatant, amount):
    fight.gm("apply_damage", combatant=combatant.pk, amount=amount)


def test_a_herbal_cure_heals_1_and_uses_the_healers_combat_action_on_her_turn(fight):
    hurt(fight, fight.ansgar, 3)
    outcome = fight.gm("first_aid", healer=fight.ulrika.pk, patient=fight.ansgar.pk, means="herbal_cure")
    assert fight.fresh(fight.ansgar).wounds == 8
    assert outcome.message == "Ulrika gives Brother Ansgar first aid with a herbal cure: heals 1 (8/10 Toughness)."
    assert fight.state().turn["combat"] == 1
    with pytest.raises(CommandError, match="Combat Action is already used"):
        fight.gm("first_aid", healer=fight.ulrika.pk, patient=fight.ansgar.pk, means="herbal_cure")


def test_medicus_heals_the_d4_typed_or_rolled_never_over_the_maximum(fight):
    hurt(fight, fight.ansgar, 3)
    fight.gm("first_aid", healer=fight.ulrika.pk, patient=fight.ansgar.pk, means="medicus", d4=2)
    assert fight.fresh(fight.ansgar).wounds == 9
    fight.gm("next_turn")  # Ansgar's turn: he treats himself
    outcome = fight.gm("first_aid", healer=fight.ansgar.pk, patient=fight.ansgar.pk, means="medicus",
                       dice=TypedDice(Dice(), {4: [4]}))  # fmt: skip
    assert (outcome.result["healing"], outcome.result["regained"], fight.fresh(fight.ansgar).wounds) == (4, 1, 10)


def test_an_npc_healer_never_rolls_medicus_heals_its_fixed_value(fight):
    hurt(fight, fight.goblin, 5)
    with pytest.raises(CommandError, match="Goblin never rolls: Medicus heals 2"):
        fight.gm("first_aid", healer=fight.goblin.pk, patient=fight.goblin.pk, means="medicus", d4=4)
    fight.gm("first_aid", healer=fight.goblin.pk, patient=fight.goblin.pk, means="medicus")
    assert fight.fresh(fight.goblin).wounds == 5


@pytest.mark.parametrize(
    "args, error",
    [
        ({"means": "other"}, "Say how much the other healing heals"),
        ({"means": "herbal_cure", "amount": 3}, "A herbal cure heals by the rules"),
        ({"means": "herbal_cure", "d4": 3}, "Only Medicus rolls a d4"),
        ({"means": "medicus", "patient": "goblin"}, "Goblin is unhurt"),
    ],
)
def test_bad_first_aid_is_refused_and_changes_nothing(fight, args, error):
    hurt(fight, fight.ansgar, 3)
    patient = getattr(fight, args.get("patient", "ansgar"))
    given = {key: value for key, value in args.items() if key != "patient"}
    with pytest.raises(CommandError, match=error):
        fight.gm("first_aid", healer=fight.ulrika.pk, patient=patient.pk, **given)
    assert fight.fresh(fight.ansgar).wounds == 7 and fight.state().turn.get("combat", 0) == 0


def test_first_aid_comes_too_late_for_the_dead(fight):
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Dead")
    with pytest.raises(CommandError, match="Goblin is dead"):
        fight.gm("first_aid", healer=fight.ulrika.pk, patient=fight.goblin.pk, means="herbal_cure")


def test_first_aid_stabilises_the_dying_clears_her_steps_and_closes_her_death_test(fight):
    bring_down(fight, fight.ansgar)
    turn_of(fight, fight.ansgar)
    fight.run(fight.table.bruno, "roll_test", prompt=death_test(fight)["id"], d20=14)
    turn_of(fight, fight.ansgar)
    assert death_test(fight) and fight.state().death_steps == {str(fight.ansgar.pk): 1}
    turn_of(fight, fight.ulrika)
    outcome = fight.gm("first_aid", healer=fight.ulrika.pk, patient=fight.ansgar.pk, means="herbal_cure")
    assert "Brother Ansgar is stabilised and stops dying" in outcome.message
    assert conditions(fight, fight.ansgar) == [] and fight.fresh(fight.ansgar).wounds == 1
    assert fight.state().death_steps == {} and fight.prompts() == []


def test_first_aid_stops_the_bleeding(fight):
    fight.gm("add_condition", combatant=fight.ansgar.pk, condition="Bleeding")
    outcome = fight.gm("first_aid", healer=fight.ulrika.pk, patient=fight.ansgar.pk, means="other", amount=2)
    assert "the bleeding stops" in outcome.message and conditions(fight, fight.ansgar) == []


def test_healing_ends_critical_damage_by_first_aid_or_the_generic_heal(fight):
    for healing in ({"name": "heal", "combatant": fight.ansgar.pk, "amount": 2},
                    {"name": "first_aid", "healer": fight.ulrika.pk, "patient": fight.ansgar.pk,
                     "means": "herbal_cure"}):  # fmt: skip
        hurt(fight, fight.ansgar, 4)
        fight.gm("add_condition", combatant=fight.ansgar.pk, condition="Critically Damaged")
        outcome = fight.gm(**healing)
        assert "Brother Ansgar is no longer critically damaged" in outcome.message
        assert conditions(fight, fight.ansgar) == []


def test_the_generic_heal_stabilises_the_dying_and_at_full_toughness_ends_nothing(fight):
    bring_down(fight, fight.ansgar)
    outcome = fight.gm("heal", combatant=fight.ansgar.pk, amount=3)
    assert outcome.message == "Brother Ansgar heals 3 (3/10 toughness). Brother Ansgar is stabilised and stops dying."
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Critically Damaged")
    fight.gm("heal", combatant=fight.ulrika.pk, amount=3)  # already at full Toughness: regains nothing
    assert conditions(fight, fight.ulrika) == ["Critically Damaged"]


def test_the_gm_screen_offers_first_aid_with_the_dying_chosen_as_patient(fight):
    bring_down(fight, fight.ansgar)
    gm = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert 'id="first-aid-form"' in gm
    assert f'<option value="{fight.ansgar.pk}" selected>Brother Ansgar (dying)</option>' in gm
