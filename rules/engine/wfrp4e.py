"""WFRP 4e rules as written (seed 002_47eadea1ed3732a0.txt, "Combat Summary")."""

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from rules.engine.initiative import place_among, turn_order
from rules.engine.probability import Probability
from rules.engine.tables import lookup, seed_rows

SYSTEM = "wfrp4e"


def skill_bonus(value):
    """The tens digit of a characteristic or skill: 35 -> 3."""
    return value // 10


def wounds_from_characteristics(strength, toughness, willpower):
    """Seed 002: Wounds = SB + 2 × TB + WPB (talents such as Hardy add more: the sheet's own figure rules)."""
    return skill_bonus(strength) + 2 * skill_bonus(toughness) + skill_bonus(willpower)


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


def hit_location(roll, reverse=True, table=None):
    """Seed 002 "Attack" › "2: Determine Hit Location": reverse the roll to hit, then read the table.

    table: rows {"low", "high", "location"}; the seed's table when not given.
    """
    location_roll = reversed_roll(roll) if reverse else roll
    rows = table if table is not None else seed_rows(SYSTEM, "hit_locations")
    return lookup(rows, location_roll, "hit location")["location"]


LOCATIONS = ("head", "left_arm", "right_arm", "body", "left_leg", "right_leg")


def armour_points(pieces):
    """Armour Points per location (seed 002 "Attack" › "4: Apply Damage" uses the AP where the hit lands).
    pieces: [(locations, points, flexible)]. Layering is the book's "Flexible" (seed 000 "Armor Properties" keeps it
    as in the core rules): one Flexible layer may be worn under one other piece and both count; pieces that cannot be
    layered do not add up, the best of them counts."""
    flexible, rigid = dict.fromkeys(LOCATIONS, 0), dict.fromkeys(LOCATIONS, 0)
    for locations, points, is_flexible in pieces:
        layer = flexible if is_flexible else rigid
        for location in locations:
            layer[location] = max(layer[location], points)
    return {location: flexible[location] + rigid[location] for location in LOCATIONS}


def wounds_suffered(damage, toughness_bonus, armour):
    """Seed 002 "Attack" › "4: Apply Damage": Damage – (Toughness Bonus + Armour Points), never negative."""
    return max(0, damage - (toughness_bonus + armour))


def is_critical(target, roll):
    """Seed 002 "Criticals": a successful Melee or Ranged Test that rolls a double, attacker or defender."""
    return test_success(target, roll) and is_double(roll)


def scores_critical(roll, success, properties=frozenset(), impenetrable=False, impenetrable_rule=False):
    """Whether the d100 roll of a successful test (`success`) scores a Critical: a double (seed 002 "Criticals"),
    or with an Impale weapon a roll ending in 0 (seed 000 "Impale", same as book). `impenetrable`: the location
    struck is covered by Impenetrable armour, which as written ignores every Critical of an odd roll; seed 000
    "Impenetrable" (`impenetrable_rule`) replaces that: there it ignores Impale instead."""
    if not success:
        return False
    impales = "Impale" in properties and roll % 10 == 0
    if impenetrable and impenetrable_rule:
        return is_double(roll)
    if impenetrable and roll % 2:
        return False
    return is_double(roll) or impales


def is_fumble(target, roll, dangerous=False):
    """Seed 002 "Fumbles": a failed Melee or Ranged Test that rolls a double; with a Dangerous weapon, also one
    that shows a 9 on either die (shows_nine)."""
    return not test_success(target, roll) and (is_double(roll) or (dangerous and shows_nine(roll)))


MISFIRE_GROUPS = {"blackpowder", "engineering", "explosives"}


def fumble(d100, table=None):
    """The fumble table row {"name", "text", "wounds"} for a d100 roll (seed 002 "Criticals and Fumbles (cont)")."""
    rows = table if table is not None else [_fumble_row(row) for row in seed_rows(SYSTEM, "fumbles")]
    return lookup(rows, d100, "fumble")


