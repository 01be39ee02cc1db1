"""What the screens show of a rally phase under way (commands/rally.py): whether it is open, and each row's rally
step taken so far, in words ("" while still to take, "knocked out" or "dead" for one who takes none)."""

from systems.wfrp3e.commands import rally


def extend(view):
    view.rally_open = rally.is_open(view.encounter)
    for row in view.rows:
        # The knocked out and the dead take no step: what they are stands in its place.
        row.rally_step = rally.step_taken(view.encounter, row) or row.no_turn
