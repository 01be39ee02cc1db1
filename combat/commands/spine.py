"""Every change to an encounter is a command (docs/architecture.md "The spine: commands").

A command locks the encounter row, checks permission and the expected version, validates its arguments,
applies the change, bumps the version and logs it with the state needed to undo it — all in one
transaction — and notifies the encounter's viewers after commit. Call one as a function,
`next_turn(encounter, user)`, or by name, `execute(encounter, user, "next_turn", {})`.
"""

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache

from django import forms
from django.db import connection, transaction

import systems
from characters.models import Character
from combat import broadcast, prepared, reads, snapshot
from combat.commands.fields import EXPECTED_VERSION, NumberListField, WholeNumberField, YesNoField
from combat.models import Combatant, ConditionInstance, Encounter, LogEntry
from combat.permissions import GM, role
from rules.engine.dice import Dice

REGISTRY = {}  # name -> Command: a generic command, or the first system's of that name (commands.attack)
SYSTEM_COMMANDS = {}  # (system key, name) -> that system's own Command: two systems may each have an "attack"


class CommandError(Exception):
    """Bad input or an impossible action: nothing was changed. HTTP 400."""


class CommandForbidden(CommandError):
    """The user may not run this command on this encounter. HTTP 403."""


class StaleVersion(CommandError):
    """The click was made on an older view of the encounter. HTTP 409."""


class TurnRefused(CommandError):
    """The combatant's turn has not what the command spends (systems/turn_budget.py); the GM may allow it anyway
    by running the command again with `allow_anyway` (`overrulable`: the one refused is the GM). HTTP 400."""

    def __init__(self, message, overrulable=False):
        super().__init__(message)
        self.overrulable = overrulable


# The argument every command takes: the GM, as the table's referee, overrules what the turn's budget refuses.
ALLOW_ANYWAY = "allow_anyway"


