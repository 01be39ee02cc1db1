"""Switching the encounter's house-rule toggles (docs/architecture.md "Game systems")."""

from django import forms

from combat.commands.fields import NamesField
from combat.commands.spine import Args, command
from rules.house_rules import normalise

__all__ = ["set_house_rules"]


class HouseRulesArgs(Args):
    rules = NamesField(help_text='Toggle keys (or headings) in force; ["all"] for every one.')

    def clean_rules(self):
        try:
            return normalise(self.context.encounter.system, self.cleaned_data["rules"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None


@command(HouseRulesArgs)
def set_house_rules(context, rules):
    encounter = context.encounter
    before = set(encounter.house_rules)
    encounter.house_rules = rules
    on, off = [key for key in rules if key not in before], sorted(before - set(rules))
    parts = [f"on: {', '.join(on)}"] if on else []
    parts += [f"off: {', '.join(off)}"] if off else []
    return f"House rules {'; '.join(parts) or 'unchanged'}.", {"house_rules": rules}
