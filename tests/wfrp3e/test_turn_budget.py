"""What a WFRP 3e character may still do: fatigue past twice Toughness or stress past twice Willpower leaves them
senseless (seed 003 "Impairments & Wounds"), so they play no card and take no turn, unless the GM allows it."""

import re

import pytest

from combat.commands import CommandError, TurnRefused
from tests.wfrp3e.conftest import trained

UNCONSCIOUS = "Unconscious: senseless, no turn (fatigue past twice Toughness)"


def exhaust(fight):
    """Magda (4 fatigue, Toughness 3) makes manoeuvres on her turn until her fatigue passes 6: the fourth does it."""
    for _ in range(4):
        fight.run(fight.table.anna, "manoeuvre", combatant=fight.magda.pk)
    fight.magda.character.refresh_from_db()
    assert fight.magda.character.points["fatigue"] == 7


def strike(fight, user, **args):
    return fight.run(user, "perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk, **args)


def test_fatigue_past_twice_toughness_refuses_the_card_in_words_unless_the_gm_allows_it(action_fight):
    fight = action_fight
    trained(fight.table.wizard)
    exhaust(fight)
    with pytest.raises(TurnRefused, match=re.escape(f"Magda cannot do that: {UNCONSCIOUS}.") + "$"):
        strike(fight, fight.table.anna)  # her player: nothing to allow
    with pytest.raises(TurnRefused, match=re.escape(f"Magda cannot do that: {UNCONSCIOUS}. The GM can allow it")):
        strike(fight, fight.table.gm)
    with pytest.raises(CommandError, match="^Only the GM can allow"):
        strike(fight, fight.table.anna, allow_anyway=True)
    with pytest.raises(TurnRefused, match=re.escape(UNCONSCIOUS)):
        fight.run(fight.table.anna, "manoeuvre", combatant=fight.magda.pk)
    allowed = strike(fight, fight.table.gm, allow_anyway=True)
    assert allowed.result["allowed_anyway"] == [f"Magda, {UNCONSCIOUS}"]
    assert fight.state().turn["action"] == "Melee Strike"
    fight.gm("undo")
    assert fight.state().turn["action"] is None  # undo gives the turn its card back


def test_a_senseless_character_is_passed_over_with_a_log_line(action_fight):
    fight = action_fight
    exhaust(fight)
    told = [fight.gm("next_turn").message for _ in range(3)]
    assert any("Magda is Unconscious: no turn." in message for message in told)
    assert fight.encounter.combatants.count() == 3
    fight.encounter.refresh_from_db()
    assert fight.encounter.active_id != fight.magda.pk


def test_stress_past_twice_willpower_is_exhausted_no_turn(fight):
    fight.magda.character.points = {**fight.magda.character.points, "stress": 7}  # Willpower 3
    fight.magda.character.save()
    state = fight.table.client(fight.table.gm).get(f"/api/encounters/{fight.encounter.pk}/").json()
    magda = next(row for row in state["combatants"] if row["name"] == "Magda")
    assert magda["this_turn"]["limits"] == [
        {"cause": "Exhausted", "text": "senseless, no turn (stress past twice Willpower)", "no_turn": True}
    ]
    told = [fight.gm("next_turn").message for _ in range(3)]
    assert any("Magda is Exhausted: no turn." in message for message in told)
    phone = fight.page(fight.table.anna)
    assert "Exhausted: senseless, no turn" in phone
