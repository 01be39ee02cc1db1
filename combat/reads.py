"""The statements every version of every encounter repeats, each written once (combat/prepared.py): a command's read
under its lock (combat/commands/spine.py) and the read its answer and every live view are built from
(combat/views_state.py)."""

from typing import NamedTuple

from characters.models import Campaign, Character
from combat.models import Combatant, ConditionInstance, Encounter, LogEntry
from combat.prepared import Read, together

# The news of a player's characters is looked for among this many of the newest log lines, read once for every
# viewer; commands the player ran themselves are passed over, so it is wider than views_state.NEWS_LOOKBACK.
RECENT_LOG = 60


# The ids of the characters of an encounter's combatants, by the encounter's id: a subquery of the reads of what their
# sheets hold.
CHARACTER_IDS = Read(Combatant, "{encounter} = %s", values=["character"], order_by=())

# The characters are read apart from their combatants: a big fight is mostly copies of a few characters, each then
# made once, not once a row.
ENCOUNTER = Read(Encounter, "{id} = %s", related=["campaign"], order_by=())
COMBATANTS = Read(Combatant, "{encounter} = %s", order_by=["position", "pk"])
CHARACTERS = Read(Character, "{id} IN ({in_encounter})", related=["player"], order_by=(), in_encounter=CHARACTER_IDS)
CONDITIONS = Read(ConditionInstance, "{combatant__encounter} = %s", related=["definition"])
# An encounter's version alone: each socket's rejoin beat asks it (combat/live.py, LiveViews.current_version).
VERSION = Read(Encounter, "{id} = %s", values=["version"], flat=True, order_by=())
# The players of the encounter's campaign, by the encounter's id: read with the encounter, in the same round trip.
PLAYERS = Read(
    Campaign.players.through,
    "{campaign} = ({campaign_of})",
    values=["user"],
    flat=True,
    campaign_of=Read(Encounter, "{id} = %s", values=["campaign"], order_by=()),
)


class LogLine(NamedTuple):
    """A log entry as the screens show it (the GM's log, a player's news): plain values, made for every line of every
    read, where a model instance costs twenty times as much; without the undo snapshot (every combatant) and result,
    which no screen shows. Who ran the command comes by id (views_state.tell_news) and by name, for the screens."""

    version: int
    undone: bool
    user_id: int | None
    command: str
    message: str
    args: dict
    username: str | None


LOG_LINE_VALUES = Read(LogEntry, "{encounter} = %s", values=[*LogLine._fields[:-1], "user__username"], limit=RECENT_LOG)


def log_lines(values):
    """LOG_LINE_VALUES's rows as LogLines: the encounter's newest RECENT_LOG lines, undone ones too, newest first."""
    return [LogLine(*line) for line in values]


# A command's encounter, locked until the command commits.
# Only the encounter's row: its campaign's too would make commands on every encounter of a campaign wait for each
# other.
LOCKED_ENCOUNTER = Read(Encounter, "{id} = %s", related=["campaign"], order_by=(), locked=True)


def encounter(pk):
    """The encounter `pk` with its campaign; Encounter.DoesNotExist when there is none."""
    return the_encounter(pk, ENCOUNTER(pk))


def the_encounter(pk, found):
    if not found:
        raise Encounter.DoesNotExist(f"no encounter {pk}")
    return found[0]


ENCOUNTER_FIELD, CHARACTER_FIELD = Combatant._meta.get_field("encounter"), Combatant._meta.get_field("character")
ACTIVE_FIELD = Encounter._meta.get_field("active")


class Known(NamedTuple):
    """What a read already has in hand and need not ask again: None where it does not."""

    combatants: list | None = None  # in turn order, each with its character
    conditions: list | None = None
    players: list | None = None  # the ids of the campaign's players


def state(pk, *also, locked=False):
    """(the encounter `pk` with its campaign, its combatants in turn order each with its character, its conditions,
    its campaign's players, then the result of each of `also`, reads by the encounter's id), in one round trip
    (prepared.together); with `locked`, the encounter is locked until the transaction ends, and the rest is read
    once the lock is held. Encounter.DoesNotExist when there is none."""
    found, everyone, characters, *others = together(
        (LOCKED_ENCOUNTER if locked else ENCOUNTER, (pk,)),
        *((read, (pk,)) for read in (COMBATANTS, CHARACTERS, CONDITIONS, PLAYERS, *also)),
    )
    encounter = the_encounter(pk, found)
    return encounter, joined(encounter, everyone, characters), *others


def state_of(encounter, *also, known=Known()):
    """(combatants, conditions, players, then the result of each of `also`) of `encounter`, already read, in one
    round trip; what is `known` is not read again."""
    have = {
        COMBATANTS: known.combatants,
        CHARACTERS: known.combatants,
        CONDITIONS: known.conditions,
        PLAYERS: known.players,
    }
    unread = [read for read, known_rows in have.items() if known_rows is None]
    results = iter(together(*((read, (encounter.pk,)) for read in (*unread, *also))))
    everyone = known.combatants if known.combatants is not None else joined(encounter, next(results), next(results))
    conditions = known.conditions if known.conditions is not None else next(results)
    players = known.players if known.players is not None else next(results)
    return everyone, conditions, players, *results


def joined(encounter, everyone, characters):
    """The combatants read, each with `encounter` and its character among `characters` cached as a select_related
    would leave them; `encounter.active` is the one among them whose turn it is, not a copy read apart (a command
    that changed the copy would answer with the other)."""
    characters = {character.pk: character for character in characters}
    if encounter.active_id is not None:
        ACTIVE_FIELD.set_cached_value(encounter, next((c for c in everyone if c.pk == encounter.active_id), None))
    # Assigning through the fields' descriptors costs as much again as the rows.
    for combatant in everyone:
        ENCOUNTER_FIELD.set_cached_value(combatant, encounter)
        if combatant.character_id is not None:
            character = characters.get(combatant.character_id)
            if character is None:  # its sheet was deleted between the two statements
                combatant.character_id = None
            CHARACTER_FIELD.set_cached_value(combatant, character)
    return everyone