def _fumble_row(seed_row):
    return {**seed_row, "text": seed_row["description"]}


def misfires(weapon_group, fumbled_roll):
    """Seed 002 "Misfires!": a Blackpowder, Engineering or Explosive weapon whose Fumble roll is even."""
    return weapon_group.lower() in MISFIRE_GROUPS and fumbled_roll % 2 == 0


def units_die(roll):
    """The units die of a d100 roll: 37 -> 7, 100 ("00") -> 0."""
    return roll % 10


def fumbled_hit_damage(weapon_damage, fumbled_roll):
    """A hit a fumble deals by itself: the weapon's Damage with the fumbled roll's units die as its SL (seed 002
    "Criticals and Fumbles (cont)", the 91-00 row, and "Misfires!")."""
    return weapon_damage + units_die(fumbled_roll)


def misfire_damage(weapon_damage, fumbled_roll):
    """Seed 002 "Misfires!": full Damage to the Primary Arm, the units die as the effective SL."""
    return fumbled_hit_damage(weapon_damage, fumbled_roll)


# Seed 002 "Criticals and Fumbles (cont)": what the tracker does for each band of the fumble table, beyond the
# Wound of 01-20 that the table's rows carry: act last next round, -10 to next round's Action, lose the next Move,
# miss the next Action, a Torn Muscle (Minor) that counts as a Critical Wound, hit an ally (or be Stunned).
FUMBLE_EFFECTS = (
    (21, 40, "act_last"),
    (41, 60, "action_penalty"),
    (61, 70, "lose_move"),
    (71, 80, "miss_action"),
    (81, 90, "torn_muscle"),
    (91, 100, "hit_ally"),
)
FUMBLED_ACTION_PENALTY = -10
TORN_MUSCLE = "Torn Muscle (Minor)"


def fumble_weapon_damage(d100):
    """The Damage the fumbler's weapon suffers (seed 002 "Criticals and Fumbles (cont)", the 21-40 row): each point
    takes 1 from the weapon's Damage for the rest of the fight."""
    return 1 if 21 <= d100 <= 40 else 0


def fumble_effect(d100):
    """The lasting effect of a fumble roll (a FUMBLE_EFFECTS key), or None for the rows that only cost a Wound."""
    return next((effect for low, high, effect in FUMBLE_EFFECTS if low <= d100 <= high), None)


# Weapon qualities and flaws the house rules keep "same as book" (seed 000 "Weapon Properties": Accurate, Damaging,
# Impact, Dangerous, Tiring, Undamaging, each pointing at the core rulebook pp. 297-299), in our own words.
ACCURATE_BONUS = 10


def accurate_bonus(properties):
    """Accurate: the weapon is easy to hit with, +10 to the attacker's test."""
    return ACCURATE_BONUS if "Accurate" in properties else 0


def shows_nine(roll):
    """Dangerous: a 9 on the tens or the units die (100, "00", shows none)."""
    return 9 in divmod(roll % 100, 10)


def damage_sl(sl, roll, properties, charging=False):
    """The SL a hit adds to the weapon's Damage. Damaging: the units die of the roll instead when it is higher;
    Impact: the units die on top. Tiring: neither of those two helps except on a Turn the attacker Charges."""
    if "Tiring" in properties and not charging:
        return sl
    units = units_die(roll)
    bonus = max(sl, units) if "Damaging" in properties else sl
    return bonus + (units if "Impact" in properties else 0)


def armour_against(armour, properties):
    """Undamaging: every Armour Point counts twice against the weapon. armour: {location: AP}."""
    if "Undamaging" not in properties:
        return armour
    return {location: 2 * points for location, points in armour.items()}


# Book rules seed 000 drops at this table ("Imprecise", "Weakpoints" and "Practical/Unreliable", each marked
# [Removed]) or changes ("Weapon Length and In-fighting"): a GM who switches the house rule off plays these, as the
# core rulebook has them, in our own words.
IMPRECISE_SL = -1
WEAPON_LENGTH_PENALTY = -10
IN_FIGHTER_BONUS = 10
IN_FIGHTER = "In-fighter"
# Melee reach, shortest first (the weapons' `reach`); In-fighting leaves a weapon longer than Short improvised.
REACHES = ("Personal", "Very Short", "Short", "Average", "Long", "Very Long", "Massive")
IMPROVISED_DAMAGE = 1  # an improvised weapon hits for +SB+1, Undamaging


