"""Symbaroum with the table's optional rules (seed 001_7a8c5b8a8aaad980.txt) and the variant of the same family
with Health, Might, Agility, Subtlety, Vigilance and Impedance (seed 004_36d902b4e62b72ab.txt).

Pure rules, no Django: every die is passed in, either as the value it showed or as a callable that rolls it, so
results are reproducible. The variant is a Profile of this module (its words and the rules it adds), not a copy.
Where neither seed gives a number, the core rulebook's is used and the docstring says so.
"""

import math
import re
from dataclasses import dataclass
from fractions import Fraction

from rules.engine.initiative import place_among, turn_order
from rules.engine.probability import Probability
from rules.engine.tables import seed_rows

D20_FACES = range(1, 21)
D10_FACES = range(1, 11)


def _rolled(die):
    """A die given as the value it showed, or as a callable that rolls it now."""
    return die() if callable(die) else die


def _check_face(value, sides):
    if not 1 <= value <= sides:
        raise ValueError(f"a d{sides} shows 1 to {sides}, not {value}")
    return value


# ---------------------------------------------------------------------------------------------------------------
# Profiles: the variant renames attributes and adds rules; everything else is shared.

ATTRIBUTES = ("accurate", "cunning", "discreet", "persuasive", "quick", "resolute", "strong", "vigilant")

# Derived values that the variant also renames: hit points, damage reduction, the wound that hurts, armour's drag.
DERIVED = ("toughness", "armour", "pain_threshold", "impeding")

CORE_NAMES = {
    "accurate": "Accurate",
    "cunning": "Cunning",
    "discreet": "Discreet",
    "persuasive": "Persuasive",
    "quick": "Quick",
    "resolute": "Resolute",
    "strong": "Strong",
    "vigilant": "Vigilant",
    "toughness": "Toughness",
    "armour": "Armour",
    "pain_threshold": "Pain Threshold",
    "impeding": "Impeding",
}

# Seed 004 uses Agility where seed 001 has Quick (standing up, turn order), Subtlety and Vigilance in the
# surprise test where seed 001 has [Discreet←Vigilant], a Might test for the march, Health for what a character
# loses to damage and regains by healing, Impedance for armour's drag, Pain Tolerance for the threshold, and calls
# the buildings' damage reduction their Toughness (so Toughness there is what core Symbaroum calls Armour).
# Accurate, Cunning, Persuasive and Resolute keep their names; the seed still says Strong or Quick in passages
# it shares with the core book (traps, manoeuvres, fire), so both vocabularies are accepted on input.
VARIANT_NAMES = {
    **CORE_NAMES,
    "discreet": "Subtlety",
    "quick": "Agility",
    "strong": "Might",
    "vigilant": "Vigilance",
    "toughness": "Health",
    "armour": "Toughness",
    "pain_threshold": "Pain Tolerance",
    "impeding": "Impedance",
}

# Rules one document has and the other lacks (names of the sections below).
SEED_001_RULES = frozenset(
    {
        "ammunition_countdown",  # seed 001 "Homebrew Rules" › "Ranged Weapons"
        "critical_damage",  # seed 001 "Optional Rules" › "Modifications for Critical Damage"
        "perfect_and_fumbled",  # seed 001 "Optional Rules" › "Perfect Hits & Fumbled Defence"
        "movement_by_scale",  # seed 001 "Optional Rules" › "Movement by Scale"
        "distance_categories",  # seed 001 "Alternate Rules" › "Distance Categories"
        "feats",  # seed 001 "Alternate Rules" › "Feats"
        "manoeuvres",
        "traps",
        "reclaiming",
        "hit_locations",
    }
)
SEED_004_RULES = frozenset(
    {
        "encumbrance",  # seed 004 "Encumbrance"
        "marches",  # seed 004 "Travel"
        "buildings",  # seed 004 "Damage on Buildings"
        "manoeuvres",
        "traps",
        "reclaiming",
        "hit_locations",
        "dying",  # seed 004 "Dying Characters" (seed 001 has none; the core book's is the same)
    }
)


@dataclass(frozen=True)
class Profile:
    key: str
    label: str
    names: tuple[tuple[str, str], ...]  # (canonical key, name shown at the table)
    rules: frozenset[str]

    def name(self, key):
        """The table's word for a canonical attribute or derived value: "strong" -> "Might" in the variant."""
        return dict(self.names)[key]

    def uses(self, rule):
        return rule in self.rules


SYMBAROUM = Profile("symbaroum", "Symbaroum", tuple(CORE_NAMES.items()), SEED_001_RULES | {"dying"})
VARIANT = Profile("symbaroum_variant", "Symbaroum (variant)", tuple(VARIANT_NAMES.items()), SEED_004_RULES)
PROFILES = {profile.key: profile for profile in (SYMBAROUM, VARIANT)}


def canonical_attribute(name):
    """ "Might", "might" or "Strong" -> "strong": either document's word for the same attribute or value.

    "Toughness" is ambiguous (core hit points, the variant's damage reduction) and reads as core Toughness here;
    ask a Profile for the variant's meaning."""
    wanted = name.strip().lower()
    for names in (CORE_NAMES, VARIANT_NAMES):
        for key, shown in names.items():
            if shown.lower() == wanted or key.replace("_", " ") == wanted or key == wanted:
                return key
    raise ValueError(f"'{name}' is not a Symbaroum attribute")


def sheet_value(sheet, key, profile=SYMBAROUM, default=0):
    """Read a character sheet {name: value} written in either vocabulary: the profile's word first."""
    candidates = (profile.name(key), CORE_NAMES[key], VARIANT_NAMES[key], key)
    for candidate in candidates:
        if candidate in sheet:
            return int(sheet[candidate])
    return default


# ---------------------------------------------------------------------------------------------------------------
# Success tests


def test_target(attribute, opposing=None):
    """The number a d20 must roll at or under for [attribute←opposing].

    Seed 001 writes tests as [A←B] (e.g. "Actions in Combat" › "Combat Action": [Accurate←Defence]); the core
    rulebook sets the target at A + (10 − B), so an opposing 10 changes nothing. Unopposed: the attribute itself.
    """
    return attribute if opposing is None else attribute + (10 - opposing)


