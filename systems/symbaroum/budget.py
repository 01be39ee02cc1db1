"""A Symbaroum turn's budget (systems/turn_budget.py): one Combat Action and one Movement Action, the Combat Action
able to become a second Movement Action (seed 001 "Actions in Combat"), and what conditions and states take from it.
Winded and Unconscious cost their bearer whole turns (seed 001 "Alternate Rules" › "Hit Locations"), counted in the
bearer's turns passed over, not in rounds; the dying act only through their death test and the dead and the
buildings take no turn (seed 004 "Unsorted" › "Dying Characters", "Damage on Buildings")."""

from systems.symbaroum.commands.turn import PARTS, turn_used
from systems.turn_budget import Limit, Part

# Conditions whose rounds left (`remaining`) count their bearer's turns: those passed over; and Poisoned, counted
# down by each turn it hurts (commands/damage_over_time.py).
TURN_TIMED = ("Winded", "Unconscious", "Poisoned")
NO_TURN = {"Dead": "dead", "Unconscious": "Unconscious", "Winded": "Winded"}
ONLY_THE_DEATH_TEST = Limit("Dying", "nothing but the death test", ("combat", "movement"))
# Seed 001 "Traps" › "Getting Free from a Trap": a trap that holds its victim keeps them from moving until free.
CAUGHT = Limit("Trapped", "caught in a trap, no moving until free", ("movement",))


def parts(encounter):
    used = turn_used(encounter)
    converted = used["movements"] >= 2
    return [
        Part(
            "combat",
            PARTS["combat"],
            0 if used["combat"] or converted else 1,
            "the Combat Action became a second Movement Action this turn"
            if converted
            else "the Combat Action is already used this turn",
        ),
        Part(
            "movement",
            PARTS["movement"],
            max(0, used["movements_allowed"] - used["movements"]),
            "both actions of the turn are used (a Movement Action never becomes a Combat Action)",
        ),
    ]


def limits(encounter, combatant, conditions):
    if str(combatant.pk) in encounter.state.buildings:
        return [Limit("a building", "takes no turn", no_turn=True)]
    found = [Limit(word, "no turn", no_turn=True) for name, word in NO_TURN.items() if conditions.get(name)]
    if conditions.get("Dying"):
        found.append(ONLY_THE_DEATH_TEST)
    if conditions.get("Trapped"):
        found.append(CAUGHT)
    return found
