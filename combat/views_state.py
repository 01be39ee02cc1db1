"""What one viewer may see of an encounter: the single source for the pages, the websocket and the API.

Players get only revealed combatants, and of each NPC what the GM lets them know (combat/known.py); everything
is built in a fixed number of queries however many combatants there are. The encounter's game system adds its own
parts (systems/).
"""

from dataclasses import dataclass, field
from functools import cached_property

import systems
from combat import known, reads
from combat.commands.rules_data import RULES_CHANGED
from combat.commands.spine import receiving_args
from combat.links import encounter_links
from combat.models import Combatant, Encounter, KnownAs, WoundsShown
from combat.permissions import GM, TABLE, role
from combat.prepared import Read
from combat.template_lookups import LookedUpByName
from rules.models import ConditionDefinition
from systems import state_fields
from systems.state_fields import PromptField

LOG_LINES = 30
TABLE_LOG_LINES = 5  # the table screen's: what just happened, readable across the room
NEWS_LOOKBACK = 20


@dataclass
class EncounterData:
    """What the database holds of an encounter at one version, read once and shared by every viewer's view: the live
    fan-out builds many views from one read (combat/live.py). Model instances here are never changed by a view."""

    encounter: Encounter
    everyone: list  # every combatant, hidden ones too, in turn order
    conditions: dict  # {combatant id: [ConditionInstance]}
    player_ids: frozenset  # the campaign's players
    recent_log: list  # reads.log_lines: the newest log lines, undone ones too
    memo: dict = field(default_factory=dict)

    @property
    def version(self):
        return self.encounter.version

    def role(self, user):
        return role(self.encounter, user, self.player_ids)

    def rules_changed_after(self, version):
        """Whether reference data changed since `version` (rules/changes.py), or may have, further back than the
        lines read: a screen that shows `version` then needs its stat blocks drawn afresh."""
        lines = self.recent_log
        if len(lines) == reads.RECENT_LOG and version < lines[-1].version:
            return True
        return any(line.command == RULES_CHANGED and line.version > version for line in lines)

    def once(self, key, make):
        """`make()`, called once for every view built from this read (a system's sheets, reference texts)."""
        if key not in self.memo:
            self.memo[key] = make()
        return self.memo[key]


def read(encounter, with_log=True, known=reads.Known()):
    """The encounter's combatants, conditions, players and newest log lines (unless not `with_log`: the API's state
    shows none), in one round trip. What is `known` (reads.Known: as a command just left it, Outcome.known) is not
    read again; each instance then belongs to this read alone."""
    return encounter_data(encounter, *reads.state_of(encounter, *log_read(with_log), known=known))


def read_afresh(pk):
    """The encounter `pk` and all that `read` reads of it, in one round trip; Encounter.DoesNotExist when gone."""
    return encounter_data(*reads.state(pk, *log_read(True)))


def log_read(with_log):
    return (reads.LOG_LINE_VALUES,) if with_log else ()


def encounter_data(encounter, everyone, found_conditions, players, log=()):
    conditions = {}
    for condition in found_conditions:
        conditions.setdefault(condition.combatant_id, []).append(condition)
    return EncounterData(encounter, everyone, conditions, frozenset(players), reads.log_lines(log))


@dataclass(repr=False)
class Row(LookedUpByName):
    combatant: object
    conditions: list
    mine: bool
    turn: int
    is_active: bool = False  # whose turn it is
    sheet: object = None
    dead: bool = False  # takes no more turns (System.why_no_turn); the systems' views set it
    budget: object = None  # what the combatant may still do this turn (systems/turn_budget.py)
    news: str = ""  # on a player's own row: the newest thing someone else's command did to this character
    news_by: str | None = None  # who ran that command
    hurt: str | None = None  # its wounds in a word (known.how_hurt), when the viewer may know them
    wounds_seen: bool = True  # whether the viewer may know its wounds exactly

    def __post_init__(self):
        # The combatant's most asked fields, on the row itself: a big fight's render asks them thousands of times,
        # and each through __getattr__ would cost a second lookup.
        combatant = self.combatant
        self.pk, self.name, self.side = combatant.pk, combatant.name, combatant.side
        self.character_id = combatant.character_id

    def __getattr__(self, name):
        return getattr(self.combatant, name)

    def __repr__(self):  # by id only: a row whose state names other combatants takes in none of theirs
        return f"<row {self.pk}>"