def modified_target(target, *modifiers):
    """A target after situational modifiers (Advantage +2, aiming −2 or −5, distance ±…)."""
    return target + sum(modifiers)


def test_passes(target, d20):
    """Roll under: the test passes when the d20 is at or under the target.

    A 1 always passes and a 20 always fails, whatever the target: seed 001 "Optional Rules" › "Perfect Hits &
    Fumbled Defence" makes a 1 the best attack or defence and a 20 the worst, and its traps and poison (seed 001
    "Traps", "Manoeuvres" › "Poison on Weapons") treat a 20 as going wrong; the core book's rule is the same.
    """
    _check_face(d20, 20)
    if d20 == 1:
        return True
    if d20 == 20:
        return False
    return d20 <= target


# Seed 001 "Optional Rules" › "Perfect Hits & Fumbled Defence": what a natural 1 or 20 adds, by who rolled it.
NATURAL_RESULTS = {
    ("attack", 1): "perfect_hit",  # +1d6 damage
    ("attack", 20): "fumbled_attack",  # the enemy gets a Free Attack on the roller
    ("defence", 1): "perfect_defence",  # the roller gets a Free Attack on the attacker
    ("defence", 20): "fumbled_defence",  # the attacker deals +3 damage
}
PERFECT_HIT_DAMAGE_DIE = 6
FUMBLED_DEFENCE_DAMAGE = 3


def natural_result(d20, roll="attack", profile=SYMBAROUM):
    """Seed 001 "Perfect Hits & Fumbled Defence": "perfect_hit", "fumbled_attack", "perfect_defence",
    "fumbled_defence" or None. roll: "attack" or "defence" (players roll both). Seed 004 lacks this rule."""
    if roll not in ("attack", "defence"):
        raise ValueError("roll must be 'attack' or 'defence'")
    if not profile.uses("perfect_and_fumbled"):
        return None
    return NATURAL_RESULTS.get((roll, _check_face(d20, 20)))


def is_critical_failure(d20):
    """Seed 001 "Homebrew Rules" › "Ranged Weapons" counts a Critical Failure double; read as a natural 20, the
    roll seed 001 calls a Fumbled Attack."""
    return _check_face(d20, 20) == 20


# ---------------------------------------------------------------------------------------------------------------
# Second chances


def net_second_chance(to_pass=False, to_fail=False):
    """ "pass", "fail" or None: which second chance a roll really has.

    Neither seed says what happens when a roll has both (e.g. Full Offense's defence while the enemy is blinded).
    Read: they cancel and the roll is made once, as seed 001 "Special Actions" › "Blind Fighting" does when both
    sides are affected. Several of the same kind do not stack: it is still two dice.
    """
    if bool(to_pass) == bool(to_fail):
        return None
    return "pass" if to_pass else "fail"


def kept_roll(first, second=None, to_pass=False, to_fail=False):
    """The d20 that counts when rolling twice: the lower for a second chance to pass, the higher for one to fail
    (seed 001 "Optional Rules" › "Modifications for Critical Damage" and "Special Actions" › "Blind Fighting")."""
    keep = net_second_chance(to_pass, to_fail)
    if keep is None:
        return first
    if second is None:
        raise ValueError("a second chance needs a second d20")
    return min(first, second) if keep == "pass" else max(first, second)


def chance(target, second_chance_to_pass=False, second_chance_to_fail=False):
    """The exact probability that a test against `target` passes, counting the 20 faces with test_passes (so a 1
    still passes and a 20 still fails). A second chance to pass fails only if both dice fail; one to fail passes
    only if both pass; both at once cancel (net_second_chance)."""
    single = Fraction(sum(test_passes(target, face) for face in D20_FACES), len(D20_FACES))
    keep = net_second_chance(second_chance_to_pass, second_chance_to_fail)
    if keep == "pass":
        return Probability(1 - (1 - single) ** 2)
    if keep == "fail":
        return Probability(single**2)
    return Probability(single)


def roller_second_chances(roller_affected=False, opponent_affected=False):
    """(to_pass, to_fail) for the player's roll when a handicap hits one side: the player's own character being
    hampered gives a second chance to fail, the opponent being hampered a second chance to pass, both: nothing.
    Seed 001 "Special Actions" › "Blind Fighting"; seed 004 "Blind Fighting"; seed 001 "Modifications for
    Critical Damage" works the same way (the player rolls for both sides)."""
    if roller_affected and opponent_affected:
        return False, False
    return bool(opponent_affected), bool(roller_affected)


# ---------------------------------------------------------------------------------------------------------------
# Advantage (seed 001 "Special Actions" › "Advantage", "Flanking", "Stand Up"; seed 004 "Advantage")

ADVANTAGE_TEST_BONUS = 2
ADVANTAGE_DAMAGE_DIE = 4


def has_advantage(melee=True, flanked=False, prone=False, lower_ground=False, unaware=False):
    """Seed 004 "Advantage" lists the situations: the target is unaware of the attack, or flanked (melee), or
    lying down (melee only: shooting at someone prone gains nothing), or on lower ground (melee and ranged).
    Seed 001 "Flanking" and "Stand Up" give the same for flanking and prone targets."""
    return unaware or lower_ground or (melee and (flanked or prone))


# ---------------------------------------------------------------------------------------------------------------
# Toughness, Pain Threshold, damage


def pain_threshold(strong):
    """Half of Strong (the variant: Might), rounded up. Neither seed states it (seed 004 calls it Pain Tolerance);
    this is the core rulebook's value."""
    return math.ceil(strong / 2)


def toughness(strong):
    """Strong (the variant: Might), but at least 10 — the core rulebook's maximum Toughness (the variant's
    Health); neither seed gives it."""
    return max(strong, 10)


def defence(quick, impeding=0, shield=False, balanced_weapons=0):
    """Defence tests roll against Quick (the variant: Agility), less the armour's Impeding, +1 with a shield or
    buckler and +1 for each Balanced weapon wielded. Seed 001 "Actions in Combat" › "Defence" bases it on Quick
    and modifies it by armour and shield, "Special Actions" › "Shield" gives the +1; the Impeding and Balanced
    amounts are the core rulebook's."""
    return quick - impeding + (SHIELD_DEFENCE_BONUS if shield else 0) + balanced_weapons


