"""What Symbaroum's special actions cost of a turn, as the turn's parts ("combat", "movement"): standing up (seed 001
"Actions in Combat" › "Movement Action" and "Special Actions" › "Stand Up"; seed 004 "Stand", where the test is
Agility's) and using or applying an elixir (seed 001 "Special Actions" › "Use/Apply Elixir"; seed 004 the same)."""

COMBAT = "combat"
MOVEMENT = "movement"


def stand_up_cost(test_passed):
    """The parts of the turn getting up from prone takes: with a passed Quick test the Movement Action alone;
    otherwise (a failed test, or no test taken) the whole turn, both actions, so no Combat Action that turn."""
    return (MOVEMENT,) if test_passed else (MOVEMENT, COMBAT)


def stands_up(test_passed, combat_action_free):
    """Whether the prone combatant is on their feet after trying: a passed test always; a failed one only when the
    rest of the turn, the Combat Action, is still theirs to give (the whole turn is what a failure costs)."""
    return bool(test_passed) or bool(combat_action_free)


def elixir_cost(on_oneself):
    """The part of the turn an elixir takes: on oneself or one's own equipment a Movement Action, on somebody else
    a Combat Action."""
    return MOVEMENT if on_oneself else COMBAT
