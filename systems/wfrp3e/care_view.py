"""What the screens show of insanity, healing and the enemies' dice (commands/insanity.py, care.py, enemies.py):
each hero's insanity cards to draw, current insanity, insanities with their tokens and madness; the dice waiting on
a combatant's next check and on their Resilience check after rest; and, for the GM only, each enemy's Aggression,
Cunning and Expertise dice left (an enemy's ratings are its stats, which no phone shows)."""

from rules.engine import wfrp3e_care, wfrp3e_order
from systems.wfrp3e.commands import enemies, insanity, turn


def extend(view):
    state = view.encounter.state
    view.insanity_draws = []
    view.enemy_dice_rows = []
    for row in view.rows:
        row.insanity_draw, row.current_insanity, row.insanities, row.madness = insanity.row_insanity(state, row)
        if row.insanity_draw and view.is_gm:
            view.insanity_draws.append(row)
        row.care_dice = sorted((state.care_dice.get(str(row.pk)) or {}).items())
        row.waiting_dice = [(kind, why) for kind, _, why in state.waiting_dice.get(str(row.pk), ())]
        row.enemy_dice = []
        if view.is_gm and row.character_id:
            row.enemy_dice = enemies.dice_of(state, row, row.character)
            if row.enemy_dice:
                view.enemy_dice_rows.append(row)
    view.care_skills = [wfrp3e_care.FIRST_AID, wfrp3e_care.MEDICINE]
    view.draught_qualities = list(wfrp3e_care.DRAUGHT_DICE.items())
    view.enemy_die_uses = {pool: [(u, wfrp3e_order.USE_WORDS[u]) for u in uses]
                           for pool, uses in wfrp3e_order.ENEMY_DIE_USES.items()}  # fmt: skip
    view.care_turn = turn.this_turn(view.encounter) if view.active is not None else None
