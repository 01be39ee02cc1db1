"""What the screens show of a rally phase under way (commands/rally.py): whether it is open, and each row's rally
step taken so far, in words ("" while still to take)."""

from systems.wfrp3e.commands import rally


def extend(view):
    view.rally_open = rally.is_open(view.encounter)
    for row in view.rows:
        row.rally_step = rally.step_taken(view.encounter, row)