def corruption_threshold(resolute):
    """Half of Resolute, rounded up: corruption at or past it marks the character (the core rulebook's value;
    seed 001 "Feats" lets heroes pay for feats in permanent corruption but gives no threshold)."""
    return math.ceil(resolute / 2)


def abomination_limit(resolute):
    """Total corruption (temporary and permanent) at or past Resolute turns the character into an abomination
    (the core rulebook's value)."""
    return resolute


# Abilities and mystical powers are learnt at three levels, monstrous traits at I to III (core rulebook; seed 001
# "Homebrew Rules" names Polearm Mastery (Adept) and Rapid Fire's Novice, Adept and Master levels).
ABILITY_LEVELS = ("Novice", "Adept", "Master")
TRAIT_LEVELS = ("I", "II", "III")


@dataclass(frozen=True)
class DamageBonus:
    reason: str
    die: int | None = None  # roll 1d<die>
    flat: int = 0


def damage_bonuses(advantage=False, perfect_hit=False, fumbled_defence=False, distance=None, location=None):
    """The extra damage an attack earns, each with its reason, for the log:
    Advantage +1d4 (seed 001 "Advantage"), Perfect Hit +1d6 and Fumbled Defence +3 (seed 001 "Perfect Hits &
    Fumbled Defence"), Short distance +1d4 for ranged weapons (seed 001 "Distance Categories"). A hit to the head
    adds 1d6 only when the damage reaches the Pain Threshold: see location_effect."""
    bonuses = []
    if advantage:
        bonuses.append(DamageBonus("Advantage", die=ADVANTAGE_DAMAGE_DIE))
    if perfect_hit:
        bonuses.append(DamageBonus("Perfect Hit", die=PERFECT_HIT_DAMAGE_DIE))
    if fumbled_defence:
        bonuses.append(DamageBonus("Fumbled Defence", flat=FUMBLED_DEFENCE_DAMAGE))
    if distance is not None and DISTANCES[distance].damage_die:
        bonuses.append(DamageBonus(f"{DISTANCES[distance].label} distance", die=DISTANCES[distance].damage_die))
    return bonuses


def roll_bonuses(bonuses, roll):
    """Total of damage_bonuses; roll(sides) rolls one die."""
    return sum(bonus.flat + (roll(bonus.die) if bonus.die else 0) for bonus in bonuses)


def damage(weapon_roll, armour_roll=0, extra=0):
    """Weapon roll plus extras minus the armour roll, never below 0: seed 001 "Actions in Combat" › "Defence"
    says a hit only hurts when the weapon's damage beats the armour's roll. Each argument is a value or a
    callable that rolls it."""
    return max(0, _rolled(weapon_roll) + _rolled(extra) - _rolled(armour_roll))


def reaches_pain_threshold(damage_dealt, threshold):
    """Damage at or over the Pain Threshold (seed 004 "Hit Locations" table heading: equal to or higher). A
    creature without one (undead) passes None and never reaches it."""
    return threshold is not None and damage_dealt >= threshold


def critically_damaged(damage_dealt, threshold, undead=False, profile=SYMBAROUM):
    """Seed 001 "Optional Rules" › "Modifications for Critical Damage": a creature hurt at its Pain Threshold has a
    second chance to fail every test until the scene ends or it regains at least 1 Toughness; undead (who have no
    threshold) are spared. The seed says "surpasses"; read as at or over, like every other threshold effect."""
    return profile.uses("critical_damage") and not undead and reaches_pain_threshold(damage_dealt, threshold)


def critical_damage_ends(toughness_regained):
    """Seed 001 "Modifications for Critical Damage": it ends once the creature is healed at least 1 Toughness
    (or the scene ends, which the caller knows)."""
    return toughness_regained >= 1


def healed(current, maximum, amount):
    """Toughness (the variant: Health) after healing, never over the maximum."""
    return min(maximum, current + _rolled(amount))


# Seed 001 "Special Actions" › "First Aid"; seed 004 "Healing Wounds".
NATURAL_HEALING_PER_DAY = 1
HERBAL_CURE_HEALING = 1
MEDICUS_HEALING_DIE = 4
FIRST_AID_MEANS = ("herbal_cure", "medicus", "other")


def first_aid_healing(means, d4=None, amount=None):
    """Toughness (Health) one first aid gives back, by its means: a herbal cure 1, the Medicus ability 1d4 (`d4`,
    a value or a roller), other healing (a power, an elixir) the `amount` its own description gives. Seed 001
    "Special Actions" › "First Aid"; seed 004 "Healing Wounds"."""
    if means == "herbal_cure":
        return HERBAL_CURE_HEALING
    if means == "medicus":
        return _check_face(_rolled(d4), MEDICUS_HEALING_DIE)
    if means == "other":
        if amount is None or amount < 0:
            raise ValueError("other healing needs the amount it heals")
        return amount
    raise ValueError(f"first aid is given with one of {', '.join(FIRST_AID_MEANS)}, not {means}")


# ---------------------------------------------------------------------------------------------------------------
# Damage over time: poison, bleeding, burning. Seed 001 "Alternate Rules" › "Manoeuvres" › "Poison on Weapons"
# poisons without saying how much it hurts, so the amounts are the core book's; every one ignores armour.

BLEEDING_DAMAGE = 1
BURNING_DAMAGE_DIE = 4
ONGOING_DAMAGE_KINDS = ("poison", "bleeding", "burning")


def ongoing_damage(kind, strength=1, d4=None):
    """Damage a poisoned, bleeding or burning creature takes on its turn: poison its strength, bleeding 1,
    burning 1d4 (`d4`, a value or a roller)."""
    if kind == "poison":
        return strength
    if kind == "bleeding":
        return BLEEDING_DAMAGE
    if kind == "burning":
        return _check_face(_rolled(d4), BURNING_DAMAGE_DIE)
    raise ValueError(f"ongoing damage is one of {', '.join(ONGOING_DAMAGE_KINDS)}, not {kind}")


