"""Commands that run the encounter: combatants, initiative and turns, wounds, conditions, undo."""

__all__ = [
    "add_combatant",
    "remove_combatant",
    "hide_combatant",
    "reveal_combatant",
    "set_known_as",
    "set_initiative",
    "roll_initiative",
    "move_combatant",
    "delay",
    "start",
    "next_turn",
    "end_encounter",
    "apply_damage",
    "heal",
    "add_condition",
    "remove_condition",
    "set_points",
    "undo",
    "undo_to",
]

import re

from django import forms

import systems
from combat import known, snapshot
from combat.commands.fields import DieField, OneOfField, TextField, WholeNumberField, YesNoField
from combat.commands.ordering import order_by_initiative, renumber, roll_offs_note, roll_offs_result
from combat.commands.spine import AmountArgs, Args, CombatantArgs, CommandError, command
from combat.models import Combatant, Encounter, KnownAs, LogEntry, WoundsShown
from combat.words import and_list
from rules.engine.dice import TypedDice
from rules.models import ConditionDefinition
from systems.base import Happenings
from systems.sheet_schema import Count


def require_active(context):
    if context.encounter.status != Encounter.Status.ACTIVE:
        raise CommandError("The encounter has not started (or has ended).")


# --- combatants -------------------------------------------------------------------------------------


MOST_AT_ONCE = 20
HOW_MANY = f"Add from 1 to {MOST_AT_ONCE} at a time."


class AddCombatantArgs(Args):
    character = WholeNumberField(required=False)
    name = TextField(required=False, max_length=120)
    side = OneOfField(choices=Combatant.Side.choices, required=False)
    max_wounds = WholeNumberField(required=False, min_value=1, max_value=10_000)
    wounds = WholeNumberField(required=False, min_value=0, max_value=10_000)
    initiative = WholeNumberField(required=False, min_value=-1000, max_value=1000)
    hidden = YesNoField()
    count = WholeNumberField(
        required=False,
        min_value=1,
        max_value=MOST_AT_ONCE,
        label="How many",
        error_messages={"invalid": HOW_MANY, "range": HOW_MANY},
    )
    roll = YesNoField(help_text="Roll each newcomer's initiative (an NPC joining a running fight always rolls).")

    def clean_character(self):
        pk = self.cleaned_data.get("character")
        if pk is None:
            return None
        character = self.context.encounter.campaign.characters.filter(pk=pk).first()
        if character is None:
            raise forms.ValidationError(f"There is no character {pk} in this campaign.")
        return character

    def clean(self):
        data = super().clean()
        if not self.errors and not data.get("character") and not (data.get("name") and data.get("max_wounds")):
            raise forms.ValidationError("Pick a character, or give a name and the maximum wounds for a new NPC.")
        character = data.get("character")
        if character and not character.is_npc and any(c.character_id == character.pk for c in self.context.combatants):
            # An NPC is a template the GM may add again and again; a player's character fights once.
            raise forms.ValidationError(f"{character.name} is already in this fight.")
        return data