@dataclass
class Context:
    encounter: Encounter
    user: object
    combatants: list
    conditions: list
    dice: Dice
    role: str = GM
    changed_combatants: set = field(default_factory=set)
    # Combatants' character sheets by combatant id, loaded as commands ask for them; `sheets_read`: the combatants
    # already looked up, with a sheet or without one.
    sheets: dict = field(default_factory=dict)
    sheets_read: set = field(default_factory=set)
    # What the command changed, saved once by the spine after it (save_changes): commands change conditions and
    # characters' points only through the methods below.
    created_conditions: list = field(default_factory=list)
    changed_conditions: set = field(default_factory=set)
    removed_conditions: list = field(default_factory=list)
    changed_characters: set = field(default_factory=set)
    # The GM allows what the turn's budget refuses (ALLOW_ANYWAY); `allowed_anyway`: the refusals so overruled.
    allow_anyway: bool = False
    allowed_anyway: list = field(default_factory=list)
    # (message, result) the one who ran the command is told, when the log's would tell them more than they may know
    # (a player's roll against a hidden combatant); the log keeps the whole.
    told: tuple | None = None

    def ordered(self):
        return sorted(self.combatants, key=lambda c: (c.position, c.pk))

    def combatant(self, pk):
        """The encounter's combatant with id `pk` (one a command has already checked or stored)."""
        return next(c for c in self.combatants if c.pk == pk)

    @property
    def system(self):
        return systems.get(self.encounter.system)

    def sheets_of(self, *combatants):
        """{combatant id: sheet} of those of `combatants` with a character sheet, each loaded once per command,
        those not yet read in one batch: an attack reads the two fighting, not the whole encounter's sheets."""
        unread = [c for c in combatants if c.pk not in self.sheets_read]
        if unread:
            wanted = {c.character_id for c in unread if c.character_id}
            by_character = self.system.sheets(wanted, with_characteristics=False) if wanted else {}
            self.sheets.update({c.pk: by_character[c.character_id] for c in unread if c.character_id in by_character})
            self.sheets_read.update(c.pk for c in unread)
        return {c.pk: self.sheets[c.pk] for c in combatants if c.pk in self.sheets}

    def sheet_of(self, combatant):
        """The combatant's character sheet, or None when it has none. One not read yet loads every combatant's
        sheet still unread, so rules that look at combatants one by one take one batch, however many fight."""
        if combatant.pk not in self.sheets_read:
            self.sheets_by_combatant()
        return self.sheets.get(combatant.pk)

    def sheets_by_combatant(self):
        """Sheets of every combatant with a character, keyed by combatant."""
        return self.sheets_of(*self.combatants)

    def sees(self, combatant):
        """Players see every combatant but the hidden ones (views_state.build shows them the same)."""
        return self.role == GM or not combatant.hidden

    def acts_for(self, combatant):
        """The GM acts for everyone; a player only for their own characters that they can see."""
        return self.role == GM or (self.sees(combatant) and combatant.player_id == self.user.pk)

    def named(self, combatant, unseen="Someone"):
        """The combatant's name in a message to this viewer, never the name of one they may not see."""
        return combatant.name if self.sees(combatant) else unseen

    def turn_budget(self, combatant):
        """What `combatant` may still do this turn (turn_budget.Budget)."""
        return self.system.turn_budget(self.encounter, combatant, self.condition_counts(combatant))

    def may_spend(self, combatant, key):
        """TurnRefused, naming why, unless `combatant` may spend the part `key` of its turn now; when the GM allows
        it anyway, the refusal is kept for the log instead."""
        why = self.turn_budget(combatant).refusal(key)
        if why:
            self.refuse(combatant, why)

    def refuse(self, combatant, why):
        """TurnRefused: `combatant` cannot do that now, for the reason `why` ("Prone: Move only to stand up or
        crawl"); when the GM allows it anyway, the refusal is kept for the log instead."""
        if self.allow_anyway:
            self.allowed_anyway.append(f"{self.named(combatant)}, {why}")
            return
        overrule = " The GM can allow it anyway." if self.role == GM else ""
        raise TurnRefused(f"{self.named(combatant)} cannot do that: {why}.{overrule}", overrulable=self.role == GM)

    def touch(self, *combatants):
        self.changed_combatants.update(combatants)

    def condition_counts(self, combatant):
        """{condition name: count} the combatant has now."""
        return {c.name: c.count for c in self.conditions if c.combatant_id == combatant.pk}

    def condition_of(self, combatant, definition):
        return next(
            (c for c in self.conditions if c.combatant_id == combatant.pk and c.definition_id == definition.pk), None
        )

    def add_condition(self, combatant, definition, count=1, remaining=None):
        """Give `combatant` `count` more of a condition (one at most when it does not stack); returns it."""
        instance = self.condition_of(combatant, definition)
        if instance is None:
            instance = ConditionInstance(combatant=combatant, definition=definition, count=0)
            self.conditions.append(instance)
            self.created_conditions.append(instance)
        instance.count = instance.count + count if definition.stacks else 1
        if remaining is not None:
            instance.remaining = remaining
        self._changed(instance)
        return instance

    def reduce_condition(self, instance, count=None):
        """Take `count` of a condition away (all of it when None); returns how many are left."""
        left = 0 if count is None else max(0, instance.count - count)
        if left:
            instance.count = left
            self._changed(instance)
            return left
        self.conditions.remove(instance)
        if instance.pk is None:  # created by this command: it is simply not created
            self.created_conditions.remove(instance)
        else:
            self.changed_conditions.discard(instance)
            self.removed_conditions.append(instance)
        return 0

    def tick_condition(self, instance):
        """One round less on a timed condition."""
        instance.remaining -= 1
        self._changed(instance)

    def _changed(self, instance):
        if instance.pk is not None:  # one this command creates is written whole when it is created
            self.changed_conditions.add(instance)

    def points_left(self, combatant, kind, points=1):
        """What the combatant's character would keep of the counter `kind` of its sheet (a key of the system's
        SheetSchema.points) after spending `points`; CommandError when they have fewer. Changes nothing."""
        character = combatant.character
        have = character.point(kind) if character else 0
        if have < points:
            raise CommandError(f"{combatant.name} has {have} {kind.title()}; that needs {points}.")
        return have - points

    def spend_points(self, combatant, kind, points=1):
        """Take `points` of the counter `kind` from the combatant's character; returns what is left."""
        left = self.points_left(combatant, kind, points)
        self.set_points(combatant, points=combatant.character.points_with(**{kind: left}))
        return left

    def set_points(self, combatant, points):
        """Replace the counters on the combatant's character sheet (Character.points, snapshot.CHARACTER_FIELDS)
        with `points`, a new dict: undo's snapshot holds the old one, so it is never changed in place."""
        combatant.character.points = points
        self.changed_characters.add(combatant.character)

    def state_after(self):
        """What the command leaves, for its answer: (combatants in turn order, conditions), the conditions None when
        it created some, as the database orders them by name in its own collation."""
        return sorted(self.combatants, key=lambda c: (c.position, c.pk)), (
            None if self.created_conditions else self.conditions
        )

    def save_changes(self):
        """Write what the command changed, once, in a fixed number of queries."""
        snapshot.write_rows(Combatant, self.changed_combatants, snapshot.COMBATANT_UPDATE_FIELDS)
        if self.removed_conditions:
            ConditionInstance.objects.filter(pk__in=[c.pk for c in self.removed_conditions]).delete()
        if self.created_conditions:
            ConditionInstance.objects.bulk_create(self.created_conditions)
        snapshot.write_rows(ConditionInstance, self.changed_conditions, ["count", "remaining"])
        snapshot.write_rows(Character, self.changed_characters, snapshot.CHARACTER_FIELDS)


