"""Open tests waiting for a roll, for any game system: each is an entry in the system's state (`prompts`, numbered by
`prompt_seq`) naming its combatant and `answer`, the command that answers it. The GM screen lists them all; a
player's phone shows those of their own characters, and only they (or the GM) may answer."""

from django import forms

from combat.commands.fields import WholeNumberField
from combat.commands.spine import Args, CommandForbidden


def open_prompt(state, combatant, answer, **extra):
    """Add an open test for `combatant` to `state`; returns the entry."""
    state.prompt_seq += 1
    entry = {"id": state.prompt_seq, "combatant": combatant.pk, "name": combatant.name, "answer": answer, **extra}
    state.prompts.append(entry)
    return entry


def close(context, entry):
    context.encounter.state.prompts = [p for p in context.encounter.state.prompts if p["id"] != entry["id"]]


def visible_prompts(view):
    """The open tests this viewer may see: the GM's all, a player's those of their own characters."""
    visible = {row.pk for row in view.rows if view.is_gm or row.mine}
    return [p for p in view.encounter.state.prompts if p["combatant"] in visible]


class PromptArgs(Args):
    prompt = WholeNumberField()

    def clean_prompt(self):
        pk = self.cleaned_data["prompt"]
        entry = next((p for p in self.context.encounter.state.prompts if p["id"] == pk), None)
        combatant = entry and next((c for c in self.context.combatants if c.pk == entry["combatant"]), None)
        if combatant is None or not self.context.sees(combatant):
            raise forms.ValidationError(f"There is no open test {pk}.")
        if not self.context.acts_for(combatant):
            raise CommandForbidden("That test is not yours to roll.")
        return entry