def imprecise_sl(properties):
    """Imprecise (seed 000 "Imprecise" removes it): the weapon is clumsy to strike with, so a test to attack with it
    loses 1 SL."""
    return IMPRECISE_SL if "Imprecise" in properties else 0


def craftsmanship_sl(properties, success):
    """Practical and Unreliable (seed 000 "Practical/Unreliable" removes both): a failed test made with a Practical
    item fails by 1 SL less, one made with an Unreliable item by 1 SL more; a passed test is untouched."""
    if success:
        return 0
    return ("Practical" in properties) - ("Unreliable" in properties)


def without_weakpoints(pieces):
    """The armour pieces [(locations, points, property names)] but those with Weakpoints."""
    return [(locations, points, names) for locations, points, names in pieces if "Weakpoints" not in names]


def weakpoints_ignored(critical, properties, location, unguarded, armour_there):
    """Weakpoints (seed 000 "Weakpoints" removes it): a Critical struck with an Impale weapon finds the gaps, so the
    Weakpoints armour where it lands does not count, the rest does. unguarded: {location: AP} of the armour without
    the Weakpoints pieces. The AP ignored."""
    if not critical or "Impale" not in properties or location is None:
        return 0
    return max(0, armour_there - unguarded.get(location, 0))


def reach_rank(reach):
    """A melee reach's place from Personal (0) to Massive (6); None when unknown (ranged weapons, empty)."""
    return REACHES.index(reach) if reach in REACHES else None


def weapon_length_modifier(attacker_reach, defender_reach, in_fighting=False, in_fighter=False):
    """Weapon Length (seed 000 "Weapon Length and In-fighting" changes it): in melee, an attacker whose weapon is
    shorter than the defender's suffers -10 to hit; the In-fighter Talent ignores it, and so does In-fighting, where
    a long weapon is no help. 0 otherwise, and when either reach is unknown."""
    mine, theirs = reach_rank(attacker_reach), reach_rank(defender_reach)
    if in_fighting or in_fighter or mine is None or theirs is None or mine >= theirs:
        return 0
    return WEAPON_LENGTH_PENALTY


def in_fighting_improvised(reach):
    """In-fighting (seed 000 "Weapon Length and In-fighting"): inside an opponent's reach, a weapon longer than
    Short is too long to swing and counts as an improvised weapon (Damage +SB+1, Undamaging)."""
    rank = reach_rank(reach)
    return rank is not None and rank > REACHES.index("Short")


def in_fighting_bonus(in_fighting, in_fighter):
    """The In-fighter Talent: +10 to hit while In-fighting."""
    return IN_FIGHTER_BONUS if in_fighting and in_fighter else 0


def reload_tally(tally, sl):
    """Reload (Rating): reloading is an Extended Test with the weapon's Ranged skill, one test per Action; each
    test's SL adds to the tally (a failure's takes from it, never below 0) until it reaches the rating."""
    return max(0, tally + sl)


def weapon_damage(damage, strength_bonus, adds_strength_bonus=True):
    """A weapon's Damage: "+SB+4" is Strength Bonus + 4."""
    return damage + (strength_bonus if adds_strength_bonus else 0)


def critical_wound(table, d100):
    """The row of a critical wound table for a d100 roll, or None while the GM has not entered that row."""
    try:
        return lookup(table, d100, "critical wound")
    except ValueError:
        return None


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