class CombatantField(WholeNumberField):
    """A combatant of this encounter, named by id; its form (Args) gives it the command's context. `receives`: the
    command is done to them (their player's phone tells them of it), not by them or beside them."""

    context = None

    def __init__(self, *args, receives=True, **kwargs):
        self.receives = receives
        super().__init__(*args, **kwargs)

    def clean(self, value):
        pk = super().clean(value)
        if pk is None:
            return None
        for combatant in self.context.combatants:
            if combatant.pk == pk and self.context.sees(combatant):
                return combatant
        # What the viewer may not see answers exactly like what does not exist.
        raise forms.ValidationError(f"There is no combatant {pk} in this encounter.")


class CombatantListField(NumberListField):
    """Combatants of this encounter, named by ids; each answers like a CombatantField."""

    context = None

    def __init__(self, *args, receives=True, **kwargs):
        self.receives = receives
        super().__init__(*args, **kwargs)

    def clean(self, value):
        one = CombatantField()
        one.context = self.context
        return [one.clean(pk) for pk in super().clean(value)]


class Args(forms.Form):
    """Base of each command's arguments; CombatantFields resolve to this encounter's combatants."""

    @classmethod
    def names(cls, system):
        """The arguments the command takes in an encounter of `system` (a key): its fields, and any its game adds."""
        return set(cls.base_fields)

    def __init__(self, data, context):
        self.context = context
        super().__init__(data)
        for form_field in self.fields.values():  # the form's own copies of its fields
            if isinstance(form_field, (CombatantField, CombatantListField)):
                form_field.context = context


class CombatantArgs(Args):
    combatant = CombatantField()


class OwnCombatantArgs(CombatantArgs):
    """For commands players may run too: a player names only a combatant of their own character."""

    def clean_combatant(self):
        combatant = self.cleaned_data["combatant"]
        if not self.context.acts_for(combatant):
            raise CommandForbidden(f"{combatant.name} is not your character.")
        return combatant


class AmountArgs(CombatantArgs):
    amount = WholeNumberField(min_value=0, max_value=10_000)


