"""The table's WFRP 4e house rules (seed 000_5bd3882374cebcd3.txt, "Houserules Main Document").

Each function cites the heading it implements. Bonuses are skill // 10 (wfrp4e.skill_bonus).
"""

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

from rules.engine import wfrp4e
from rules.engine.probability import Probability

ROLLERS = ("attacker", "defender")


@dataclass(frozen=True)
class OpposedResult:
    player_sl: int  # PSL: the roller's bonus + 10 - d20
    opposed_sl: int  # OSL: attacker SL - defender SL, after natural 1s and 20s
    hit: bool  # the attacker (initiator) wins
    fumble: bool
    critical: bool
    location: str | None
    natural: int | None  # 1 or 20 when the d20 showed one


def opposed(attacker_bonus, defender_bonus, d20, d100=None, roller="attacker"):
    """ "Combat" › "Tests": the player rolls a D20 (and a D100); PSL = bonus + 10 - D20, the enemy's SL is their
    bonus, OSL = attacker SL - defender SL. The attack hits when OSL > 0; at 0 whoever rolled wins. A natural 1
    wins and a natural 20 loses, by at least 0 OSL; either one on a miss is a Fumble. A D100 double on a hit is a
    Critical; the straight D100 gives the location. For PvP and EvE the attacker rolls.
    Also "Other opposed Tests": any opposed test in combat, the initiator as the attacker."""
    if roller not in ROLLERS:
        raise ValueError("roller must be 'attacker' or 'defender'")
    if not 1 <= d20 <= 20:
        raise ValueError("a d20 shows 1 to 20")
    roller_bonus, other_bonus = (
        (attacker_bonus, defender_bonus) if roller == "attacker" else (defender_bonus, attacker_bonus)
    )
    player_sl = roller_bonus + 10 - d20
    roller_margin = player_sl - other_bonus  # > 0: the roller wins
    if d20 == 1:
        roller_margin = max(roller_margin, 0)
    elif d20 == 20:
        roller_margin = min(roller_margin, 0)
    roller_wins = roller_margin > 0 or (roller_margin == 0 and d20 != 20)
    hit = roller_wins if roller == "attacker" else not roller_wins
    opposed_sl = roller_margin if roller == "attacker" else -roller_margin
    natural = d20 if d20 in (1, 20) else None
    return OpposedResult(
        player_sl=player_sl,
        opposed_sl=opposed_sl,
        hit=hit,
        fumble=natural is not None and not hit,
        critical=d100 is not None and hit and wfrp4e.is_double(d100),
        location=wfrp4e.hit_location(d100, reverse=False) if d100 is not None and hit else None,
        natural=natural,
    )


def player_advantage(advantage=False, disadvantage=False, enemy_advantage=False, enemy_disadvantage=False):
    """ "Advantage and Disadvantage": the enemy's Advantage is the player's Disadvantage, and the reverse."""
    return advantage or enemy_disadvantage, disadvantage or enemy_advantage


def d20_dice(advantage, disadvantage, fortune=False):
    """ "Advantage and Disadvantage" and its Fortune table: how many D20s the player rolls and which one counts.

    Without Fortune: Advantage rolls 2 and keeps the best, Disadvantage 2 and the worst, neither or both 1.
    With a Fortune point: neither 2 (best), Advantage 3 (best), Disadvantage 1, both 2 (best)."""
    if fortune:
        if advantage and not disadvantage:
            return 3, "best"
        if disadvantage and not advantage:
            return 1, "single"
        return 2, "best"
    if advantage == disadvantage:
        return 1, "single"
    return (2, "best") if advantage else (2, "worst")


def pick_d20(rolls, mode):
    """The D20 that counts: low is good (PSL = bonus + 10 - D20)."""
    return min(rolls) if mode == "best" else max(rolls) if mode == "worst" else rolls[0]


def fortune_sl(points):
    """ "Fortune Points": +1 SL per point spent before an opposed test in combat."""
    return points