def initiative_place(order, newcomer, d100):
    """Seed 002 "Initiative is Determined by I > Ag > Opposed Ag Test", for one combatant taking a place in an
    order already set (joining, or with a new initiative).

    order: [(key, (initiative, agility))] in turn order; newcomer: (key, (initiative, agility)). The newcomer acts
    before the first who ranks below them, or who ties on both and loses an opposed Agility test to them, so the
    order already settled among the others stands. Returns (index, {key: [roll-off SLs]}).
    """
    return place_among(order, newcomer, lambda ranks: initiative_order(ranks, d100))


# Seed 002 "Group Advantage": what a side gains, by reason.
ADVANTAGE_GAINS = {
    "surprise": "Surprise: attacking Surprised enemies (+1)",
    "assess": "Assess: a Skill secures a tactical advantage (+2, or +3 with 6+ SL)",
    "victory": "Victory: an important NPC defeated (+1, or +2 for a party nemesis)",
    "winning": "Winning: won an Opposed Test you initiated (+1)",
    "outmanoeuvre": "Outmanoeuvre: wounded an opponent without an Opposed Test (+1, at most 1 per action)",
}


def advantage_gain(reason, sl=None, nemesis=False, failed=False):
    """How much Advantage `reason` earns (seed 002 "Group Advantage" and "Actions" › "Assess"). Assess earns only
    on a success: a Test `failed`, or given a negative SL, earns nothing; no SL given is a success the GM saw."""
    if reason not in ADVANTAGE_GAINS:
        raise ValueError(f"'{reason}' is not a way to gain Advantage")
    if reason == "assess":
        if failed or (sl or 0) < 0:
            return 0
        return 3 if (sl or 0) >= 6 else 2
    if reason == "victory":
        return 2 if nemesis else 1
    return 1


def advantage_spends():
    """Seed 002 "Benefits of Advantage": {key: {"name", "cost", "minimum", "once_per_turn", ...}}."""
    return {row["key"]: row for row in seed_rows(SYSTEM, "advantage_spends")}


def advantage_spend_cost(spend, amount=None, spends=None):
    """The Advantage a spend takes. A spend without a fixed cost (Additional Effort, creature traits) costs
    `amount`, the spender's choice, at least its minimum. spends: as advantage_spends(), the seed's by default."""
    spends = spends if spends is not None else advantage_spends()
    if spend not in spends:
        raise ValueError(f"'{spend}' is not a way to spend Advantage")
    row = spends[spend]
    if row["cost"] is not None:
        return row["cost"]
    if amount is None or amount < 1:
        raise ValueError(f"Say how much Advantage {row['name']} spends")
    if amount < row["minimum"]:
        raise ValueError(f"{row['name']} costs at least {row['minimum']} Advantage")
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
    armour_ignored: int = 0  # Weakpoints: the AP at the location the Critical ignored