@dataclass(frozen=True)
class Command:
    name: str
    args: type
    apply: object
    gm_only: bool = True
    undoable: bool = True
    systems: tuple = ()  # keys of the game systems that offer it; empty: every system
    requires: tuple = ()  # Toggles that must be in force
    refuses: tuple = ()  # Toggles that replace it when in force
    rule: str = ""  # what the GM calls it, for the refusals
    # It gives or takes the table's conditions: a system without them (System.generic_conditions) knows it not.
    generic_conditions: bool = False
    # (context, **args) -> (message, result) of what apply would do, reading and changing nothing; None: the
    # command cannot be previewed.
    preview: object = None

    def unavailable(self, encounter):
        """Why this encounter cannot run the command, in the GM's words, or None when it can."""
        rule = self.rule or self.name.replace("_", " ").capitalize()
        if self.systems and encounter.system not in self.systems:
            offered = " or ".join(systems.get(key).short_label for key in self.systems)
            return f"{rule} is a {offered} rule; this encounter plays {systems.get(encounter.system).short_label}."
        for toggle in self.refuses:
            if encounter.plays(toggle):
                return f"This encounter plays the {toggle.name} house rule instead of {rule}."
        for toggle in self.requires:
            if not encounter.plays(toggle):
                return (
                    f"{toggle.name} is a house rule this encounter does not use "
                    f'(house rule "{toggle.name}" is off; the GM can switch it on).'
                )
        return None

    def __call__(self, encounter, user, expected_version=None, dice=None, **args):
        return execute(encounter, user, self.name, args, expected_version=expected_version, dice=dice)


@cache
def receiving_args(name, system):
    """The names of command `name`'s arguments that name whom it is done to (CombatantField `receives`)."""
    cmd = lookup(name, system)
    fields = cmd.args.base_fields.items() if cmd else ()
    return frozenset(key for key, field in fields if getattr(field, "receives", False))


def lookup(name, system):
    """The command `name` as the game system `system` offers it: its own, else the generic one, else None."""
    cmd = SYSTEM_COMMANDS.get((system, name)) or REGISTRY.get(name)
    return cmd if cmd is None or _has_what_it_needs(cmd, system) else None


def offered_to(system):
    """{name: Command} of every command an encounter of `system` may run: the generic ones and its own."""
    generic = {name: cmd for name, cmd in REGISTRY.items() if not cmd.systems and _has_what_it_needs(cmd, system)}
    return {**generic, **{name: cmd for (key, name), cmd in SYSTEM_COMMANDS.items() if key == system}}


def _has_what_it_needs(cmd, system):
    return not cmd.generic_conditions or systems.get(system).generic_conditions


def command(args=Args, **options):
    """Register `apply` as a command; `systems`, `requires` and `refuses` say where it is offered."""
    for key in ("systems", "requires", "refuses"):
        options[key] = tuple(options.get(key, ()))

    def register(apply):
        cmd = Command(name=apply.__name__, args=args, apply=apply, **options)
        for key in cmd.systems:
            SYSTEM_COMMANDS[(key, cmd.name)] = cmd
        REGISTRY.setdefault(cmd.name, cmd)
        return cmd

    return register


@dataclass(frozen=True)
class Outcome:
    version: int
    message: str
    result: dict
    # The encounter as the command left it (the row it locked, its campaign joined): an answer showing the new state
    # reads it from here instead of loading it again.
    encounter: Encounter | None = field(default=None, repr=False, compare=False)
    # What the command read and left, so its answer need not read it again (reads.Known): the players, and the
    # combatants and conditions as it left them (Context.state_after) unless it wrote rows itself (added or removed
    # combatants, undid), the spine not knowing what.
    known: reads.Known = field(default=reads.Known(), repr=False, compare=False)


def sentence_start(words):
    """ "Max wounds", "Attacker roll": a name opening a sentence; dice keep their own spelling ("d100")."""
    return words if re.match(r"d[0-9]", words) else words[:1].upper() + words[1:]


def describe_errors(form):
    """The refusal in the GM's words: a missing argument asked for ("Pick the attacker.", "Give the amount."), any
    other problem after the argument's name as the GM knows it (its label, else its name in words: "Max wounds: ..."),
    one sentence after the other."""
    parts = []
    for name, errors in form.errors.as_data().items():
        field = form.fields.get(name)
        if field is None:
            parts += [" ".join(error.messages) for error in errors]
            continue
        what = field.label or name.replace("_", " ")
        for error in errors:
            if error.code == "required":
                picked = isinstance(field, (CombatantField, CombatantListField, forms.ChoiceField))
                parts.append(f"{'Pick' if picked else 'Give'} the {what}.")
            else:
                parts.append(f"{sentence_start(what)}: {' '.join(error.messages)}")
    return " ".join(parts)