def casting_target(language_magick, cn):
    """ "Spells" step 1: an unopposed Language (Magick) Test at -10 per effective CN."""
    return language_magick - 10 * cn


def spell_attack_bonus(language_magick, casting_sl):
    """ "Spells" step 3: the spell's ASB is the Language (Magick) Bonus plus the casting test's SL."""
    return wfrp4e.skill_bonus(language_magick) + casting_sl


def worse_d100(target, rolls):
    """ "Advantage and Disadvantage" on a d100 test, such as a Deafened counterspell ("Deafened"; "Spells" 1.1 rolls
    the counter on its own D100): of the rolls, the one that does worse counts, by SL and then by success."""
    return min(rolls, key=lambda roll: (wfrp4e.test_sl(target, roll), wfrp4e.test_success(target, roll)))


DEADLY_CONDITIONS = ("Ablaze", "Bleeding", "Poisoned")


def deadly_death_roll(deadly_conditions):
    """ "Deadly Conditions": Unconscious with Deadly Conditions at the end of the turn, 10 % chance of dying per
    condition; the lowest D100 roll that kills (1 Ablaze + 2 Bleeding: 71, dying on 71-100). None: no risk."""
    if deadly_conditions <= 0:
        return None
    return max(1, 101 - 10 * deadly_conditions)


def deadly_endurance_target(endurance, deadly_conditions):
    """ "Deadly Conditions": ending the turn at 0 Wounds, a Challenging (+0) Endurance Test at -10 per Deadly
    Condition; failing it means Unconscious."""
    return endurance - 10 * deadly_conditions


def momentum_end_of_turn(momentum, earned_this_turn):
    """ "Momentum": lose 1 at the end of your Turn if you did not earn one on it (never below 0)."""
    return momentum if earned_this_turn else max(0, momentum - 1)


MOMENTUM_GAINS = {
    "charge": "Charged into combat",
    "won_opposed": "Won an Opposed Test they started against a foe",
    "inflicted": "Damaged a foe or gave them a Condition",
    "assess": "Read the fight for a tactical edge",
}
MOMENTUM_TALENTS = ("Disarm", "Dual Wielder", "Strike to Stun")
MOMENTUM_TALENT_COST = 2


def momentum_attack_bonus(spent):
    """ "Momentum": +10 to the attacking skill per Momentum spent on an Attack."""
    return 10 * spent


def can_disengage_with_momentum(momentum, engaged_opponents_momentum):
    """ "Disengaging": more Momentum than every Engaged opponent lets you spend it all to leave weapon reach."""
    return momentum > 0 and all(momentum > other for other in engaged_opponents_momentum)


# "Defenceless": against Ranged attacks these conditions leave a target Defenceless; Unconscious against all.
DEFENCELESS_VS_RANGED = ("Blinded", "Prone", "Stunned", "Surprised")


@dataclass(frozen=True)
class Attack:
    kind: str  # "melee", "ranged" or "spell"
    blackpowder: bool = False
    magic_missile: bool = False


def is_defenceless(attack, conditions=(), sees_attacker=True):
    """ "Defenceless", "Blackpowder", "Spells" 3.3 (Unconscious targets of spells defend with WP, not Defenceless)."""
    if "Unconscious" in conditions and attack.kind != "spell":
        return True
    if attack.kind == "ranged":
        return attack.blackpowder or not sees_attacker or any(c in DEFENCELESS_VS_RANGED for c in conditions)
    return False