def opposed_winner(attacker_target, attacker_roll, defender_target, defender_roll, added_sl=0):
    """Higher SL wins; equal SL goes to the higher skill; still equal is a stalemate (None). `added_sl`: SL the
    attacker brings to the test from elsewhere (seed 000 "Pummel": the attack's Opposed SL)."""
    attacker_sl = test_sl(attacker_target, attacker_roll) + added_sl
    defender_sl = test_sl(defender_target, defender_roll)
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
    hit_locations=None,
    properties=frozenset(),
    charging=False,
    impenetrable=frozenset(),
    impenetrable_rule=False,
    imprecise_rule=True,
    craftsmanship_rule=True,
    weakpoints=None,
):
    """Seed 002 "Attack" steps 1-4 with "Criticals and Fumbles".

    Melee is opposed (give the defender's skill and roll); an undefended attack is an ordinary test.
    armour: {location: AP}, already as the weapon meets it (armour_against); hit_locations: a hit location table
    (the seed's by default); properties: the weapon's property names (Damaging, Impact, Tiring, Dangerous);
    charging: the attacker Charged this Turn (Tiring); impenetrable: the target's locations under Impenetrable armour,
    impenetrable_rule: seed 000 "Impenetrable" is played (scores_critical).
    imprecise_rule, craftsmanship_rule: the book's Imprecise and Practical/Unreliable are played (their SL goes on the
    attacker's); weakpoints: {location: AP} of the target's armour without its Weakpoints pieces, all an Impale
    Critical meets (weakpoints_ignored), None when the book's Weakpoints is not played.
    Damage = weapon damage + the SL by which the attack won (damage_sl); wounds subtract TB + AP at the location
    read from the reversed roll to hit.
    A successful double is a Critical on the other side whoever wins the opposed test: the seed works SL and
    the winner out as usual besides, so a losing attacker's double still lands a Critical Wound (but no Damage),
    and both sides may score one.
    """
    success = test_success(attacker_target, attacker_roll)
    added_sl = (imprecise_sl(properties) if imprecise_rule else 0) + (
        craftsmanship_sl(properties, success) if craftsmanship_rule else 0
    )
    attacker_sl = test_sl(attacker_target, attacker_roll) + added_sl
    opposed = defender_target is not None and defender_roll is not None
    if opposed:
        defender_sl = test_sl(defender_target, defender_roll)
        winner = opposed_winner(attacker_target, attacker_roll, defender_target, defender_roll, added_sl=added_sl)
        hit = winner == "attacker"
        net_sl = attacker_sl - defender_sl
    else:
        defender_sl = None
        hit = success
        net_sl = attacker_sl
    location = hit_location(attacker_roll, table=hit_locations) if hit else None
    damage = weapon_damage + damage_sl(max(net_sl, 0), attacker_roll, properties, charging) if hit else 0
    # Where a losing attacker's Critical lands, for Impenetrable armour there.
    struck = location or (hit_location(attacker_roll, table=hit_locations) if impenetrable else None)
    critical = scores_critical(
        attacker_roll,
        success,
        properties,
        impenetrable=struck in impenetrable,
        impenetrable_rule=impenetrable_rule,
    )
    armour_there = armour.get(location, 0)
    ignored = weakpoints_ignored(critical and hit and weakpoints is not None, properties, location, weakpoints or {},
                                 armour_there)  # fmt: skip
    wounds = wounds_suffered(damage, toughness_bonus, armour_there - ignored) if hit else 0
    attacker_fumbled = is_fumble(attacker_target, attacker_roll, dangerous="Dangerous" in properties)
    return AttackResult(
        attacker_sl=attacker_sl,
        defender_sl=defender_sl,
        hit=hit,
        net_sl=net_sl,
        location=location,
        damage=damage,
        wounds=wounds,
        critical_on_defender=critical,
        critical_on_attacker=opposed and is_critical(defender_target, defender_roll),
        attacker_fumbled=attacker_fumbled,
        defender_fumbled=opposed and is_fumble(defender_target, defender_roll),
        misfire=attacker_fumbled and misfires(weapon_group, attacker_roll),
        armour_ignored=ignored,
    )


# Seed 002 "Benefits of Advantage" › Batter and Trick: Special Actions bought with Advantage and settled by an
# Opposed Test of one characteristic each, the spender against the chosen opponent.
ADVANTAGE_TESTS = {"batter": "S", "trick": "Ag"}
TRICK_CONDITIONS = ("Ablaze", "Blinded", "Entangled")


@dataclass(frozen=True)
class AdvantageTestOutcome:
    advantage_to: str | None  # "initiator", "opponent" or None: whose side gains 1 Advantage
    opponent_gains: str | None  # the Condition the opponent gains


def advantage_test(spend, winner, condition=None):
    """What a Batter or a Trick does once its Opposed Test is settled (seed 002 "Benefits of Advantage").

    winner: as opposed_winner(), the spender being the attacker; None is a stalemate, which the seed leaves out:
    nobody wins or loses, so nothing happens. Batter: a win knocks the opponent Prone, and the seed's sentence gives
    the opponent +1 Advantage on a win as on a loss. Trick: a win earns the spender +1 Advantage and, when the GM
    allows it, the opponent gains the chosen Ablaze, Blinded or Entangled. A loss gives the opponent +1 Advantage.
    Neither win earns the usual Winning Advantage for an Opposed Test on top.
    """
    if spend not in ADVANTAGE_TESTS:
        raise ValueError(f"'{spend}' is not a spend settled by an Opposed Test")
    if condition and (spend != "trick" or condition not in TRICK_CONDITIONS):
        raise ValueError(f"A Trick may inflict {', '.join(TRICK_CONDITIONS)}; a Batter only knocks Prone")
    if winner == "defender":
        return AdvantageTestOutcome("opponent", None)
    if winner != "attacker":
        return AdvantageTestOutcome(None, None)
    if spend == "batter":
        return AdvantageTestOutcome("opponent", "Prone")
    return AdvantageTestOutcome("initiator", condition or None)


