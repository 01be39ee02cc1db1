"""What the screens need for an action check: the action cards to pick from
(on a player's own rows, each with the recharge tokens that keep it from being played), the talents, the target
offered first
and the difficulties (seed 003 "Difficulties")."""

from combat.models import Combatant
from combat.prepared import Read
from rules.engine import wfrp3e
from systems.wfrp3e.commands import KEY
from systems.wfrp3e.commands.pools import SYMBOL_FIELDS
from systems.wfrp3e.models import ActionCard, Talent


def extend(view):
    cards = view.data.once("action_cards", action_cards)
    view.action_cards = [name for name, _ in cards]
    defences = {name for name, kind in cards if kind == ActionCard.Type.DEFENCE}
    view.talents = view.data.once("talents", talents)
    view.difficulties = [(name, name.capitalize(), dice) for name, dice in wfrp3e.DIFFICULTIES.items()]
    view.symbol_fields = [(name, name.replace("_", " ")) for name in SYMBOL_FIELDS]
    view.default_target = first_enemy(view.rows, view.active)
    if view.is_gm and view.for_screen:  # all the GM's action form shows: its HTML is reused while this holds
        view.action_form_key = view.form_key(view.row_names, view.action_cards, view.default_target)
    for row in view.mine:
        recharging = dict(row.recharging)
        row.card_choices = [(name, recharging.get(name, 0)) for name in view.action_cards]
        row.defence_choices = [(name, tokens) for name, tokens in row.card_choices if name in defences]


# [(name, type)] of every WFRP 3e action card, read once for all the views of one read.
action_cards = Read(ActionCard, "{system} = {wfrp3e}", values=["name", "type"], wfrp3e=KEY)
talents = Read(Talent, "{system} = {wfrp3e}", values=["name"], flat=True, wfrp3e=KEY)


OPPONENTS = {Combatant.Side.ALLY: Combatant.Side.ADVERSARY, Combatant.Side.ADVERSARY: Combatant.Side.ALLY}


def first_enemy(rows, performer):
    """The target an action form offers first: the first of the rows on the performer's opposing side, or None so
    that no ally is struck by default."""
    opposing = OPPONENTS.get(performer.side) if performer is not None else None
    return next((row.pk for row in rows if row.side == opposing), None)
