"""WFRP 4e rules as written (seed 002_47eadea1ed3732a0.txt, "Combat Summary")."""

from dataclasses import dataclass

from rules.engine.initiative import turn_order


def skill_bonus(value):
    """The tens digit of a characteristic or skill: 35 -> 3."""
    return value // 10


AUTOMATIC_SUCCESS = range(1, 6)
AUTOMATIC_FAILURE = range(96, 101)


def tens(roll):
    """A d100 roll of 100 ("00") counts as 10 tens."""
    return roll // 10


def test_sl(target, roll):
    """Success Levels: tens of the target minus tens of the roll.

    A roll of 01-05 always succeeds and 96-00 always fails (core rules), so their SL is at least +0 and at
    most -0 respectively.
    """
    sl = tens(target) - tens(roll)
    if roll in AUTOMATIC_SUCCESS:
        return max(sl, 0)
    if roll in AUTOMATIC_FAILURE:
        return min(sl, 0)
    return sl


def test_success(target, roll):
    if roll in AUTOMATIC_SUCCESS:
        return True
    if roll in AUTOMATIC_FAILURE:
        return False
    return roll <= target


def is_double(roll):
    """11, 22, ... 99 and 100 ("00") are doubles (seed 002 "Criticals and Fumbles")."""
    return roll == 100 or (roll >= 11 and roll % 11 == 0)


def reversed_roll(roll):
    """Swap the tens and units of a d100 roll: 37 -> 73, 01 -> 10, 100 ("00") -> 100."""
    tens_digit, units_digit = divmod(roll % 100, 10)
    return (units_digit * 10 + tens_digit) or 100


HIT_LOCATIONS = [  # seed 002 "Attack" step 2, by the (reversed) roll
    (9, "head"),
    (24, "left_arm"),
    (44, "right_arm"),
    (79, "body"),
    (89, "left_leg"),
    (100, "right_leg"),
]


def hit_location(roll, reverse=True):
    """Seed 002 "Attack" › "2: Determine Hit Location": reverse the roll to hit, then read the table."""
    location_roll = reversed_roll(roll) if reverse else roll
    return next(location for upper, location in HIT_LOCATIONS if location_roll <= upper)


def wounds_suffered(damage, toughness_bonus, armour):
    """Seed 002 "Attack" › "4: Apply Damage": Damage – (Toughness Bonus + Armour Points), never negative."""
    return max(0, damage - (toughness_bonus + armour))


def is_critical(target, roll):
    """Seed 002 "Criticals": a successful Melee or Ranged Test that rolls a double, attacker or defender."""
    return test_success(target, roll) and is_double(roll)


def is_fumble(target, roll):
    """Seed 002 "Fumbles": a failed Melee or Ranged Test that rolls a double."""
    return not test_success(target, roll) and is_double(roll)


FUMBLES = [  # seed 002 "Criticals and Fumbles (cont)", by a d100 roll
    (20, "You catch a part of your anatomy — lose 1 Wound, ignoring Toughness Bonus or Armour Points."),
    (
        40,
        "Your melee weapon jars badly, or ranged weapon malfunctions or slightly breaks – your weapon suffers "
        "1 Damage. Next round, you will act last regardless of Initiative order, Talents, or special rules as "
        "you recover.",
    ),
    (
        60,
        "Your manoeuvre was misjudged, leaving you out of position, or you lose grip of a ranged weapon. Next "
        "round, your Action suffers a penalty of –10.",
    ),
    (70, "You stumble badly, finding it hard to right yourself. Lose your next Move."),
    (80, "You mishandle your weapon, or you drop your ammunition. Miss your next Action."),
    (
        90,
        "You overextend yourself or stumble and twist your ankle. Suffer a Torn Muscle (Minor) injury. This "
        "counts as a Critical Wound.",
    ),
    (
        100,
        "You completely mess up, hitting 1 random ally in range using your rolled units die to determine the "
        "SL of the hit. If that's not possible, you somehow hit yourself in the face and gain a Stunned "
        "Condition.",
    ),
]
MISFIRE_GROUPS = {"blackpowder", "engineering", "explosives"}


def fumble(d100):
    """The fumble table entry for a d100 roll (seed 002 "Criticals and Fumbles (cont)")."""
    return next(text for upper, text in FUMBLES if d100 <= upper)


def misfires(weapon_group, fumbled_roll):
    """Seed 002 "Misfires!": a Blackpowder, Engineering or Explosive weapon whose Fumble roll is even."""
    return weapon_group.lower() in MISFIRE_GROUPS and fumbled_roll % 2 == 0


def group_advantage_end_of_round(ally, adversary, dominant):
    """Seed 002 "Group Advantage", end of round: move 1 Advantage from the suppressed pool to the dominant one;
    if the suppressed pool is empty the dominant pool gains 1. No dominant side: nothing changes."""
    if dominant is None:
        return ally, adversary
    if dominant not in ("ally", "adversary"):
        raise ValueError("dominant must be 'ally', 'adversary' or None")
    winner, loser = (ally, adversary) if dominant == "ally" else (adversary, ally)
    if loser > 0:
        loser -= 1
    winner += 1
    return (winner, loser) if dominant == "ally" else (loser, winner)


def dominant_side(allies, adversaries):
    """Seed 002 "Group Advantage": the side with more combatants dominates; a tie is the GM's call (None)."""
    if allies == adversaries:
        return None
    return "ally" if allies > adversaries else "adversary"


def initiative_order(combatants, d100):
    """Seed 002 "Initiative is Determined by I > Ag > Opposed Ag Test".

    combatants: {key: (initiative, agility)}. Those tied on both roll an opposed Agility test:
    the higher SL acts first, re-rolled while still tied. d100() returns 1-100.
    """
    agility = {key: stats[1] for key, stats in combatants.items()}

    def opposed_agility(key):
        return test_sl(agility[key], d100())

    return turn_order(combatants, opposed_agility)


