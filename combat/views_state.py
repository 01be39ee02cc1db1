"""What one viewer may see of an encounter: the single source for the pages, the websocket and the API.

Players get only revealed combatants, and no NPC wound numbers; everything is built in a fixed number of
queries however many combatants there are.
"""

from dataclasses import dataclass, field

from characters.models import Character
from characters.sheet import Sheet, characteristic_order, with_sheet
from combat.commands import group_advantage
from combat.commands import momentum as momentum_rule
from combat.commands.conditions import PROMPTS
from combat.commands.encounter import ROUND_EFFECTS
from combat.commands.surprise import SURPRISED
from combat.commands.turn import turn_state
from combat.models import Combatant, ConditionInstance, Encounter
from combat.permissions import GM, role
from rules.engine import wfrp4e, wfrp4e_house
from rules.models import ConditionDefinition

LOG_LINES = 30


@dataclass
class Row:
    combatant: object
    conditions: list
    mine: bool
    show_wounds: bool
    turn: int
    sheet: object = None
    braced: bool = False

    @property
    def surprised(self):
        return any(c.name == SURPRISED for c in self.conditions)

    def __getattr__(self, name):
        return getattr(self.combatant, name)


@dataclass
class EncounterView:
    encounter: Encounter
    role: str
    user: object
    rows: list
    active: object
    log: list = field(default_factory=list)
    condition_choices: list = field(default_factory=list)
    pools: dict | None = None
    round_end: dict | None = None
    round_effects: dict | None = None
    turn_used: dict | None = None
    momentum: bool = False
    round_starting: bool = False
    active_limits: list = field(default_factory=list)
    prompts: list = field(default_factory=list)
    momentum_gains = wfrp4e_house.MOMENTUM_GAINS
    momentum_spends = momentum_rule.SPENDS
    momentum_talents = wfrp4e_house.MOMENTUM_TALENTS
    advantage_gains = wfrp4e.ADVANTAGE_GAINS
    advantage_spends: list = field(default_factory=list)
    pool_sides = group_advantage.POOL_SIDES

    sides = Combatant.Side.choices

    @property
    def is_gm(self):
        return self.role == GM

    @property
    def turn(self):
        return self.active.turn if self.active else None

    @property
    def mine(self):
        return [row for row in self.rows if row.mine]

    @property
    def can_choose_place(self):
        """Fortune's "choose when to act" is open at the start of a Round (house rule "Fortune Points")."""
        encounter = self.encounter
        if not encounter.plays("fortune_points") or encounter.status == "ended":
            return False
        return encounter.status == "planning" or self.round_starting

    @property
    def my_turn(self):
        return bool(self.active and self.active.mine)


def load_encounter(pk):
    return Encounter.objects.select_related("campaign").get(pk=pk)


