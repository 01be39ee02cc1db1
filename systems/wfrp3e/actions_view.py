"""What the screens need for an action check: the action cards to pick from (on a player's own rows, those of the
character's deck, each with the recharge tokens that keep it from being played), the active combatant's talents, the
target offered first and the difficulties (seed 003 "Difficulties")."""

from combat.models import Combatant
from combat.prepared import Read
from rules.engine import wfrp3e
from systems.wfrp3e.commands import KEY
from systems.wfrp3e.commands.manoeuvres import SLUNG
from systems.wfrp3e.commands.pools import SYMBOL_FIELDS
from systems.wfrp3e.models import ActionCard, Talent
from systems.wfrp3e.sheet import ACTION_CARDS, TALENTS, in_deck


def extend(view):
    cards = view.data.once("action_cards", action_cards)
    view.action_cards = [name for name, _, _ in cards]
    defences = {name for name, kind, _ in cards if kind == ActionCard.Type.DEFENCE}
    # The active combatant's own deck, where their sheet keeps one: the talents and the cards to prepare offered.
    active = view.active.combatant.character if view.active is not None and view.active.character_id else None
    # Seed 003 "Maneuvers" 9: the cards a manoeuvre of preparation goes on, with how many each needs.
    preparing = {name: needed for name, _, needed in cards if needed}
    view.preparation_cards = [(name, preparing[name]) for name in in_deck(active, ACTION_CARDS, preparing)]
    view.talents = in_deck(active, TALENTS, view.data.once("talents", talents))
    view.difficulties = [(name, name.capitalize(), dice) for name, dice in wfrp3e.DIFFICULTIES.items()]
    view.symbol_fields = [(name, name.replace("_", " ")) for name in SYMBOL_FIELDS]
    view.default_target = first_enemy(view.rows, view.active)
    situation(view)
    if view.is_gm and view.for_screen:  # all the GM's action form shows: its HTML is reused while this holds
        view.action_form_key = view.form_key(
            view.row_names, view.action_cards, view.default_target, view.known_advantages, view.situation_hint
        )
    for row in view.mine:
        recharging = dict(row.recharging)
        own = in_deck(row.combatant.character if row.character_id else None, ACTION_CARDS, view.action_cards)
        # (name, recharge tokens left, why else it cannot be played now): Block without a shield on the arm.
        row.card_choices = [
            (
                name,
                recharging.get(name, 0),
                BLOCK_WORDS.get(wfrp3e.block_refusal(name, bool(row.shield), row.shield == SLUNG)),
            )
            for name in own
        ]
        row.defence_choices = [choice for choice in row.card_choices if choice[0] in defences]


# [(name, type)] of every WFRP 3e action card, read once for all the views of one read.
action_cards = Read(ActionCard, "{system} = {wfrp3e}", values=["name", "type", "preparation"], wfrp3e=KEY)
talents = Read(Talent, "{system} = {wfrp3e}", values=["name"], flat=True, wfrp3e=KEY)


# Seed 003 "Maneuvers" 5: why the phone greys Block out.
BLOCK_WORDS = {wfrp3e.NO_SHIELD: "needs a shield", wfrp3e.SHIELD_UNSLUNG: "sling your shield first", "": ""}

SENSELESS = (wfrp3e.UNCONSCIOUS, wfrp3e.EXHAUSTED)


def out_of_the_fight(row):
    """Knocked out, dead, or senseless from fatigue or stress (seed 003 "Impairments & Wounds"): incapacitated."""
    return bool(row.no_turn) or any(name in SENSELESS for name in row.impairments)


def situation(view):
    """The Advantages and Disadvantages a check's form ticks (seed 003 "Advantages", "Disadvantages"): the lists
    as (key, name); pre-ticked, those the tracker sees against the target offered first (lying prone,
    incapacitated), for the GM to confirm; and a hint naming who is prone or out of the fight, for another target."""
    view.advantages = list(wfrp3e.ADVANTAGES.items())
    view.disadvantages = list(wfrp3e.DISADVANTAGES.items())
    target = next((row for row in view.rows if row.pk == view.default_target), None)
    view.known_advantages = (
        wfrp3e.known_advantages(target.prone, out_of_the_fight(target)) if target is not None else []
    )
    prone = [row.name for row in view.rows if row.prone]
    out = [row.name for row in view.rows if out_of_the_fight(row)]
    hints = [*([f"prone: {', '.join(prone)}"] if prone else []), *([f"incapacitated: {', '.join(out)}"] if out else [])]
    view.situation_hint = "; ".join(hints)


OPPONENTS = {Combatant.Side.ALLY: Combatant.Side.ADVERSARY, Combatant.Side.ADVERSARY: Combatant.Side.ALLY}


def first_enemy(rows, performer):
    """The target an action form offers first: the first of the rows on the performer's opposing side, or None so
    that no ally is struck by default."""
    opposing = OPPONENTS.get(performer.side) if performer is not None else None
    return next((row.pk for row in rows if row.side == opposing), None)