# Seed 002 "Group Advantage": what a side gains, by reason.
ADVANTAGE_GAINS = {
    "surprise": "Surprise: attacking Surprised enemies (+1)",
    "assess": "Assess: a Skill secures a tactical advantage (+2, or +3 with 6+ SL)",
    "victory": "Victory: an important NPC defeated (+1, or +2 for a party nemesis)",
    "winning": "Winning: won an Opposed Test you initiated (+1)",
    "outmanoeuvre": "Outmanoeuvre: wounded an opponent without an Opposed Test (+1, at most 1 per action)",
}


def advantage_gain(reason, sl=None, nemesis=False):
    """How much Advantage `reason` earns (seed 002 "Group Advantage" and "Actions" › "Assess")."""
    if reason not in ADVANTAGE_GAINS:
        raise ValueError(f"'{reason}' is not a way to gain Advantage")
    if reason == "assess":
        return 3 if (sl or 0) >= 6 else 2
    if reason == "victory":
        return 2 if nemesis else 1
    return 1


# Seed 002 "Benefits of Advantage": what a side can spend, and its fixed cost (None: the spender chooses).
ADVANTAGE_SPENDS = {
    "batter": ("Batter: Opposed Strength Test; the winner knocks the loser Prone", 1),
    "trick": ("Trick: Opposed Agility Test; the winner may inflict Ablaze, Blinded or Entangled", 1),
    "additional_effort": ("Additional Effort: +10% to a Test, +10% more per extra Advantage", None),
    "flee_from_harm": ("Flee from Harm: move away from opponents without penalty", 2),
    "additional_action": ("Additional Action: one more Action, once per turn", 4),
    "creature_trait": ("Creature Trait: activate a trait (core rules pp. 338-343)", None),
}
ADDITIONAL_EFFORT_MINIMUM = 2


def advantage_spend_cost(spend, amount=None):
    """The Advantage a spend takes; `amount` is the spender's choice for Additional Effort and creature traits."""
    if spend not in ADVANTAGE_SPENDS:
        raise ValueError(f"'{spend}' is not a way to spend Advantage")
    fixed = ADVANTAGE_SPENDS[spend][1]
    if fixed is not None:
        return fixed
    if amount is None or amount < 1:
        raise ValueError(f"Say how much Advantage {spend.replace('_', ' ')} spends")
    if spend == "additional_effort" and amount < ADDITIONAL_EFFORT_MINIMUM:
        raise ValueError("Additional Effort costs at least 2 Advantage")
    return amount


def additional_effort_bonus(spent):
    """Seed 002 "Additional Effort": 2 Advantage for +10%, each extra Advantage +10% more (3 -> +20%)."""
    return (spent - 1) * 10


@dataclass(frozen=True)
class AttackResult:
    attacker_sl: int
    defender_sl: int | None
    hit: bool
    net_sl: int
    location: str | None
    damage: int
    wounds: int
    critical_on_defender: bool
    critical_on_attacker: bool
    attacker_fumbled: bool
    defender_fumbled: bool
    misfire: bool


def opposed_winner(attacker_target, attacker_roll, defender_target, defender_roll):
    """Higher SL wins; equal SL goes to the higher skill; still equal is a stalemate (None)."""
    attacker_sl, defender_sl = test_sl(attacker_target, attacker_roll), test_sl(defender_target, defender_roll)
    if attacker_sl != defender_sl:
        return "attacker" if attacker_sl > defender_sl else "defender"
    if attacker_target != defender_target:
        return "attacker" if attacker_target > defender_target else "defender"
    return None


def attack(
    attacker_target,
    attacker_roll,
    weapon_damage,
    toughness_bonus,
    armour,
    defender_target=None,
    defender_roll=None,
    weapon_group="",
):
    """Seed 002 "Attack" steps 1-4 with "Criticals and Fumbles".

    Melee is opposed (give the defender's skill and roll); an undefended attack is an ordinary test.
    armour: {location: AP}. Damage = weapon damage + the SL by which the attack won; wounds subtract
    TB + AP at the location read from the reversed roll to hit.
    """
    attacker_sl = test_sl(attacker_target, attacker_roll)
    opposed = defender_target is not None and defender_roll is not None
    if opposed:
        defender_sl = test_sl(defender_target, defender_roll)
        hit = opposed_winner(attacker_target, attacker_roll, defender_target, defender_roll) == "attacker"
        net_sl = attacker_sl - defender_sl
    else:
        defender_sl = None
        hit = test_success(attacker_target, attacker_roll)
        net_sl = attacker_sl
    location = hit_location(attacker_roll) if hit else None
    damage = weapon_damage + max(net_sl, 0) if hit else 0
    wounds = wounds_suffered(damage, toughness_bonus, armour.get(location, 0)) if hit else 0
    attacker_fumbled = is_fumble(attacker_target, attacker_roll)
    defender_won = (
        opposed
        and not hit
        and opposed_winner(attacker_target, attacker_roll, defender_target, defender_roll) == "defender"
    )
    return AttackResult(
        attacker_sl=attacker_sl,
        defender_sl=defender_sl,
        hit=hit,
        net_sl=net_sl,
        location=location,
        damage=damage,
        wounds=wounds,
        critical_on_defender=hit and is_critical(attacker_target, attacker_roll),
        critical_on_attacker=defender_won and is_critical(defender_target, defender_roll),
        attacker_fumbled=attacker_fumbled,
        defender_fumbled=opposed and is_fumble(defender_target, defender_roll),
        misfire=attacker_fumbled and misfires(weapon_group, attacker_roll),
    )
