"""What the screens show of commands/afflictions.py and of poison: per combatant, tags of what lingers on them (a
poison's damage and the turns it has left, a curse, an Advantage lost to a failed Knock Out, a dead player
character's Experience for the next one), on the GM's rows and on the player's own sheet; and the GM's forms for
the clarified Quake, the damage shared with a familiar, and Curse. A tag names only combatants the viewer sees."""

from combat.models import Encounter
from systems.symbaroum import toggles
from systems.symbaroum.commands.afflictions import fallen_of


def extend(view):
    encounter = view.encounter
    state = encounter.state
    names = {row.pk: row.name for row in view.rows}
    for row in view.rows:
        row.affliction_tags = tags(state, row, names)
    running = encounter.status == Encounter.Status.ACTIVE and view.is_gm and bool(view.rows)
    view.quake_on = running and encounter.plays(toggles.QUAKE)
    view.share_on = running and encounter.plays(toggles.FAMILIAR_AND_BEAST_COMPANION)
    view.curse_on = running
    # The GM's poison form is among the tools drawn with the page; the active player's is in their turn's tools.
    view.poison_on = running and encounter.plays(toggles.MANOEUVRES)
    view.cursed_rows = [row for row in view.rows if any(c["target"] == row.pk for c in state.curses)]


def turns_left(remaining):
    if remaining is None:
        return "until ended"
    return f"{remaining} turn{'s' if remaining != 1 else ''} left"


def tags(state, row, names):
    found = []
    poison = next((c for c in row.conditions if c.name == "Poisoned"), None)
    if poison is not None:
        left = (
            "until ended"
            if poison.remaining is None
            else f"{poison.remaining} turn{'s' if poison.remaining != 1 else ''} left"
        )
        found.append(("poison", f"poison: {poison.count} damage a turn, {left}"))
    for entry in state.curses:
        if entry["target"] == row.pk:
            found.append(("cursed", f"cursed by {names.get(entry['caster'], 'someone')}: second chance to fail tests"))
        if entry["caster"] == row.pk and entry["target"] in names:
            found.append(("cursing", f"cursing {names[entry['target']]}"))
    for entry in state.lost_advantages:
        if entry["attacker"] == row.pk and entry["target"] in names:
            found.append(
                ("no-advantage", f"no Advantage over {names[entry['target']]} until next turn (Knock Out failed)")
            )
    gone = fallen_of(state, row.pk)
    if gone is not None:
        found.append(("fallen", f"dead, out of the game: a new character starts with {gone['total']} Experience"))
    return found
