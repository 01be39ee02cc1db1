"""The table's house rules for WFRP 4e (seed 000_5bd3882374cebcd3.txt) as named toggles, one constant per heading.

Code asks `encounter.plays(MOMENTUM)`, never a bare string; a system check (systems/checks.py) compares these with
the house rules the rules data ships, so a renamed or missing toggle fails at start-up.
"""

from systems.base import Toggle

SEED = "000_5bd3882374cebcd3.txt"

TESTS = Toggle("tests", "Combat › Tests", SEED)
DEFENCELESS = Toggle("defenceless", "Combat › Defenceless", SEED)
SPELLS = Toggle("spells", "Combat › Spells", SEED)
OTHER_OPPOSED_TESTS = Toggle("other_opposed_tests", "Combat › Other opposed Tests", SEED)
ADVANTAGE_AND_DISADVANTAGE = Toggle("advantage_and_disadvantage", "Combat › Advantage and Disadvantage", SEED)
WEAPON_LENGTH_AND_IN_FIGHTING = Toggle("weapon_length_and_in_fighting", "Combat › Weapon Length and In-fighting", SEED)
MOMENTUM = Toggle("momentum", "Combat › Momentum", SEED)
SPRINTING = Toggle("sprinting", "Combat › Sprinting", SEED)
DISENGAGING = Toggle("disengaging", "Combat › Disengaging", SEED)
ZONES_OF_CONTROL = Toggle("zones_of_control", "Combat › Zones of Control", SEED)
FORTUNE_POINTS = Toggle("fortune_points", "Combat › Fortune Points", SEED)
SWAPPING_WEAPONS = Toggle("swapping_weapons", "Combat › Swapping weapons", SEED)
ABLAZE = Toggle("ablaze", "Conditions › Ablaze", SEED)
BLEEDING = Toggle("bleeding", "Conditions › Bleeding", SEED)
BLINDED = Toggle("blinded", "Conditions › Blinded", SEED)
BROKEN = Toggle("broken", "Conditions › Broken", SEED)
DEAFENED = Toggle("deafened", "Conditions › Deafened", SEED)
ENTANGLED = Toggle("entangled", "Conditions › Entangled", SEED)
FATIGUED = Toggle("fatigued", "Conditions › Fatigued", SEED)
POISONED = Toggle("poisoned", "Conditions › Poisoned", SEED)
PRONE = Toggle("prone", "Conditions › Prone", SEED)
STUNNED = Toggle("stunned", "Conditions › Stunned", SEED)
SURPRISED = Toggle("surprised", "Conditions › Surprised", SEED)
UNCONSCIOUS = Toggle("unconscious", "Conditions › Unconscious", SEED)
DEADLY_CONDITIONS = Toggle("deadly_conditions", "Conditions › Deadly Conditions", SEED)
BLACKPOWDER = Toggle("blackpowder", "Weapon Properties › Blackpowder", SEED)
DEFENSIVE = Toggle("defensive", "Weapon Properties › Defensive", SEED)
FAST = Toggle("fast", "Weapon Properties › Fast", SEED)
HACK = Toggle("hack", "Weapon Properties › Hack", SEED)
PENETRATING = Toggle("penetrating", "Weapon Properties › Penetrating", SEED)
PRECISE = Toggle("precise", "Weapon Properties › Precise", SEED)
PUMMEL = Toggle("pummel", "Weapon Properties › Pummel", SEED)
SHIELD = Toggle("shield", "Weapon Properties › Shield (Rating)", SEED)
WRAP = Toggle("wrap", "Weapon Properties › Wrap", SEED)
IMPRECISE = Toggle("imprecise", "Weapon Properties › Imprecise", SEED)
SLOW = Toggle("slow", "Weapon Properties › Slow", SEED)
LONG = Toggle("long", "Weapon Properties › Long", SEED)
HOOK = Toggle("hook", "Weapon Properties › Hook", SEED)
BRACE = Toggle("brace", "Weapon Properties › Brace", SEED)
IMPENETRABLE = Toggle("impenetrable", "Armor Properties › Impenetrable", SEED)
PARTIAL = Toggle("partial", "Armor Properties › Partial", SEED)
WEAKPOINTS = Toggle("weakpoints", "Armor Properties › Weakpoints", SEED)
PRACTICAL_UNRELIABLE = Toggle("practical_unreliable", "Craftsmanship › Practical/Unreliable", SEED)
CHAMPION = Toggle("champion", "Creature Traits › Champion (Rating)", SEED)

TOGGLES = (
    TESTS,
    DEFENCELESS,
    SPELLS,
    OTHER_OPPOSED_TESTS,
    ADVANTAGE_AND_DISADVANTAGE,
    WEAPON_LENGTH_AND_IN_FIGHTING,
    MOMENTUM,
    SPRINTING,
    DISENGAGING,
    ZONES_OF_CONTROL,
    FORTUNE_POINTS,
    SWAPPING_WEAPONS,
    ABLAZE,
    BLEEDING,
    BLINDED,
    BROKEN,
    DEAFENED,
    ENTANGLED,
    FATIGUED,
    POISONED,
    PRONE,
    STUNNED,
    SURPRISED,
    UNCONSCIOUS,
    DEADLY_CONDITIONS,
    BLACKPOWDER,
    DEFENSIVE,
    FAST,
    HACK,
    PENETRATING,
    PRECISE,
    PUMMEL,
    SHIELD,
    WRAP,
    IMPRECISE,
    SLOW,
    LONG,
    HOOK,
    BRACE,
    IMPENETRABLE,
    PARTIAL,
    WEAKPOINTS,
    PRACTICAL_UNRELIABLE,
    CHAMPION,
)

# The conditions whose house-rule version (seed 000 "Conditions") the tracker times itself, by condition name.
CONDITION_TOGGLES = {
    toggle.heading.removeprefix("Conditions › "): toggle
    for toggle in (ABLAZE, BLEEDING, BLINDED, BROKEN, DEAFENED, ENTANGLED, FATIGUED, POISONED, PRONE, STUNNED)
    + (SURPRISED, UNCONSCIOUS)
}


def condition_toggle(name):
    """The house rule that changes condition `name`, or None when no house rule does."""
    return CONDITION_TOGGLES.get(name)
