"""What a Symbaroum combatant may still do: Winded and Unconscious cost their bearer whole turns, counted in the turns
passed over (seed 001 "Hit Locations"), and refuse what the bearer would do meanwhile, unless the GM allows it."""

import pytest

from combat.commands import TurnRefused


def told_until(fight, predicate):
    """Pass turns on until `predicate(outcome)`; the messages of every turn change on the way."""
    told = []
    for _ in range(12):
        outcome = fight.gm("next_turn")
        told.append(outcome.message)
        if predicate(outcome):
            return told
    raise AssertionError(f"never: {told}")


def names(fight, combatant):
    return {c.name: c for c in fight.fresh(combatant).conditions.all()}


def test_winded_after_acting_still_costs_the_next_turn(fight):
    fight.turn_of(fight.goblin)  # Ulrika has acted this round
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Winded", remaining=1)
    told = told_until(fight, lambda outcome: outcome.result["round"] == 2)
    assert "Ulrika is Winded: no turn. Ulrika's Winded ends." in told[-1]
    assert fight.state() is not None and fight.encounter.active_id == fight.ansgar.pk
    assert "Winded" not in names(fight, fight.ulrika)
    told = told_until(fight, lambda outcome: outcome.result["active"] == fight.ulrika.pk)  # round 3: she acts again
    assert "Round 3 begins" in told[-1]


def test_unconscious_for_two_turns_misses_two_turns(fight):
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Unconscious", remaining=2)
    told = told_until(fight, lambda outcome: outcome.result["round"] == 3)
    passed = [message for message in told if "Goblin is Unconscious: no turn." in message]
    assert len(passed) == 2 and "Goblin's Unconscious ends." in passed[1]
    told = told_until(fight, lambda outcome: outcome.result["active"] == fight.goblin.pk)
    assert told[-1].endswith("Goblin's turn.")


def test_a_winded_combatant_cannot_attack_unless_the_gm_allows_it_and_undo_takes_it_back(fight):
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Winded", remaining=1)
    with pytest.raises(TurnRefused, match="^Ulrika cannot do that: Winded: no turn. The GM can allow"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=14)
    fight.encounter.refresh_from_db()
    version = fight.encounter.version
    allowed = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=14, allow_anyway=True)
    assert allowed.message.endswith("The GM allows it anyway (Ulrika, Winded: no turn).")
    assert allowed.result["allowed_anyway"] == ["Ulrika, Winded: no turn"]
    fight.gm("undo")
    fight.encounter.refresh_from_db()
    assert fight.encounter.version == version + 2 and fight.state().turn.get("combat", 0) == 0


def test_the_api_state_shows_the_turn_and_its_limits_to_the_gm_and_the_bearer_only(fight):
    fight.gm("add_condition", combatant=fight.ansgar.pk, condition="Winded", remaining=1)
    fight.gm("mark_action", part="movement", used=True)
    gm = fight.table.client(fight.table.gm).get(f"/api/encounters/{fight.encounter.pk}/").json()
    rows = {row["name"]: row for row in gm["combatants"]}
    assert rows["Ulrika"]["this_turn"]["parts"] == [
        {"part": "combat", "label": "Combat Action", "left": 1, "why": ""},
        {"part": "movement", "label": "Movement Action", "left": 1, "why": ""},  # the Combat Action may become one
    ]
    assert rows["Brother Ansgar"]["this_turn"] == {
        "parts": [],
        "limits": [{"cause": "Winded", "text": "no turn", "no_turn": True}],
    }
    anna = fight.table.client(fight.table.anna).get(f"/api/encounters/{fight.encounter.pk}/").json()
    others = {row["name"]: row for row in anna["combatants"]}
    assert others["Brother Ansgar"]["this_turn"] is None  # another player's character: name and side only
    phone = fight.table.client(fight.table.bruno).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "Winded: no turn" in phone


def test_a_condition_that_costs_turns_counts_them_in_turns_on_the_screens(fight):
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Unconscious", remaining=2)
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Bleeding", remaining=3)
    gm = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "Unconscious <em>2 turns</em>" in gm and "Bleeding <em>3 rds</em>" in gm
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "Bleeding <em>3 rounds left</em>" in phone
