"""Every change to an encounter is a command (DESIGN.md "The spine: commands"): see spine.py.

Importing the modules below registers their commands; each is callable as `commands.next_turn(encounter, user)`
or by name as `commands.execute(encounter, user, "next_turn", {})`.
"""

from combat.commands.attack import *  # noqa: F403
from combat.commands.conditions import *  # noqa: F403
from combat.commands.encounter import *  # noqa: F403
from combat.commands.fortune import *  # noqa: F403
from combat.commands.group_advantage import *  # noqa: F403
from combat.commands.house_rules import *  # noqa: F403
from combat.commands.house_tests import *  # noqa: F403
from combat.commands.momentum import *  # noqa: F403
from combat.commands.spine import (  # noqa: F401
    REGISTRY,
    CommandError,
    CommandForbidden,
    Outcome,
    StaleVersion,
    execute,
    preview,
)
from combat.commands.surprise import *  # noqa: F403
from combat.commands.turn import *  # noqa: F403