def execute(encounter, user, name, args=None, expected_version=None, dice=None):
    """Run command `name` on `encounter` (an Encounter or its id) for `user`; returns an Outcome.

    expected_version: the version the caller saw, a number or a form's digits; None or "" checks nothing."""
    with transaction.atomic():
        pk = encounter.pk if isinstance(encounter, Encounter) else encounter
        # What the command reads goes with the lock, in one round trip: a refused one wastes a read of its rows.
        locked, combatants, conditions, players = reads.state(pk, locked=True)
        cmd, viewer_role = _checked_command(locked, user, name, args, players)
        try:
            expected_version = EXPECTED_VERSION.clean(expected_version)
        except forms.ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        if expected_version is not None and expected_version != locked.version:
            raise StaleVersion(
                f"The encounter has changed since you looked (version {locked.version}, you saw "
                f"{expected_version}); nothing was done. The view is now up to date."
            )
        context, form = _valid_args(cmd, locked, user, viewer_role, combatants, conditions, args, dice)
        before = snapshot.capture(locked, combatants, conditions) if cmd.undoable else None
        with writes_watched() as wrote:
            message, result = cmd.apply(context, **form.cleaned_data)
        message, result = overruled(context, message, result)
        logged_args = jsonable(form.cleaned_data)
        if context.allowed_anyway:
            logged_args[ALLOW_ANYWAY] = True
        locked.version += 1
        locked.save_state()
        # The writes go together, answered in one round trip, the wait a busy machine makes long.
        with prepared.sent_together(connection):
            context.save_changes()
            snapshot.write_rows(Encounter, [locked], snapshot.ENCOUNTER_UPDATE_FIELDS)
            insert_unanswered(
                LogEntry(
                    encounter=locked,
                    version=locked.version,
                    user=user if getattr(user, "pk", None) else None,
                    command=name,
                    args=logged_args,
                    result=result,
                    message=message,
                    undo_state=before,
                )
            )
        transaction.on_commit(lambda: broadcast.encounter_changed(locked.pk, locked.version))
    if isinstance(encounter, Encounter):
        # The caller's object gets the committed state without another query.
        for field in [*snapshot.ENCOUNTER_FIELDS, "version"]:
            setattr(encounter, field, getattr(locked, field))
    known = reads.Known(players=players) if wrote else reads.Known(*context.state_after(), players)
    message, result = context.told or (message, result)
    return Outcome(locked.version, message, result, locked, known)


