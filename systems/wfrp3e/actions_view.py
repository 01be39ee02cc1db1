"""What the screens need for an action check: the open prompts this viewer may see, the action cards to pick from and
the difficulties (seed 003 "Difficulties")."""

from combat.commands.prompts import visible_prompts
from rules.engine import wfrp3e
from rules.models import ActionCard
from rules.systems import GameSystem
from systems.wfrp3e.commands.pools import SYMBOL_FIELDS


def extend(view):
    view.prompts = visible_prompts(view)
    view.action_cards = list(ActionCard.objects.filter(system=GameSystem.WFRP3E).values_list("name", flat=True))
    view.difficulties = [(name, name.capitalize(), dice) for name, dice in wfrp3e.DIFFICULTIES.items()]
    view.symbol_fields = [(name, name.replace("_", " ")) for name in SYMBOL_FIELDS]
