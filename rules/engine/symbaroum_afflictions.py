"""What hurts, heals and lingers in a Symbaroum fight beyond a plain hit: a poison's strength and how long it works,
the clarified rituals, powers and traits of seed 001 "Clarifications" (Quake, Familiar // Beast Companion, Curse,
Regeneration), the Advantage a failed Knock Out costs, and what a dead player character leaves to the next one
(seed 004 "Dead Player Characters"). Pure functions: dice are given as the values they showed."""

# ---------------------------------------------------------------------------------------------------------------
# Poison (seed 001 "Alternate Rules" › "Manoeuvres" › "Poison on Weapons"; seed 004 "Maneuvers"). The seeds say how
# a dose gets on a blade and into a body, not how hard it bites: the tracker uses the game's usual three strengths,
# each a fixed damage on every turn of the poisoned, which armour does not stop, for 1d4 of their turns.

POISON_STRENGTHS = {"weak": 2, "moderate": 3, "strong": 4}
POISON_DURATION_DIE = 4


def poison_damage(strength):
    """Damage a poison of `strength` ("weak", "moderate", "strong") deals on each of the poisoned one's turns."""
    if strength not in POISON_STRENGTHS:
        raise ValueError(f"a poison is {', '.join(POISON_STRENGTHS)}, not {strength}")
    return POISON_STRENGTHS[strength]


def poison_turns(d4):
    """How many of the poisoned one's turns the poison works: the d4 rolled when it gets into the blood."""
    if not 1 <= d4 <= POISON_DURATION_DIE:
        raise ValueError(f"a d{POISON_DURATION_DIE} shows 1 to {POISON_DURATION_DIE}, not {d4}")
    return d4


def poison_mixed(current, new):
    """(damage a turn, turns left) of one already poisoned who takes another dose: the worse of each, so a second
    dose never shortens or weakens the first. `current` None when not poisoned yet."""
    if current is None:
        return new
    return max(current[0], new[0]), max(current[1], new[1])


def poison_turn_ends(turns_left):
    """Turns left after one of the poisoned one's turns has hurt them: 0 when the poison has run its course. None
    (a poison the GM set with no end) stays None."""
    if turns_left is None:
        return None
    return max(0, turns_left - 1)


# ---------------------------------------------------------------------------------------------------------------
# Seed 001 "Clarifications" › "Regeneration (Monstrous Trait)": it works only on the creature's own turn, and not at
# all while it is unconscious or dying. Its value by the trait's level is the die's fixed half (2, 3, 4), or the die
# itself when the table rolls monstrous traits' values (seed 001 "Clarifications" › "Miscellaneous").

REGENERATION_DICE = {1: "1d4", 2: "1d6", 3: "1d8"}
REGENERATION_STOPPED_BY = ("Dead", "Dying", "Unconscious")


def regeneration_dice(level):
    """The dice of the Regeneration trait at `level` (1 to 3, I to III)."""
    if level not in REGENERATION_DICE:
        raise ValueError(f"Regeneration is of level 1 to 3, not {level}")
    return REGENERATION_DICE[level]


def regeneration_stopped(conditions):
    """The condition that stops Regeneration now (dead, dying or unconscious), or None when it works."""
    return next((name for name in REGENERATION_STOPPED_BY if conditions.get(name)), None)


def regenerated(wounds, max_wounds, amount):
    """Toughness after regenerating `amount`, never over the maximum."""
    return min(max_wounds, wounds + max(0, amount))


# ---------------------------------------------------------------------------------------------------------------
# Seed 001 "Clarifications" › "Quake (Staff Mage Ritual)": on a creature it deals the weapon's usual damage, and a
# passed Defence test halves it rather than avoiding it.


def quake_damage(damage, defence_passed):
    """Damage the Quake deals to a creature: all of it, or half (rounded down) after a passed Defence test."""
    return damage // 2 if defence_passed else damage


# ---------------------------------------------------------------------------------------------------------------
# Seed 001 "Clarifications" › "Familiar // Beast Companion (Rituals)": the bound pair may split a hit's damage; a
# strong or forceful blow first hits the one it struck with its whole damage against their Pain Threshold, and only
# then is split. Whether a blow is forceful is the GM's call on what it is.


def companion_split(damage, partner_share, forceful):
    """{"struck": damage the struck one keeps, "partner": the bound partner's share, "threshold_damage": what the
    struck one's Pain Threshold is judged against (all of it for a forceful blow, their own share otherwise)}."""
    if damage < 0 or not 0 <= partner_share <= damage:
        raise ValueError("the partner takes between none and all of the damage")
    struck = damage - partner_share
    return {"struck": struck, "partner": partner_share, "threshold_damage": damage if forceful else struck}


def default_partner_share(damage):
    """The share the GM's form proposes: half, rounded down, to the partner."""
    return damage // 2


# ---------------------------------------------------------------------------------------------------------------
# Seed 001 "Clarifications" › "Curse (Mystical Power)": no concentration, so harm to the one who cursed needs no
# Resolute test to keep the curse, and defending is no action that breaks it. The cursed one has a second chance to
# fail every success test while it lasts.


def curse_needs_resolute_test(clarified, caster_hurt):
    """Whether hurting the curser asks them a Resolute test to keep the curse: never when the table plays the
    clarification; without it, as concentration asks, whenever they are hurt."""
    return caster_hurt and not clarified


def cursed_second_chance_to_fail(cursed):
    """The cursed one's success tests carry a second chance to fail."""
    return bool(cursed)


# ---------------------------------------------------------------------------------------------------------------
# The Advantage a Knock Out risks (seed 001 "Manoeuvres" › "Knock Out"): a failed attack loses it. The tracker keeps
# it lost until the attacker's next turn, when the GM judges the fight's positions again.


def advantage_after_knock_out(hit):
    """Whether the attacker still has the Advantage over the target after a Knock Out attempt."""
    return bool(hit)


# ---------------------------------------------------------------------------------------------------------------
# Seed 004 "Dead Player Characters": the dead leave the game; their player may start a new character with all the
# Experience the dead one gathered: what was left unspent and what bought its abilities.

ABILITY_COST = {"Novice": 10, "Adept": 30, "Master": 60}  # Experience spent on an ability, all levels up to this one


def experience_gathered(unspent, abilities):
    """{"unspent", "in_abilities", "total"}: the Experience a dead player character leaves to the next one, the
    abilities (name -> "Novice"|"Adept"|"Master") counted at what their levels cost."""
    spent = sum(ABILITY_COST.get(level, 0) for level in abilities.values())
    unspent = max(0, unspent)
    return {"unspent": unspent, "in_abilities": spent, "total": unspent + spent}