@command(AddCombatantArgs)
def add_combatant(context, character, name, side, max_wounds, wounds, initiative, hidden, count=None, roll=False):
    """One combatant, or `count` of the same (three Orcs from the campaign's Orc), each with its own wounds and, when
    an NPC joins a running fight or the GM asks, its own rolled initiative, placed in the order one after the other."""
    count = count or 1
    rolls_initiative = False
    if character:
        name = name or character.name
        max_wounds = max_wounds or context.system.wound_threshold(character)
        if wounds is None:
            wounds = context.system.starting_wounds(character, max_wounds)
        side = side or (Combatant.Side.ADVERSARY if character.is_npc else Combatant.Side.ALLY)
        # An NPC joining a running fight rolls at once; a player character's roll is the player's, unless the GM asks.
        running = context.encounter.status == Encounter.Status.ACTIVE
        rolls_initiative = initiative is None and (roll or (running and character.is_npc))
        if initiative is None:
            initiative = context.system.starting_initiative(character)
    wounds = max_wounds if wounds is None else min(wounds, max_wounds)
    ordered = context.ordered()
    newcomers = [
        Combatant(
            encounter=context.encounter,
            character=character,
            name=numbered,
            side=side or Combatant.Side.ADVERSARY,
            initiative=initiative,
            position=len(ordered) + index,
            wounds=wounds,
            max_wounds=max_wounds,
            hidden=hidden,
        )
        for index, numbered in enumerate(copy_names(context, name, count))
    ]
    if rolls_initiative:
        for combatant in newcomers:
            combatant.initiative = context.system.rolled_initiative(context, combatant)
    Combatant.objects.bulk_create(newcomers)
    context.combatants.extend(newcomers)
    rolls = {}
    for combatant in newcomers:
        place, rolled = (
            (len(ordered), {})
            if combatant.initiative is None
            else context.system.initiative_place(context, ordered, combatant)
        )
        ordered = ordered[:place] + [combatant] + ordered[place:]
        for pk, values in rolled.items():  # one copy may roll off against several of the others
            rolls.setdefault(pk, []).extend(values)
    renumber(context, ordered)  # saves the newcomers' places where they moved
    hidden_note = " (hidden)" if hidden else ""
    if context.encounter.status == Encounter.Status.ACTIVE and context.encounter.active_id is None:
        # Everyone had left a running fight: the first newcomer's turn, as the turn always belongs to someone.
        first = next(c for c in ordered if c in newcomers)
        context.encounter.active = first
        hidden_note += f"; it is {first.name}'s turn" if count > 1 else "; it is their turn"
    names = and_list([c.name for c in newcomers])
    joined = f"{names} {'join' if count > 1 else 'joins'} the fight{hidden_note}."
    return f"{joined}{roll_offs_note(context, rolls)}", {
        "combatant": newcomers[0].pk,
        "combatants": [c.pk for c in newcomers],
        "initiatives": [c.initiative for c in newcomers],
        "roll_offs": roll_offs_result(rolls),
    }


def copy_names(context, name, count):
    """The names of `count` copies of `name`: "Orc 1", "Orc 2", ... numbered on from the "Orc N" already in the
    fight, so a second band of Orcs does not repeat the first's numbers; an "Orc" already there counts as the first.
    One alone keeps its name unless others of that name are there."""
    numbers = [
        1 if c.name == name else int(number)
        for c in context.combatants
        if c.name == name
        or (c.name.startswith(f"{name} ") and re.fullmatch("[0-9]{1,9}", number := c.name[len(name) + 1 :]))
    ]
    if count == 1 and not numbers:
        return [name]
    first = max(numbers, default=0) + 1
    return [with_number(name, number) for number in range(first, first + count)]


def with_number(name, number):
    """ "Orc 4", the name cut short where the number would not fit a combatant's name."""
    suffix = f" {number}"
    return name[: Combatant._meta.get_field("name").max_length - len(suffix)] + suffix


@command(CombatantArgs)
def remove_combatant(context, combatant):
    ordered = context.ordered()
    encounter = context.encounter
    if encounter.active_id == combatant.pk:
        remaining = [c for c in ordered if c.pk != combatant.pk]
        encounter.active = remaining[ordered.index(combatant) % len(remaining)] if remaining else None
    context.combatants.remove(combatant)
    context.changed_combatants.discard(combatant)
    combatant.delete()
    renumber(context, [c for c in ordered if c is not combatant])
    return f"{combatant.name} leaves the fight.", {"combatant": combatant.pk}


@command(CombatantArgs)
def hide_combatant(context, combatant):
    combatant.hidden = True
    context.touch(combatant)
    return f"{combatant.name} is hidden from players.", {"combatant": combatant.pk}


@command(CombatantArgs)
def reveal_combatant(context, combatant):
    combatant.hidden = False
    context.touch(combatant)
    return f"{combatant.name} is revealed to players.", {"combatant": combatant.pk}


