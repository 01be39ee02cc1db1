"""Symbaroum's alternate and optional rules about gear and ground (seed 001 "Alternate Rules" › "Alchemical Weapons",
"Traps"; "Optional Rules" › "Movement by Scale"): who may use an alchemical weapon and at what risk, whom its blast
reaches, who may set which trap and what it costs, and how far a Movement Action goes on a map of squares.

Pure rules, no Django, like rules.engine.symbaroum: dice come in as values. Where the seed names a rule without its
numbers, the reading is said in the docstring.
"""

import math
from dataclasses import dataclass

from rules.engine.symbaroum import ABILITY_LEVELS, test_passes

# ---------------------------------------------------------------------------------------------------------------
# Abilities on a sheet: {"Siege Expert": "Adept", ...}


def has_ability(abilities, name, least="Novice"):
    """Whether the sheet's abilities hold `name` at `least` that level (Novice < Adept < Master); names are read
    without regard to case."""
    wanted = name.strip().lower()
    for held, level in abilities.items():
        if held.strip().lower() == wanted and level in ABILITY_LEVELS:
            return ABILITY_LEVELS.index(level) >= ABILITY_LEVELS.index(least)
    return False


def has_any(abilities, needs):
    """Whether any of `needs` ((name, least level) pairs) is on the sheet; an empty `needs` asks for nothing."""
    return not needs or any(has_ability(abilities, name, least) for name, least in needs)


def ability_words(needs):
    """ "Siege Expert (adept)" or "Alchemy, Siege Expert or Pyrotechnics": the abilities in the log's words."""
    names = [name if least == "Novice" else f"{name} ({least.lower()})" for name, least in needs]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


# ---------------------------------------------------------------------------------------------------------------
# Alchemical weapons (seed 001 "Alternate Rules" › "Alchemical Weapons")

SIEGE_EXPERT_ADEPT = (("Siege Expert", "Adept"),)


@dataclass(frozen=True)
class AlchemicalWeapon:
    key: str
    name: str  # its row in the reference data (a weapon, or for the mine a trap)
    needed: tuple  # (ability, least level) pairs: one of them is needed to use it at all; () anyone may
    safe: tuple  # one of them makes its use safe


ALCHEMICAL_WEAPONS = {
    weapon.key: weapon
    for weapon in (
        AlchemicalWeapon("fire_tube_portable", "Fire Tube, portable", (), SIEGE_EXPERT_ADEPT),
        AlchemicalWeapon("fire_tube_stationary", "Fire Tube, stationary", SIEGE_EXPERT_ADEPT, SIEGE_EXPERT_ADEPT),
        AlchemicalWeapon(
            "grenade",
            "Alchemical Grenade",
            (),
            (("Alchemy", "Novice"), ("Siege Expert", "Novice"), ("Pyrotechnics", "Novice")),
        ),
        AlchemicalWeapon(
            "mine",
            "Alchemical Mine",
            (("Trapper", "Novice"), ("Pyrotechnics", "Novice")),
            (("Trapper", "Novice"), ("Pyrotechnics", "Novice")),
        ),
        AlchemicalWeapon(
            "breaching_pot", "Breaching Pot", (), (("Siege Expert", "Novice"), ("Pyrotechnics", "Novice"))
        ),
    )
}


def alchemical_use(weapon, abilities):
    """ "barred", "risky" or "safe": seed 001 "Alchemical Weapons" lets only Siege Expert (adept) fire a stationary
    fire tube and only Trapper or Pyrotechnics use a mine; the portable fire tube, the grenade and the breaching pot
    anyone may use, but safely only with the abilities the seed names for each."""
    if not has_any(abilities, weapon.needed):
        return "barred"
    return "safe" if has_any(abilities, weapon.safe) else "risky"


MISHAP_FACE = 20


