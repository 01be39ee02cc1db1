"""Batter and Trick (seed 002 "Benefits of Advantage"): Advantage spends settled by an Opposed Test."""

import pytest

from combat import commands
from combat.commands import CommandError
from combat.models import ConditionInstance

pytestmark = pytest.mark.django_db


def conditions_of(combatant):
    return {c.definition.name: c.count for c in ConditionInstance.objects.filter(combatant=combatant)}


def anders_turn(fight, advantage=1):
    """Anders acts, and the Allies' pool holds `advantage`."""
    encounter, gm = fight.table.encounter, fight.table.gm
    while encounter.active_id != fight.anders.pk:
        commands.next_turn(encounter, gm)
    for _ in range(advantage):
        commands.gain_advantage(encounter, gm, side="ally", reason="winning")


def manoeuvre(fight, spend, **args):
    return commands.batter_or_trick(
        fight.table.encounter, fight.table.gm, spend=spend, initiator=fight.anders.pk, opponent=fight.orc.pk, **args
    )


def actions_used(fight):
    fight.table.encounter.refresh_from_db()
    return fight.table.encounter.pools["turn"]["actions"]


def test_a_won_batter_knocks_the_opponent_prone_and_takes_the_action(fight):
    anders_turn(fight)
    # Strength 38 rolls 15: +2 SL; the orc's 35 rolls 60: -3 SL.
    outcome = manoeuvre(fight, "batter", initiator_roll=15, opponent_roll=60)
    assert outcome.result["won"] and outcome.result["spent"] == 1
    assert (outcome.result["initiator_sl"], outcome.result["opponent_sl"]) == (2, -3)
    assert conditions_of(fight.orc) == {"Prone": 1}
    # As seed 002 words it, the battered opponent's side gains 1 Advantage even on a win; no Winning on top.
    assert fight.pools() == (0, 1)
    assert actions_used(fight) == 1
    assert "Anders spends 1 Advantage on Batter against Orc Boy" in outcome.message
    assert "Orc Boy gains Prone" in outcome.message


def test_a_lost_batter_gives_the_opponents_side_advantage_and_ends_the_action(fight):
    anders_turn(fight)
    # 80 vs 38: -5 SL; the orc's 20 vs 35: +1 SL.
    outcome = manoeuvre(fight, "batter", initiator_roll=80, opponent_roll=20)
    assert not outcome.result["won"] and outcome.result["winner"] == fight.orc.pk
    assert conditions_of(fight.orc) == {}
    assert fight.pools() == (0, 1)
    assert actions_used(fight) == 1
    assert "Anders's Action is over" in outcome.message


def test_a_won_trick_earns_one_advantage_back_and_inflicts_the_chosen_condition(fight):
    anders_turn(fight)
    # Agility 33 rolls 11: +2 SL; the orc's 30 rolls 70: -4 SL.
    outcome = manoeuvre(fight, "trick", condition="Blinded", initiator_roll=11, opponent_roll=70)
    assert outcome.result["won"] and outcome.result["condition"] == "Blinded"
    assert conditions_of(fight.orc) == {"Blinded": 1}
    assert fight.pools() == (1, 0)  # 1 paid, 1 won: never the Winning Advantage as well
    assert actions_used(fight) == 1


def test_a_won_trick_without_a_condition_only_earns_the_advantage(fight):
    anders_turn(fight)
    outcome = manoeuvre(fight, "trick", initiator_roll=11, opponent_roll=70)
    assert outcome.result["won"] and outcome.result["condition"] is None
    assert conditions_of(fight.orc) == {} and fight.pools() == (1, 0)


def test_a_lost_trick_inflicts_nothing(fight):
    anders_turn(fight)
    outcome = manoeuvre(fight, "trick", condition="Ablaze", initiator_roll=90, opponent_roll=12)
    assert not outcome.result["won"]
    assert conditions_of(fight.orc) == {} and fight.pools() == (0, 1)


