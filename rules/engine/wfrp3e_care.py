"""WFRP 3rd edition (seed 003_79f367e535d58255.txt): the mind and the body after harm. Insanity cards drawn when a
character becomes Distressed or Strained, the tokens on an insanity and the checks they weigh on, madness; First Aid
and Medicine checks with what their failures cost, the dice they leave for the Resilience check after rest, the
healing draught, and the Resilience check of each day of long term care.

Pure rules, no Django, as `rules.engine.wfrp3e`; where the seed is silent the reading is said in the docstring.
"""

from dataclasses import dataclass
from fractions import Fraction

from rules.engine import wfrp3e
from rules.engine.probability import Probability

# ---------------------------------------------------------------------------------------------------------------
# Insanity (seed 003 "Impairments & Wounds" › Distressed, Strained, Insane, Temporary and Permanent, Madness)

# Seed 003 "Impairments & Wounds" › Distressed: one insanity card is drawn. Strained draws until one fits (UNTIL_ONE).
DISTRESSED_CARDS = 1
UNTIL_ONE_FITS = 0


@dataclass(frozen=True)
class InsanityDraw:
    cards: int  # how many cards to draw; UNTIL_ONE_FITS: draw until one fits
    why: str  # the impairment reached: wfrp3e.DISTRESSED or wfrp3e.STRAINED

    @property
    def words(self):
        if self.cards == UNTIL_ONE_FITS:
            return "draw insanity cards until one fits"
        return f"draw {self.cards} insanity card{'s' if self.cards != 1 else ''}"


def insanity_draw(before, after):
    """The insanity cards a change of fatigue or stress calls for, or None: `before` and `after` are the sets of
    impairments (`wfrp3e.impairments`) either side of it. Seed 003 "Impairments & Wounds": becoming Distressed draws
    one card, kept if it fits or else its tokens go on the current insanity; becoming Strained (Distressed and
    Fatigued at once) draws until one fits. Read: the draw comes when the impairment is reached, not on every point
    of stress beyond it; Strained, the worse, stands for both when both are reached at once."""
    if wfrp3e.STRAINED in after and wfrp3e.STRAINED not in before:
        return InsanityDraw(UNTIL_ONE_FITS, wfrp3e.STRAINED)
    if wfrp3e.DISTRESSED in after and wfrp3e.DISTRESSED not in before:
        return InsanityDraw(DISTRESSED_CARDS, wfrp3e.DISTRESSED)
    return None


def insanity_check_passed(successes, tokens):
    """Seed 003 "Impairments & Wounds" › Insane, Permanent: the Willpower (Discipline) check against an insanity
    needs more net successes than the tokens on it; with none, one success is enough."""
    return successes > max(tokens, 0)


def chance_beyond(odds, tokens):
    """The exact chance that a pool with these `wfrp3e.odds` rolls more net successes than `tokens`."""
    at_most = sum((chance for count, chance in odds.successes.items() if count <= tokens), Fraction(0))
    return Probability(1 - at_most)


def maddened(permanent_insanities, willpower):
    """Seed 003 "Impairments & Wounds" › Madness: more permanent insanities than Willpower, and the character must
    be retired."""
    return permanent_insanities > willpower


# ---------------------------------------------------------------------------------------------------------------
# Healing (seed 003 "Healing & Recovery", "Impairments & Wounds" › Lightly and Critically Wounded)

FIRST_AID = "First Aid"
MEDICINE = "Medicine"
# The skills and their characteristic (seed 003 "Basic Skills", "Advanced Skills": both on Intelligence).
CARE_SKILLS = {FIRST_AID: "Int", MEDICINE: "Int"}
# Seed 003 "Healing & Recovery" › Failure: the net banes with which a failed check harms the patient.
FAILURE_BANES = {FIRST_AID: 2, MEDICINE: 3}


def care_challenge(criticals):
    """Challenge dice on the First Aid check: one on a lightly wounded patient, two on a critically wounded one (seed
    003 "Impairments & Wounds"). Read for Medicine too, the seed naming no other."""
    return wfrp3e.first_aid_challenge(criticals)


def first_aid_healing(successes, wounds_taken, toughness):
    """Seed 003 "Healing & Recovery" › Immediate Care: a First Aid check heals a wound per net success, never more
    than the patient's Toughness, nor more than they have taken."""
    return max(min(successes, toughness, wounds_taken), 0)


@dataclass(frozen=True)
class CareHarm:
    stress: int
    fatigue: int
    wounds: int


NO_HARM = CareHarm(0, 0, 0)


def care_failure(skill, succeeded, banes, treating_critical=False):
    """Seed 003 "Healing & Recovery" › Failure: a failed First Aid check with two banes or more, or a failed
    Medicine check with three or more, costs the patient a stress and a fatigue, and a wound when a critical wound
    was being treated."""
    if succeeded or banes < FAILURE_BANES[skill]:
        return NO_HARM
    return CareHarm(1, 1, 1 if treating_critical else 0)


# Seed 003 "Healing & Recovery" › First Aid & Medicine: the die each adds to the patient's Resilience test.
CARE_DIE = {FIRST_AID: wfrp3e.FORTUNE, MEDICINE: wfrp3e.EXPERTISE}
BOONS_FOR_A_DIE = 2


def care_dice(skill, successes, boons):
    """(die kind, count) a successful check leaves for the patient's Resilience test after rest (seed 003 "Healing &
    Recovery" › First Aid & Medicine): First Aid a fortune die per net success, Medicine one expertise die; either
    one more for two boons. None on a failure."""
    if successes < 1:
        return None
    base = successes if skill == FIRST_AID else 1
    return CARE_DIE[skill], base + (1 if boons >= BOONS_FOR_A_DIE else 0)


# Seed 003 "Healing & Recovery" › Healing Draught: four fortune dice, one fewer for a poor draught, one more for a
# fine one; a wound healed per success.
POOR, COMMON, HIGH = "poor", "common", "high"
DRAUGHT_DICE = {POOR: 3, COMMON: 4, HIGH: 5}


def draught_pool(quality):
    if quality not in DRAUGHT_DICE:
        raise ValueError(f"'{quality}' is not a quality: {', '.join(DRAUGHT_DICE)}")
    return {**dict.fromkeys(wfrp3e.DIE_KINDS, 0), wfrp3e.FORTUNE: DRAUGHT_DICE[quality]}


def draught_healing(successes, wounds_taken):
    """Wounds a healing draught heals: one per success, never more than were taken."""
    return max(min(successes, wounds_taken), 0)


# ---------------------------------------------------------------------------------------------------------------
# Long term care (seed 003 "Healing & Recovery" › Long Term Care)

# One step easier than the Resilience check after rest: a challenge die fewer.
LONG_CARE_EASIER_BY = 1


def long_care_challenge(criticals):
    """Each day of care the patient checks Resilience one step easier than after a rest: no challenge die while only
    lightly wounded, one once critically wounded."""
    return max(wfrp3e.first_aid_challenge(criticals) - LONG_CARE_EASIER_BY, 0)


def long_care_dice(carer_trained_in_medicine):
    """The expertise die a carer trained in Medicine adds to the day's check, as (die kind, count), or None."""
    return (wfrp3e.EXPERTISE, 1) if carer_trained_in_medicine else None


def long_care_heals_critical(successes, severity):
    """Tended for a critical wound, the day's check heals it when its net successes reach the wound's severity; the
    other choice, a wound a net success, is `wfrp3e.resilience_healing`."""
    return successes >= severity > 0
