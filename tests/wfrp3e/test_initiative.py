"""Initiative from an Agility check (seed 003 "Active Player's Turn"): the player rolls on their phone, typing the
symbols or leaving them to the tracker; the GM may type the successes; Agility breaks ties."""

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.engine import wfrp3e
from systems.wfrp3e.commands.pools import percent


def order(fight):
    return [c.name for c in fight.encounter.combatants.order_by("position")]


def test_the_players_typed_symbols_net_their_successes_into_the_order(planned_fight):
    fight = planned_fight
    asked = fight.gm("ask_initiative", combatant=fight.magda.pk)
    entry = fight.state().prompts[0]
    assert entry["summary"] == "3 characteristic" and entry["sources"] == ["3 characteristic (Agility)"]
    assert entry["chance"] == percent(wfrp3e.net_success_chance({"characteristic": 3}))
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "roll_initiative_check", prompt=asked.result["prompt"], successes=1)
    with pytest.raises(CommandError, match=r"These dice cannot show challenges 1 \(at most 0\)"):
        fight.run(fight.table.anna, "roll_initiative_check", prompt=entry["id"], successes=3, challenges=1)
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
