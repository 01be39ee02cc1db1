"""Recharge tokens on the cards a combatant used (seed 003 "End of Turn Phase"): a used card is exhausted until its
tokens are gone. `exhaust` marks one used (the action-card check calls it); the end of a turn counts them down."""

from combat.commands.spine import CommandError

__all__ = []


def tokens_on(state, combatant):
    """{card name: recharge tokens} on the combatant's exhausted cards."""
    return dict(state.recharging.get(str(combatant.pk), {}))


def exhaust(state, combatant, card_name, tokens):
    """Put `tokens` recharge tokens on the card (its rating, `rules.engine.wfrp3e.recharge_tokens`); a card that
    still has tokens cannot be used, so CommandError. A rating of 0 leaves the card ready."""
    cards = tokens_on(state, combatant)
    if cards.get(card_name):
        raise CommandError(f"{card_name} is recharging ({cards[card_name]} tokens left) and cannot be used.")
    if tokens:
        cards[card_name] = tokens
    keep(state, combatant, cards)


def keep(state, combatant, cards):
    """Store the cards still recharging; a ready card (0 tokens) is simply not listed."""
    recharging = {name: count for name, count in cards.items() if count}
    if recharging:
        state.recharging[str(combatant.pk)] = recharging
    else:
        state.recharging.pop(str(combatant.pk), None)
