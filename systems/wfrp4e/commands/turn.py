"""A turn is one Move and one Action (seed 002 "Combat Summary" step 3), plus an Additional Action bought
with Advantage. The tracker keeps what the active combatant has used in the encounter's state (`turn`)."""

from combat.commands.fields import OneOfField, YesNoField
from combat.commands.spine import Args, CommandError
from rules.engine import wfrp4e, wfrp4e_house
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import command
from systems.wfrp4e.commands.group_advantage import has_additional_action, turn_key

__all__ = ["mark_turn"]

# The part of the turn's budget (systems/wfrp4e/budget.py) each tick spends; a weapon swap spends none.
SPENT_BY = {
    "move": "move", "charge": "move", "stand_up": "move", "crawl": "move",
    "action": "action", "sprint": "action", "brace": "action",
}  # fmt: skip

PARTS = [
    ("move", "Move"),
    ("charge", "Charge"),
    ("action", "Action"),
    ("sprint", "Sprint"),
    ("swap", "Swap weapons"),
    ("brace", "Brace"),
    ("stand_up", "Stand up"),
    ("crawl", "Crawl"),
]
PRONE = "Prone"
STUNNED = "Stunned"
PRONE_MOVES = ("stand_up", "crawl")  # what a Prone combatant's Move may do


def turn_state(encounter):
    """What the active combatant has used this turn: {"move": bool, "actions": n, "allowed": n, "swaps": n}."""
    state = encounter.state.turn
    current = state.get("key") == turn_key(encounter)
    allowed = 1 + has_additional_action(encounter)
    return {
        "move": current and state.get("move", False),
        "actions": state.get("actions", 0) if current else 0,
        "allowed": allowed,
        "swaps": state.get("swaps", 0) if current else 0,
    }


def in_additional_action(encounter, combatant):
    """Seed 002 "Additional Action": once the turn's own Action is used, the active combatant's next one is the
    Action bought with Advantage."""
    state = turn_state(encounter)
    return encounter.active_id == combatant.pk and state["allowed"] > 1 and state["actions"] >= 1


def lost_this_turn(encounter):
    """The parts ("move", "action") a fumble took from the active combatant's turn before it began."""
    state = encounter.state.turn
    return state.get("lost", []) if state.get("key") == turn_key(encounter) else []


def use(encounter, part, used=True):
    """Record a Move, a Charge, an Action, a Sprint or a weapon swap; returns the note of planned()."""
    state, note = planned(encounter, part, used)
    if part == "brace" and used and encounter.active_id:
        encounter.state.braced[str(encounter.active_id)] = True
    if part == "charge" and encounter.active_id:
        if used:
            encounter.state.charging[str(encounter.active_id)] = True
        else:
            encounter.state.charging.pop(str(encounter.active_id), None)
    lost = lost_this_turn(encounter)
    encounter.state.turn = {
        "key": turn_key(encounter),
        "move": state["move"],
        "actions": state["actions"],
        "swaps": state["swaps"],
        **({"lost": lost} if lost else {}),
    }
    return note


def lose(encounter, parts):
    """The active combatant's turn begins with `parts` ("move", "action") already gone: a fumble took them."""
    for part in parts:
        use(encounter, part)
    encounter.state.turn["lost"] = list(parts)


def planned(encounter, part, used=True):
    """What using (or giving back) a Move, a Charge (seed 002 "Actions": the charging move, then +10 to the first
    melee attack), an Action, a Sprint (seed 000 "Sprinting": the Action moves you as if with two Moves) or a weapon
    swap (seed 000 "Swapping weapons": one free per turn, more take a Move or an Action) would make of this turn,
    changing nothing: (the turn's state, a note when it goes beyond what the turn allows)."""
    state = turn_state(encounter)
    note = ""
    if part in ("move", "charge", *PRONE_MOVES):
        if used and state["move"]:
            note = "the Move was already used this turn"
        state["move"] = used
        if part == "charge" and used:
            note = "; ".join(filter(None, [f"+{wfrp4e.CHARGE_BONUS} to the first melee attack after it", note]))
    elif part == "swap":
        state["swaps"] = max(0, state["swaps"] + (1 if used else -1))
        if used and state["swaps"] > 1:
            note = "a further swap takes a Move or an Action"
    else:
        if used and state["actions"] >= state["allowed"]:
            note = "beyond this turn's Action" + ("s" if state["allowed"] > 1 else "")
        state["actions"] = max(0, state["actions"] + (1 if used else -1))
        if part == "sprint" and used:
            note = "; ".join(filter(None, ["moves as if with two Moves", note]))
        if part == "brace" and used and encounter.active_id:
            # Seed 000 "Brace": until the start of the next turn, against a larger charger.
            note = "; ".join(
                filter(
                    None, ["braced: +1 Reaction Strike level and Damaging (or Impact) against a larger charger", note]
                )
            )
    return state, note