def defence_bonuses(
    attack,
    melee_skill=0,
    dodge_skill=0,
    willpower=0,
    shield_rating=0,
    defensive=False,
    conditions=(),
    fatigued=0,
    sees_attacker=True,
    shield_rule=True,
):
    """ "Tests": the DSBs that may oppose `attack`, by name; the defender picks among them.

    Melee (relevant Melee skill) opposes Melee, and Ranged with a Shield of rating 2+; Dodge opposes Melee, Ranged and
    Magic Missiles; Spell (Willpower) opposes every spell. "Defensive" adds 1 to the Melee DSB; "Fatigued" takes 1
    per condition from combat skill bonuses; a Defenceless target's DSB is at most 0 and gets no shield;
    Blackpowder cannot be opposed with Dodge or standard shields; an Unconscious target of a spell uses only WP.
    `shield_rule`: "Shield (Rating)" keeps a shield from a Defenceless target and from a Blackpowder shot; without
    it a shield of rating 2+ still parries the shot, at the DSB a Defenceless target is held to."""
    defenceless = is_defenceless(attack, conditions, sees_attacker)
    melee = wfrp4e.skill_bonus(melee_skill) + (1 if defensive else 0) - fatigued
    dodge = wfrp4e.skill_bonus(dodge_skill) - fatigued
    spell = wfrp4e.skill_bonus(willpower)
    options = {}
    if attack.kind == "melee":
        options = {"melee": melee, "dodge": dodge}
    elif attack.kind == "ranged":
        if shield_rating >= 2 and not (shield_rule and defenceless):
            options["melee"] = melee
        if not attack.blackpowder:
            options["dodge"] = dodge
    else:
        if attack.magic_missile and "Unconscious" not in conditions:
            options["dodge"] = dodge
        options["spell"] = spell
    if defenceless:
        options = {name: min(bonus, 0) for name, bonus in options.items()} or {"defenceless": 0}
    return options


def death_roll_kills(deadly_conditions, d100):
    lowest = deadly_death_roll(deadly_conditions)
    return lowest is not None and d100 >= lowest


# --- Conditions (seed 000 "Conditions"): what each changed condition does at the start and end of a turn and at
# the end of a round. A "test" is a prompt: the roll is typed or rolled, and test_outcome() decides it.


@dataclass(frozen=True)
class ConditionTest:
    condition: str  # the condition that calls for it
    skill: str  # Cool, Endurance, ...
    modifier: int  # e.g. -10 per Bleeding
    on_success: str  # "remove_one", "remove_per_sl" or ""
    on_failure: str  # "", "unconscious", "must_fight_fire"
    reason: str


def start_of_turn_tests(counts):
    """ "Ablaze": when you first act in a Round with any Ablaze, a (+0) Cool Test at -10 per Ablaze; failing it,
    your Action goes to putting the fire out, and failing by 6+ SL also brings a Broken Condition."""
    ablaze = counts.get("Ablaze", 0)
    if not ablaze:
        return []
    return [ConditionTest("Ablaze", "Cool", -10 * ablaze, "", "must_fight_fire", "Ablaze: keep your nerve")]


def end_of_turn_wounds(counts, toughness_bonus=0, armour=0, d10=None):
    """Wounds lost at the end of your Turn: "Bleeding" 1 per condition, "Poisoned" 1 per condition (both ignore
    TB and AP), "Ablaze" 1d10 plus 1 per Ablaze, less Toughness Bonus and Armour Points. {condition: wounds}."""
    lost = {}
    if counts.get("Bleeding"):
        lost["Bleeding"] = counts["Bleeding"]
    if counts.get("Poisoned"):
        lost["Poisoned"] = counts["Poisoned"]
    if counts.get("Ablaze"):
        if d10 is None:
            raise ValueError("Ablaze needs a d10")
        lost["Ablaze"] = max(0, d10 + counts["Ablaze"] - toughness_bonus - armour)
    return lost


