"""Where Symbaroum fighters stand and what they hold: flanking and lower ground as Advantage, weapons drawn or not
after a surprise, the main hand a hit arm may be, and two homebrew abilities that hang on who approaches whom and
who has been hit (seed 001 "Special Actions" › "Flanking", "Advantage"; "Turn Order" › "Combat With Weapons Ready",
"Surprise"; "Homebrew Rules"; seed 004 "Advantage", "Main Hand"). Pure functions, no Django."""

from rules.engine.symbaroum import ABILITY_LEVELS

# ---------------------------------------------------------------------------------------------------------------
# Flanking and lower ground (seed 001 "Special Actions" › "Flanking"; seed 004 "Advantage")

FLANKERS_NEEDED = 2  # two on one enemy flank it, and both have the Advantage
MOST_AROUND_ONE = 4  # no more than four can stand around one foe


def flanks(attacker, flankers):
    """Whether `attacker` flanks the enemy that `flankers` (the ids of those of the attacker's side in melee with
    that enemy) surround: the attacker is one of them and at least two stand there (seed 001 "Special Actions" ›
    "Flanking": both flankers gain the Advantage)."""
    return attacker in flankers and len(set(flankers)) >= FLANKERS_NEEDED


def room_around(engaged):
    """How many more can step up to a foe already in melee with `engaged` fighters (seed 001 "Flanking": four at
    most surround one foe; any beyond wait for one to fall back or fall)."""
    return max(0, MOST_AROUND_ONE - engaged)


def advantage_reasons(melee, flanked=False, target_lower=False, attacker_lower=False):
    """Why an attack has the Advantage from where the fighters stand, as short words (empty: it has none): a melee
    attack on a foe it flanks, any attack, melee or ranged, on a foe standing lower than the attacker (seed 004
    "Advantage")."""
    reasons = []
    if melee and flanked:
        reasons.append("flanking")
    if target_lower and not attacker_lower:
        reasons.append("from higher ground")
    return reasons


# ---------------------------------------------------------------------------------------------------------------
# Weapons drawn (seed 001 "Turn Order" › "Combat With Weapons Ready", "Surprise")

DRAW_FREE = "free"
DRAW_MOVEMENT = "movement"


def draw_cost(short=False, natural=False):
    """What drawing a weapon costs: a Short weapon comes out for free, natural weapons (fists, claws) are always
    ready, anything else takes a Movement Action (seed 001 "Turn Order" › "Surprise")."""
    return DRAW_FREE if short or natural else DRAW_MOVEMENT


# ---------------------------------------------------------------------------------------------------------------
# Main hand (seed 004 "Main Hand")

HANDS = ("right", "left")
USUAL_HAND = "right"


def main_hand(chosen=None):
    """A fighter's main hand: the one chosen for them (a player character's is their player's), else the right, as
    every NPC's is."""
    return chosen if chosen in HANDS else USUAL_HAND


def hit_hand(location, hand):
    """For a hit on an arm: "main" when it is the `hand` side's arm, "off" for the other; None for any other part."""
    if location not in ("right_arm", "left_arm"):
        return None
    return "main" if location == f"{main_hand(hand)}_arm" else "off"


# ---------------------------------------------------------------------------------------------------------------
# Homebrew Rules › Rapid Fire // Bloodthirst // Code of Honor (Koj); Polearm Mastery (Adept)


def level_rank(level):
    """0 for none, 1 Novice, 2 Adept, 3 Master."""
    return ABILITY_LEVELS.index(level) + 1 if level in ABILITY_LEVELS else 0


def rapid_fire_roused(hit=False, ally_damage=0, ally_pain_threshold=None):
    """Seed 001 "Homebrew Rules" › "Rapid Fire // Bloodthirst // Code of Honor (Koj)": the higher levels open once
    the archer has been hit, or once an ally takes damage at or over that ally's Pain Threshold."""
    return bool(hit) or (ally_pain_threshold is not None and ally_damage >= ally_pain_threshold)


def rapid_fire_levels(level, roused=False, quick_test_passed=False):
    """The Rapid Fire levels the archer may use on this shot: Novice always (when learnt); Adept and Master, as
    far as learnt, only once roused and with a passed Quick test."""
    rank = level_rank(level)
    open_ranks = rank if roused and quick_test_passed else min(rank, 1)
    return ABILITY_LEVELS[:open_ranks]


def rapid_fire_needs_test(level, roused):
    """Whether a shot asks for the Quick test: the archer has Adept or Master and is roused."""
    return roused and level_rank(level) >= 2


POLEARM_MASTERY_LEVEL = "Adept"


def polearm_mastery_applies(level, enemy_approaches):
    """Seed 001 "Homebrew Rules" › "Polearm Mastery (Adept)": the Adept level works only when the enemy comes to
    the wielder, never when the wielder closes in."""
    return level_rank(level) >= level_rank(POLEARM_MASTERY_LEVEL) and bool(enemy_approaches)