class KnownAsArgs(CombatantArgs):
    known_as = OneOfField(choices=KnownAs.choices, label="name players see")
    kind = TextField(required=False, max_length=120, label="type")
    wounds_shown = OneOfField(choices=WoundsShown.choices, label="wounds players see")

    def clean(self):
        data = super().clean()
        combatant = data.get("combatant")
        if combatant is not None and not combatant.is_npc:
            raise forms.ValidationError(f"{combatant.name} is a player character: the players know them fully.")
        return data


# How the log tells what players now see of an NPC's wounds.
WOUNDS_SEEN = {WoundsShown.HIDDEN: "hidden", WoundsShown.WORD: "in a word", WoundsShown.EXACT: "exactly"}


@command(KnownAsArgs)
def set_known_as(context, combatant, known_as, kind, wounds_shown):
    """What players know of an NPC: its name, its type or nothing; its wounds hidden, in a word or exactly
    (combat/known.py)."""
    combatant.known_as, combatant.kind, combatant.wounds_shown = known_as, kind, wounds_shown
    context.touch(combatant)
    called = "by name" if known_as == KnownAs.NAME else f"as {known.shown_name(combatant)}"
    return f"Players know {combatant.name} {called}, its wounds {WOUNDS_SEEN[wounds_shown]}.", {
        "combatant": combatant.pk,
        "known_as": known_as,
        "kind": kind,
        "wounds_shown": wounds_shown,
    }


# --- initiative and turns ---------------------------------------------------------------------------


class SetInitiativeArgs(CombatantArgs):
    value = WholeNumberField(min_value=-1000, max_value=1000)


@command(SetInitiativeArgs)
def set_initiative(context, combatant, value):
    combatant.initiative = value
    context.touch(combatant)
    ordered = [c for c in context.ordered() if c is not combatant]
    place, rolls = context.system.initiative_place(context, ordered, combatant)
    renumber(context, ordered[:place] + [combatant] + ordered[place:])
    return f"{combatant.name}'s initiative is {value}.{roll_offs_note(context, rolls)}", {
        "combatant": combatant.pk,
        "initiative": value,
        "roll_offs": roll_offs_result(rolls),
    }


class RollInitiativeArgs(Args):
    everyone = YesNoField(help_text="Roll everyone's afresh, replacing the initiatives they have.")


@command(RollInitiativeArgs)
def roll_initiative(context, everyone):
    """Order everyone by the system's initiative rules, rolling off exact ties. Who has an initiative already (typed
    by the GM, or rolled before) keeps it and only their tie-breaks are the system's, unless `everyone` is asked."""
    if not context.combatants:
        raise CommandError("Add a combatant first.")
    kept = [] if everyone else [c for c in context.combatants if c.initiative is not None]
    order, rolls = order_by_initiative(context, kept)
    kept_note = f" Kept their initiative: {', '.join(c.name for c in kept)}." if kept else ""
    names = ", ".join(c.name for c in order)
    return f"Initiative order set: {names}.{kept_note}{roll_offs_note(context, rolls)}", {
        "order": [c.pk for c in order],
        "kept": [c.pk for c in kept],
        "roll_offs": roll_offs_result(rolls),
    }


class MoveArgs(CombatantArgs):
    position = WholeNumberField(min_value=0, help_text="New place in the turn order, 0 first.")


@command(MoveArgs)
def move_combatant(context, combatant, position):
    ordered = [c for c in context.ordered() if c is not combatant]
    position = min(position, len(ordered))
    renumber(context, ordered[:position] + [combatant] + ordered[position:])
    return f"{combatant.name} moves to place {position + 1} in the turn order.", {
        "combatant": combatant.pk,
        "position": position,
    }


