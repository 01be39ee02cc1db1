"""The GM acts on several combatants at once: the same damage, healing or condition to each, one command."""

__all__ = ["act_on_several"]

from django import forms

from combat.commands.fields import OneOfField, TextField, WholeNumberField
from combat.commands.spine import Args, CombatantListField, CommandError, cleaned_with, command, lookup

# The commands that may be done to several at once, each as it is done to one.
ACTIONS = [
    ("apply_damage", "Damage"),
    ("heal", "Heal"),
    ("add_condition", "Add a condition"),
    ("remove_condition", "Remove a condition"),
]


class SeveralArgs(Args):
    """What to do and to whom; the rest is checked by the form of the command done to each, as if sent to it."""

    action = OneOfField(choices=ACTIONS, label="what to do")
    combatants = CombatantListField(required=True, label="combatants")
    amount = WholeNumberField(required=False)
    condition = TextField(required=False)
    count = WholeNumberField(required=False)
    remaining = WholeNumberField(required=False)

    def clean_action(self):
        action = self.cleaned_data["action"]
        system = self.context.encounter.system
        if lookup(action, system) is None:
            raise forms.ValidationError(f"{dict(ACTIONS)[action]} is not something this game system does.")
        return action

    def clean_combatants(self):
        combatants = self.cleaned_data["combatants"]
        twice = {c.name for c in combatants if combatants.count(c) > 1}
        if twice:
            raise forms.ValidationError(f"Pick each once: {', '.join(sorted(twice))} is picked twice.")
        return combatants


@command(SeveralArgs)
def act_on_several(context, action, combatants, **given):
    """The command `action` done to each of `combatants` in turn, with the same arguments, through that command's
    own checks and work: one refused refuses the whole, nothing done."""
    single = lookup(action, context.encounter.system)
    takes = single.args.names(context.encounter.system)
    args = {key: value for key, value in given.items() if key in takes and value not in (None, "")}
    messages, results = [], []
    for combatant in combatants:
        cleaned = cleaned_with(context, action, {**args, "combatant": combatant.pk})
        try:
            message, result = single.apply(context, **cleaned)
        except CommandError as refused:
            raise type(refused)(f"Nothing was done: {refused}") from None
        messages.append(message)
        results.append(result)
    return " ".join(messages), {"action": action, "combatants": [c.pk for c in combatants], "each": results}