# What a Condition leaves of its bearer's turn, which is a Move and an Action (seed 002 "Combat Summary" step 3), as
# the core Conditions have it (the Surprised of seed 002 "Suprise"): {name: (in words, the parts it takes, whether it
# takes the whole turn)}.
TURN_LIMITS = {
    "Unconscious": ("can do nothing", ("move", "action"), False),
    "Surprised": ("no Move or Action", ("move", "action"), True),
    "Stunned": ("no Action, half Move", ("action",), False),
    "Entangled": ("cannot Move", ("move",), False),
    "Prone": ("Move only to stand up or crawl", (), False),
    "Broken": ("Move and Action only to flee or hide", (), False),
}


# Seed 002 "Actions" › Defend, and the Charging line after Sprint.
DEFEND_BONUS = 20  # to defensive Tests with the chosen Skill or Characteristic, until the start of the next turn
CHARGE_BONUS = 10  # to the first Melee Test the charger initiates after the charging move


def engagement_lapsed(last_round, ended_round):
    """Seed 002 "Attack" › Engaged: a pair that has gone a full Round without attacking each other in melee is no
    longer Engaged. last_round: the Round of their last melee attack on each other; checked as `ended_round` ends."""
    return last_round < ended_round


# ---------------------------------------------------------------------------------------------------------------
# Exact odds, for the screens to show before anyone rolls: every face of each d100 counted with the rules above.

D100_FACES = range(1, 101)
PAIRS = len(D100_FACES) ** 2  # both d100 of an opposed test; an unopposed roll counts for all 100 faces of the other


def chance_with(ways, out_of, **attributes):
    """A Probability of `ways` in `out_of`, carrying the breakdowns a screen may show (critical, fumble, SL...)."""
    chance = Probability(ways, out_of)
    vars(chance).update(attributes)
    return chance


@lru_cache(maxsize=1024)
def attacker_wins(attacker_target, defender_target, added_sl=0):
    """The pairs of d100 rolls the attacker wins, as ((attacker roll, net SL), how many defender rolls) out of
    PAIRS: opposed (seed 002 "Attack" › "1: Roll to Hit", settled by opposed_winner: higher SL, then the higher
    target; a stalemate is no win), or with defender_target None an ordinary test, where every success wins."""
    won = {}
    for attacker_roll in D100_FACES:
        attacker_sl = test_sl(attacker_target, attacker_roll)
        if defender_target is None:
            if test_success(attacker_target, attacker_roll):
                won[attacker_roll, attacker_sl + added_sl] = len(D100_FACES)
            continue
        for defender_roll in D100_FACES:
            if opposed_winner(attacker_target, attacker_roll, defender_target, defender_roll, added_sl) == "attacker":
                key = (attacker_roll, attacker_sl + added_sl - test_sl(defender_target, defender_roll))
                won[key] = won.get(key, 0) + 1
    return tuple(won.items())