@command()
def delay(context):
    """The active combatant waits: they act after the next combatant, who acts now."""
    require_active(context)
    ordered = context.ordered()
    if len(ordered) < 2:
        raise CommandError("There is nobody to wait for.")
    current = context.encounter.active
    if current is None:
        raise CommandError("Nobody's turn is running.")
    index = next(i for i, c in enumerate(ordered) if c.pk == current.pk)
    if index == len(ordered) - 1:
        raise CommandError(f"{current.name} is last this round and cannot delay further.")
    following = ordered[index + 1]
    ordered[index], ordered[index + 1] = following, ordered[index]
    renumber(context, ordered)
    context.encounter.active = following
    return f"{current.name} delays; {following.name} acts first.", {"active": following.pk}


@command()
def start(context):
    encounter = context.encounter
    if encounter.status != Encounter.Status.PLANNING:
        raise CommandError("The encounter has already started.")
    ordered = context.ordered()
    if not ordered:
        raise CommandError("Add a combatant before starting.")
    first, passed = first_to_act(context, ordered)
    if first is None:
        raise CommandError(f"Nobody can take a turn: {' '.join(passed)}")
    encounter.status = Encounter.Status.ACTIVE
    encounter.round = 1
    encounter.active = first
    system = context.system
    happened = system.encounter_started(context) + system.turn_started(context, first)
    notes = "".join(f" {note}" for note in [*passed, *happened.notes])
    return f"Round 1 begins{happened.round_note}: {first.name}'s turn.{notes}", {
        "round": 1,
        "active": first.pk,
        **happened.result,
    }


def first_to_act(context, candidates):
    """(the first of `candidates` who takes a turn or None, the log's notes on those passed over before them)."""
    passed = []
    for candidate in candidates:
        why = context.system.why_no_turn(context, candidate)
        if not why:
            return candidate, passed
        passed.append(f"{candidate.name} is {why}: no turn.{turn_passed(context, candidate)}")
    return None, passed


class NextTurnArgs(Args):
    d10 = DieField(10, help_text="The d10 the turn change rolls (a condition's damage, say); rolled when empty.")


@command(NextTurnArgs)
def next_turn(context, d10):
    require_active(context)
    if d10 is not None:
        context.dice = TypedDice(context.dice, {10: [d10]})
    encounter = context.encounter
    system = context.system
    ordered = context.ordered()
    if not ordered:
        raise CommandError("Nobody is left in the fight: add a combatant, or end the encounter.")
    index = next((i for i, c in enumerate(ordered) if c.pk == encounter.active_id), -1)
    expired, prefix, passed_later = [], "", []
    happened = system.turn_ended(context, ordered[index]) if index >= 0 else Happenings()
    # Those who take no turn are passed over; past the round's end, the next round is looked through once only.
    upcoming, passed = first_to_act(context, ordered[index + 1 :])
    if upcoming is None:
        happened += system.round_ended(context)
        expired = tick_condition_timers(context)
        encounter.round += 1
        happened += system.round_started(context)
        upcoming, passed_later = first_to_act(context, context.ordered())
        prefix = f"Round {encounter.round} begins{happened.round_note}. "
    told = "".join(f"{note} " for note in passed) + prefix + "".join(f"{note} " for note in passed_later)
    if upcoming is None:
        # Nobody can act: the turn rests on the last of the order, so the next turn change ends this round too.
        encounter.active = context.ordered()[-1]
        told += "Nobody can take a turn this round."
    else:
        encounter.active = upcoming
        happened += system.turn_started(context, upcoming)
        told += f"{upcoming.name}'s turn."
    if d10 is not None and context.dice.unused:
        raise CommandError(f"Nothing at this turn change rolls a d10, so the {d10} typed has no use: leave it empty.")
    notes = [note for note in happened.notes if note]
    ended = f" {', '.join(expired)} ended." if expired else ""
    said = f" {' '.join(notes)}" if notes else ""
    return f"{told}{ended}{said}", {
        "conditions": notes,
        "round": encounter.round,
        "active": upcoming.pk if upcoming else None,
        "passed_over": [*passed, *passed_later],
        "expired": expired,
        **happened.result,
    }