# ---------------------------------------------------------------------------------------------------------------
# Hit locations (seed 001 "Alternate Rules" › "Hit Locations"; seed 004 "Hit Locations", Table 9)

LOCATIONS = ("right_leg", "left_leg", "torso", "right_arm", "left_arm", "head")

# d10 ranges per location, in LOCATIONS order: the unaimed table, then aiming high and aiming low.
HIT_LOCATION_TABLES = {
    "normal": ((1, 1), (2, 2), (3, 5), (6, 7), (8, 9), (10, 10)),
    "high": ((1, 1), (2, 2), (3, 4), (5, 6), (7, 8), (9, 10)),
    "low": ((1, 2), (3, 4), (5, 7), (8, 8), (9, 9), (10, 10)),
}

# Penalty to the attack test for each kind of aim.
AIM_MODIFIERS = {"normal": 0, "high": -2, "low": -2, "body_part": -5}


def aim_modifier(aim="normal"):
    """Seed 001 "Hit Locations": aiming high or low costs 2 on the attack test, aiming at one body part 5."""
    if aim not in AIM_MODIFIERS:
        raise ValueError(f"aim must be one of {', '.join(AIM_MODIFIERS)}")
    return AIM_MODIFIERS[aim]


def hit_location(d10, aim="normal"):
    """The body part a hit lands on, from the d10 tables of seed 001 and seed 004 "Hit Locations". Aiming at a
    chosen body part needs no roll: the part aimed at is hit (see aim_modifier)."""
    if aim not in HIT_LOCATION_TABLES:
        raise ValueError("aim must be 'normal', 'high' or 'low' (a chosen body part needs no roll)")
    _check_face(d10, 10)
    for location, (low, high) in zip(LOCATIONS, HIT_LOCATION_TABLES[aim]):
        if low <= d10 <= high:
            return location
    raise AssertionError("the tables cover 1-10")


@dataclass(frozen=True)
class LocationEffect:
    prone: bool = False
    half_movement_for_scene: bool = False
    incapacitated_turns: int = 0
    drops_item_unless_quick_test: bool = False
    arm_second_chance_to_fail_for_scene: bool = False  # only on tests that use that arm
    extra_damage_die: int | None = None
    unconscious_turns_die: int | None = None


# Seed 001 / seed 004 "Hit Locations": what a hit at or over the Pain Threshold does where it lands.
LOCATION_EFFECTS = {
    "right_leg": LocationEffect(prone=True, half_movement_for_scene=True),
    "left_leg": LocationEffect(prone=True, half_movement_for_scene=True),
    "torso": LocationEffect(incapacitated_turns=1),
    "right_arm": LocationEffect(drops_item_unless_quick_test=True, arm_second_chance_to_fail_for_scene=True),
    "left_arm": LocationEffect(drops_item_unless_quick_test=True, arm_second_chance_to_fail_for_scene=True),
    "head": LocationEffect(extra_damage_die=6, unconscious_turns_die=4),
}


def location_effect(location, damage_dealt, threshold):
    """The effect of a hit on `location`, or None below the Pain Threshold (or for a creature without one)."""
    if location not in LOCATION_EFFECTS:
        raise ValueError(f"'{location}' is not a hit location")
    return LOCATION_EFFECTS[location] if reaches_pain_threshold(damage_dealt, threshold) else None


def main_hand_hit(location, main_hand="right"):
    """Seed 004 "Main Hand": when the hit arm is the main hand. NPCs are right-handed unless the GM says so."""
    return location == f"{main_hand}_arm"


# Seed 001 "Hit Locations" › "Armour Segments": the share of the full armour's price and Impeding, in percent.
ARMOUR_SEGMENTS = {"right_leg": 10, "left_leg": 10, "torso": 40, "right_arm": 10, "left_arm": 10, "head": 20}


def segments_share(segments):
    """Percent of the full armour that the worn segments amount to (a segment counted once)."""
    unknown = set(segments) - set(ARMOUR_SEGMENTS)
    if unknown:
        raise ValueError(f"not armour segments: {', '.join(sorted(unknown))}")
    return sum(ARMOUR_SEGMENTS[segment] for segment in set(segments))


def segments_impeding(full_impeding, segments):
    """Impeding of the worn segments: their share of the full value, with halves rounded up (the seed's example
    is 0.5 -> 1). Read as ordinary rounding with halves going up, over the segments worn together, not as always
    rounding up: one leg of Impeding 3 armour (0.3) impedes nothing."""
    share = Fraction(full_impeding * segments_share(segments), 100)
    return math.floor(share + Fraction(1, 2))


def segments_price(full_price, segments):
    """Price of the worn segments: their share of the full armour's price."""
    return Fraction(full_price * segments_share(segments), 100)


# ---------------------------------------------------------------------------------------------------------------
# Dying (seed 004 "Unsorted" › "Dying Characters"; seed 001 has no rule of its own and the core book's matches)

DEATH_TEST_WAKES = 1
DEATH_TEST_REMAINS = range(2, 11)
DEATH_TEST_CLOSER = range(11, 20)
DEATH_TEST_DIES = 20
DEATH_STEPS = 3  # the third "closer" result kills
WAKE_UP_TOUGHNESS_DIE = 4


def at_zero_toughness(player_character):
    """Seed 004 "Dying Characters": monsters and NPCs die at 0 (unless the GM decides otherwise); a player
    character collapses and is dying, unable to help themself. Returns "dead" or "dying"."""
    return "dying" if player_character else "dead"


def death_test(d20, closer_so_far):
    """Seed 004 "Dying Characters", made each turn on the dying character's Initiative:
    1 wakes with 1d4 Toughness (Health) and can act next turn; 2-10 nothing changes; 11-19 a step closer, and the
    third such step is death ("dies" is returned instead of "closer"); 20 dies.
    closer_so_far: how many 11-19 results this dying spell has had before this roll."""
    _check_face(d20, 20)
    if d20 == DEATH_TEST_WAKES:
        return "wakes"
    if d20 in DEATH_TEST_REMAINS:
        return "remains"
    if d20 in DEATH_TEST_CLOSER:
        return "dies" if closer_so_far + 1 >= DEATH_STEPS else "closer"
    return "dies"