@dataclass
class EncounterView(LookedUpByName):
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
    data: EncounterData = None
    # False for the API's state (as_json): what only a screen shows (the log, form choices, the row fingerprints, a
    # player's news, the systems' sheets behind the GM's forms) is left out.
    for_screen: bool = True
    with_sheets: bool = False  # the viewer's own characters carry their sheets, for the stat blocks

    sides = Combatant.Side.choices
    known_as_choices = KnownAs.choices
    wounds_shown_choices = WoundsShown.choices
    log_lines = LOG_LINES

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
        return next((row for row in self.rows[at + 1 :] + self.rows[:at] if not (row.dead or row.budget.no_turn)), None)

    @property
    def party(self):
        """The player characters' side as a player sees it, their own characters left out: the phone's party."""
        return [row for row in self.rows if row.side == Combatant.Side.ALLY and not row.mine]

    @cached_property
    def disguised(self):
        """The combatants whose name or wounds this viewer knows less of than the log says (known.disguised)."""
        return [] if self.is_gm else known.disguised(self.data.everyone)

    def told(self, text):
        """`text`, which may name combatants, as this viewer may read it."""
        return known.disguise(text, self.disguised)

    @property
    def parts(self):
        """The system's template partials the generic screens include, by place ("gm_panels", ...)."""
        return self.system.partials

    def sheets(self, character_ids, **options):
        """The system's sheets of these characters, worked out once for all the views built from one read."""
        ids = frozenset(character_ids)
        key = ("sheets", ids, tuple(sorted(options.items())))
        return self.data.once(key, lambda: self.system.sheets(ids, **options))

    @property
    def row_names(self):
        """[(id, name)] of the rows in turn order: what most of the forms that list every fighter show of them."""
        return [(row.pk, row.name) for row in self.rows]

    def form_key(self, *shown):
        """The key a GM form that lists every fighter is reused by while it holds (a `{% reuse %}` in the systems'
        templates): the encounter and everything the form shows, so no form is ever reused for another encounter."""
        return repr((self.encounter.pk, *shown))

    @cached_property
    def links(self):
        """The page's command and sheet URLs, reversed once per process (combat/links.py)."""
        return encounter_links(self.encounter.pk)


def build(encounter, user, viewer_role=None, with_sheets=False, data=None, for_screen=True):
    """The view of `encounter` for `user`, or None when the user may not see it. With `data` (a `read()` of the
    encounter) it makes no query of its own but the system's, which `data` keeps for the next view. Without
    `for_screen`, only what the API's state shows (`as_json`)."""
    data = data or read(encounter, with_log=for_screen)
    viewer_role = viewer_role or data.role(user)
    if viewer_role is None:
        return None
    gm = viewer_role == GM
    system = systems.get(encounter.system)
    everyone = data.everyone
    combatants = [c for c in everyone if gm or not c.hidden]
    rows = []
    me = user.pk  # None for the table screen, which owns no character (not even one no player has claimed)
    for turn, c in enumerate(combatants, start=1):
        mine = me is not None and c.character_id is not None and c.character.player_id == me
        row = Row(c, data.conditions.get(c.pk, []), mine, turn, is_active=c.pk == encounter.active_id)
        if not gm:
            row.name = known.shown_name(c)
        rows.append(row)
    active = next((row for row in rows if row.is_active), None)
    view = EncounterView(encounter, viewer_role, user, rows, active, system, data=data, for_screen=for_screen)
    if with_sheets:  # the stat blocks: on the page load, and on the push after the rules data changed
        attach_sheets(view)
    view.round_starting = bool(everyone) and everyone[0].pk == encounter.active_id
    view.wounds_word = system.wounds_word(encounter)
    if gm and for_screen:
        view.log = data.recent_log[:LOG_LINES]
        if system.generic_conditions:
            view.condition_choices = data.once("condition_choices", lambda: condition_choices(encounter.system))
    system.extend_view(view, everyone)
    for row in rows:  # after the system's view, which may say who is dead or dying
        row.down = system.down(row)
        row.budget = system.turn_budget(encounter, row, {c.name: c.count for c in row.conditions})
        shown = WoundsShown.EXACT if gm else known.wounds_shown(row.combatant)
        row.wounds_seen = shown == WoundsShown.EXACT
        if shown != WoundsShown.HIDDEN:
            row.hurt = known.how_hurt(*system.wounds_fraction(row), down=row.down)
    if view.disguised:  # the open tests' words name combatants as their command saw them
        view.prompts = [known.disguise_all(prompt, view.disguised) for prompt in view.prompts]
    if not for_screen:
        return view
    if gm:
        context = repr((system.row_context(view), view.wounds_word, [c.name for c in view.condition_choices]))
        for row in rows:
            row.fingerprint = context + fingerprint(row)
    if not gm:
        unnamed = names_not_shown(view, everyone)
        tell_news(view, unnamed)
        if viewer_role == TABLE:
            view.log_lines = TABLE_LOG_LINES
            lines = [line for line in data.recent_log if not line.undone and not names_any(line, unnamed)]
            view.log = [line._replace(message=view.told(line.message)) for line in lines[:TABLE_LOG_LINES]]
    return view