class MarkTurnArgs(Args):
    part = OneOfField(choices=PARTS)
    used = YesNoField(help_text="Leave out (false) to give it back.")


def give_back_refusal(state, part):
    """Why the GM cannot take back a tick of `part`: nothing of it was used this turn; or ""."""
    if part in PRONE_MOVES:
        return "gets a stand-up or a crawl back with Undo, which also lays them down again"
    if part in ("move", "charge"):
        return "" if state["move"] else "has not used their Move this turn"
    if part == "swap":
        return "" if state["swaps"] else "has not swapped weapons this turn"
    return "" if state["actions"] else "has not used an Action this turn"


@command(MarkTurnArgs)
def mark_turn(context, part, used):
    encounter = context.encounter
    if encounter.active is None:
        raise CommandError("Nobody's turn is running.")
    if used and part in PRONE_MOVES and prone_of(context, encounter.active) is None:
        label = dict(PARTS)[part]
        raise CommandError(f"{encounter.active.name} is not Prone: {label} is the Move of one lying down.")
    if used and part in SPENT_BY:
        context.may_spend(encounter.active, SPENT_BY[part])  # what the turn's budget has left (budget.py)
    why = "" if used else give_back_refusal(turn_state(encounter), part)
    if why:
        raise CommandError(f"{encounter.active.name} {why}.")
    prone_note = prone_move(context, encounter.active, part) if used else ""
    stunned_note = stunned_move(context, encounter.active, part) if used and not prone_note else ""
    note = "; ".join(filter(None, [prone_note, stunned_note, use(encounter, part, used)]))
    label = dict(PARTS)[part]
    verb = "uses" if used else "gets back"
    return f"{encounter.active.name} {verb} their {label}" + (f" ({note})." if note else "."), {
        "part": part,
        "used": used,
        **turn_state(encounter),
    }


def prone_of(context, combatant):
    return next((c for c in context.conditions if c.combatant_id == combatant.pk and c.name == PRONE), None)


def prone_move(context, combatant, part):
    """Prone (seed 002's conditions; seed 000 "Prone" with the house rule): the Move only stands the combatant up or
    crawls, and by the house rule one with no Wounds left can only crawl, half their Movement in yards. Stands them
    up (the Condition goes) and returns the log's note; refuses in words what Prone does not allow."""
    prone = prone_of(context, combatant)
    if prone is None or part not in ("move", "charge", *PRONE_MOVES):
        return ""
    house = context.encounter.plays(toggles.PRONE)
    if part in ("move", "charge"):
        context.refuse(combatant, "Prone: Move only to stand up or crawl")
        return "though Prone"
    if part == "stand_up":
        if house and combatant.wounds == 0:
            context.refuse(combatant, "Prone with no Wounds left: can only crawl")
        context.reduce_condition(prone)
        return "no longer Prone"
    if house and combatant.character_id:
        yards = wfrp4e_house.crawl_yards(combatant.character.characteristic("M"))
        return f"crawls {yards} yards, half their Movement"
    return "crawls"


def half_move_yards(combatant):
    """Half the combatant's Movement in yards ("2.5"), or None without a character sheet to read it from."""
    return wfrp4e_house.stunned_yards(combatant.character.characteristic("M")) if combatant.character_id else None


def stunned_move(context, combatant, part):
    """Stunned (seed 000 "Stunned", keeping the book's half movement): the Move, or the Charge, covers half the
    combatant's Movement in yards; the log's note says how far, or "" when not Stunned."""
    if part not in ("move", "charge"):
        return ""
    if not any(c.combatant_id == combatant.pk and c.name == STUNNED for c in context.conditions):
        return ""
    yards = half_move_yards(combatant)
    return f"Stunned: half their Movement, {yards} yards" if yards else "Stunned: half their Movement"


def unbrace(encounter, combatant):
    """A Brace lasts until the beginning of the bracer's next turn."""
    if encounter.state.braced.pop(str(combatant.pk), None):
        return f"{combatant.name} is no longer braced."
    return ""