def turn_passed(context, combatant):
    """The combatant's turn was passed over: each of their conditions that costs turns (System.turn_timed_conditions)
    has one turn less, and ends at none. Returns the log's words for those that end."""
    counted = context.system.turn_timed_conditions
    timed = [c for c in context.conditions if c.combatant_id == combatant.pk and c.name in counted]
    timed = [c for c in timed if c.remaining is not None]
    ended = []
    for condition in timed:
        if condition.remaining > 1:
            context.tick_condition(condition)
        else:
            context.reduce_condition(condition)
            ended.append(condition.name)
    return "".join(f" {combatant.name}'s {name} ends." for name in ended)


def tick_condition_timers(context):
    """End of round: every condition timed in rounds loses a round; those at zero are removed."""
    per_turn = context.system.turn_timed_conditions
    timed = [c for c in context.conditions if c.remaining is not None and c.name not in per_turn]
    finished = [c for c in timed if c.remaining <= 1]
    ticking = [c for c in timed if c.remaining > 1]
    for condition in ticking:
        context.tick_condition(condition)
    for condition in finished:
        context.reduce_condition(condition)
    names = {c.pk: c.name for c in context.combatants}
    return [f"{names[c.combatant_id]}'s {c.name}" for c in finished]


@command()
def end_encounter(context):
    encounter = context.encounter
    if encounter.status == Encounter.Status.ENDED:
        raise CommandError("The encounter has already ended.")
    encounter.status = Encounter.Status.ENDED
    encounter.active = None
    return f"The encounter ends after round {encounter.round}.", {"round": encounter.round}


# --- wounds and conditions --------------------------------------------------------------------------


@command(AmountArgs)
def apply_damage(context, combatant, amount):
    before = combatant.wounds
    combatant.wounds = max(0, before - amount)
    context.touch(combatant)
    happened = context.system.damaged(context, combatant, amount, before)
    notes = "".join(f" {note}" for note in happened.notes)
    word = context.system.wounds_word(context.encounter).lower()
    return f"{combatant.name} takes {amount} damage ({combatant.wounds}/{combatant.max_wounds} {word}).{notes}", {
        "combatant": combatant.pk,
        "wounds": combatant.wounds,
    }


@command(AmountArgs)
def heal(context, combatant, amount):
    before = combatant.wounds
    combatant.wounds = min(combatant.max_wounds, combatant.wounds + amount)
    context.touch(combatant)
    happened = context.system.healed(context, combatant, combatant.wounds - before)
    notes = "".join(f" {note}" for note in happened.notes)
    word = context.system.wounds_word(context.encounter).lower()
    return f"{combatant.name} heals {amount} ({combatant.wounds}/{combatant.max_wounds} {word}).{notes}", {
        "combatant": combatant.pk,
        "wounds": combatant.wounds,
        **happened.result,
    }


class ConditionArgs(CombatantArgs):
    condition = TextField()

    def clean_condition(self):
        name = self.cleaned_data["condition"].strip()
        system = self.context.encounter.system
        definition = ConditionDefinition.objects.filter(system=system, name__iexact=name).first()
        if definition is None:
            raise forms.ValidationError(f"'{name}' is not a condition of this game system.")
        return definition


class AddConditionArgs(ConditionArgs):
    count = WholeNumberField(required=False, min_value=1, max_value=99)
    remaining = WholeNumberField(required=False, min_value=1, max_value=999, help_text="Rounds it lasts.")


@command(AddConditionArgs, generic_conditions=True)
def add_condition(context, combatant, condition, count, remaining):
    instance = context.add_condition(combatant, condition, count or 1, remaining)
    timer = f" for {remaining} rounds" if remaining else ""
    return f"{combatant.name} gains {condition.name} ×{instance.count}{timer}.", {
        "combatant": combatant.pk,
        "condition": condition.name,
        "count": instance.count,
    }


class RemoveConditionArgs(ConditionArgs):
    count = WholeNumberField(required=False, min_value=1, max_value=99, help_text="Empty removes all.")