def names_not_shown(view, everyone):
    """{id: name} of the combatants this viewer may not see at all (hidden ones): a line naming one is passed over.
    Those the viewer knows by another name or wounds are disguised instead (EncounterView.told)."""
    shown = {row.pk for row in view.rows}
    return {c.pk: c.name for c in everyone if c.pk not in shown}


def names_any(line, unnamed):
    """Whether a log line names one of `unnamed` ({id: name}) in its arguments or its words."""
    return bool(set(named_ids(line.args.values())) & unnamed.keys()) or any(
        name in line.message for name in unnamed.values()
    )


# A row's own state that is not the combatant's: what the system's view added to it.
NOT_ROW_STATE = {"combatant", "conditions", "sheet", "fingerprint", "pk", "name", "side", "character_id"}


def fingerprint(row):
    """Everything a GM row's cells show of the row: the same fingerprint, the same cells (the GM screen reuses a
    rendered row while it holds, templates/combat/gm.html)."""
    combatant = row.combatant
    player = combatant.character.player if combatant.character_id else None
    return repr(
        (
            [getattr(combatant, field.attname) for field in combatant._meta.concrete_fields],
            player and player.username,
            [(c.pk, c.name, c.count, c.remaining, c.definition.description) for c in row.conditions],
            {key: value for key, value in vars(row).items() if key not in NOT_ROW_STATE},
        )
    )


condition_choices = Read(ConditionDefinition, "{system} = %s")


def tell_news(view, unnamed):
    """Each of the player's characters gets the newest recent log line of a command someone else ran on it, or of an
    open test of theirs answered, by whoever rolled, and who ran it (`news`, `news_by`): the outcome of every roll the
    player made shows, the rest of what they did is answered by the flash and makes older news stale. A line that
    names a combatant the player may not see (a hidden attacker whose turn it is), in its arguments or its words, is
    passed over; the others it names are called as the player knows them (EncounterView.told). `unnamed`: {id: name}
    of the unseen (names_not_shown)."""
    mine = {row.pk: row for row in view.mine}
    if not mine:
        return
    settled = set()  # characters whose player acted on them since: older news is stale
    for entry in [entry for entry in view.data.recent_log if not entry.undone][:NEWS_LOOKBACK]:
        receiving = receiving_args(entry.command, view.encounter.system)
        receivers = set(named_ids(value for key, value in entry.args.items() if key in receiving))
        roller = answered_by(entry)
        receivers |= roller
        own = entry.user_id == view.user.pk
        told = roller if own else receivers
        if told and not names_any(entry, unnamed):
            # Who ran it, unless their name names a combatant the player may not see.
            by = entry.username if not any(name in (entry.username or "") for name in unnamed.values()) else None
            for pk in (told & mine.keys()) - settled:
                if not mine[pk].news:
                    mine[pk].news, mine[pk].news_by = view.told(entry.message), by
        if own:
            settled |= receivers


def told_to(pk, user, text):
    """`text`, which may name combatants of encounter `pk` (a refusal), as `user` may read it (EncounterView.told)."""
    npcs = Combatant.objects.filter(encounter=pk).exclude(encounter__campaign__gm=user).select_related("character")
    return known.disguise(text, list(npcs))


