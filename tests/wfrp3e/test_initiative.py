"""Initiative from an Agility check (seed 003 "Active Player's Turn"): the player rolls on their phone, typing the
symbols or leaving them to the tracker; the GM may type the successes; Agility breaks ties."""

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.engine import wfrp3e
from rules.engine.dice import Dice, TypedDice
from systems.wfrp3e.commands.pools import percent


def order(fight):
    return [c.name for c in fight.encounter.combatants.order_by("position")]


def test_the_players_typed_symbols_net_their_successes_into_the_order(planned_fight):
    fight = planned_fight
    asked = fight.gm("ask_initiative", combatant=fight.magda.pk)
    entry = fight.state().prompts[0]
    # Her 4 fatigue against Toughness 3: Fatigued weighs on this Agility check as on any physical one.
    assert entry["summary"] == "3 characteristic, 1 misfortune"
    assert entry["sources"] == ["3 characteristic (Agility)", "1 misfortune (Fatigued)"]
    assert entry["chance"] == percent(wfrp3e.net_success_chance({"characteristic": 3, "misfortune": 1}))
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "roll_initiative_check", prompt=asked.result["prompt"], successes=1)
    with pytest.raises(CommandError, match=r"These dice cannot show challenges 2 \(at most 1\)"):
        fight.run(fight.table.anna, "roll_initiative_check", prompt=entry["id"], successes=3, challenges=2)
    outcome = fight.run(fight.table.anna, "roll_initiative_check", prompt=entry["id"], successes=2, boons=1)
    assert outcome.result == {"initiative": 2} and fight.state().prompts == []
    fight.gm("set_initiative", combatant=fight.orc.pk, value=2)
    fight.gm("set_initiative", combatant=fight.gunther.pk, value=1)
    assert order(fight) == ["Magda", "Orc", "Gunther"]  # tied at 2: Magda's Agility 3 beats the orc's 2


def test_left_empty_the_tracker_rolls_the_pool(planned_fight):
    fight = planned_fight
    fight.gm("ask_initiative", combatant=fight.gunther.pk)
    entry = fight.state().prompts[0]
    outcome = fight.run(fight.table.bruno, "roll_initiative_check", prompt=entry["id"])
    assert 0 <= outcome.result["initiative"] <= 4 and "rolled by the tracker" in outcome.message


def test_roll_initiative_orders_by_successes_then_agility(planned_fight):
    fight = planned_fight
    for combatant in (fight.magda, fight.gunther, fight.orc):
        fight.gm("set_initiative", combatant=combatant.pk, value=1)
    fight.gm("roll_initiative")
    assert order(fight) == ["Gunther", "Magda", "Orc"]


def test_the_gm_dismisses_an_open_check(planned_fight):
    planned_fight.gm("ask_initiative", combatant=planned_fight.magda.pk)
    entry = planned_fight.state().prompts[0]
    with pytest.raises(CommandForbidden):
        planned_fight.run(planned_fight.table.anna, "dismiss_check", prompt=entry["id"])
    planned_fight.gm("dismiss_check", prompt=entry["id"])
    assert planned_fight.state().prompts == []


def test_fatigued_and_the_condition_cards_dice_reach_the_initiative_check(planned_fight):
    # Seed 003 "Impairments & Wounds" › Fatigued and "Condition Cards": an initiative check is an Agility check.
    fight = planned_fight
    for condition in ("Overwhelmed", "Inspired", "Traumatized", "Perplexed"):
        fight.gm("add_condition_card", combatant=fight.magda.pk, condition=condition)
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    assert sorted(fight.state().prompts[0]["sources"]) == [
        "1 challenge (Overwhelmed)",
        "1 challenge (Traumatized)",
        "1 fortune (Inspired)",
        "1 misfortune (Fatigued)",
        "3 characteristic (Agility)",
    ]  # not Perplexed: Agility is no mental characteristic


def test_a_newcomer_rolled_by_the_tracker_rolls_the_same_pool(fight):
    # Agility 3 and Fatigued: the tracker rolls three characteristic dice and the misfortune die, which shows a
    # challenge on a 4 and cancels the one success the characteristic dice show (faces 3, 1, 1).
    fight.gm("remove_combatant", combatant=fight.magda.pk)
    dice = TypedDice(Dice(), {8: [3, 1, 1], 6: [4]})
    added = fight.gm("add_combatant", character=fight.table.wizard.pk, roll=True, dice=dice)
    magda = fight.encounter.combatants.get(pk=added.result["combatant"])
    assert magda.initiative == 0


def test_roll_initiative_asks_each_player_on_her_phone_and_rolls_the_npcs(planned_fight):
    # Seed 003 "Active Player's Turn": everyone's initiative is an Agility check, as each one's own button makes it.
    fight = planned_fight
    outcome = fight.gm("roll_initiative")
    asked = {p["combatant"]: p for p in fight.prompts()}
    assert sorted(asked) == sorted([fight.magda.pk, fight.gunther.pk])
    assert {p["answer"] for p in asked.values()} == {"roll_initiative_check"}
    orc = fight.fresh(fight.orc)
    assert 0 <= orc.initiative <= 2 and outcome.result["rolled"] == {str(fight.orc.pk): orc.initiative}
    assert f"Rolled by the tracker: Orc {orc.initiative}." in outcome.message
    assert "Agility checks asked of Magda, Gunther" in outcome.message
    assert fight.encounter.log.count() == 1 + 3  # one line, after the three added
    assert order(fight)[0] == "Orc" and fight.fresh(fight.magda).initiative is None
    assert "Initiative: Agility" in fight.page(fight.table.anna)
    fight.run(fight.table.anna, "roll_initiative_check", prompt=asked[fight.magda.pk]["id"], successes=2)
    fight.run(fight.table.bruno, "roll_initiative_check", prompt=asked[fight.gunther.pk]["id"], successes=1)
    assert (fight.fresh(fight.magda).initiative, fight.fresh(fight.gunther).initiative) == (2, 1)
    assert order(fight)[0] == "Magda"  # the orc at most 2, and her Agility 3 beats its 2


def test_roll_initiative_keeps_what_was_typed_unless_everyone_is_asked(planned_fight):
    fight = planned_fight
    fight.gm("set_initiative", combatant=fight.magda.pk, value=3)
    fight.gm("roll_initiative")
    assert [p["combatant"] for p in fight.prompts()] == [fight.gunther.pk]
    assert fight.fresh(fight.magda).initiative == 3
    fight.gm("roll_initiative", everyone=True)
    assert sorted(p["combatant"] for p in fight.prompts()) == sorted([fight.magda.pk, fight.gunther.pk])
    assert fight.fresh(fight.magda).initiative is None
