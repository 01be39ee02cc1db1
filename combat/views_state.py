"""What one viewer may see of an encounter: the single source for the pages, the websocket and the API.

Players get only revealed combatants, and no NPC wound numbers; everything is built in a fixed number of
queries however many combatants there are. The encounter's game system adds its own parts (systems/).
"""

from dataclasses import dataclass, field

import systems
from combat.models import Combatant, ConditionInstance, Encounter
from combat.permissions import GM, role
from rules.models import ConditionDefinition

LOG_LINES = 30


@dataclass
class Row:
    combatant: object
    conditions: list
    mine: bool
    turn: int
    sheet: object = None
    dead: bool = False  # takes no more turns (System.why_no_turn); the systems' views set it
    news: str = ""  # on a player's own row: the newest thing someone else's command did to this character

    def __getattr__(self, name):
        return getattr(self.combatant, name)


@dataclass
class EncounterView:
    """The generic parts; `system.extend_view` adds the system's (pools, turn parts, open tests...)."""

    encounter: Encounter
    role: str
    user: object
    rows: list
    active: object
    system: object
    log: list = field(default_factory=list)
    condition_choices: list = field(default_factory=list)
    prompts: list = field(default_factory=list)  # open tests waiting for a roll, as this viewer may see them
    round_starting: bool = False
    wounds_word: str = "Wounds"  # the system's word for what a combatant's wounds count

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
    def everyone_has_initiative(self):
        return all(row.initiative is not None for row in self.rows)

    @property
    def my_turn(self):
        return bool(self.active and self.active.mine)

    @property
    def up_next(self):
        """Who acts after the active combatant, passing over those who take no turn; None when no one does."""
        if self.active is None:
            return None
        at = self.rows.index(self.active)
        return next((row for row in self.rows[at + 1 :] + self.rows[:at] if not row.dead), None)

    @property
    def parts(self):
        """The system's template partials the generic screens include, by place ("gm_panels", ...)."""
        return self.system.partials


def load_encounter(pk):
    return Encounter.objects.select_related("campaign").get(pk=pk)


def build(encounter, user, viewer_role=None, with_sheets=False):
    """The view of `encounter` for `user`, or None when the user may not see it."""
    viewer_role = viewer_role or role(encounter, user)
    if viewer_role is None:
        return None
    gm = viewer_role == GM
    system = systems.get(encounter.system)
    everyone = list(encounter.combatants.select_related("character__player").order_by("position", "pk"))
    combatants = [c for c in everyone if gm or not c.hidden]
    by_combatant = {}
    for condition in ConditionInstance.objects.filter(combatant__encounter=encounter).select_related("definition"):
        by_combatant.setdefault(condition.combatant_id, []).append(condition)
    rows = []
    for turn, c in enumerate(combatants, start=1):
        mine = c.character_id is not None and c.character.player_id == user.pk
        rows.append(Row(c, by_combatant.get(c.pk, []), mine, turn))
    if with_sheets:  # the stat blocks: on the page load only, live pushes don't change them
        attach_sheets([row for row in rows if row.mine], system)
    active = next((row for row in rows if row.pk == encounter.active_id), None)
    view = EncounterView(encounter, viewer_role, user, rows, active, system)
    view.round_starting = bool(everyone) and everyone[0].pk == encounter.active_id
    view.wounds_word = system.wounds_word(encounter)
    if gm:
        view.log = list(encounter.log.select_related("user")[:LOG_LINES])
        if system.generic_conditions:
            view.condition_choices = list(ConditionDefinition.objects.filter(system=encounter.system))
    system.extend_view(view, everyone)
    for row in rows:  # after the system's view, which may say who is dead or dying
        row.down = system.down(row)
    if not gm:
        tell_news(view, hidden={c.pk: c.name for c in everyone if c.hidden})
    return view


NEWS_LOOKBACK = 20
# The arguments that name who a command is done to (not who does it), in the generic and the systems' commands.
RECEIVING_ARGS = {"target", "targets", "blast_targets", "combatant", "patient", "ambushed", "enemy", "enemies"}


def tell_news(view, hidden):
    """Each of the player's characters gets the newest recent log line of a command someone else ran on it. A line
    that names a combatant the player cannot see, in its arguments or its words (a hidden attacker whose turn it
    is), is passed over. `hidden`: {id: name} of those combatants."""
    mine = {row.pk: row for row in view.mine}
    if not mine:
        return
    entries = view.encounter.log.filter(undone=False).exclude(user=view.user)[:NEWS_LOOKBACK]
    for entry in entries:
        named = set(named_ids(entry.args.values()))
        if named & hidden.keys() or any(name in entry.message for name in hidden.values()):
            continue
        receivers = set(named_ids(value for key, value in entry.args.items() if key in RECEIVING_ARGS))
        for pk in receivers & mine.keys():
            if not mine[pk].news:
                mine[pk].news = entry.message


def named_ids(values):
    """The whole numbers among logged arguments (ids, alone, in lists or comma-separated)."""
    for value in values:
        items = value if isinstance(value, list) else str(value).split(",")
        for item in items:
            if str(item).strip().isdigit():
                yield int(item)


def attach_sheets(rows, system):
    """The viewer's own characters get their full sheet, in a fixed number of queries."""
    if not rows:
        return
    sheets = system.sheets({row.character_id for row in rows})
    for row in rows:
        row.sheet = sheets.get(row.character_id)


def as_json(view):
    """The API's state object (docs/architecture.md "JSON API"). A player's holds exactly what their phone shows:
    the turn order's names and sides, and their own characters in full; the GM's holds every combatant in full."""
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
        **view.system.state_json(view),
        "prompts": [prompt_json(p) for p in view.prompts],
        "combatants": [combatant_json(view, row) for row in view.rows],
    }


def combatant_json(view, row):
    """A combatant as this viewer's screen shows it: a player sees of others only their name and side."""
    full = {
        "id": row.pk,
        "name": row.name,
        "side": row.side,
        "initiative": row.initiative,
        "wounds": row.wounds,
        "max_wounds": row.max_wounds,
        **view.system.combatant_json(view, row),
        "hidden": row.hidden,
        "character": row.character_id,
        "conditions": [{"name": c.name, "count": c.count, "remaining": c.remaining} for c in row.conditions],
    }
    if view.is_gm or row.mine:
        return full
    return {key: value if key in SHOWN_OF_OTHERS else None for key, value in full.items()}


SHOWN_OF_OTHERS = {"id", "name", "side"}


PROMPT_FIELDS = (
    "id", "answer", "combatant", "name", "kind", "condition", "reason", "skill", "modifier", "target",
    "chance", "second", "dice",
)  # fmt: skip


def prompt_json(prompt):
    """An open test waiting for a roll or a choice, as the GM screen and the phone show it; `answer` names the
    command that answers it, with the prompt's `id`."""
    return {key: prompt.get(key) for key in PROMPT_FIELDS}