def build(encounter, user, viewer_role=None, with_sheets=False):
    """The view of `encounter` for `user`, or None when the user may not see it."""
    viewer_role = viewer_role or role(encounter, user)
    if viewer_role is None:
        return None
    gm = viewer_role == GM
    everyone = list(encounter.combatants.select_related("character__player").order_by("position", "pk"))
    combatants = [c for c in everyone if gm or not c.hidden]
    by_combatant = {}
    for condition in ConditionInstance.objects.filter(combatant__encounter=encounter).select_related("definition"):
        by_combatant.setdefault(condition.combatant_id, []).append(condition)
    rows = []
    for turn, c in enumerate(combatants, start=1):
        mine = c.character_id is not None and c.character.player_id == user.pk
        rows.append(Row(c, by_combatant.get(c.pk, []), mine, gm or mine or not c.is_npc, turn))
    if with_sheets:  # the stat blocks: on the page load only, live pushes don't change them
        attach_sheets([row for row in rows if row.mine], encounter.system)
    active = next((row for row in rows if row.pk == encounter.active_id), None)
    view = EncounterView(encounter, viewer_role, user, rows, active)
    view.round_starting = bool(everyone) and everyone[0].pk == encounter.active_id
    braced = encounter.pools.get("braced", {})
    for row in rows:
        row.braced = str(row.pk) in braced
    if active is not None:
        in_force = [c.name for c in active.conditions if encounter.plays(c.name.lower()) or c.name == "Unconscious"]
        view.active_limits = [text for _, text in wfrp4e_house.turn_limits(in_force)] if encounter.house_rules else []
    view.momentum = momentum_rule.uses_momentum(encounter)
    visible = {row.pk for row in rows if gm or row.mine}
    view.prompts = [p for p in encounter.pools.get(PROMPTS, []) if p["combatant"] in visible]
    if group_advantage.uses_group_advantage(encounter):
        view.pools = group_advantage.pools(encounter)
        ended_round = encounter.pools.get(group_advantage.ROUND_END_PENDING)
        if gm and ended_round is not None:
            conditions = [c for row in rows for c in row.conditions]
            counts, dominant = group_advantage.proposal(encounter, combatants, conditions)
            view.round_end = {"round": ended_round, "counts": counts, "dominant": dominant or "none"}
    if active is not None:
        view.turn_used = turn_state(encounter)
    effects = encounter.pools.get(ROUND_EFFECTS)
    if gm and effects and effects["round"] == encounter.round and (effects["end"] or effects["start"]):
        view.round_effects = effects
    if gm:
        view.log = list(encounter.log.select_related("user")[:LOG_LINES])
        view.condition_choices = list(ConditionDefinition.objects.filter(system=encounter.system))
        if view.pools is not None:
            view.advantage_spends = group_advantage.spend_choices(encounter)
    return view


def attach_sheets(rows, system):
    """The viewer's own characters get their full sheet, in a fixed number of queries."""
    if not rows:
        return
    characters = with_sheet(Character.objects.filter(pk__in=[row.character_id for row in rows]))
    order = characteristic_order(system)
    sheets = {character.pk: Sheet(character, order) for character in characters}
    for row in rows:
        row.sheet = sheets[row.character_id]


def as_json(view):
    """The API's state object (DESIGN.md "JSON API"). A player's holds exactly what their phone shows: the turn
    order's names and sides, and their own characters in full; the GM's holds every combatant in full."""
    encounter = view.encounter
    return {
        "id": encounter.pk,
        "name": encounter.name,
        "system": encounter.system,
        "houserules": encounter.house_rules,
        "status": encounter.status,
        "version": encounter.version,
        "round": encounter.round,
        "turn": view.turn,
        "active": view.active.pk if view.active else None,
        "pools": view.pools or {},
        "round_end": view.round_end,
        "prompts": [prompt_json(p) for p in view.prompts],
        "combatants": [combatant_json(view, row) for row in view.rows],
    }


def combatant_json(view, row):
    """A combatant as this viewer's screen shows it: a player sees of others only their name and side."""
    shown = {"id": row.pk, "name": row.name, "side": row.side}
    if not (view.is_gm or row.mine):
        return {**shown, **dict.fromkeys(COMBATANT_DETAILS)}
    return {
        **shown,
        "initiative": row.initiative,
        "wounds": row.wounds,
        "max_wounds": row.max_wounds,
        "advantage": row.advantage,
        "momentum": row.advantage if view.momentum else None,
        "hidden": row.hidden,
        "character": row.character_id,
        "conditions": [{"name": c.name, "count": c.count, "remaining": c.remaining} for c in row.conditions],
    }


COMBATANT_DETAILS = ["initiative", "wounds", "max_wounds", "advantage", "momentum", "hidden", "character", "conditions"]


def prompt_json(prompt):
    """An open test waiting for a roll, as the GM screen and the phone show it."""
    return {key: prompt.get(key) for key in ("id", "combatant", "name", "kind", "reason", "skill", "target")}