def mishap(use, d20):
    """Whether a risky use goes off on its user. The seed names the risk without saying what it is; read as its
    traps and poison have it (seed 001 "Traps" › "Setting a Trap", "Manoeuvres" › "Poison on Weapons"): a 20 on the
    user's d20 turns the thing on the user. A safe use never misfires."""
    if not 1 <= d20 <= 20:
        raise ValueError(f"a d20 shows 1 to 20, not {d20}")
    return use == "risky" and d20 == MISHAP_FACE


def blast_area(centre, engaged, area_effect):
    """Who an alchemical blast reaches: the one it is aimed at (or bursts on), and with the quality Area Effect
    everyone engaged in melee with them too (the weapons' rows: grenade, fire tubes, mine). Ids, the centre first."""
    return [centre, *sorted(set(engaged) - {centre})] if area_effect else [centre]


# ---------------------------------------------------------------------------------------------------------------
# Traps (seed 001 "Alternate Rules" › "Traps"; the tests are rules.engine.symbaroum.TRAP_TESTS)

TRAPPER = (("Trapper", "Novice"),)
# Who may set each kind of trap: anyone a mechanical one, Trapper or Pyrotechnics a mine, Trapper an improvised one.
TRAP_SETTERS = {
    "mechanical": (),
    "mine": (("Trapper", "Novice"), ("Pyrotechnics", "Novice")),
    "improvised": TRAPPER,
}


def trap_kind(name):
    """The kind of a trap row by its name: "mine", "improvised" or (anything else) "mechanical"."""
    lowered = name.lower()
    return "mine" if "mine" in lowered else "improvised" if "improvised" in lowered else "mechanical"


def may_set(kind, abilities):
    """Whether a character with these abilities may set a trap of this kind (seed 001 "Traps" › "Setting a Trap")."""
    return has_any(abilities, TRAP_SETTERS[kind])


def trained_setter(kind, abilities):
    """A trained setter: Trapper, or Pyrotechnics for a mine."""
    return has_any(abilities, TRAP_SETTERS["mine"] if kind == "mine" else TRAPPER)


def setting_cost(trained):
    """The parts of a turn setting a trap takes in a fight. The seed lets trained trappers ready a trap with a
    Combat Action and says nothing of how long others take; read: the untrained need the whole turn."""
    return ("combat",) if trained else ("combat", "movement")


def set_outcome(trained, d20, target):
    """ "set", "failed" or "sprung" (on the setter): a Cunning test sets it; for one without the training a 20
    springs it in their face (seed 001 "Traps" › "Setting a Trap")."""
    if not trained and d20 == MISHAP_FACE:
        return "sprung"
    return "set" if test_passes(target, d20) else "failed"


# The test to get out of a trap that holds its victim: the seed leaves it to the trap's description; the core
# rulebook's ready-made traps are escaped with a Strong test, one try on each of the victim's turns.
GET_FREE_ATTRIBUTE = "strong"


# ---------------------------------------------------------------------------------------------------------------
# Movement by scale (seed 001 "Optional Rules" › "Movement by Scale")

SQUARES_PER_MOVEMENT = 5
METRES_PER_SQUARE = 2


@dataclass(frozen=True)
class Stride:
    squares: int  # what one Movement Action covers
    metres: int


def stride(hobbled=False):
    """One Movement Action: 5 squares of 2 metres; hobbled (a leg hit at the Pain Threshold, seed 001 "Hit
    Locations") half of it, rounded down."""
    squares = SQUARES_PER_MOVEMENT // 2 if hobbled else SQUARES_PER_MOVEMENT
    return Stride(squares, squares * METRES_PER_SQUARE)


def movements_for(squares, hobbled=False):
    """The Movement Actions a move of `squares` takes: one per stride begun."""
    if squares < 1:
        raise ValueError("a move covers at least one square")
    return math.ceil(squares / stride(hobbled).squares)


def in_melee(squares_between):
    """Those in squares side by side are engaged in melee; one square or more between them takes a ranged attack."""
    return squares_between == 0
