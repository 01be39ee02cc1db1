"""A WFRP 4e turn's budget (systems/turn_budget.py): a Move and an Action, the Action doubled by one bought with
Advantage (seed 002 "Combat Summary" step 3, "Additional Action"), and what the Conditions and fumbles take from it.
A Condition whose house rule is in force limits the turn as seed 000 "Conditions" says; otherwise as the core rules
do."""

from rules.engine import wfrp4e, wfrp4e_house
from systems.turn_budget import Limit, Part
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import fumbles
from systems.wfrp4e.commands.turn import lost_this_turn, turn_state

LOST = {"move": "Move lost", "action": "Action lost"}


def parts(encounter):
    state = turn_state(encounter)
    used = f"{state['actions']} of {state['allowed']} used"
    return [
        Part("move", "Move", 0 if state["move"] else 1, "the Move is already used this turn"),
        Part("action", "Action", max(0, state["allowed"] - state["actions"]), f"no Action left this turn ({used})"),
    ]


def limits(encounter, combatant, conditions):
    found = []
    for name in wfrp4e.TURN_LIMITS:
        if not conditions.get(name):
            continue
        toggle = toggles.condition_toggle(name)
        house = (toggle is not None and encounter.plays(toggle)) or (name == "Unconscious" and encounter.house_rules)
        text, taken, no_turn = (wfrp4e_house if house else wfrp4e).TURN_LIMITS[name]
        found.append(Limit(name, text, taken, no_turn))
    if encounter.status == "active" and encounter.active_id == combatant.pk:
        found += [Limit("Fumble", LOST[part], (part,)) for part in lost_this_turn(encounter)]
        penalty = fumbles.action_penalty(encounter, combatant)
        if penalty:
            found.append(Limit("Fumble", f"{penalty} to the Action"))
    return found
