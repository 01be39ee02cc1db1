"""Symbaroum's optional, alternate and homebrew rules as named toggles, one constant per heading: the table's
document (seed 001_7a8c5b8a8aaad980.txt) and the variant of the same family (seed 004_36d902b4e62b72ab.txt).

The variant is one toggle of this system, not a system of its own: VARIANT switches the attribute names to seed
004's (rules.engine.symbaroum.VARIANT), and seed 004's own rules are toggles beside it. Rules both documents share
(manoeuvres, traps, reclaiming projectiles, hit locations) are one toggle each. A system check (systems/checks.py)
compares these with rules/data/symbaroum/house_rules.json, so a renamed or missing toggle fails at start-up.
"""

from systems.base import Toggle

SEED = "001_7a8c5b8a8aaad980.txt"
VARIANT_SEED = "004_36d902b4e62b72ab.txt"

AMMUNITION_COUNTDOWN = Toggle("ammunition_countdown", "Homebrew Rules › Ranged Weapons", SEED)
RAPID_FIRE_ON_A_HIT = Toggle(
    "rapid_fire_on_a_hit", "Homebrew Rules › Rapid Fire // Bloodthirst // Code of Honor (Koj)", SEED
)
POLEARM_MASTERY = Toggle("polearm_mastery", "Homebrew Rules › Polearm Mastery (Adept)", SEED)
CRITICAL_DAMAGE = Toggle("critical_damage", "Optional Rules › Modifications for Critical Damage", SEED)
PERFECT_HITS = Toggle("perfect_hits", "Optional Rules › Perfect Hits & Fumbled Defence", SEED)
MOVEMENT_BY_SCALE = Toggle("movement_by_scale", "Optional Rules › Movement by Scale", SEED)
ALCHEMICAL_WEAPONS = Toggle("alchemical_weapons", "Alternate Rules › Alchemical Weapons", SEED)
DISTANCE_CATEGORIES = Toggle("distance_categories", "Alternate Rules › Distance Categories", SEED)
FEATS = Toggle("feats", "Alternate Rules › Feats", SEED)
TRAPS = Toggle("traps", "Alternate Rules › Traps", SEED)
MANOEUVRES = Toggle("manoeuvres", "Alternate Rules › Manoeuvres", SEED)
RECLAIMING = Toggle("reclaiming", "Alternate Rules › Reclaiming Bolts and Arrows", SEED)
HIT_LOCATIONS = Toggle("hit_locations", "Alternate Rules › Hit Locations", SEED)
QUAKE = Toggle("quake", "Clarifications › Quake (Staff Mage Ritual)", SEED)
FAMILIAR_AND_BEAST_COMPANION = Toggle(
    "familiar_and_beast_companion", "Clarifications › Familiar // Beast Companion (Rituals)", SEED
)
CURSE = Toggle("curse", "Clarifications › Curse (Mystical Power)", SEED)
REGENERATION = Toggle("regeneration", "Clarifications › Regeneration (Monstrous Trait)", SEED)
ROLLED_TRAIT_VALUES = Toggle("rolled_trait_values", "Clarifications › Miscellaneous", SEED)

VARIANT = Toggle("variant", "Variant › Health, Might, Agility, Subtlety, Vigilance and Impedance", VARIANT_SEED)
ENCUMBRANCE = Toggle("encumbrance", "Variant › Encumbrance", VARIANT_SEED)
TRAVEL = Toggle("travel", "Variant › Travel", VARIANT_SEED)
DEAD_PLAYER_CHARACTERS = Toggle("dead_player_characters", "Variant › Dead Player Characters", VARIANT_SEED)
TRADE_IN_USED_GOODS = Toggle("trade_in_used_goods", "Variant › Trade in Used Goods and Treasures", VARIANT_SEED)
DAMAGE_ON_BUILDINGS = Toggle("damage_on_buildings", "Variant › Damage on Buildings", VARIANT_SEED)
BUILDINGS_ON_FIRE = Toggle("buildings_on_fire", "Variant › Set Buildings on Fire", VARIANT_SEED)
MAIN_HAND = Toggle("main_hand", "Variant › Main Hand", VARIANT_SEED)

TOGGLES = (
    AMMUNITION_COUNTDOWN,
    RAPID_FIRE_ON_A_HIT,
    POLEARM_MASTERY,
    CRITICAL_DAMAGE,
    PERFECT_HITS,
    MOVEMENT_BY_SCALE,
    ALCHEMICAL_WEAPONS,
    DISTANCE_CATEGORIES,
    FEATS,
    TRAPS,
    MANOEUVRES,
    RECLAIMING,
    HIT_LOCATIONS,
    QUAKE,
    FAMILIAR_AND_BEAST_COMPANION,
    CURSE,
    REGENERATION,
    ROLLED_TRAIT_VALUES,
    VARIANT,
    ENCUMBRANCE,
    TRAVEL,
    DEAD_PLAYER_CHARACTERS,
    TRADE_IN_USED_GOODS,
    DAMAGE_ON_BUILDINGS,
    BUILDINGS_ON_FIRE,
    MAIN_HAND,
)
