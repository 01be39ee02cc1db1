"""Open tests waiting for a roll, for any game system: each is an entry in the system's state (`prompts`, numbered by
`prompt_seq`) naming its combatant and `answer`, the command that answers it. The GM screen lists them all; a
player's phone shows those of their own characters, and only they (or the GM) may answer. A combatant has one open
prompt per test: asking the same test again replaces the one still open, so unanswered tests never pile up."""

from django import forms

from combat.commands.fields import WholeNumberField
from combat.commands.spine import Args, CombatantArgs, CommandError, CommandForbidden, command
from combat.words import counted


def open_prompt(state, combatant, answer, test, **extra):
    """Add an open test for `combatant` to `state`, in place of their open one of the same `test` (the caller's key:
    the kind of test and what sets it apart, e.g. the skill or the attack it belongs to); returns the entry."""
    state.prompt_seq += 1
    entry = {"id": state.prompt_seq, "combatant": combatant.pk, "name": combatant.name, "answer": answer, **extra}
    entry["test"] = test
    state.prompts = [p for p in state.prompts if not same_test(p, entry)] + [entry]
    return entry


def same_test(one, other):
    return one["combatant"] == other["combatant"] and one.get("test") == other["test"]


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


@command(CombatantArgs)
def dismiss_prompts(context, combatant):
    """Close every open test of `combatant` without a roll (they left the fight, or the moment passed)."""
    state = context.encounter.state
    theirs = [p for p in state.prompts if p["combatant"] == combatant.pk]
    if not theirs:
        raise CommandError(f"{combatant.name} has no open tests.")
    state.prompts = [p for p in state.prompts if p["combatant"] != combatant.pk]
    return f"{combatant.name}'s {counted(len(theirs), 'open test')} dismissed.", {"prompts": [p["id"] for p in theirs]}
