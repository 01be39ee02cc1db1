"""WFRP 3rd edition (seed 003_79f367e535d58255.txt): who acts on which marker and with what. Traumatized's hold on
the first hero marker of the initiative track, and the enemies' Aggression, Cunning and Expertise dice.

Pure rules, no Django, as `rules.engine.wfrp3e`.
"""

from dataclasses import dataclass

from rules.engine import wfrp3e

# ---------------------------------------------------------------------------------------------------------------
# Traumatized (seed 003 "Condition Cards" › Traumatized)


@dataclass(frozen=True)
class Marker:
    key: object
    hero: bool  # a player character's marker
    traumatized: bool


def first_hero_marker_swap(order):
    """Seed 003 "Condition Cards" › Traumatized: a Traumatized hero may not act on the first hero marker of the
    initiative track unless it is the only one there. The tracker gives each hero a marker of their own, and the
    heroes' markers are the party's to share, so one Traumatized on the first trades it with the first hero after
    them who is not. order: [Marker] in turn order. Returns (key on the first hero marker, key it trades with) or
    None when nothing has to move (one hero marker only, its holder not Traumatized, or every hero Traumatized, who
    then cannot help but use it)."""
    heroes = [marker for marker in order if marker.hero]
    if len(heroes) < 2 or not heroes[0].traumatized:
        return None
    steady = next((marker for marker in heroes[1:] if not marker.traumatized), None)
    return None if steady is None else (heroes[0].key, steady.key)


# ---------------------------------------------------------------------------------------------------------------
# Enemies' dice (seed 003 "Enemies" › Aggression, Cunning, Expertise; "Rally Phase of Encounter/Act" step 7)

AGGRESSION, CUNNING, EXPERTISE = "Aggression", "Cunning", "Expertise"
ENEMY_DICE = (AGGRESSION, CUNNING, EXPERTISE)

MANOEUVRE, STANCE, FORTUNE, EXPERTISE_DIE, MISFORTUNE = "manoeuvre", "stance", "fortune", "expertise", "misfortune"
# What a die of each pool buys, in the seed's order: an extra manoeuvre, a fortune die in combat and a misfortune die
# forced on a foe for Aggression; a stance moved for a while, a fortune die on a social or mental task and a
# misfortune die for Cunning; an expertise die on any check and a misfortune die for Expertise.
ENEMY_DIE_USES = {
    AGGRESSION: (MANOEUVRE, FORTUNE, MISFORTUNE),
    CUNNING: (STANCE, FORTUNE, MISFORTUNE),
    EXPERTISE: (EXPERTISE_DIE, MISFORTUNE),
}
USE_WORDS = {
    MANOEUVRE: "an extra manoeuvre, free",
    STANCE: "a stance step for now",
    FORTUNE: "a fortune die on its next check",
    EXPERTISE_DIE: "an expertise die on its next check",
    MISFORTUNE: "a misfortune die forced on a foe's next check",
}
# The die a use puts into a pool, and whose: its own next check, or the foe's.
USE_DICE = {FORTUNE: wfrp3e.FORTUNE, EXPERTISE_DIE: wfrp3e.EXPERTISE, MISFORTUNE: wfrp3e.MISFORTUNE}


def enemy_die_refusal(pool, use, rating, spent):
    """Why an enemy may not spend a die of `pool` on `use` now, in words, or "": the use must be one the pool buys,
    and a die must be left (the enemy's rating in it less the dice spent since the last refresh)."""
    if pool not in ENEMY_DIE_USES:
        return f"there is no {pool} pool"
    if use not in ENEMY_DIE_USES[pool]:
        return f"{a_die(pool)} buys {', or '.join(USE_WORDS[u] for u in ENEMY_DIE_USES[pool])}"
    if rating <= 0:
        return f"it has no {pool} dice"
    if spent >= rating:
        return f"its {rating} {pool} {'die is' if rating == 1 else 'dice are'} spent until the rally"
    return ""


def a_die(pool):
    """ "an Aggression die", "a Cunning die"."""
    return f"{'an' if pool[:1] in 'AEIOU' else 'a'} {pool} die"


def enemy_dice_left(rating, spent):
    return max(rating - spent, 0)


def refreshed():
    """Seed 003 "Rally Phase of Encounter/Act" step 7: a non-player character's Aggression, Cunning and Expertise
    dice come back in full at a rally, so none is counted spent."""
    return {}