def end_of_turn_tests(counts, wounds_left, deadly_rule=True):
    """After the wounds: "Bleeding" and "Poisoned" each call for a (+0) Endurance Test at -10 per condition,
    removing one on success; "Deadly Conditions": at 0 Wounds with any, an Endurance Test at -10 per Deadly
    Condition, Unconscious on failure."""
    tests = []
    for name in ("Bleeding", "Poisoned"):
        if counts.get(name):
            tests.append(ConditionTest(name, "Endurance", -10 * counts[name], "remove_one", "", f"{name}: stop it"))
    deadly = sum(counts.get(name, 0) for name in DEADLY_CONDITIONS)
    if deadly_rule and deadly and wounds_left == 0 and not counts.get("Unconscious"):
        tests.append(
            ConditionTest("Deadly Conditions", "Endurance", -10 * deadly, "", "unconscious", "0 Wounds: stay awake")
        )
    return tests


def needs_death_roll(counts, deadly_rule=True):
    """ "Deadly Conditions": ending the turn Unconscious with Deadly Conditions: the d100 death roll."""
    deadly = sum(counts.get(name, 0) for name in DEADLY_CONDITIONS)
    return deadly_rule and deadly > 0 and bool(counts.get("Unconscious")), deadly


# "Blinded", "Deafened": one removed at the end of every Round; "Surprised": lost at the end of the Round.
END_OF_ROUND_REMOVALS = {"Blinded": 1, "Deafened": 1, "Surprised": None}  # None: all of it


def end_of_round_tests(counts, engaged=False):
    """ "Stunned": a Challenging (+0) Endurance Test removes one, plus one per SL. "Broken": unengaged, a Cool Test
    removes one, plus one per SL (the GM sets the difficulty)."""
    tests = []
    if counts.get("Stunned"):
        tests.append(ConditionTest("Stunned", "Endurance", 0, "remove_per_sl", "", "Stunned: shake it off"))
    if counts.get("Broken") and not engaged:
        tests.append(ConditionTest("Broken", "Cool", 0, "remove_per_sl", "", "Broken: rally"))
    return tests


def condition_test_modifier(counts):
    """ "Fatigued": -10 to every Test per Fatigued Condition, the d100 side of its -1 per condition to combat skill
    bonuses. Blinded, Deafened, Entangled and Prone only weigh on tests of sight, hearing or moving, and no test the
    tracker sets is one of those."""
    return -10 * counts.get("Fatigued", 0)


def test_outcome(target, roll):
    """A d100 test: (success, SL) as in WFRP 4e (wfrp4e.test_sl, with 01-05 and 96-00)."""
    return wfrp4e.test_success(target, roll), wfrp4e.test_sl(target, roll)


def conditions_removed(test, success, sl):
    """How many of the condition a passed test removes: one, or one plus one per SL."""
    if not success:
        return 0
    if test.on_success == "remove_one":
        return 1
    if test.on_success == "remove_per_sl":
        return 1 + max(0, sl)
    return 0


# --- Attacks by the D20 "player rolls" system ("Tests", "Advantage and Disadvantage", weapon and armour properties)

# The seed's Advantage/Disadvantage table: (label, whose test it changes, effect).
SITUATIONS = {
    "point_blank": ("Point blank: a shot within a tenth of the range", "attacker", "advantage"),
    "large_target": ("Shot at a Large (or bigger) target", "attacker", "advantage"),
    "outnumber": ("Melee against a foe your side outnumbers 2:1 or more", "attacker", "advantage"),
    "aimed": ("Shot after aiming with the previous Action", "attacker", "advantage"),
    "went_defensive": ("Defence with the skill chosen when going Defensive", "defender", "advantage"),
    "long_range": ("Long range: a shot beyond the range, up to twice it", "attacker", "disadvantage"),
    "cover": ("Shot at a target behind medium cover, or hidden by dark or weather", "attacker", "disadvantage"),
    "moving_target": ("Shot at a fast mover (mounted, flying)", "attacker", "disadvantage"),
    "small_target": ("Shot at a Little (or smaller) target", "attacker", "disadvantage"),
    "called_shot": ("Called shot at a chosen hit location", "attacker", "disadvantage"),
    "off_hand": ("Off-hand weapon (-2 SL)", "attacker", "minus_two_sl"),
    "hampered": (
        "Melee hampered by dark, weather or rough ground (not when both sides are)",
        "attacker",
        "disadvantage",
    ),  # fmt: skip
    "attacker_blinded_prone": ("Attacker Blinded or Prone", "attacker", "disadvantage"),
    "defender_condition": (
        "Melee defender Blinded, Broken, Entangled, Prone, Surprised or Stunned",
        "defender",
        "disadvantage",
    ),
    # Seed 000 "Entangled": the condition's own text puts Disadvantage on every defence, not only against melee.
    "defender_entangled": ("Defender Entangled, against any attack", "defender", "disadvantage"),
    "much_larger": (
        "Melee defence against a foe two or more Sizes bigger",
        "defender",
        "disadvantage",
    ),  # fmt: skip
    "not_allowed": (
        "A weapon the attacker is not trained in (Advantage cannot cancel it)",
        "attacker",
        "disadvantage",
    ),  # fmt: skip
}
ATTACKING_HAMPERED = ("Blinded", "Prone")
DEFENDING_HAMPERED = ("Blinded", "Broken", "Entangled", "Prone", "Surprised", "Stunned")