def wake_up_toughness(d4):
    """Toughness (Health) a character wakes with on a death test of 1: 1d4."""
    return _check_face(_rolled(d4), WAKE_UP_TOUGHNESS_DIE)


@dataclass(frozen=True)
class DeathBand:
    outcome: str  # what death_test returns for these faces on a first step: "wakes", "remains", "closer", "dies"
    lowest: int
    highest: int
    chance: Probability


def death_test_bands():
    """Seed 004 "Unsorted" › "Dying Characters": the death test's outcomes in d20 order, each with its faces and
    its exact chance, so the player sees the odds before rolling a test that has no target. A step closer is the
    outcome of its faces however many steps came before; the caller says when the next one is the last."""
    bands = []
    for face in D20_FACES:
        outcome = death_test(face, 0)
        if bands and bands[-1][0] == outcome:
            bands[-1][2] = face
        else:
            bands.append([outcome, face, face])
    return tuple(
        DeathBand(outcome, lowest, highest, Probability(highest - lowest + 1, len(D20_FACES)))
        for outcome, lowest, highest in bands
    )


# ---------------------------------------------------------------------------------------------------------------
# Ammunition (seed 001 "Homebrew Rules" › "Ranged Weapons") and reclaiming it (seed 001 / 004 "Reclaiming Bolts
# and Arrows")

AMMUNITION_MISSES = 3


def ammunition_after_miss(remaining, critical_failure=False):
    """Ordinary ammunition is not counted: a quiver holds 3 failed attack rolls, a Critical Failure using up 2.
    Returns the misses left, never below 0 (0: out of ammunition). Special ammunition is counted one by one."""
    return max(0, remaining - (2 if critical_failure else 1))


def ammunition_after_combat(remaining, searched):
    """Back to 3 when there is time to search the field afterwards (the reclaiming rule), else unchanged."""
    return AMMUNITION_MISSES if searched else remaining


# The d20 result a projectile must exceed to be damaged, by kind.
RECLAIM_DAMAGED_OVER = {"ordinary": 10, "quality": 15, "mystical": 17}


def projectile_damaged(d20, kind="ordinary"):
    """True when the projectile is damaged (lost), False when it is reclaimed whole.

    A d20 over 10 ruins a projectile without qualities, over 15 one with a quality (seed 004 adds an additive
    modifier), over 17 one with a mystical quality."""
    if kind not in RECLAIM_DAMAGED_OVER:
        raise ValueError(f"kind must be one of {', '.join(RECLAIM_DAMAGED_OVER)}")
    return _check_face(d20, 20) > RECLAIM_DAMAGED_OVER[kind]


# ---------------------------------------------------------------------------------------------------------------
# Distance and movement (seed 001 "Alternate Rules" › "Distance Categories", "Optional Rules" › "Movement by
# Scale", "Actions in Combat" › "Movement Action")


@dataclass(frozen=True)
class Distance:
    label: str
    attack_modifier: int  # ranged weapons only
    damage_die: int | None  # ranged weapons only
    metres: str
    movements: int  # Movement Actions needed to engage in melee


DISTANCES = {
    "close": Distance("Close", 0, None, "1-2", 0),
    "short": Distance("Short", 2, 4, "10", 1),
    "medium": Distance("Medium", 0, None, "20", 2),
    "long": Distance("Long", -2, None, "50", 5),
    "extreme": Distance("Extreme", -5, None, "100", 10),
}


def _distance(category):
    if category not in DISTANCES:
        raise ValueError(f"distance must be one of {', '.join(DISTANCES)}")
    return DISTANCES[category]


def distance_modifier(category, mystical=False):
    """The ranged attack test's modifier at a distance; mystical powers ignore distance categories."""
    return 0 if mystical else _distance(category).attack_modifier


def movements_to_engage(category):
    """Movement Actions the combatants need to meet in melee from this distance."""
    return _distance(category).movements


def ranged_attack_allowed(category, first_turn, has_initiative, mystical=False):
    """Seed 001 "Distance Categories": at Close distance a shooter may fire during the opening turn alone, and then
    only when acting before the target; farther away, and for mystical powers, there is no such limit."""
    if mystical or category != "close":
        _distance(category)
        return True
    return first_turn and has_initiative


METRES_PER_MOVEMENT = 10  # "Movement Action": about 10 paces
SQUARES_PER_MOVEMENT = 5  # "Movement by Scale": 5 squares ...
METRES_PER_SQUARE = 2  # ... of 2 metres


def engaged(squares_between):
    """Movement by Scale: neighbours (no square between) are in melee; any square between needs ranged attacks."""
    return squares_between == 0


def movements_to_reach(squares_between):
    """Movement Actions to close a gap of squares and engage; the mover stops beside the enemy."""
    return math.ceil(squares_between / SQUARES_PER_MOVEMENT)


# ---------------------------------------------------------------------------------------------------------------
# Turn order (seed 001 "Turn Order"; seed 004 "Surprised")


def initiative_order(combatants, d20):
    """Seed 001 "Turn Order" › "Initiative": highest Quick acts first, then highest Vigilant, then a d20 roll-off.

    combatants: {key: (quick, vigilant)}; d20() returns 1-20, the higher roll acting first.
    The variant ranks by Agility then Vigilance (seed 004 "Surprised"): pass initiative_rank(sheet, VARIANT).
    """
    return turn_order(combatants, lambda key: d20())


def initiative_rank(sheet, profile=SYMBAROUM):
    """(quick, vigilant) from a sheet in the profile's words: (Agility, Vigilance) for the variant."""
    return sheet_value(sheet, "quick", profile), sheet_value(sheet, "vigilant", profile)


def initiative_place(order, newcomer, d20):
    """Seed 001 "Turn Order" › "Initiative", for one combatant taking a place in an order already set (joining,
    a new initiative, back at their place after a manoeuvre moved them).

    order: [(key, (quick, vigilant))] in turn order; newcomer: (key, (quick, vigilant)). The newcomer acts before
    the first who ranks below them, or who ties on both and loses a d20 roll-off to them, so the order already
    settled among the others stands. Returns (index, {key: [roll-off d20s]}).
    """
    return place_among(order, newcomer, lambda ranks: initiative_order(ranks, d20))


