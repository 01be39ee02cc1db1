"""The interface between the generic tracker and a game system.

A system subclasses `System`, overrides what its rules need, and registers one instance (`systems.register`). The
defaults describe a system with no rules of its own: initiative as typed, no hooks, no extra panels.
"""

from dataclasses import dataclass, field
from importlib import import_module

from systems import state_fields
from systems.base_state import EncounterState
from systems.sheet_schema import SheetSchema
from systems.turn_budget import Budget

# The places the generic screens include a system's partials (templates/combat/gm.html, player.html, the sheet).
PARTIAL_SLOTS = frozenset({
    "gm_turn_tools", "gm_round_notes", "gm_panels", "gm_row_badges", "gm_row_actions", "gm_row_offers", "gm_attack",
    "gm_tools", "phone_strip", "phone_my_turn", "phone_character", "sheet_stats", "campaign_gm_tools",
})  # fmt: skip


@dataclass(frozen=True)
class Toggle:
    """A house, optional or alternate rule a campaign or encounter switches on, named after its seed heading."""

    key: str
    heading: str
    seed: str
    default: bool = False

    @property
    def name(self):
        """The rule's own heading, without its group: "Momentum"."""
        return self.heading.rpartition(" › ")[2]


@dataclass
class Happenings:
    """What a system adds when a turn or round changes: sentences for the log, a note after "Round N begins",
    and data for the command's result."""

    notes: list = field(default_factory=list)
    round_note: str = ""
    result: dict = field(default_factory=dict)

    def __add__(self, other):
        return Happenings(
            [*self.notes, *other.notes], self.round_note + other.round_note, {**self.result, **other.result}
        )