def answered_by(entry):
    """{the combatant} whose open test the logged command answered (its `prompt`, logged whole), else empty."""
    answered = entry.args.get("prompt")
    return {answered["combatant"]} if isinstance(answered, dict) else set()


def named_ids(values):
    """The whole numbers among logged arguments (ids, alone, in lists or comma-separated)."""
    for value in values:
        items = value if isinstance(value, list) else str(value).split(",")
        for item in items:
            if str(item).strip().isdigit():
                yield int(item)


def attach_sheets(view):
    """The viewer's own characters get their full sheet, in a fixed number of queries."""
    view.with_sheets = True
    if not view.mine:
        return
    sheets = view.sheets({row.character_id for row in view.mine})
    for row in view.mine:
        row.sheet = sheets.get(row.character_id)


def as_json(view):
    """The API's state object (docs/architecture.md "JSON API"). A player's holds exactly what their phone shows:
    the turn order's names and sides, their own characters in full and their own open tests; the GM's holds every
    combatant in full and every open test. Each system's part is its declaration (systems/state_fields.py)."""
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
        "prompts": [prompt_json(view, p) for p in view.prompts],
        "combatants": [combatant_json(view, row) for row in view.rows],
    }


# The fields every combatant has in the API's state, beside its system's own (System.combatant_fields).
GENERIC_COMBATANT_FIELDS = frozenset(
    {
        "id", "name", "side", "initiative", "wounds", "max_wounds", "hurt", "hidden", "character", "conditions",
        "this_turn",
    }
)  # fmt: skip


def combatant_json(view, row):
    """A combatant as this viewer's screen shows it: a player sees of others their name as known and side, their
    wounds as far as the GM lets them be seen (`hurt`, in a word; `wounds` and `max_wounds`) and an ally's conditions,
    every other field null."""
    full = {
        "id": row.pk,
        "name": row.name,
        "side": row.side,
        "initiative": row.initiative,
        "wounds": row.wounds,
        "max_wounds": row.max_wounds,
        "hurt": row.hurt,
        **view.system.combatant_json(view, row),
        "hidden": row.hidden,
        "character": row.character_id,
        "conditions": [{"name": c.name, "count": c.count, "remaining": c.remaining} for c in row.conditions],
        "this_turn": budget_json(row.budget),
    }
    if view.is_gm or row.mine:
        return full
    return {key: value if key in shown_of_other(row) else None for key, value in full.items()}


SHOWN_OF_OTHERS = {"id", "name", "side"}
# What a player may also see of another's combatant, as the GM lets them (shown_of_other).
SHOWN_BY_DEGREE = {"hurt", "wounds", "max_wounds", "conditions"}


def shown_of_other(row):
    """The API's fields a player sees of someone else's combatant: as the phone's turn order and party show it."""
    return (
        SHOWN_OF_OTHERS
        | ({"hurt"} if row.hurt else set())
        | ({"wounds", "max_wounds"} if row.wounds_seen else set())
        | ({"conditions"} if row.side == Combatant.Side.ALLY else set())
    )


def budget_json(budget):
    """What the combatant may still do this turn: the parts left (on their own turn) and the limits, with why."""
    gone = budget.gone
    return {
        "parts": [
            {"part": p.key, "label": p.label, "left": 0 if p.key in gone else p.left, "why": str(gone.get(p.key, ""))}
            for p in budget.parts
        ],
        "limits": [{"cause": limit.cause, "text": limit.text, "no_turn": limit.no_turn} for limit in budget.limits],
    }


# Every open test's own fields (combat/commands/prompts.py open_prompt); the system's follow them.
PROMPT_FIELDS = (
    PromptField("id", int),
    PromptField("answer", str),  # the command that answers it, with the prompt's id
    PromptField("combatant", int),
    PromptField("name", str),
    PromptField("kind", str),
    PromptField("reason", str),
)


def prompt_json(view, prompt):
    """An open test waiting for a roll or a choice, as the GM screen and the phone show it: the generic fields and
    the system's (System.prompt_fields), never the rest of its entry (a hidden enemy's id)."""
    return state_fields.values((*PROMPT_FIELDS, *view.system.prompt_fields), view, prompt)