@command(RemoveConditionArgs, generic_conditions=True)
def remove_condition(context, combatant, condition, count):
    existing = context.condition_of(combatant, condition)
    if existing is None:
        raise CommandError(f"{combatant.name} does not have {condition.name}.")
    left = context.reduce_condition(existing, count)
    return f"{combatant.name} loses {condition.name}" + (f" (×{left} left)." if left else "."), {
        "combatant": combatant.pk,
        "condition": condition.name,
        "count": left,
    }


class PointsArgs(CombatantArgs):
    """The combatant, and a number for any counter the encounter's game keeps on a sheet (the Counts of its
    SheetSchema.points), within the limits the sheet has."""

    def __init__(self, data, context):
        super().__init__(data, context)
        for key, kind in counters(context.encounter.system).items():
            self.fields[key] = WholeNumberField(required=False, min_value=kind.low, max_value=kind.high)

    @classmethod
    def names(cls, system):
        return {*super().names(system), *counters(system)}


def counters(system):
    """{key: Count} of the counters the game `system` (a key) keeps on a character's sheet."""
    schema = systems.get(system).sheet_schema
    return {key: kind for key, kind in schema.points.items() if isinstance(kind, Count)}


@command(PointsArgs)
def set_points(context, combatant, **points):
    """The GM changes counters on a fighting character's sheet. As a command it is logged and undone in its turn,
    so undoing an earlier command cannot silently put back the points the sheet had then."""
    if combatant.character_id is None:
        raise CommandError(f"{combatant.name} has no character sheet.")
    character = combatant.character
    changed = {kind: value for kind, value in points.items() if value is not None and character.point(kind) != value}
    if not changed:
        if not counters(context.encounter.system):
            raise CommandError(f"A {systems.get(context.encounter.system).short_label} sheet keeps no points to set.")
        raise CommandError(f"{combatant.name}'s sheet already says so.")
    context.set_points(combatant, points=character.points_with(**changed))
    kinds = counters(context.encounter.system)
    said = ", ".join(f"{kinds[kind].label} {value}" for kind, value in changed.items())
    return f"The GM sets {combatant.name}'s {said}.", {"combatant": combatant.pk, **changed}


# --- undo -------------------------------------------------------------------------------------------


def standing(context):
    """The encounter's log entries that undo may still take back, newest first."""
    return LogEntry.objects.filter(encounter=context.encounter, undone=False, undo_state__isnull=False).order_by(
        "-version"
    )


def take_back(context, entries):
    """Undo `entries`, newest first: the encounter as it was before the oldest of them. Returns the notes on what
    could not come back, in the log's words."""
    state = snapshot.earliest(entry.undo_state for entry in entries)
    notes = snapshot.restore(context.encounter, state, context.combatants, context.conditions)
    LogEntry.objects.filter(pk__in=[entry.pk for entry in entries]).update(undone=True)
    return "".join(f" ({note}.)" for note in notes)


@command(undoable=False)
def undo(context):
    target = standing(context).first()
    if target is None:
        raise CommandError("Nothing to undo.")
    return f"Undid: {target.message}{take_back(context, [target])}", {"undone": target.version}


class UndoToArgs(Args):
    version = WholeNumberField(min_value=0, label="log line", help_text="The log line (#) to go back to.")


@command(UndoToArgs, undoable=False)
def undo_to(context, version):
    """Undo every command logged after line `version`, newest first, as one command: the fight as it stood after
    that line."""
    line = LogEntry.objects.filter(encounter=context.encounter, version=version).only("message", "undone").first()
    if line is None:
        raise CommandError(f"There is no line #{version} in this fight's log.")
    if line.undone:
        raise CommandError(f"Line #{version} was undone already: go back to a line that stands.")
    later = list(standing(context).filter(version__gt=version).only("version", "message", "undo_state"))
    if not later:
        raise CommandError(f"Nothing after line #{version} is left to undo.")
    notes = take_back(context, later)
    commands = "a command" if len(later) == 1 else f"{len(later)} commands"
    return f"Undid {commands} back to #{version}: {line.message}{notes}", {
        "undone": [entry.version for entry in later],
        "back_to": version,
    }