class System:
    key = ""
    label = ""
    short_label = ""  # as the table says it: "WFRP 4e"
    complete = False  # offered when a campaign is created
    toggles = ()  # Toggle constants, in the order the rules document has them
    # Template partials the generic screens include, by place (PARTIAL_SLOTS): "<key>/gm.html#pools". Checked at
    # start-up (systems/checks.py), as a misspelt place would show nothing.
    partials = {}
    State = EncounterState  # what the system keeps in Encounter.pools
    # Whether the table's conditions (rules.ConditionDefinition, given and taken by the generic add_condition and
    # remove_condition) exist in this system; one that keeps its own (WFRP 3e's condition cards) says False, and
    # the generic screens and commands then leave them out.
    generic_conditions = True
    # {kind: model} of the system's own reference data, loaded from rules/data/<key>/<kind>.json after the kinds
    # every game has (rules.loading.GENERIC_KINDS), in this order.
    reference_data = {}
    sheet_schema = SheetSchema()  # what a character's sheet holds: nothing in `points` unless the system says so
    # Conditions whose `remaining` counts their bearer's turns passed over (a condition that costs a turn), not the
    # rounds that end.
    turn_timed_conditions = ()
    # What the API's state shows beyond the generic fields (systems/state_fields.py): of a combatant seen in full
    # (RowField, read off the view's row) and of an open test (PromptField, read off its entry).
    combatant_fields = ()
    prompt_fields = ()

    def __str__(self):
        return self.label

    def wounds_word(self, encounter):
        """The table's word for what `Combatant.wounds` counts: "Wounds", or Symbaroum's "Toughness"."""
        return "Wounds"

    def wounds_fraction(self, row):
        """(left, most): how much a combatant has left of its wounds, from which the players' word for how hurt it
        is comes (combat/known.py how_hurt). `row` is the viewer's row, with what `extend_view` added."""
        return row.wounds, row.max_wounds

    def wound_threshold(self, character):
        """The max wounds a character's combatant joins a fight with."""
        return character.max_wounds

    def wounds_from_sheet(self, character):
        """The max wounds a sheet's own figures give (its characteristics), which the sheet form keeps when the GM
        types none; None where the rules give none and the GM types them."""
        return None

    def starting_wounds(self, character, threshold):
        """The wounds left a character's combatant joins a fight with, `threshold` being its max: all of them."""
        return threshold

    # --- initiative ---------------------------------------------------------------------------------

    def starting_initiative(self, character):
        """The initiative a character's combatant starts with, or None to leave it to the GM."""
        return None

    def rolled_initiative(self, context, combatant):
        """The initiative a character's combatant gets when it joins a running fight or the GM asks for it rolled:
        what its sheet ranks it by, rolling nothing (ties are rolled off where it takes its place)."""
        return self.initiative_rank(combatant)[0]

    def initiative_rank(self, combatant):
        """Scores the turn order sorts by, highest first, compared left to right."""
        return (combatant.initiative or 0,)

    # How exact ties of the turn order are rolled off, in the log's words, and how one roll-off reads.
    roll_off_rule = "a d10 each, the higher acting first"

    def roll_off_result(self, value):
        return str(value)

    def initiative_order(self, context, ranks):
        """(ordered combatant ids, {id: [roll-off results]}) for `ranks`; exact ties are rolled off."""
        from rules.engine.initiative import turn_order

        return turn_order(ranks, lambda key: context.dice.d(10))

    def initiative_place(self, context, ordered, combatant):
        """(index in `ordered` where `combatant` takes its place by its initiative, {id: [roll-off results]}):
        here after everyone with equal or higher initiative, so ties keep the order they came in."""
        from combat.commands.ordering import place_by_initiative

        return place_by_initiative(ordered, combatant.initiative), {}

    # --- the turn's budget (systems/turn_budget.py) ---------------------------------------------------

    def turn_parts(self, encounter, combatant):
        """The parts of the running turn, `combatant`'s, with what is left of each ([turn_budget.Part]): none by
        default, so nothing is refused for being used up."""
        return []

    def turn_limits(self, encounter, combatant, conditions):
        """What `combatant`'s conditions ({name: count}), impairments and states take from its turns
        ([turn_budget.Limit]); `combatant` may be a Combatant or a view's row. Nothing by default."""
        return []

    def turn_budget(self, encounter, combatant, conditions):
        """What `combatant` may still do: its turn's parts when the turn is theirs, and its limits."""
        own = encounter.status == "active" and encounter.active_id == combatant.pk
        parts = self.turn_parts(encounter, combatant) if own else []
        return Budget(tuple(parts), tuple(self.turn_limits(encounter, combatant, conditions)))

    def why_no_turn(self, context, combatant):
        """Why `combatant` takes no turn ("dead": the log says "Goblin is dead: no turn."), or "" when they take
        it; the turn change passes over them. From the limit that leaves them none (turn_limits)."""
        limits = self.turn_limits(context.encounter, combatant, context.condition_counts(combatant))
        return next((limit.cause for limit in limits if limit.no_turn), "")

    def down(self, row):
        """Whether a combatant is out of the fight: the GM's row is greyed and tagged "Down". `row` is the viewer's
        row, with what `extend_view` added. By default: at 0 wounds."""
        return row.wounds <= 0

    # --- turn and round hooks: each returns Happenings ----------------------------------------------

    def encounter_started(self, context):
        return Happenings()

    def turn_started(self, context, combatant):
        return Happenings()

    def turn_ended(self, context, combatant):
        return Happenings()

    def round_ended(self, context):
        return Happenings()

    def round_started(self, context):
        return Happenings()

    def damaged(self, context, combatant, amount, before):
        """What `amount` damage the GM applied by hand sets off (Happenings), `before` being the combatant's wounds
        before it (the damage past 0 matters to some systems); nothing by default."""
        return Happenings()

    def healed(self, context, combatant, amount):
        """`combatant` has just regained `amount` wounds (Toughness) through the generic heal command: what the
        system's rules end or start with it."""
        return Happenings()

    # --- what the screens and the API show ----------------------------------------------------------

    def extend_view(self, view, everyone):
        """Add this system's parts to an EncounterView (pools, turn limits, prompts...)."""

    def row_context(self, view):
        """What this system's GM row partials (`gm_row_badges`, `gm_row_offers`: which of its `gm_row_actions` the row's
        tools offer) read of the view rather than of the row: a rendered row is reused while it and the row's own state
        stay the same (views_state.fingerprint)."""
        return ()

    def state_json(self, view):
        """This system's part of the API state."""
        return {}

    def combatant_json(self, view, row):
        """This system's fields of a combatant in the API state, for a viewer who sees the combatant in full."""
        return state_fields.values(self.combatant_fields, view, row)

    def sheets(self, character_ids, with_characteristics=True):
        """{character id: sheet} for many characters in a fixed number of queries; without the characteristics'
        order and labels when only the figures are read (a command's)."""
        return {}

    def upgrade_records(self, records, version):
        """Move, in place, what the serialised rows of a file written in an earlier `version` of the tracker's files
        (characters/backup.py) hold where this system keeps it elsewhere now; fields no model has any more are left
        out after this."""

    def seed_demo(self):
        """Make the system's demo campaign, once, for `make run`: (campaign, created); None for a system with none."""
        return None

    @property
    def character_form(self):
        """The form the GM edits a character's sheet with."""
        from characters.forms import CharacterForm

        return CharacterForm

    # Foundry VTT's id of this game's system (an actor export's `_stats.systemId`), when its actors can be imported
    # (characters/foundry.py), and the module that reads them, by its dotted path (it loads the rules models): its
    # `read_actor`, `fits_shape`, `choices`, `create_item` and, where the sheet notes gear by name, `item_saved`.
    foundry_system_id = None
    foundry_reader = None

    def foundry_module(self):
        return import_module(self.foundry_reader)

    def read_foundry_actor(self, actor):
        """A `characters.foundry.Draft` of the character a Foundry VTT actor export holds (the whole file's dict, its
        body under `system`, or `data` in older exports), each item matched to this game's rules data where it can
        be; raises `FoundryError` in words for what no sheet of this game can hold."""
        return self.foundry_module().read_actor(actor)

    def fits_foundry_shape(self, fields):
        """Whether an actor's fields (`system` or `data`) have this game's shape: how an export older than
        `_stats.systemId` is told apart."""
        return self.foundry_reader is not None and self.foundry_module().fits_shape(fields)

    def foundry_choices(self, kind):
        """The names an unmatched Item of `kind` may be mapped to on the review page: the rules rows of that kind,
        or the talents/abilities/traits this game's screens know."""
        return self.foundry_module().choices(kind)

    def create_foundry_item(self, item):
        """Make what an unmatched Item describes (its `details`), for "create it as a new item": a weapon, armour or
        skill row of the rules data; returns the name it was made under."""
        return self.foundry_module().create_item(item)

    def foundry_item_saved(self, draft, item, name):
        """Called as an imported character is stored, for each Item kept, with the name of what it became (the row
        made, picked or matched): what the sheet notes under that name goes into `draft`'s points."""
        item_saved = getattr(self.foundry_module(), "item_saved", None)
        if item_saved is not None:
            item_saved(draft, item, name)

    def attack_panel(self, view, data):
        """The GM's attack form for this system, or None when it has none."""
        return None