def test_defending_with_agility_helps_against_a_trick(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    while encounter.active_id != fight.orc.pk:
        commands.next_turn(encounter, gm)
    commands.defend(encounter, gm, skill="Ag")
    anders_turn(fight)
    # Agility 33 rolls 21: +1 SL; the orc's 30 + 20 rolls 31: +2 SL.
    outcome = manoeuvre(fight, "trick", initiator_roll=21, opponent_roll=31)
    assert outcome.result["opponent_sl"] == 2 and not outcome.result["won"]
    assert "against 31 vs 50" in outcome.message


def test_with_the_house_d20_tests_it_is_resolved_like_their_other_opposed_tests(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["tests", "other_opposed_tests"])
    anders_turn(fight)
    # Agility bonus 3 against 3; the player rolls 5: PSL 3 + 10 - 5 = 8, OSL +5.
    outcome = manoeuvre(fight, "trick", d20=5)
    assert outcome.result["won"] and outcome.result["opposed_sl"] == 5
    assert fight.pools() == (1, 0)


def test_the_generic_spend_sends_batter_and_trick_to_their_test(fight):
    anders_turn(fight)
    for spend in ("batter", "trick"):
        with pytest.raises(CommandError, match="is an Opposed Test: test it with Batter / Trick"):
            commands.spend_advantage(fight.table.encounter, fight.table.gm, side="ally", spend=spend)
    assert fight.pools() == (1, 0)


@pytest.mark.parametrize(
    "advantage, args, message",
    [
        (0, {"spend": "batter"}, "Allies have 0 Advantage; Batter costs 1"),
        (1, {"spend": "batter", "condition": "Blinded"}, "Only a Trick inflicts a chosen Condition"),
        (1, {"spend": "trick", "condition": "Stunned"}, "Condition: Choose one of"),
        (1, {"spend": "trick", "opponent": "anders"}, "other than the one who spends"),
        (1, {"spend": "trick", "opponent": "grukk"}, "Orc Grukk has no character sheet"),
        (1, {"spend": "shove"}, "Spend: Choose one of"),
    ],
)
def test_bad_batters_and_tricks_are_refused_and_change_nothing(fight, advantage, args, message):
    anders_turn(fight, advantage)
    named = {"anders": fight.anders.pk, "grukk": fight.table.orc.pk}
    args = {"opponent": fight.orc.pk, **args}
    args["opponent"] = named.get(args["opponent"], args["opponent"])
    with pytest.raises(CommandError, match=message):
        commands.batter_or_trick(fight.table.encounter, fight.table.gm, initiator=fight.anders.pk, **args)
    assert fight.pools() == (advantage, 0) and conditions_of(fight.orc) == {}


def test_momentum_replaces_batter_and_trick(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["momentum"])
    with pytest.raises(CommandError, match="Momentum"):
        manoeuvre(fight, "batter", initiator_roll=15, opponent_roll=60)


def test_the_gm_screen_offers_batter_and_trick_beside_the_spends(fight):
    encounter = fight.table.encounter
    page = fight.table.client(fight.table.gm).get(f"/encounters/{encounter.pk}/").content.decode()
    form = page.split('id="batter-or-trick"')[1].split("</form>")[0]
    assert 'name="initiator_roll"' in form and 'name="opponent_roll"' in form and 'name="condition"' in form
    spends = page.split('id="spend-advantage"')[1].split("</form>")[0]
    assert "Batter" not in spends and "Trick" not in spends


def test_with_the_house_d20_tests_the_form_asks_for_the_d20(fight):
    encounter = fight.table.encounter
    commands.set_house_rules(encounter, fight.table.gm, rules=["tests", "other_opposed_tests"])
    page = fight.table.client(fight.table.gm).get(f"/encounters/{encounter.pk}/").content.decode()
    form = page.split('id="batter-or-trick"')[1].split("</form>")[0]
    assert 'name="d20"' in form and "initiator_roll" not in form


def test_a_batter_or_trick_posted_from_the_gm_screen(fight):
    anders_turn(fight)
    encounter = fight.table.encounter
    response = fight.table.client(fight.table.gm).post(
        f"/encounters/{encounter.pk}/do/batter_or_trick/",
        {"spend": "batter", "initiator": fight.anders.pk, "opponent": fight.orc.pk, "initiator_roll": 15,
         "opponent_roll": 60, "condition": ""},
    )  # fmt: skip
    assert response.status_code in (200, 302)
    assert conditions_of(fight.orc) == {"Prone": 1}


def test_the_form_follows_a_house_rule_and_a_newcomer_though_it_is_reused_between_renders(fight):
    encounter = fight.table.encounter
    gm = fight.table.client(fight.table.gm)

    def form():
        page = gm.get(f"/encounters/{encounter.pk}/").content.decode()
        return page.split('id="batter-or-trick"')[1].split("</form>")[0]

    assert "initiator_roll" in form() and "Wolf" not in form()
    commands.set_house_rules(encounter, fight.table.gm, rules=["tests", "other_opposed_tests"])
    commands.add_combatant(encounter, fight.table.gm, name="Wolf", max_wounds=6)
    now = form()
    assert 'name="d20"' in now and "initiator_roll" not in now
    assert now.count(">Wolf</option>") == 2  # as the one who spends and as the opponent


def test_additional_effort_bought_before_a_trick_goes_on_the_trick_not_the_next_attack(fight):
    anders_turn(fight, advantage=3)
    commands.spend_advantage(fight.table.encounter, fight.table.gm, side="ally", spend="additional_effort", amount=2)
    # Agility 33 + 10 = 43 rolls 40: +0 SL (without the effort -1); the orc's 30 rolls 35: -0 SL. The tie goes to
    # the higher Agility: Anders's 43.
    outcome = manoeuvre(fight, "trick", condition="Blinded", initiator_roll=40, opponent_roll=35)
    assert outcome.result["won"] and outcome.result["initiator_sl"] == 0
    assert outcome.result["additional_effort"] == 10
    assert "Additional Effort: +10% to Anders's Test" in outcome.message
    # A Test made with Additional Effort earns its maker no Advantage: 3 - 2 - 1, and no +1 for the win.
    assert fight.pools() == (0, 0)
    assert fight.table.encounter.state.additional_effort == {}  # spent: nothing waits for the next attack
