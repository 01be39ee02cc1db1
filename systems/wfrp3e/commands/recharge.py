"""Recharge tokens on the action cards and talents a combatant used (seed 003 "End of Turn Phase"): a used card or
talent is exhausted until its tokens are gone. `exhaust` marks one used (the action-card check and a talent's
socketing call it); the end of a turn, a rally and the end of an act count them down."""

from combat.commands.spine import CommandError

__all__ = []

# Where each kind is kept in the encounter's state (Wfrp3eState): one store for the cards, one for the talents.
CARDS, TALENTS = "recharging", "talents_recharging"


def tokens_on(state, combatant, store=CARDS):
    """{name: recharge tokens} on the combatant's exhausted cards (or talents)."""
    return dict(getattr(state, store).get(str(combatant.pk), {}))


def exhaust(state, combatant, name, tokens, store=CARDS):
    """Put `tokens` recharge tokens on the card or talent; one that still has tokens cannot be used, so
    CommandError. A rating of 0 leaves it ready."""
    used = tokens_on(state, combatant, store)
    if used.get(name):
        raise CommandError(f"{name} is recharging ({used[name]} tokens left) and cannot be used.")
    if tokens:
        used[name] = tokens
    keep(state, combatant, used, store)


def keep(state, combatant, tokens, store=CARDS):
    """Store what is still recharging; a ready card or talent (0 tokens) is simply not listed."""
    recharging = {name: count for name, count in tokens.items() if count}
    if recharging:
        getattr(state, store)[str(combatant.pk)] = recharging
    else:
        getattr(state, store).pop(str(combatant.pk), None)
