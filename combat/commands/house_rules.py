"""Switching the encounter's house-rule toggles (docs/architecture.md "Game systems")."""

from django import forms

from combat.commands.fields import NamesField
from combat.commands.spine import Args, command
from rules.house_rules import normalise, rules_of

__all__ = ["set_house_rules"]


# More than any system has toggles: the house-rules form sends one name per ticked box.
MOST_RULES = 100


class HouseRulesArgs(Args):
    rules = NamesField(MOST_RULES, help_text='Toggle keys (or headings) in force; ["all"] for every one.')

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
    toggles = [rule for rule in rules_of(encounter.system) if rule.is_toggle]
    if before != set(rules) and len(rules) == len(toggles):
        return f"House rules: all {len(toggles)} on.", {"house_rules": rules}
    headings = {rule.key: rule.name for rule in toggles}
    on = [headings.get(key, key) for key in rules if key not in before]
    off = [name for key, name in headings.items() if key in before and key not in rules]  # the document's order
    parts = [f"on: {listing(on)}"] if on else []
    parts += [f"off: {listing(off)}"] if off else []
    return f"House rules {'; '.join(parts) or 'unchanged'}.", {"house_rules": rules}


# Room for the names in a log line (300 characters) beside the rest of the message.
NAMES_BUDGET = 220


def listing(names):
    """The rules' headings as the GM knows them: as many as fit and a count of the rest, so the log line never
    stops mid-list."""
    shown = []
    for name in names:
        if len(", ".join([*shown, name])) > NAMES_BUDGET:
            return f"{', '.join(shown)} and {len(names) - len(shown)} more"
        shown.append(name)
    return ", ".join(shown)