def acting_after(order, key, after):
    """`order` with `key` moved to act right after `after`: choosing a later place before the order is set (seed
    001 "Turn Order" › "Initiative") or letting someone go first (seed 001 "Manoeuvres" › "Delay the
    Initiative"). Only a later place: ValueError when `after` is `key` or already acts after them."""
    if key == after or order.index(after) < order.index(key):
        raise ValueError(f"{after!r} does not act before {key!r}")
    rest = [other for other in order if other != key]
    place = rest.index(after) + 1
    return [*rest[:place], key, *rest[place:]]


TAKE_THE_INITIATIVE_BONUS = 5


def take_the_initiative_rank(rank, resolute_test_passed):
    """Manoeuvre "Take the Initiative" (seed 001, seed 004 "Maneuvers"): a passed Resolute test adds 5 to the
    place in the order (read as +5 Quick); pass or fail, the taker has a second chance to fail every test that
    turn. Back to the usual place next turn."""
    quick, *rest = rank
    return (quick + (TAKE_THE_INITIATIVE_BONUS if resolute_test_passed else 0), *rest)


def initiative_taken(order, ranks, takers):
    """Manoeuvre "Take the Initiative" (seed 001 "Manoeuvres"): each taker whose Resolute test passed acts before
    the first combatant ranking below their rank with the +5; the others keep the order they had.

    order: keys in turn order; ranks: {key: (quick, vigilant)}; takers: the keys whose test passed."""
    boosted = {key: take_the_initiative_rank(rank, key in takers) for key, rank in ranks.items()}
    result = list(order)
    for key in [key for key in order if key in takers]:
        rest = [other for other in result if other != key]
        place = next((i for i, other in enumerate(rest) if boosted[other] < boosted[key]), len(rest))
        result = [*rest[:place], key, *rest[place:]]
    return result


def quick_strike_first(order, strikers):
    """Feat "Quick Strike" (seed 001 "Feats"): the hero acts first; several strikers keep their usual order
    among themselves."""
    return [key for key in order if key in strikers] + [key for key in order if key not in strikers]


def surprise_target(discreet, vigilant):
    """Seed 001 "Turn Order" › "Surprise": [Discreet←Vigilant] (seed 004: [Subtlety←Vigilance]). A group sneaking
    up on a group uses the attackers' lowest Discreet against the defenders' highest Vigilant: pass lists."""
    lowest = min(discreet) if isinstance(discreet, (list, tuple, set)) else discreet
    highest = max(vigilant) if isinstance(vigilant, (list, tuple, set)) else vigilant
    return test_target(lowest, highest)


def surprise_noticed_target(vigilant, discreet):
    """Seed 001 "Turn Order" › "Surprise" from the ambushed side: the defenders' highest Vigilant against the
    attackers' lowest Discreet, [Vigilant←Discreet]; passing it means nobody is surprised."""
    highest = max(vigilant) if isinstance(vigilant, (list, tuple, set)) else vigilant
    lowest = min(discreet) if isinstance(discreet, (list, tuple, set)) else discreet
    return test_target(highest, lowest)


def long_weapon_free_attack(mover_has_long, target_has_long):
    """Seed 001 "Turn Order" › "Combat With Weapons Ready": in the first round of a melee, the one holding a Long
    weapon gets a free attack on the enemy closing in, unless that enemy's weapon is Long as well. Each side's
    "Long" is its reach (long_reach): a Long weapon borne with a shield counts for nothing."""
    return bool(target_has_long and not mover_has_long)


def long_reach(wields_long, shield_names=()):
    """Seed 001 "Special Actions" › "Shield": a shield takes a hand, so it cancels a Long weapon's reach; a buckler
    leaves both hands free and cancels nothing. `shield_names`: the names of the shields and bucklers carried."""
    return bool(wields_long) and not any("buckler" not in name.lower() for name in shield_names)


SHIELD_DEFENCE_BONUS = 1  # seed 001 "Special Actions" › "Shield" (a buckler too)


# ---------------------------------------------------------------------------------------------------------------
# Feats and manoeuvres: only the arithmetic (seed 001 "Feats", "Manoeuvres"; seed 004 "Maneuvers")

FEAT_COST = 1
RESILIENCE_ARMOUR_DIE = 4
PREPARED_BONUS = 1


def feat_cost(pay_with="experience", npc=False):
    """A feat costs 1 Experience or 1 permanent Corruption; NPCs can only pay in Corruption.
    Returns {"experience": n} or {"corruption": n}."""
    if pay_with not in ("experience", "corruption"):
        raise ValueError("a feat is paid with 'experience' or 'corruption'")
    if npc and pay_with != "corruption":
        raise ValueError("NPCs pay for feats with Corruption only")
    return {pay_with: FEAT_COST}


def clean_hit_damage(damage_dice):
    """Feat "Clean Hit" (seed 001 "Alternate Rules" › "Feats"): the hit deals the most its damage dice can show,
    without a roll."""
    return dice_range(damage_dice)[1]


def resilient_armour(armour_dice):
    """Feat "Resilience" (seed 001 "Alternate Rules" › "Feats"): a d4 more on the armour roll for the rest of the
    turn, armour or not ("1d4" -> "1d4+1d4"; an NPC's fixed value thus gains 2)."""
    extra = f"1d{RESILIENCE_ARMOUR_DIE}"
    return f"{armour_dice}+{extra}" if armour_dice else extra


# Which second chance each manoeuvre gives, by kind of test.
MANOEUVRE_SECOND_CHANCES = {
    "careful_aiming": {"ranged_attack": "pass"},
    "full_defence": {"defence": "pass"},
    "full_offense": {"melee_attack": "pass", "defence": "fail"},
    "take_the_initiative": {"any": "fail"},
}


def manoeuvre_second_chances(manoeuvres, test):
    """(to_pass, to_fail) that the manoeuvres of this turn give a test ("melee_attack", "ranged_attack",
    "defence" or anything else)."""
    to_pass = to_fail = False
    for manoeuvre in manoeuvres:
        if manoeuvre not in MANOEUVRE_SECOND_CHANCES:
            raise ValueError(f"'{manoeuvre}' has no second chance")
        effects = MANOEUVRE_SECOND_CHANCES[manoeuvre]
        kind = effects.get(test, effects.get("any"))
        to_pass = to_pass or kind == "pass"
        to_fail = to_fail or kind == "fail"
    return to_pass, to_fail


