"""What the screens show of the gear-and-ground rules (commands/scale.py, traps.py, alchemy.py), each only while the
table plays it: how far a Movement Action takes each combatant on the map's squares and what is left of the active
one's, the active combatant's traps, their try to get free and the alchemical weapons they carry (with the GM's turn
tools and on their player's phone), and the traps set, which only the GM sees."""

from combat.models import Encounter
from rules.engine import symbaroum_alternate as alternate
from systems.symbaroum import toggles
from systems.symbaroum.commands.alchemy import THROWN
from systems.symbaroum.commands.scale import HOBBLED
from systems.symbaroum.commands.traps import FACING
from systems.symbaroum.commands.turn import turn_key
from systems.symbaroum.models import Trap
from systems.symbaroum.sheet import carried_weapons


def extend(view):
    encounter = view.encounter
    state = encounter.state
    active = view.active if encounter.status == Encounter.Status.ACTIVE else None
    acting = active is not None and (view.is_gm or active.mine) and not (active.dying or active.dead)
    extend_scale(view, active if acting else None)
    extend_traps(view, active if acting else None, state)
    extend_alchemy(view, active if acting else None)


def extend_scale(view, active):
    """Seed 001 "Movement by Scale": 5 squares of 2 metres a Movement Action, half when hobbled."""
    view.scale_on = view.encounter.plays(toggles.MOVEMENT_BY_SCALE)
    buildings = view.encounter.state.buildings
    for row in view.rows:
        hobbled = any(condition.name == HOBBLED for condition in row.conditions)
        row.stride = alternate.stride(hobbled) if view.scale_on and str(row.pk) not in buildings else None
    view.scale_move = None
    if view.scale_on and active is not None and view.turn_used is not None:
        used = view.turn_used
        left = max(0, used["movements_allowed"] - used["movements"]) * active.stride.squares
        view.scale_move = {"stride": active.stride, "left": left, "metres": left * alternate.METRES_PER_SQUARE}


def extend_traps(view, active, state):
    view.traps_on = view.encounter.plays(toggles.TRAPS)
    view.trap_kinds, view.traps_set, view.get_free_offered, view.spotted_traps = [], [], False, []
    view.facing = FACING
    if not view.traps_on:
        return
    names = {row.pk: row.name for row in view.rows}
    if view.is_gm:
        view.traps_set = [{**t, "setter_name": names.get(t["setter"], "someone")} for t in state.traps]
    if active is None:
        return
    view.trap_kinds = list(Trap.objects.filter(system=view.encounter.system).values_list("name", flat=True))
    caught = state.trapped.get(str(active.pk))
    asked = any(p["combatant"] == active.pk and p["kind"] == "get_free" for p in state.prompts)
    view.get_free_offered = bool(caught) and not asked and caught["tried"] != turn_key(view.encounter)
    if not caught:  # the traps they have discovered, which they may jump, go around or disarm
        view.spotted_traps = [t for t in state.traps if active.pk in t.get("spotted_by", ())]


def extend_alchemy(view, active):
    view.alchemy_on = view.encounter.plays(toggles.ALCHEMICAL_WEAPONS)
    view.alchemy_weapons, view.alchemy_targets = [], []
    if not view.alchemy_on or active is None or not active.character_id:
        return
    carried = {name for pk, name, _ in carried_weapons(view) if pk == active.character_id}
    view.alchemy_weapons = [(key, name) for key, name in THROWN if name in carried]
    view.alchemy_targets = [row for row in view.rows if row.pk != active.pk and not row.dead]