def situations_from_conditions(attack_kind, attacker_conditions=(), defender_conditions=()):
    """The table's rows the tracker can tell from conditions (the GM ticks the rest)."""
    found = set()
    if any(c in ATTACKING_HAMPERED for c in attacker_conditions):
        found.add("attacker_blinded_prone")
    if attack_kind == "melee" and any(c in DEFENDING_HAMPERED for c in defender_conditions):
        found.add("defender_condition")
    elif "Entangled" in defender_conditions:
        found.add("defender_entangled")
    return found


UNTRAINED_WEAPON_SKILLS = ("Melee (Basic)", "Melee (Brawling)")  # basic skills: anyone may use them


def situations_from_weapon(weapon_skill, trained):
    """The untrained-weapon row: the weapon's skill is an advanced one the attacker has not learnt."""
    return set() if trained or weapon_skill in UNTRAINED_WEAPON_SKILLS else {"not_allowed"}


def outnumbers(attacker_side_standing, target_side_standing):
    """The outnumbering row (at least twice as many), counted from the sides still standing."""
    return target_side_standing > 0 and attacker_side_standing >= 2 * target_side_standing


def roll_mode(situations, roller="attacker", fortune=False):
    """ "Advantage and Disadvantage": the D20s the rolling player throws (count, "single"|"best"|"worst"), from
    both sides' situations; the other side's Advantage is the player's Disadvantage. A weapon you are not allowed
    to use never rolls with Advantage (only Fortune helps)."""
    return d20_dice(*roller_advantage(situations, roller), fortune)


def roller_advantage(situations, roller="attacker"):
    """ "Advantage and Disadvantage": (advantage, disadvantage) of the rolling player, from both sides' rows of the
    table; the other side's Advantage is the player's Disadvantage, and an attacker with a weapon they are not allowed
    to use gets no Advantage."""
    sides = {"attacker": [False, False], "defender": [False, False]}
    for key in situations:
        _, who, effect = SITUATIONS[key]
        if effect == "advantage":
            sides[who][0] = True
        elif effect == "disadvantage":
            sides[who][1] = True
    other = "defender" if roller == "attacker" else "attacker"
    advantage, disadvantage = player_advantage(*sides[roller], *sides[other])
    if "not_allowed" in situations and roller == "attacker":
        advantage = False
    return advantage, disadvantage