ROBUST_HOLD_BONUS = {0: 0, 1: 2, 2: 4, 3: 8}


def robust_hold_bonus(level):
    """Manoeuvre "Hold": Robust I, II, III add 2, 4, 8 to the [Strong←Strong] test (both sides if both Robust)."""
    return ROBUST_HOLD_BONUS[level]


def robust_tackle_bonus(level):
    """Manoeuvre "Tackle": Robust adds 2 per level to the Strong test."""
    return 2 * level


def knocked_out(d12, damage_value):
    """Manoeuvre "Knock Out": instead of damage, a d12 under the damage value knocks the target out."""
    return _check_face(_rolled(d12), 12) < damage_value


def push_back_damage(damage_dealt):
    """Manoeuvre "Push Back": half damage (rounded down: the seed does not say) and a half movement back."""
    return damage_dealt // 2


PUSH_BACK_METRES = 5  # half a Movement Action
# The manoeuvres whose test is not the attack's [Accurate←Defence]: (the attacker's attribute, the target's).
MANOEUVRE_TESTS = {"disarm": ("accurate", "strong"), "hold": ("strong", "strong"), "tackle": ("strong", "strong")}


def manoeuvre_test(manoeuvre=None):
    """Seed 001 "Manoeuvres" › "Disarm", "Hold", "Tackle": the attribute keys (attacker's, target's) the
    manoeuvre's test sets against each other; an ordinary attack's ("accurate", "defence") for the others."""
    return MANOEUVRE_TESTS.get(manoeuvre, ("accurate", "defence"))


def manoeuvre_robust_bonus(manoeuvre, attacker_level=0, target_level=0):
    """Seed 001 "Manoeuvres" › "Hold", "Tackle": what Robust adds to the attacker's side of the test. A hold
    counts it on both sides (the target's level works against the attacker); a tackle only the attacker's."""
    if manoeuvre == "hold":
        return robust_hold_bonus(attacker_level) - robust_hold_bonus(target_level)
    if manoeuvre == "tackle":
        return robust_tackle_bonus(attacker_level)
    return 0


def poisoning(d20, passed):
    """Seed 001 "Manoeuvres" › "Poison on Weapons": "self" when the d20 shows 20 (the poisoner is poisoned),
    "dose" on a passed Cunning test (enough for one hit), else "wasted"."""
    if _check_face(_rolled(d20), 20) == 20:
        return "self"
    return "dose" if passed else "wasted"


# ---------------------------------------------------------------------------------------------------------------
# Traps (seed 001 "Alternate Rules" › "Traps"): the tests, as (attribute, opposing) keys.

TRAP_TESTS = {
    "set": ("cunning", None),  # a 20 springs it on the setter
    "discover": ("vigilant", "discreet"),
    "jump_over": ("quick", "cunning"),
    "disarm_untrained": ("accurate", "cunning"),  # shooting or poking with a Long instrument
    "disarm_trapper": ("cunning", "cunning"),
}


def backfires(d20):
    """Setting a trap or poisoning a weapon goes wrong for the user on a 20 (seed 001 "Traps", "Poison on
    Weapons")."""
    return _check_face(d20, 20) == 20


# ---------------------------------------------------------------------------------------------------------------
# Variant: encumbrance and marches (seed 004 "Encumbrance", "Travel")

# What one item adds, by how it is carried.
ENCUMBRANCE_BY_KIND = {
    "item": 1,
    "clothing": 0,  # clothes, belts, boots
    "light_container": 0,  # backpacks, sacks, bags: only their contents count
    "bulky_container": 1,  # barrels, chests, boxes: counted as well as their contents
    "small": 0,  # unless there are many: then count them as an item
    "worn_armour": 0,
    "carried_armour": None,  # its Impedance
    "weapon_in_hand": 0,
    "weapon_carried": 1,  # in a pack or a sheath
}
MASSIVE_ENCUMBRANCE = 2


@dataclass(frozen=True)
class Item:
    kind: str = "item"
    massive: bool = False
    impedance: int = 0  # for carried armour
    count: int = 1


def item_encumbrance(item):
    """Seed 004 "Encumbrance". Massive items count 2 instead of 1 (read: the quality replaces the usual 1, it
    does not add to it); they still count nothing when worn or held."""
    if item.kind not in ENCUMBRANCE_BY_KIND:
        raise ValueError(f"'{item.kind}' is not a kind of item")
    each = ENCUMBRANCE_BY_KIND[item.kind]
    if each is None:
        each = item.impedance
    elif each and item.massive:
        each = MASSIVE_ENCUMBRANCE
    return each * item.count


def encumbrance(items):
    return sum(item_encumbrance(item) for item in items)


def encumbrance_impedance(load, threshold):
    """One Impedance for each point of Encumbrance over the Encumbrance Threshold (the seed gives no value for
    the threshold: the caller passes the character's)."""
    return max(0, load - threshold)


def encumbrance_threshold(strong):
    """Seed 004 "Encumbrance" names an Encumbrance Threshold without a value; the core rulebook's is used: as many
    items as the character's Strong (Might in the variant) without hindrance."""
    return strong


def carrying_limit(strong):
    """Seed 004 "Encumbrance" names a Carrying Limit without a value; the core rulebook's is used: twice Strong
    (Might in the variant)."""
    return 2 * strong


def over_carrying_limit(load, limit):
    return load > limit


def march_might_modifier(load, limit):
    """Over the Carrying Limit, −1 to the march's Might test per point of Encumbrance above it."""
    return -max(0, load - limit)


MARCHES = ("hasty", "cautious")
HASTY_MARCH_HEALTH_COST = 1
HASTY_MARCH_EXTRA_DIE = 6


@dataclass(frozen=True)
class MarchDay:
    health_lost: int
    natural_healing: bool  # the day's passive healing applies
    counted_as_hasty: bool
    might_test_needed: bool