def opposed_chance(attacker_target, defender_target, *, properties=frozenset(), added_sl=0):
    """The exact chance that the attacker wins an opposed d100 test (seed 002 "Attack" › "1: Roll to Hit",
    "Benefits of Advantage" for Batter and Trick): higher SL wins, equal SL the higher target, a stalemate is no
    win; 01-05 and 96-00 as test_sl has them. defender_target None: an unopposed test, won by any success.

    Carries `winning_sl` {the attacker's net SL on a win: chance}, summing to the whole; `critical`, the attacker's
    roll scoring a Critical (seed 002 "Criticals", won or lost, as attack() scores it with the weapon's
    `properties`: Impale); `fumble`, the attacker fumbling (seed 002 "Fumbles"; Dangerous)."""
    by_sl = {}
    for (_, net_sl), ways in attacker_wins(attacker_target, defender_target, added_sl):
        by_sl[net_sl] = by_sl.get(net_sl, 0) + ways
    properties = frozenset(properties)
    return chance_with(
        sum(by_sl.values()),
        PAIRS,
        winning_sl={sl: Probability(ways, PAIRS) for sl, ways in sorted(by_sl.items())},
        critical=Probability(
            sum(scores_critical(roll, test_success(attacker_target, roll), properties) for roll in D100_FACES),
            len(D100_FACES),
        ),
        fumble=Probability(
            sum(is_fumble(attacker_target, roll, "Dangerous" in properties) for roll in D100_FACES), len(D100_FACES)
        ),
    )


def final_rolls(target, fortune=False):
    """{d100 roll: ways out of PAIRS} of the roll a test keeps. With Fortune a failed roll is rolled again once and
    the second roll stands (the core rules' Fortune reroll; seed 000 "Fortune Points" words it as making the test
    twice, which succeeds just as often)."""
    failures = sum(not test_success(target, roll) for roll in D100_FACES)
    if not fortune:
        return {roll: len(D100_FACES) for roll in D100_FACES}
    return {roll: len(D100_FACES) * test_success(target, roll) + failures for roll in D100_FACES}


def test_chance(target, fortune=False):
    """The exact chance that an unopposed d100 test against `target` succeeds (a Cool Test against Ablaze, an
    Endurance Test, a casting test with its CN already in the target), 01-05 and 96-00 as test_success has them;
    `fortune`: a failure is rolled again once (final_rolls).

    Carries `sl` {SL of the roll kept: chance} (a failed +0 and a passed +0 share the key 0), `critical` and
    `fumble` of the roll kept (is_critical, is_fumble: a double that succeeds or fails)."""
    kept = final_rolls(target, fortune)
    by_sl = {}
    for roll, ways in kept.items():
        sl = test_sl(target, roll)
        by_sl[sl] = by_sl.get(sl, 0) + ways
    return chance_with(
        sum(ways for roll, ways in kept.items() if test_success(target, roll)),
        PAIRS,
        sl={sl: Probability(ways, PAIRS) for sl, ways in sorted(by_sl.items())},
        critical=Probability(sum(ways for roll, ways in kept.items() if is_critical(target, roll)), PAIRS),
        fumble=Probability(sum(ways for roll, ways in kept.items() if is_fumble(target, roll)), PAIRS),
    )


def expected_wounds(attacker_target, defender_target, damage, toughness_bonus, armour, *, properties=frozenset(),
                    charging=False, hit_locations=None, added_sl=0):  # fmt: skip
    """The Wounds an attack inflicts on average, exactly, as attack() works each pair of rolls out (seed 002
    "Attack" steps 1-4): on a win, Damage = weapon `damage` + the net SL (damage_sl: Damaging, Impact, Tiring with
    `charging`), less Toughness Bonus and the AP {location: AP} where the reversed roll to hit lands
    (hit_location, on `hit_locations` or the seed's table), never below 0 (wounds_suffered). defender_target None:
    unopposed. `added_sl`: SL on the attacker's (the book's Imprecise). Criticals and fumbles are the dice's other
    news and add nothing here."""
    locations = {}
    total = 0
    for (roll, net_sl), ways in attacker_wins(attacker_target, defender_target, added_sl):
        if roll not in locations:
            locations[roll] = hit_location(roll, table=hit_locations)
        dealt = damage + damage_sl(max(net_sl, 0), roll, properties, charging)
        total += ways * wounds_suffered(dealt, toughness_bonus, armour.get(locations[roll], 0))
    return Fraction(total, PAIRS)
