"""A talent socketed and used with a manoeuvre (seed 003 "Maneuvers" item 2): a talent that is not constant takes
its recharge tokens (four by the seed) and loses one at each end of its owner's turn ("End of Turn Phase" step 4)."""

from django import forms

from combat.commands.fields import TextField
from combat.commands.spine import OwnCombatantArgs
from systems.wfrp3e.commands import KEY, command, recharge, turn
from systems.wfrp3e.models import Talent

__all__ = ["use_talent"]


class TalentArgs(OwnCombatantArgs):
    talent = TextField(max_length=120, help_text="The talent's name.")

    def clean_talent(self):
        name = self.cleaned_data["talent"]
        talent = Talent.objects.filter(system=KEY, name__iexact=name).first()
        if talent is None:
            raise forms.ValidationError(f"There is no talent '{name}'.")
        return talent


@command(TalentArgs, gm_only=False, rule="Maneuvers")
def use_talent(context, combatant, talent):
    """Socket and use a talent on the combatant's own turn: one manoeuvre (the turn's first is free, each further one
    a fatigue); a talent still recharging cannot be used."""
    this_turn = turn.own_turn(context, combatant, "uses a talent")
    tokens = 0 if talent.constant else talent.recharge
    recharge.exhaust(context.encounter.state, combatant, talent.name, tokens, recharge.TALENTS)
    fatigue, wounded = turn.spend_manoeuvres(context, combatant, this_turn, 1)
    lasting = "socketed, it works while it stays so" if talent.constant else f"it recharges ({tokens} tokens)"
    costs = "".join(f", {words}" for words in ([f"{fatigue} fatigue"] if fatigue else []) + wounded)
    return f"{combatant.name} uses {talent.name} with a manoeuvre{costs}: {lasting}.", {"talent": talent.name}