def march_day(march, might_test_passed=None, d6=None, load=0, limit=None):
    """One day on the road (seed 004 "Travel", "Encumbrance").

    Hasty: 1 Health lost, a Might test (modifier: march_might_modifier) or 1d6 more, and no natural healing that
    day. Cautious: about half the distance and none of that — unless the load is over the Carrying Limit, which
    rules out a Hasty March and makes a Cautious one cost what a Hasty one does.
    might_test_passed: None asks for the test first (might_test_needed is True and nothing is lost yet).
    """
    if march not in MARCHES:
        raise ValueError("march must be 'hasty' or 'cautious'")
    overloaded = limit is not None and over_carrying_limit(load, limit)
    if march == "hasty" and overloaded:
        raise ValueError("over the Carrying Limit a character cannot march hastily")
    if march == "cautious" and not overloaded:
        return MarchDay(health_lost=0, natural_healing=True, counted_as_hasty=False, might_test_needed=False)
    if might_test_passed is None:
        return MarchDay(health_lost=0, natural_healing=False, counted_as_hasty=True, might_test_needed=True)
    extra = 0 if might_test_passed else _check_face(_rolled(d6), HASTY_MARCH_EXTRA_DIE)
    return MarchDay(
        health_lost=HASTY_MARCH_HEALTH_COST + extra,
        natural_healing=False,
        counted_as_hasty=True,
        might_test_needed=True,
    )


# ---------------------------------------------------------------------------------------------------------------
# Variant: buildings (seed 004 "Damage on Buildings" and its table)


@dataclass(frozen=True)
class Building:
    label: str
    health: int
    breakpoint: int  # half the Health, dealt within one turn
    fortification: int  # the building's Toughness: damage must get past it (Wrecking ignores it)


# Seed 004's table, shipped once in rules/data/symbaroum/buildings.json (an admin may edit the database's copy).
BUILDINGS = {
    row["key"]: Building(row["name"], row["health"], row["breakpoint"], row["fortification"])
    for row in seed_rows("symbaroum", "buildings")
}
BREACH_ATTACKERS_DIE = 4  # attackers through the breach each turn
BREACH_DEFENDERS_ABREAST = 4
FIRE_DAMAGE_DIE = 4  # counts as Wrecking
FUMES_DAMAGE_DIE = 4  # ignores armour


def building_damage(damage_dealt, fortification, wrecking=False):
    """Health a structure loses: what gets past Fortification, or all of it from a Wrecking weapon. Abilities that
    pierce armour do not pierce Fortification, so there is no argument for them."""
    return damage_dealt if wrecking else max(0, damage_dealt - fortification)


def building_breached(health_left, damage_this_turn, breakpoint):
    """Breached when its Health is gone, or when the turn's damage (all attacks added up) reaches the Breakpoint.
    The seed says both "dealt half its Health" and "exceeded"; read as at or over half, which is what the first
    wording states."""
    return health_left <= 0 or damage_this_turn >= breakpoint


def fire_catches_target(cunning, fortification):
    """A building exposed to flames catches fire on a passed test against Cunning minus Fortification (a plain
    subtraction here, not [A←B])."""
    return cunning - fortification


def fire_turns_burning(caught_in_round, this_round):
    """Seed 004 "Set Buildings on Fire": the turns a fire has raged, counting the one it caught fire in as the
    first (a Symbaroum turn is the whole round of everyone's actions)."""
    return this_round - caught_in_round + 1


def fire_extinguish_target(cunning, turns_burning):
    """Putting out a fire: Cunning minus the turns it has burned after the first."""
    return cunning - max(0, turns_burning - 1)


# ---------------------------------------------------------------------------------------------------------------
# Dice sums and the values of those who never roll

DICE_TERM = re.compile(r"^(\d*)d(\d+)$")


def dice_terms(expression):
    """ "1d8+1d4+3" -> ([(1, 8), (1, 4)], 3): a damage or armour roll as dice and a constant."""
    dice, constant = [], 0
    for term in (expression or "").replace(" ", "").lower().split("+"):
        match = DICE_TERM.match(term)
        if match:
            dice.append((int(match[1] or 1), int(match[2])))
        elif term.isdigit():
            constant += int(term)
        elif term:
            raise ValueError(f"'{expression}' is not a sum of dice like 1d8+1d4.")
    return dice, constant


def roll_value(expression, d):
    """The total of a dice sum; d(sides) rolls one die."""
    dice, constant = dice_terms(expression)
    return constant + sum(d(sides) for count, sides in dice for _ in range(count))


def fixed_value(expression):
    """What a dice sum is worth for a creature that does not roll: half of each die, rounded down (1d8 -> 4). The
    players roll every die in Symbaroum, so a monster's damage and armour are values, not rolls; seed 001
    "Clarifications" › "Miscellaneous" rolls monstrous traits instead, when the table plays it."""
    dice, constant = dice_terms(expression)
    return constant + sum(count * (sides // 2) for count, sides in dice)


def dice_range(expression):
    """(lowest, highest) total a dice sum can show: a typed roll outside it is a mistake."""
    dice, constant = dice_terms(expression)
    return constant + sum(count for count, _ in dice), constant + sum(count * sides for count, sides in dice)


def percent(probability):
    """An exact chance as the phone shows it: 55, 79.75 (never rounded: d20 odds have at most two decimals)."""
    value = probability * 100
    return int(value) if value == int(value) else float(round(value, 2))


# ---------------------------------------------------------------------------------------------------------------
# Weapon qualities in the attack (core rulebook; seed 001 names Balanced and Deep Impact under "Reclaiming Bolts and
# Arrows" and Long under "Combat With Weapons Ready")

QUALITY_TEST_BONUS = {"Precise": 1}
QUALITY_DAMAGE_BONUS = {"Deep Impact": 1, "Blunt": -1}


def quality_modifiers(qualities):
    """(attack test bonus, damage bonus) of a weapon with these qualities: Precise +1 to hit, Deep Impact +1 damage,
    Blunt 1 less."""
    return (
        sum(QUALITY_TEST_BONUS.get(name, 0) for name in qualities),
        sum(QUALITY_DAMAGE_BONUS.get(name, 0) for name in qualities),
    )
