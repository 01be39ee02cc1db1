"""A WFRP 3e turn's budget (systems/turn_budget.py): one action card (seed 003 "Middle of Turn Phase"), one free
manoeuvre, each further one costing fatigue ("Maneuvers"), one free step along the stance meter, each further one
costing stress ("Beginning of Turn Phase"), and what the character's state takes from it. Knocked
out, dead, Unconscious from fatigue and Exhausted from stress leave them senseless: no turn (seed 003 "Impairments &
Wounds")."""

from rules.engine import wfrp3e
from systems.turn_budget import Limit, Part
from systems.wfrp3e.commands import health
from systems.wfrp3e.commands.counters import characteristic, counter
from systems.wfrp3e.commands.turn import this_turn

SENSELESS = {wfrp3e.UNCONSCIOUS: "fatigue past twice Toughness", wfrp3e.EXHAUSTED: "stress past twice Willpower"}


def parts(encounter):
    turn = this_turn(encounter)
    played = turn["action"]
    return [
        Part("action", "Action", 0 if played else 1, f"{played} is played this turn: one action card a turn"),
        Part("manoeuvre", "Free manoeuvre", 0 if turn["manoeuvres"] else 1, more_at_a_cost="each more costs fatigue"),
        Part(
            "stance",
            "Free stance step",
            max(wfrp3e.FREE_STANCE_STEPS - turn["stance_steps"], 0),
            more_at_a_cost="each more costs stress",
        ),
    ]


def limits(encounter, combatant):
    out = health.no_turn(encounter.state, combatant)
    if out:
        return [Limit(out, "no turn", no_turn=True)]
    if not combatant.character_id:
        return []
    found = wfrp3e.impairments(
        counter(combatant, wfrp3e.FATIGUE),
        counter(combatant, wfrp3e.STRESS),
        characteristic(combatant, "To"),
        characteristic(combatant, "WP"),
    )
    return [
        Limit(name, f"senseless, no turn ({why})", no_turn=True) for name, why in SENSELESS.items() if name in found
    ]
