"""Reference data changed while encounters run (rules/changes.py): a version of its own, so every screen of the
encounter takes it in order, the phones with their stat blocks drawn afresh (combat/live.py)."""

from combat.commands.fields import TextField
from combat.commands.spine import Args, command

RULES_CHANGED = "show_rules_changes"


class RulesChangedArgs(Args):
    changed = TextField(max_length=200, help_text="What changed, in words: the kinds and names of the rows.")


@command(RulesChangedArgs, undoable=False)
def show_rules_changes(context, changed):
    """Nothing of the encounter changes, so there is nothing to undo: the screens show the rules rows as they are
    now (a weapon's damage, a condition's text)."""
    return f"The rules data changed ({changed}): every screen shows it now.", {"changed": changed}