def house_armour_points(pieces, penetrating=False, partial_rule=True, penetrating_rule=True):
    """AP per location with "Partial" (the piece's AP -1) and "Penetrating" (ignores half of the non-magical AP,
    rounded up). pieces: [(locations, points, is_partial, is_flexible)]."""
    totals = wfrp4e.armour_points((locations, max(0, points - (1 if partial and partial_rule else 0)), flexible)
                                  for locations, points, partial, flexible in pieces)  # fmt: skip
    if penetrating and penetrating_rule:
        return {location: ap - (ap + 1) // 2 for location, ap in totals.items()}
    return totals


@dataclass(frozen=True)
class HouseAttack:
    roll: OpposedResult
    location: str | None
    damage: int
    wounds: int
    fumble: bool  # the roll's Fumble, or a Dangerous weapon's
    failed: bool = False  # the attacker's test missed before `failed_sl` had its say


def attack(asb, dsb, d20, d100, weapon_damage, toughness_bonus, armour, roller="attacker", fortune_sl=0,
           off_hand=False, wrap=False, properties=frozenset(), charging=False, failed_sl=0):  # fmt: skip
    """One attack under "Tests": Fortune adds +1 SL per point to the roller ("Fortune Points"), the off-hand
    costs the attacker 2 SL; a hit with a "Wrap" weapon whose units die is 0 strikes the head. Damage = weapon
    damage + OSL; wounds = damage - (TB + AP at the location).
    failed_sl: the SL a missed attack's test gains or loses afterwards (the book's Practical and Unreliable,
    wfrp4e.craftsmanship_sl), which may still turn the miss into a hit.

    The book's properties kept "same as book" ("Weapon Properties") read the D100, the only percentile die this
    test rolls: Damaging and Impact its units die (wfrp4e.damage_sl), Dangerous a 9 on it when the attack misses."""
    attacker_bonus = asb - (2 if off_hand else 0) + (fortune_sl if roller == "attacker" else 0)
    defender_bonus = dsb + (fortune_sl if roller == "defender" else 0)
    roll = opposed(attacker_bonus, defender_bonus, d20, d100, roller)
    failed = not roll.hit
    if failed_sl and failed:
        roll = opposed(attacker_bonus + failed_sl, defender_bonus, d20, d100, roller)
    location = roll.location
    if roll.hit and wrap and d100 % 10 == 0:
        location = "head"
    damage = weapon_damage + wfrp4e.damage_sl(roll.opposed_sl, d100, properties, charging) if roll.hit else 0
    wounds = wfrp4e.wounds_suffered(damage, toughness_bonus, armour.get(location, 0)) if roll.hit else 0
    dangerous = "Dangerous" in properties and not roll.hit and wfrp4e.shows_nine(d100)
    return HouseAttack(roll, location, damage, wounds, roll.fumble or dangerous, failed)


# What a condition leaves of a turn (seed 000 "Conditions"), shown when the turn starts: {name: (in words, the parts
# of the turn it takes, whether it takes the whole turn)}. Unconscious keeps its turn, passed doing nothing, as the
# turn's end still tests its Deadly Conditions; Surprised loses it.
TURN_LIMITS = {
    "Unconscious": ("nothing at all", ("move", "action"), False),
    "Surprised": ("no turn", ("move", "action"), True),
    "Stunned": ("no Action, half movement", ("action",), False),
    "Broken": ("Move and Action only to run and hide", (), False),
    "Entangled": ("no Move", ("move",), False),
    "Prone": ("Move only to stand up or crawl", (), False),
}


def crawl_yards(movement):
    """Seed 000 "Prone": a Prone combatant crawls half their Movement in yards (2 for Movement 4, 2.5 for 5)."""
    return f"{movement // 2}.5" if movement % 2 else str(movement // 2)


def stunned_yards(movement):
    """Seed 000 "Stunned" (the book's Stunned kept): the Stunned combatant's Move covers only half their Movement in
    yards, as Prone's crawl does."""
    return crawl_yards(movement)


def turn_limits(conditions):
    """The limits the combatant's conditions set on the turn, most severe first: [(name, in words)]."""
    return [(name, text) for name, (text, _, _) in TURN_LIMITS.items() if name in conditions]


# --- Exact odds of the D20 "player rolls" attack, for the GM's screen before anyone rolls

D20_FACES = range(1, 21)


@cache
def counted_d20(count, mode):
    """((face, ways)...) of the D20 that counts when the player throws `count` of them and `mode` picks one
    (pick_d20), out of 20 ** count: every throw counted."""
    ways = {}
    for rolls in product(D20_FACES, repeat=count):
        face = pick_d20(rolls, mode)
        ways[face] = ways.get(face, 0) + 1
    return tuple(sorted(ways.items()))


def d100_share(rule):
    """How many of the D100's faces `rule` holds for, out of 100."""
    return sum(1 for roll in wfrp4e.D100_FACES if rule(roll))


def hit_chance(attacker_bonus, defender_bonus, roller="attacker", advantage=False, disadvantage=False,
               fortune=False, *, properties=frozenset()):  # fmt: skip
    """The exact chance that an attack hits under "Combat" › "Tests", as opposed() settles each D20: PSL = the
    roller's bonus + 10 - D20 against the other's bonus, natural 1s and 20s included. The bonuses are as attack()
    meets them (Fortune's +SL and the off-hand's -2 already in). advantage and disadvantage are the roller's;
    `fortune`: a Fortune point for an extra D20; d20_dice says how many D20 are thrown and which counts.

    Carries `opposed_sl` {OSL on a hit: chance}; `critical`, a hit with a D100 double (or as scores_critical has it
    for the weapon's `properties`: Impale); `fumble`, a natural 1 or 20 on a miss, or a Dangerous weapon's 9 on the
    D100 of a miss (attack())."""
    count, mode = d20_dice(advantage, disadvantage, fortune)
    out_of = 20**count * 100
    properties = frozenset(properties)
    criticals = d100_share(lambda roll: wfrp4e.scores_critical(roll, True, properties))
    nines = d100_share(wfrp4e.shows_nine) if "Dangerous" in properties else 0
    by_sl, critical, fumble = {}, 0, 0
    for face, ways in counted_d20(count, mode):
        roll = opposed(attacker_bonus, defender_bonus, face, roller=roller)
        if roll.hit:
            by_sl[roll.opposed_sl] = by_sl.get(roll.opposed_sl, 0) + ways * 100
            critical += ways * criticals
        else:
            fumble += ways * (100 if roll.fumble else nines)
    chance = Probability(sum(by_sl.values()), out_of)
    vars(chance).update(
        opposed_sl={sl: Probability(ways, out_of) for sl, ways in sorted(by_sl.items())},
        critical=Probability(critical, out_of),
        fumble=Probability(fumble, out_of),
    )
    return chance


def expected_wounds(attacker_bonus, defender_bonus, damage, toughness_bonus, armour, roller="attacker",
                    advantage=False, disadvantage=False, fortune=False, *, properties=frozenset(), charging=False,
                    wrap=False):  # fmt: skip
    """The Wounds an attack inflicts on average, exactly, as attack() works out each D20 and D100 ("Tests"): on a
    hit, Damage = weapon `damage` + OSL (wfrp4e.damage_sl: Damaging, Impact, Tiring with `charging`) less Toughness
    Bonus and the AP {location: AP} where the straight D100 lands ("Wrap": a units die of 0 strikes the head),
    never below 0. Dice and bonuses as hit_chance."""
    count, mode = d20_dice(advantage, disadvantage, fortune)
    locations = {}
    for d100 in wfrp4e.D100_FACES:
        location = wfrp4e.hit_location(d100, reverse=False)
        locations[d100] = "head" if wrap and d100 % 10 == 0 else location
    total = 0
    for face, ways in counted_d20(count, mode):
        roll = opposed(attacker_bonus, defender_bonus, face, roller=roller)
        if not roll.hit:
            continue
        for d100, location in locations.items():
            dealt = damage + wfrp4e.damage_sl(roll.opposed_sl, d100, properties, charging)
            total += ways * wfrp4e.wounds_suffered(dealt, toughness_bonus, armour.get(location, 0))
    return Fraction(total, 20**count * 100)
