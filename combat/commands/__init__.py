"""Every change to an encounter is a command (docs/architecture.md "The spine: commands"): see spine.py.

The generic commands live here, each game system's in its package under `systems/`; importing a module registers
its commands. Any registered command is callable by name as `commands.next_turn(encounter, user)` or
`commands.execute(encounter, user, "next_turn", {})`.
"""

from combat.commands import encounter, house_rules, prompts, rules_data, several  # noqa: F401  (registers the generic commands)
from combat.commands.spine import (  # noqa: F401
    REGISTRY,
    CommandError,
    CommandForbidden,
    Outcome,
    StaleVersion,
    TurnRefused,
    execute,
    lookup,
    offered_to,
    preview,
)


def __getattr__(name):
    """`commands.attack(...)`: every registered command, whichever package declares it."""
    try:
        return REGISTRY[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