def insert_unanswered(row):
    """INSERT `row` without asking the database for its new id (Model.save() and bulk_create() on PostgreSQL
    do, RETURNING it, and wait for that answer), so its write goes with the others sent together. Nothing reads a
    log entry's id as it is made; `row.pk` stays None. The statement is plain SQL from the model's fields, each value
    made ready as Model.save() makes it (Field.pre_save, get_db_prep_save)."""
    sql, fields = insert_statement(type(row), connection.vendor)
    values = [field.get_db_prep_save(field.pre_save(row, True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)


@cache
def insert_statement(model, vendor):
    """(INSERT SQL, the fields it sets) for `model`'s rows on a database of `vendor`: every column but the id."""
    fields = [field for field in model._meta.local_concrete_fields if not field.primary_key]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    places = ", ".join(["%s"] * len(fields))
    return f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({places})", fields


@contextmanager
def writes_watched():
    """A list that holds True once a statement other than a SELECT is sent inside the block: a command that writes
    rows itself, not through its Context, leaves the spine's rows behind the database. Commands write through
    Django's ORM or `connection.cursor()`, which this sees; not through `callproc`, a raw psycopg cursor or another
    database, which it would not."""
    wrote = []

    def watch(execute, sql, params, many, context):
        if not wrote and not sql.lstrip()[:6].upper().startswith("SELECT"):
            wrote.append(True)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield wrote


def preview(encounter_pk, user, name, args=None, dice=None):
    """What command `name` would do, without doing it: the command's own preview step, which the command's apply
    also runs, so a preview cannot disagree with the real thing. It locks and writes nothing. Raises what
    execute() raises."""
    encounter, combatants, conditions, players = reads.state(encounter_pk)
    cmd, viewer_role = _checked_command(encounter, user, name, args, players)
    if cmd.preview is None:
        raise CommandError(f"{cmd.rule or name} cannot be previewed.")
    context, form = _valid_args(cmd, encounter, user, viewer_role, combatants, conditions, args, dice)
    message, result = overruled(context, *cmd.preview(context, **form.cleaned_data))
    return Outcome(encounter.version, message, result)


def cleaned_with(context, name, args):
    """Command `name`'s arguments as it would take them, checked on a context its caller already holds (a screen
    built from a read of the encounter), so nothing it holds is read again; for the GM's screens, which work a
    command out with its own typed request. Raises CommandError as execute() would."""
    cmd = lookup(name, context.encounter.system)
    if cmd is None:
        raise CommandError(f"Unknown command '{name}'.")
    unavailable = cmd.unavailable(context.encounter)
    if unavailable:
        raise CommandError(unavailable)
    form = cmd.args(args, context)
    if not form.is_valid():
        raise CommandError(describe_errors(form))
    return form.cleaned_data


def overruled(context, message, result):
    """The command's message and result, saying what the GM allowed anyway, if anything."""
    if not context.allowed_anyway:
        return message, result
    return f"{message} The GM allows it anyway ({'; '.join(context.allowed_anyway)}).", {
        **result,
        "allowed_anyway": context.allowed_anyway,
    }


def _checked_command(encounter, user, name, args, players):
    """The command `name` and the user's role, once the user may run it on this encounter (`players`: its
    campaign's) with these arguments' names."""
    viewer_role = role(encounter, user, frozenset(players))
    if viewer_role is None:
        # To an outsider another campaign's encounter answers as a missing one does, so ids cannot be probed.
        raise Encounter.DoesNotExist(f"There is no encounter {encounter.pk}.")
    cmd = lookup(name, encounter.system)
    if cmd is None:
        raise CommandError(f"Unknown command '{name}'. Known: {', '.join(sorted(offered_to(encounter.system)))}.")
    if cmd.gm_only and viewer_role != GM:
        raise CommandForbidden("Only the GM of this encounter can do that.")
    unavailable = cmd.unavailable(encounter)
    if unavailable:
        raise CommandError(unavailable)
    if args is not None and not isinstance(args, dict):
        raise CommandError("args must be an object.")
    unknown = sorted(set(args or {}) - cmd.args.names(encounter.system) - {ALLOW_ANYWAY})
    if unknown:
        raise CommandError(f"Unknown argument(s) for {name}: {', '.join(unknown)}.")
    return cmd, viewer_role


def _valid_args(cmd, encounter, user, viewer_role, combatants, conditions, args, dice):
    """The command's context and its validated arguments; CommandError in the GM's words when they are not."""
    context = Context(encounter, user, combatants, conditions, dice or Dice(), viewer_role)
    args = dict(args or {})
    try:
        context.allow_anyway = YesNoField().clean(args.pop(ALLOW_ANYWAY, None))
    except forms.ValidationError as exc:
        raise CommandError(f"Allow anyway: {' '.join(exc.messages)}") from None
    if context.allow_anyway and viewer_role != GM:
        raise CommandForbidden("Only the GM can allow what a combatant's turn does not.")
    form = cmd.args(args, context)
    if not form.is_valid():
        raise CommandError(describe_errors(form))
    return context, form


def jsonable(cleaned):
    """Arguments as logged: model instances (also in lists) by their id; empty ones left out."""

    def plain(value):
        return [plain(item) for item in value] if isinstance(value, list) else getattr(value, "pk", value)

    return {key: plain(value) for key, value in cleaned.items() if value not in (None, "", [])}
