"""Preparation (seed 003 "Maneuvers" 9): an action card that needs preparing (its `preparation`, in manoeuvres) is
played on its performer's turn only after they spent those manoeuvres on it that turn; `prepare` spends one, the
turn's budget charging it as any other. A preparation lasts the turn it was made in."""

from django import forms

from combat.commands.fields import TextField
from combat.commands.spine import CommandError, OwnCombatantArgs
from rules.engine import wfrp3e
from systems.wfrp3e.commands import command, deck, turn
from systems.wfrp3e.models import ActionCard
from systems.wfrp3e.sheet import ACTION_CARDS

__all__ = ["prepare"]


def prepared(context, combatant, card_name):
    """Preparation manoeuvres spent on the card this turn, by the combatant whose turn it is."""
    if not turn.on_own_turn(context.encounter, combatant):
        return 0
    return turn.this_turn(context.encounter).get("prepared", {}).get(card_name, 0)


def prepared_for(context, combatant, card):
    """CommandError, in words, when the card needs preparation still owed this turn; out of one's turn (a reaction
    the GM plays, a rally) there are no manoeuvres to prepare with, so none is asked."""
    if not turn.on_own_turn(context.encounter, combatant):
        return
    left = wfrp3e.preparation_left(card.preparation, prepared(context, combatant, card.name))
    if left:
        raise CommandError(
            f"{card.name} needs {card.preparation} preparation manoeuvre{'s' if card.preparation > 1 else ''} "
            f"first this turn: {combatant.name} still owes {left}."
        )


class PrepareArgs(OwnCombatantArgs):
    card = TextField(max_length=120, help_text="The action card prepared.")

    def clean_card(self):
        name = self.cleaned_data["card"]
        card = ActionCard.objects.filter(name__iexact=name).first()
        if card is None:
            raise forms.ValidationError(f"There is no action card '{name}'.")
        return card


@command(PrepareArgs, gm_only=False, rule="Preparation")
def prepare(context, combatant, card):
    """Spend a manoeuvre preparing an action card that needs it (the turn's first free, each further one a
    fatigue)."""
    current = turn.own_turn(context, combatant, "prepares", "manoeuvre")
    if not card.preparation:
        raise CommandError(f"{card.name} needs no preparation.")
    deck.refuse_outside(context, combatant, ACTION_CARDS, card.name, "action card")
    if current["action"]:
        raise CommandError(f"{combatant.name} has played {current['action']} this turn: there is nothing to prepare.")
    done = current.get("prepared", {}).get(card.name, 0)
    if not wfrp3e.preparation_left(card.preparation, done):
        raise CommandError(f"{card.name} is prepared already.")
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, current, 1)
    state = context.encounter.state
    state.turn = {**state.turn, "prepared": {**current.get("prepared", {}), card.name: done + 1}}
    left = wfrp3e.preparation_left(card.preparation, done + 1)
    costs = "".join(f", {words}" for words in ([f"{fatigue} fatigue"] if fatigue else []) + wounded)
    ready = "ready to play" if not left else f"{left} more to go"
    return f"{combatant.name} prepares {card.name}{costs}: {ready}.", {"card": card.name, "left": left}
