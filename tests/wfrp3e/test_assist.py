"""Seed 003 "Maneuvers" 1, Assist: a manoeuvre (the turn's free one, or a fatigue past it) leaves a fortune die on an
engaged ally's next check; assists add up, the next check's pool takes them by itself, and the end of the ally's
turn discards those not used. Played from the phone and the GM screen; undo gives everything back."""

import pytest

from combat import commands
from combat.commands import CommandError, CommandForbidden
from tests.factories import EncounterFactory
from tests.wfrp3e.test_phone_actions import form


def assist_from_phone(fight, user, combatant, ally):
    client = fight.table.client(user)
    return client.post(f"/encounters/{fight.encounter.pk}/do/assist/", {"combatant": combatant.pk, "ally": ally.pk})


def strike(fight, user, combatant):
    return fight.run(user, "perform_action", combatant=combatant.pk, card="Melee Strike", target=fight.orc.pk)


def test_the_phone_offers_an_assist_to_an_ally_only(fight):
    html = form(fight.page(fight.table.anna), "assist")
    assert f'<option value="{fight.gunther.pk}">Gunther</option>' in html
    assert f'value="{fight.orc.pk}"' not in html  # an enemy is no ally
    assert "Assist (a manoeuvre)" in html
    assert 'id="assist"' in fight.page(fight.table.gm)


def test_two_assists_stack_and_go_into_the_allys_next_pool(fight):
    assert assist_from_phone(fight, fight.table.anna, fight.magda, fight.gunther).status_code == 302
    assert fight.encounter.log.first().message == "Magda assists Gunther: 1 fortune die waits on Gunther's next check."
    second = fight.run(fight.table.anna, "assist", combatant=fight.magda.pk, ally=fight.gunther.pk)
    # The second manoeuvre of her turn costs a fatigue (4 -> 5).
    assert second.message == "Magda assists Gunther, 1 fatigue: 2 fortune dice wait on Gunther's next check."
    assert fight.points(fight.magda)["fatigue"] == 5
    assert fight.state().assists == {str(fight.gunther.pk): [fight.magda.pk, fight.magda.pk]}
    assert "+2 fortune waiting" in fight.page(fight.table.gm)
    assert f'id="assist-of-{fight.gunther.pk}"' in fight.page(fight.table.bruno)

    fight.gm("next_turn")  # Gunther's turn: the assists wait on his check, not discarded
    assert fight.state().assists
    strike(fight, fight.table.bruno, fight.gunther)
    (entry,) = fight.prompts()
    assert "2 fortune (assist: Magda, Magda)" in entry["sources"]
    assert entry["pool"]["fortune"] == 2
    assert fight.state().assists == {}  # used up
    assert "fortune waiting" not in fight.page(fight.table.gm)

    fight.gm("undo")  # the check undone, the dice wait again
    assert fight.state().assists == {str(fight.gunther.pk): [fight.magda.pk, fight.magda.pk]}


def test_undo_takes_the_assist_and_its_fatigue_back(fight):
    fight.run(fight.table.anna, "assist", combatant=fight.magda.pk, ally=fight.gunther.pk)
    fight.run(fight.table.anna, "assist", combatant=fight.magda.pk, ally=fight.gunther.pk)
    fight.gm("undo")
    assert fight.points(fight.magda)["fatigue"] == 4
    assert fight.state().assists == {str(fight.gunther.pk): [fight.magda.pk]}
    assert fight.state().turn["manoeuvres"] == 1
    fight.gm("undo")
    assert fight.state().assists == {}


def test_assists_not_used_by_the_end_of_the_allys_turn_are_discarded(fight):
    fight.run(fight.table.anna, "assist", combatant=fight.magda.pk, ally=fight.gunther.pk)
    fight.gm("next_turn")  # Gunther's turn begins
    assert fight.state().assists
    told = fight.gm("next_turn").message  # and ends without a check
    assert "Gunther's 1 fortune die from assists goes unused: discarded." in told
    assert fight.state().assists == {}


def test_the_gm_assists_for_an_npc_on_its_turn(fight):
    goblin = fight.encounter.combatants.get(
        pk=commands.add_combatant(fight.encounter, fight.table.gm, name="Goblin", max_wounds=5).result["combatant"]
    )
    fight.turn_of(fight.orc)
    said = fight.gm("assist", combatant=fight.orc.pk, ally=goblin.pk).message
    assert said == "Orc assists Goblin: 1 fortune die waits on Goblin's next check."


def test_refusals_are_in_words_and_change_nothing(fight):
    table = fight.table
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Orc is not on Magda's side: an assist helps an engaged ally\.$"):
        fight.run(table.anna, "assist", combatant=fight.magda.pk, ally=fight.orc.pk)
    with pytest.raises(CommandError, match=r"^Magda cannot assist themselves: pick an engaged ally\.$"):
        fight.run(table.anna, "assist", combatant=fight.magda.pk, ally=fight.magda.pk)
    with pytest.raises(CommandForbidden, match=r"^Gunther is not your character\.$"):
        fight.run(table.anna, "assist", combatant=fight.gunther.pk, ally=fight.magda.pk)
    with pytest.raises(CommandError, match=r"^Gunther assists on their own turn only\.$"):
        fight.run(table.bruno, "assist", combatant=fight.gunther.pk, ally=fight.magda.pk)
    elsewhere = EncounterFactory(campaign=table.campaign, name="Elsewhere")
    stranger = commands.add_combatant(elsewhere, table.gm, name="Stranger", max_wounds=5).result["combatant"]
    with pytest.raises(CommandError, match=f"There is no combatant {stranger} in this encounter."):
        fight.run(table.anna, "assist", combatant=fight.magda.pk, ally=stranger)
    assert fight.state() == before
    # Over HTTP, a bad id answers in words, never a 500.
    client = table.client(table.anna)
    answer = client.post(
        f"/encounters/{fight.encounter.pk}/do/assist/",
        {"combatant": fight.magda.pk, "ally": "nobody"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code < 500
    assert fight.state() == before
