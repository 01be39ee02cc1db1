"""A talent socketed and used with a manoeuvre (seed 003 "Maneuvers" item 2): a talent that is not constant takes
its recharge tokens (four by the seed) and loses one at each end of its owner's turn ("End of Turn Phase" step 4).
It stays socketed until unsocketed or exchanged for another of its type with a manoeuvre, once recharged (item
3)."""

from django import forms

from combat.commands.fields import TextField
from combat.commands.spine import CommandError, OwnCombatantArgs
from rules.engine import wfrp3e
from systems.wfrp3e.commands import KEY, command, deck, recharge, turn
from systems.wfrp3e.models import Talent
from systems.wfrp3e.sheet import TALENTS

__all__ = ["use_talent", "exchange_talent"]


def talent_named(name):
    talent = Talent.objects.filter(system=KEY, name__iexact=name).first()
    if talent is None:
        raise forms.ValidationError(f"There is no talent '{name}'.")
    return talent


def socketed(state, combatant):
    """The names of the talents the combatant has socketed, in the order socketed."""
    return list(state.sockets.get(str(combatant.pk), ()))


def keep_sockets(state, combatant, names):
    if names:
        state.sockets[str(combatant.pk)] = names
    else:
        state.sockets.pop(str(combatant.pk), None)


class TalentArgs(OwnCombatantArgs):
    talent = TextField(max_length=120, help_text="The talent's name.")

    def clean_talent(self):
        return talent_named(self.cleaned_data["talent"])


@command(TalentArgs, gm_only=False, rule="Maneuvers")
def use_talent(context, combatant, talent):
    """Socket and use a talent on the combatant's own turn: one manoeuvre (the turn's first is free, each further one
    a fatigue); a talent still recharging cannot be used."""
    this_turn = turn.own_turn(context, combatant, "uses a talent")
    deck.refuse_outside(context, combatant, TALENTS, talent.name, "talent")
    tokens = 0 if talent.constant else talent.recharge
    state = context.encounter.state
    recharge.exhaust(state, combatant, talent.name, tokens, recharge.TALENTS)
    held = socketed(state, combatant)
    keep_sockets(state, combatant, held if talent.name in held else [*held, talent.name])
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, this_turn, 1)
    lasting = "socketed, it works while it stays so" if talent.constant else f"it recharges ({tokens} tokens)"
    costs = "".join(f", {words}" for words in ([f"{fatigue} fatigue"] if fatigue else []) + wounded)
    return f"{combatant.name} uses {talent.name} with a manoeuvre{costs}: {lasting}.", {"talent": talent.name}


class ExchangeArgs(TalentArgs):
    replacement = TextField(
        required=False, max_length=120, help_text="The talent of the same type socketed instead; empty: unsocket only."
    )

    def clean_replacement(self):
        name = self.cleaned_data["replacement"]
        return talent_named(name) if name else None


@command(ExchangeArgs, gm_only=False, rule="Unsocket and/or Exchange Talent")
def exchange_talent(context, combatant, talent, replacement):
    """Unsocket a talent, or exchange it for another of the same type, with a manoeuvre on one's own turn: only
    once it has recharged. The talent socketed instead is ready to be used (`use_talent`)."""
    state, name = context.encounter.state, combatant.name
    held = socketed(state, combatant)
    if talent.name not in held:
        raise CommandError(f"{name} has no {talent.name} socketed.")
    if replacement is not None and replacement.name in held:
        raise CommandError(f"{name} has {replacement.name} socketed already.")
    if replacement is not None:
        deck.refuse_outside(context, combatant, TALENTS, replacement.name, "talent")
    tokens = recharge.tokens_on(state, combatant, recharge.TALENTS).get(talent.name, 0)
    why = wfrp3e.exchange_refusal(tokens, talent.type, replacement.type if replacement else None)
    if why == wfrp3e.RECHARGING_TALENT:
        raise CommandError(f"{talent.name} is still recharging ({tokens} tokens left): it stays socketed until ready.")
    if why:
        raise CommandError(
            f"{replacement.name} is a {replacement.get_type_display().lower()} talent, {talent.name} a "
            f"{talent.get_type_display().lower()} one: only a talent of the same type is exchanged."
        )
    this_turn = turn.own_turn(context, combatant, "unsockets a talent", "manoeuvre")
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, this_turn, 1)
    after = [replacement.name if each == talent.name else each for each in held] if replacement else held
    keep_sockets(state, combatant, [each for each in after if replacement or each != talent.name])
    costs = "".join(f", {words}" for words in ([f"{fatigue} fatigue"] if fatigue else []) + wounded)
    done = f"exchanges {talent.name} for {replacement.name}" if replacement else f"unsockets {talent.name}"
    return f"{name} {done} with a manoeuvre{costs}.", {
        "talent": talent.name,
        "replacement": replacement.name if replacement else None,
    }
