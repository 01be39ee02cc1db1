"""What the screens offer of the turn order and of melee, only where it can apply: engaging, disengaging and
running past enemies for the active combatant (seed 001 "Turn Order" › "Combat With Weapons Ready", "Special
Actions" › "Disengage From Melee Combat", "Actions in Combat" › "Movement Action"), a free attack the GM grants by
hand ("Free Attack"), Delay the Initiative before they act, Quick Strike and Take the Initiative for the coming
round, and the GM's ambush before the start ("Turn Order" › "Surprise"); each while the house rules its command
requires are in force.

The GM may act for everyone; a player's phone offers their own character's part only (their turn, their rows)."""

from combat.commands.spine import lookup
from combat.models import Encounter
from systems.symbaroum.commands import KEY, initiative, melee
from systems.symbaroum.commands.sides import enemies
from systems.symbaroum.commands.turn import turn_used

RESOLUTE = {True: "Resolute passed", False: "Resolute failed", None: "Resolute to roll"}


def offered(encounter, name):
    """Whether the encounter may run the command `name` with the house rules in force (its `requires`)."""
    return lookup(name, KEY).unavailable(encounter) is None


def extend(view):
    encounter = view.encounter
    extend_turn(view)
    # All the active combatant's melee and delay forms show, the GM's (answered on the screen) not the phone's: they
    # are reused while it holds.
    active = view.active and (view.active.pk, view.active.name)
    listed = (view.engage_targets, view.engaged_enemies, view.delay_before)
    view.turn_tools_key = view.form_key(view.is_gm, active, *([(row.pk, row.name) for row in rows] for rows in listed))
    extend_coming_round(view)
    view.ambush_open = view.is_gm and encounter.status == Encounter.Status.PLANNING and offered(encounter, "ambush")
    view.surprise_outcomes, view.initiative_outcomes = melee.SURPRISE_OUTCOMES, initiative.OUTCOMES
    declaring = any(row.may_strike_first or row.may_take_initiative for row in view.rows)
    view.turn_order_tools = view.ambush_open or declaring
    if view.is_gm and view.for_screen:  # all the GM's panel shows: its HTML is reused while this holds
        listed = [(row.pk, row.name, row.side, row.may_strike_first, row.may_take_initiative) for row in view.rows]
        declarations = (view.coming_round, view.declared, view.quick_strike_on, view.take_initiative_on)
        view.turn_order_panel_key = view.form_key(declarations, view.ambush_open, view.feats_on, listed)


def extend_turn(view):
    """The active combatant's melee and Delay the Initiative, for the GM and for the active player's phone."""
    view.engage_targets, view.engaged_enemies, view.delay_before = [], [], []
    encounter, active = view.encounter, view.active
    if encounter.status != Encounter.Status.ACTIVE or active is None or not (view.is_gm or active.mine):
        return
    if active.dying or active.dead:
        return
    engaged = melee.engaged_with(encounter.state, active.pk)
    others = [row for row in view.rows if row.pk != active.pk]
    if offered(encounter, "engage"):
        view.engage_targets = [row for row in others if row.pk not in engaged and enemies(active, row)]
    if offered(encounter, "disengage"):
        view.engaged_enemies = [row for row in others if row.pk in engaged]
    used = turn_used(encounter)
    if offered(encounter, "delay_initiative") and not used["combat"] and not used["movements"]:
        view.delay_before = [row for row in others if row.turn > active.turn]


def extend_coming_round(view):
    """Who may still declare Quick Strike or Take the Initiative for the coming round, and who already did."""
    encounter = view.encounter
    state = encounter.state
    view.coming_round = None if encounter.status == Encounter.Status.ENDED else initiative.coming_round(encounter)
    view.quick_strike_on = view.coming_round is not None and offered(encounter, "quick_strike")
    view.take_initiative_on = view.coming_round is not None and offered(encounter, "take_the_initiative")
    strikers = [s["combatant"] for s in state.quick_strikes if s["round"] == view.coming_round]
    takers = {t["combatant"]: t["passed"] for t in state.initiative_takers if t["round"] == view.coming_round}
    names = {row.pk: row.name for row in view.rows}
    for row in view.rows:
        acts = not (row.dying or row.dead)
        row.may_strike_first = acts and view.quick_strike_on and row.pk not in strikers
        row.may_take_initiative = acts and view.take_initiative_on and row.pk not in takers
    view.declared = [f"{names[pk]} strikes first" for pk in strikers if pk in names] + [
        f"{names[pk]} takes the initiative, {RESOLUTE[passed]}" for pk, passed in takers.items() if pk in names
    ]
