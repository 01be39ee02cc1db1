"""WFRP 3rd edition (seed 003_79f367e535d58255.txt): narrative dice and their exact odds, the dice pool, wounds,
fatigue and stress, power and favour, recharge tokens, condition durations, stance, manoeuvres and henchmen.

Pure rules, no Django: dice come in as a callable d(sides) -> 1..sides (`rules.engine.dice.Dice.d` is one), so
results are reproducible. The seed is a table's crib sheet; where it is silent the core rulebook's rule is used and
the docstring says so. The dice faces are the ones issue 13 lists, the seed having none.
"""

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from rules.engine.initiative import place_among, turn_order
from rules.engine.probability import Probability

# ---------------------------------------------------------------------------------------------------------------
# Dice and symbols

SUCCESS = "success"
BOON = "boon"
BANE = "bane"
CHALLENGE = "challenge"
RIGHTEOUS_SUCCESS = "righteous_success"
SIGMARS_COMET = "sigmars_comet"
CHAOS_STAR = "chaos_star"
DELAY = "delay"
EXERTION = "exertion"
SYMBOLS = (SUCCESS, BOON, BANE, CHALLENGE, RIGHTEOUS_SUCCESS, SIGMARS_COMET, CHAOS_STAR, DELAY, EXERTION)

CHARACTERISTIC = "characteristic"
CONSERVATIVE = "conservative"
RECKLESS = "reckless"
EXPERTISE = "expertise"
FORTUNE = "fortune"
CHALLENGE_DIE = "challenge"
MISFORTUNE = "misfortune"
# The pool's keys, as DESIGN's engine contract names them.
DIE_KINDS = (CHARACTERISTIC, CONSERVATIVE, RECKLESS, EXPERTISE, FORTUNE, CHALLENGE_DIE, MISFORTUNE)


def _sides(*counted):
    """A die's faces from (how many sides, symbols on each) pairs; a blank side shows no symbol."""
    return tuple(face for count, face in counted for _ in range(count))


# Each face is the tuple of symbols it shows (issue 13 "Exact odds" gives the side counts).
DIE_FACES = {
    CHARACTERISTIC: _sides((2, ()), (4, (SUCCESS,)), (2, (BOON,))),
    CONSERVATIVE: _sides((1, ()), (4, (SUCCESS,)), (2, (BOON,)), (1, (SUCCESS, BOON)), (2, (SUCCESS, DELAY))),
    RECKLESS: _sides(
        (2, ()),
        (2, (SUCCESS, SUCCESS)),
        (1, (SUCCESS, BOON)),
        (1, (BOON, BOON)),
        (2, (BANE,)),
        (2, (SUCCESS, EXERTION)),
    ),
    EXPERTISE: _sides((1, ()), (1, (SUCCESS,)), (1, (RIGHTEOUS_SUCCESS,)), (2, (BOON,)), (1, (SIGMARS_COMET,))),
    FORTUNE: _sides((3, ()), (2, (SUCCESS,)), (1, (BOON,))),
    CHALLENGE_DIE: _sides(
        (1, ()), (2, (CHALLENGE,)), (2, (CHALLENGE, CHALLENGE)), (1, (BANE,)), (1, (BANE, BANE)), (1, (CHAOS_STAR,))
    ),
    MISFORTUNE: _sides((3, ()), (2, (CHALLENGE,)), (1, (BANE,))),
}

# A righteous success is a success that also rolls one more expertise die, which may show another (issue 13).
EXPLODING_DIE = EXPERTISE
EXPLODING_SYMBOL = RIGHTEOUS_SUCCESS

MAX_POOL_DICE = 60


def checked_pool(pool):
    """The pool with every kind present: {kind: count}. Unknown kinds, negative or absurd counts are errors."""
    unknown = set(pool) - set(DIE_KINDS)
    if unknown:
        raise ValueError(f"unknown dice in the pool: {', '.join(sorted(unknown))}")
    counts = {kind: int(pool.get(kind, 0)) for kind in DIE_KINDS}
    if any(count < 0 for count in counts.values()):
        raise ValueError("a pool cannot hold fewer than 0 dice of a kind")
    if sum(counts.values()) > MAX_POOL_DICE:
        raise ValueError(f"a pool holds at most {MAX_POOL_DICE} dice")
    return counts


def roll_pool(pool, d):
    """Roll every die of the pool: ((kind, face), ...), each exploding expertise die followed by the one it adds.

    d(sides) -> 1..sides picks a face (the faces in DIE_FACES order). A d that keeps showing righteous successes
    past MAX_POOL_DICE extra dice is broken (fair dice do so about once in 6**60 rolls) and raises ValueError."""
    rolled = []
    for kind, count in checked_pool(pool).items():
        faces = DIE_FACES[kind]
        for _ in range(count):
            face = faces[d(len(faces)) - 1]
            rolled.append((kind, face))
            while kind == EXPLODING_DIE and EXPLODING_SYMBOL in face:
                if len(rolled) > 2 * MAX_POOL_DICE:
                    raise ValueError("too many righteous successes in a row: the dice are not fair")
                face = faces[d(len(faces)) - 1]
                rolled.append((kind, face))
    return tuple(rolled)


def most_shown(pool, righteous_successes=0):
    """{symbol: the most the pool's dice can show of it}, each die on its best face for that symbol. Each righteous
    success shown rolls one more expertise die (EXPLODING_DIE), when the pool has any to start the chain. Symbols
    typed in are checked against this: they cannot come from dice the pool does not hold."""
    counts = checked_pool(pool)
    if counts[EXPLODING_DIE]:
        counts[EXPLODING_DIE] += righteous_successes
    return {
        symbol: sum(count * max(face.count(symbol) for face in DIE_FACES[kind]) for kind, count in counts.items())
        for symbol in SYMBOLS
    }


def symbols_shown(rolled):
    """{symbol: count} over rolled dice ((kind, face), ...): what a player types in after rolling by hand."""
    return Counter(symbol for _, face in rolled for symbol in face)


# ---------------------------------------------------------------------------------------------------------------
# Resolving a roll


@dataclass(frozen=True)
class Outcome:
    successes: int  # net, after challenges cancelled them
    boons: int  # net, after banes cancelled them
    banes: int  # net, after boons cancelled them
    righteous_successes: int  # counted among the successes too; action cards may key effects on them
    comets: int  # Sigmar's comets kept for a critical or a card's effect
    chaos_stars: int
    delays: int
    exertions: int

    @property
    def succeeded(self):
        return self.successes >= 1


def resolve(symbols, comet_successes=0, comet_boons=0, chaos_star_effect=False):
    """Cancel one success per challenge and one boon per bane (the dice's core rule; seed 003 "Middle of Turn
    Phase" step 4 evaluates the pool). symbols: {symbol: count} as rolled or typed.

    A righteous success counts as a success. Seed 003 "Universal Dice Roll Effect": Sigmar's comet may serve as a
    success, a boon, a critical or a trigger, so the roller says how many count as successes or boons and the rest
    stay comets; a chaos star counts as a bane unless something names an effect for it (chaos_star_effect)."""
    counts = Counter(symbols)
    if unknown := set(counts) - set(SYMBOLS):
        raise ValueError(f"unknown symbols: {', '.join(sorted(unknown))}")
    if any(count < 0 for count in counts.values()):
        raise ValueError("a roll cannot show fewer than 0 of a symbol")
    if comet_successes < 0 or comet_boons < 0 or comet_successes + comet_boons > counts[SIGMARS_COMET]:
        raise ValueError("more comets spent than rolled")
    successes = counts[SUCCESS] + counts[RIGHTEOUS_SUCCESS] + comet_successes - counts[CHALLENGE]
    boons = counts[BOON] + comet_boons - counts[BANE] - (0 if chaos_star_effect else counts[CHAOS_STAR])
    return Outcome(
        successes=max(successes, 0),
        boons=max(boons, 0),
        banes=max(-boons, 0),
        righteous_successes=counts[RIGHTEOUS_SUCCESS],
        comets=counts[SIGMARS_COMET] - comet_successes - comet_boons,
        chaos_stars=counts[CHAOS_STAR],
        delays=counts[DELAY],
        exertions=counts[EXERTION],
    )


# ---------------------------------------------------------------------------------------------------------------
# Characteristics, fatigue and stress

PHYSICAL = ("strength", "toughness", "agility")
MENTAL = ("intelligence", "willpower", "fellowship")
CHARACTERISTICS = PHYSICAL + MENTAL
FATIGUE = "fatigue"
STRESS = "stress"


def strain_for(characteristic):
    """Fatigue for a check on a physical characteristic, stress for a mental one: what "relevant to the check"
    means in seed 003 "Universal Dice Roll Effect"."""
    if characteristic not in CHARACTERISTICS:
        raise ValueError(f"'{characteristic}' is not a characteristic")
    return FATIGUE if characteristic in PHYSICAL else STRESS


@dataclass(frozen=True)
class UniversalEffect:
    strain: str  # FATIGUE or STRESS
    suffered: int
    recovered: int


def universal_effect(outcome, characteristic):
    """Seed 003 "Universal Dice Roll Effect": each pair of net banes makes the roller suffer one fatigue or stress
    (whichever fits the check), each pair of net boons lets them recover one. Read per pair: the seed names the
    effect for two and says nothing of more."""
    return UniversalEffect(strain_for(characteristic), outcome.banes // 2, outcome.boons // 2)


# ---------------------------------------------------------------------------------------------------------------
# Exact odds


def _shift(face, comet_as, chaos_star_effect=False):
    """(successes − challenges, boons − banes) one face adds, a chaos star as a bane unless the check names an
    effect for it (as `resolve`), and a comet as `comet_as` (SUCCESS, BOON or None)."""
    successes = face.count(SUCCESS) + face.count(RIGHTEOUS_SUCCESS) - face.count(CHALLENGE)
    boons = face.count(BOON) - face.count(BANE) - (0 if chaos_star_effect else face.count(CHAOS_STAR))
    comets = face.count(SIGMARS_COMET)
    return successes + (comets if comet_as == SUCCESS else 0), boons + (comets if comet_as == BOON else 0)


def _die_shifts(faces, comet_as, chaos_star_effect=False):
    shifts = Counter(_shift(face, comet_as, chaos_star_effect) for face in faces)
    return {shift: Fraction(count, len(faces)) for shift, count in shifts.items()}


def _convolve(first, second):
    total = Counter()
    for (s1, b1), p1 in first.items():
        for (s2, b2), p2 in second.items():
            total[s1 + s2, b1 + b2] += p1 * p2
    return total


def _explosion_chance():
    faces = DIE_FACES[EXPLODING_DIE]
    return Fraction(sum(EXPLODING_SYMBOL in face for face in faces), len(faces))


def _explosions(dice, count):
    """The chance that `dice` exploding dice show `count` righteous successes in all: each die rolls on while it
    shows one, so its count is geometric and the sum of several is negative binomial."""
    explode = _explosion_chance()
    if dice == 0:
        return Fraction(count == 0)
    return math.comb(count + dice - 1, count) * explode**count * (1 - explode) ** dice


@dataclass(frozen=True)
class Odds:
    success: Probability  # at least one net success
    successes: dict  # {net successes: chance} from 0 to `highest`
    more_successes: Probability  # more net successes than `highest`: only righteous successes' extra dice get there
    boons: dict  # {net boons: chance}
    banes: dict  # {net banes: chance}

    @property
    def highest(self):
        return max(self.successes)


def odds(pool, comet_as=SUCCESS, chaos_star_effect=False):
    """The exact chances of a pool's net successes, net boons and net banes, righteous successes exploding without
    limit (issue 13 "Exact odds"; cancelling as in `resolve`, a chaos star as a bane unless chaos_star_effect).

    Exact, no cut-off: an exploding die ends on one of its other faces, each equally likely, and how many righteous
    successes came before is independent of that last face. So the pool is the finite convolution of every die's
    last face plus a negative binomial count of righteous successes, which only add successes. Every fixed number
    of net successes then needs finitely many explosion counts, and the boons and banes none. `successes` runs to
    the most the dice reach without an explosion; `more_successes` is the exact rest.

    comet_as: what each Sigmar's comet counts as, the roller's choice (seed 003 "Universal Dice Roll Effect"):
    SUCCESS by default, since a player short of a success spends it so; BOON; or None (kept for a critical)."""
    pool = checked_pool(pool)
    last_faces = {(0, 0): Fraction(1)}
    for kind, count in pool.items():
        faces = DIE_FACES[kind]
        if kind == EXPLODING_DIE:
            faces = tuple(face for face in faces if EXPLODING_SYMBOL not in face)
        shifts = _die_shifts(faces, comet_as, chaos_star_effect)
        for _ in range(count):
            last_faces = _convolve(last_faces, shifts)
    net_successes, net_boons = Counter(), Counter()
    for (successes, boons), chance in last_faces.items():
        net_successes[successes] += chance
        net_boons[boons] += chance
    lowest, highest = min(net_successes), max(max(net_successes), 0)
    exploding = pool[EXPLODING_DIE]

    def exactly(value):
        """Chance that successes less challenges come to exactly `value` (below 0 when challenges win), over every
        explosion count that the last faces can make up the rest of."""
        return sum(
            (_explosions(exploding, extra) * net_successes[value - extra] for extra in range(value - lowest + 1)),
            Fraction(0),
        )

    failure = sum((exactly(value) for value in range(min(lowest, 0), 1)), Fraction(0))
    successes = {0: Probability(failure)} | {value: Probability(exactly(value)) for value in range(1, highest + 1)}
    return Odds(
        success=Probability(1 - failure),
        successes=successes,
        more_successes=Probability(1 - sum(successes.values())),
        boons={0: Probability(sum(c for b, c in net_boons.items() if b <= 0))}
        | {b: Probability(c) for b, c in sorted(net_boons.items()) if b > 0},
        banes={0: Probability(sum(c for b, c in net_boons.items() if b >= 0))}
        | {-b: Probability(c) for b, c in sorted(net_boons.items(), reverse=True) if b < 0},
    )


def net_success_chance(pool):
    """The exact chance that `pool` rolls at least one net success (DESIGN's engine contract; see `odds`)."""
    return odds(pool).success


# ---------------------------------------------------------------------------------------------------------------
# Building the dice pool

# Challenge dice by difficulty: seed 003 "Difficulties" grades them 0d to 4d by how the task compares (twice less,
# less, the same, more, twice more); the names are the core rulebook's (seed 003 "Maneuvers" 6 says Easy (1d)).
DIFFICULTIES = {"simple": 0, "easy": 1, "average": 2, "hard": 3, "daunting": 4}
# Seed 003 "Middle of Turn Phase" step 3: the GM gives an attack one challenge die.
COMBAT_DIFFICULTY = 1

BLINDED = "Blinded"
COWED = "Cowed"
DEMORALIZED = "Demoralized"
ENERGIZED = "Energized"
ENTANGLED = "Entangled"
EXPOSED = "Exposed"
FRIGHTENED = "Frightened"
ILL_FORTUNED = "Ill-Fortuned"
INSPIRED = "Inspired"
INTOXICATED = "Intoxicated"
INVIGORATED = "Invigorated"
OVERWHELMED = "Overwhelmed"
PERPLEXED = "Perplexed"
RATTLED = "Rattled"
SHOCK = "Shock"
SLUGGISH = "Sluggish"
STAGGERED = "Staggered"
TRAUMATIZED = "Traumatized"
WEAKENED = "Weakened"

# Seed 003 "Condition Cards": the dice a condition on the roller adds, as (kind, count, which checks). "any" is
# every check; the seed says "Black/Fortune" for Weakened, read as black, the misfortune die.
CONDITION_DICE = {
    BLINDED: ((CHALLENGE_DIE, 1, "sight"),),
    DEMORALIZED: ((MISFORTUNE, 1, "any"),),
    INSPIRED: ((FORTUNE, 1, "any"),),
    INTOXICATED: ((MISFORTUNE, 2, "any"), (FORTUNE, 1, "any")),
    OVERWHELMED: ((CHALLENGE_DIE, 1, "physical"),),
    PERPLEXED: ((CHALLENGE_DIE, 1, "mental"),),
    SHOCK: ((MISFORTUNE, 1, "mental"),),
    TRAUMATIZED: ((CHALLENGE_DIE, 1, "initiative"),),
    WEAKENED: ((MISFORTUNE, 2, "strength"),),
}
# Seed 003 "Condition Cards" › Exposed: a condition on the target that helps whoever attacks it.
TARGET_CONDITION_DICE = {EXPOSED: ((FORTUNE, 1, "any"),)}


@dataclass(frozen=True)
class Check:
    """What a check is made with: the characteristic, and whether it needs sight or is the initiative check."""

    characteristic: str
    sight: bool = False
    initiative: bool = False

    def covers(self, scope):
        return (
            scope == "any"
            or (scope == "physical" and self.characteristic in PHYSICAL)
            or (scope == "mental" and self.characteristic in MENTAL)
            or scope == self.characteristic
            or (scope == "sight" and self.sight)
            or (scope == "initiative" and self.initiative)
        )


@dataclass(frozen=True)
class Source:
    kind: str  # a die kind
    count: int
    why: str


def stance_dice(rating, stance, conditions=()):
    """(kind, count): how many of a characteristic's dice the stance turns into conservative (stance < 0) or
    reckless (stance > 0) dice.

    The core rulebook turns one characteristic die per step, never more than the rating. Seed 003 "Condition
    Cards": Staggered counts the stance one step nearer neutral, Frightened turns one die fewer, Cowed forbids
    reckless dice and Rattled conservative ones."""
    kind = RECKLESS if stance > 0 else CONSERVATIVE
    if (kind == RECKLESS and COWED in conditions) or (kind == CONSERVATIVE and RATTLED in conditions):
        return kind, 0
    steps = abs(stance) - (STAGGERED in conditions) - (FRIGHTENED in conditions)
    return kind, max(0, min(steps, rating))


def pool_sources(
    check,
    rating,
    stance=0,
    *,
    training=0,
    specialisations=0,
    fortune=0,
    difficulty=0,
    defence=0,
    opposing_training=0,
    conditions=(),
    target_conditions=(),
    fatigue=0,
    stress=0,
    toughness=0,
    willpower=0,
    extra=(),
):
    """Every die a check's pool holds and why, for the summary shown before the roll (seed 003 "Middle of Turn
    Phase" steps 2-3).

    - The characteristic's rating in dice, some of them stance dice (`stance_dice`).
    - One expertise die per level of skill training and one fortune die per specialisation that applies (core
      rulebook); `fortune`: the characteristic's own fortune dice (seed 003 "Advancement").
    - Challenge dice for the difficulty (a name of DIFFICULTIES or a count; seed 003 "Difficulties"); one
      misfortune die per point of the target's Defence (step 3) and per level of the opposing relevant skill or
      specialisation (seed 003 "Difficulties").
    - Conditions on the roller and on the target (CONDITION_DICE, TARGET_CONDITION_DICE).
    - Seed 003 "Impairments & Wounds": Fatigued adds a misfortune die to physical checks for each fatigue past
      Toughness, Distressed to mental ones for each stress past Willpower.
    - extra: (kind, count, why) the GM or an ally adds (assist, environment, a damaged item, a henchmen group's
      members).
    """
    if rating < 0:
        raise ValueError("a characteristic is at least 0")
    if isinstance(difficulty, str):
        if difficulty not in DIFFICULTIES:
            raise ValueError(f"'{difficulty}' is not a difficulty: {', '.join(DIFFICULTIES)}")
        difficulty = DIFFICULTIES[difficulty]
    stance_kind, converted = stance_dice(rating, stance, conditions)
    name = check.characteristic.capitalize()
    sources = [
        Source(CHARACTERISTIC, rating - converted, name),
        Source(stance_kind, converted, f"{stance_kind} stance"),
        Source(EXPERTISE, training, "skill training"),
        Source(FORTUNE, specialisations, "specialisations"),
        Source(FORTUNE, fortune, f"{name} fortune dice"),
        Source(CHALLENGE_DIE, difficulty, "difficulty"),
        Source(MISFORTUNE, defence, "Defence"),
        Source(MISFORTUNE, opposing_training, "opposing skill"),
    ]
    for held, table, whose in ((conditions, CONDITION_DICE, ""), (target_conditions, TARGET_CONDITION_DICE, "target ")):
        for condition in held:
            for kind, count, scope in table.get(condition, ()):
                if check.covers(scope):
                    sources.append(Source(kind, count, f"{whose}{condition}"))
    if check.covers("physical"):
        sources.append(Source(MISFORTUNE, max(fatigue - toughness, 0), FATIGUED))
    if check.covers("mental"):
        sources.append(Source(MISFORTUNE, max(stress - willpower, 0), DISTRESSED))
    sources.extend(Source(*added) for added in extra)
    if any(source.count < 0 for source in sources):
        raise ValueError("a pool cannot lose dice it does not have")
    return tuple(source for source in sources if source.count)


def build_pool(check, rating, stance=0, **modifiers):
    """The pool of DESIGN's engine contract, {kind: count} for every kind, from `pool_sources`."""
    pool = dict.fromkeys(DIE_KINDS, 0)
    for source in pool_sources(check, rating, stance, **modifiers):
        pool[source.kind] += source.count
    return checked_pool(pool)


# ---------------------------------------------------------------------------------------------------------------
# Impairments (seed 003 "Impairments & Wounds") and spellcasters (seed 003 "Spellcaster Conditions")

FATIGUED = "Fatigued"
UNCONSCIOUS = "Unconscious"
DISTRESSED = "Distressed"
EXHAUSTED = "Exhausted"
STRAINED = "Strained"


def impairments(fatigue, stress, toughness, willpower):
    """Seed 003 "Impairments & Wounds": Fatigued past Toughness in fatigue, Unconscious past twice Toughness;
    Distressed past Willpower in stress, Exhausted past twice Willpower; Strained when Fatigued and Distressed.
    Unconscious and Exhausted both leave the character senseless."""
    found = set()
    if fatigue > toughness:
        found.add(FATIGUED)
    if fatigue > 2 * toughness:
        found.add(UNCONSCIOUS)
    if stress > willpower:
        found.add(DISTRESSED)
    if stress > 2 * willpower:
        found.add(EXHAUSTED)
    if {FATIGUED, DISTRESSED} <= found:
        found.add(STRAINED)
    return found


EQUILIBRIUM = "Equilibrium"
EXCESS_POWER = "Excess Power"
ZERO_POWER = "Zero Power"


def spellcaster_conditions(power, willpower):
    """Seed 003 "Spellcaster Conditions": at Equilibrium when power (or favour) equals Willpower, in Excess past
    twice Willpower (the safety threshold), at Zero with none left."""
    found = set()
    if power == willpower:
        found.add(EQUILIBRIUM)
    if power > 2 * willpower:
        found.add(EXCESS_POWER)
    if power == 0:
        found.add(ZERO_POWER)
    return found


def toward_equilibrium(power, willpower):
    """Seed 003 "End of Turn Phase" step 5 and "Rally Phase" step 5: power or favour moves toward equilibrium
    (= Willpower, "Spellcaster Conditions"), one point a turn in the core rulebook."""
    return power + (power < willpower) - (power > willpower)


# Seed 003 "Spellcaster Conditions" › Excess Power: holding power past the safety threshold takes a manoeuvre and
# this stress.
MAINTAIN_EXCESS_STRESS = 1


@dataclass(frozen=True)
class Venting:
    power: int  # what is left: equilibrium
    fatigue: int  # one per point vented
    misfortune_dice: int  # one per point past the safety threshold; roll them through `venting_harm`


def vent_power(power, willpower):
    """Seed 003 "Spellcaster Conditions" › Excess Power: a caster past the safety threshold who does not spend a
    manoeuvre and a stress to hold it vents down to equilibrium, suffering a fatigue per point vented and rolling
    a misfortune die per point that was past the threshold."""
    vented = max(power - willpower, 0)
    return Venting(power - vented, vented, max(power - 2 * willpower, 0))


def venting_harm(symbols):
    """(wounds, stress) from the venting roll: one wound per challenge, one stress per bane (seed 003 "Spellcaster
    Conditions" › Excess Power)."""
    counts = Counter(symbols)
    return counts[CHALLENGE], counts[BANE]


def forced_power_loss(power, loss):
    """(power left, challenge dice for the Discipline check): power cannot go below 0, and seed 003 "Spellcaster
    Conditions" › Zero Power gives the check a challenge die per point that could not be lost (0: no check)."""
    return max(power - loss, 0), max(loss - power, 0)


@dataclass(frozen=True)
class ZeroPowerResult:
    stress: int
    insanity_tokens: int | None  # extra tokens on a new Temporary Insanity (trait: Chaos/Enigma or Trauma)


def zero_power_result(passed, difficulty):
    """Seed 003 "Spellcaster Conditions" › Zero Power: the Discipline check costs one stress either way; failing
    it adds a Temporary Insanity with as many extra tokens as the check had challenge dice."""
    return ZeroPowerResult(1, None if passed else difficulty)


# Seed 003 "Spellcaster Conditions" › Magic Quickcasting: casting in a hurry adds this challenge die to the check.
QUICKCAST_CHALLENGE = 1


def quickcast_source():
    """The pool's (kind, count, why) for a quickcast spell (seed 003 "Spellcaster Conditions" › Magic
    Quickcasting)."""
    return (CHALLENGE_DIE, QUICKCAST_CHALLENGE, "quickcasting")


# Seed 003 "Spellcaster Conditions" › Chaos Stars: each chaos star a casting check shows is spent on a Miscast card.
CHAOS_STARS_PER_MISCAST_CARD = 1


def miscast_cards(chaos_stars):
    """Miscast cards a casting check draws: the seed has the caster draw until every chaos star is spent, read as one
    card per chaos star (seed 003 "Spellcaster Conditions" › Chaos Stars). 0: no miscast."""
    if chaos_stars < 0:
        raise ValueError("chaos stars are counted from 0")
    return chaos_stars // CHAOS_STARS_PER_MISCAST_CARD


# ---------------------------------------------------------------------------------------------------------------
# Wounds (seed 003 "Middle of Turn Phase", "Impairments & Wounds", "Enemies", "Henchmen")

MINIMUM_WOUNDS = 1
# Seed 003 "Middle of Turn Phase" step 4: a failed attack that still scores a critical deals one wound.
FAILED_CRITICAL_WOUNDS = 1
# Seed 003 "Condition Cards" › Weakened: attacks made with Strength deal two less.
WEAKENED_DAMAGE = 2


def wounds_inflicted(damage, strength, toughness, soak):
    """Seed 003 "Middle of Turn Phase" step 5: (damage value + Strength, or Agility for the attacks made with it)
    − (the target's Toughness + Soak), never below one. `strength` is whichever characteristic the attack adds."""
    return max(damage + strength - toughness - soak, MINIMUM_WOUNDS)


def attack_wounds(succeeded, damage, strength, toughness, soak, critical=False, weakened=False):
    """Wounds an attack deals: `wounds_inflicted` when it succeeds, one when it fails but scores a critical, none
    otherwise (seed 003 "Middle of Turn Phase" steps 4-5); Weakened takes two off a Strength attack's damage."""
    if succeeded:
        return wounds_inflicted(damage - (WEAKENED_DAMAGE if weakened else 0), strength, toughness, soak)
    return FAILED_CRITICAL_WOUNDS if critical else 0


@dataclass(frozen=True)
class Health:
    wounds: int  # normal wounds
    criticals: int
    knocked_out: bool
    dead: bool


def suffer_wounds(wounds, criticals, threshold, toughness, new_wounds=0, new_criticals=0):
    """Seed 003 "Impairments & Wounds": more normal wounds than the wound threshold knock the character out and
    turn one of them into a critical; more criticals than Toughness kill. Read: each time wounds land past the
    threshold, one of them becomes a critical, so a fallen character's criticals keep growing."""
    wounds, criticals = wounds + new_wounds, criticals + new_criticals
    knocked_out = wounds > threshold
    if knocked_out and new_wounds:
        wounds, criticals = wounds - 1, criticals + 1
    return Health(wounds, criticals, knocked_out, criticals > toughness)


def first_aid_challenge(criticals):
    """Challenge dice on a First Aid check, and on the Resilience check to recover: one while only lightly wounded,
    two once critically wounded (seed 003 "Impairments & Wounds", "Healing & Recovery" › "Resilience Check")."""
    return 2 if criticals else 1


def enemy_wounds(fatigue=0, stress=0):
    """Seed 003 "Enemies": what would be fatigue or stress for a hero is wounds for an enemy."""
    return fatigue + stress


def henchmen_wound_threshold(toughness, members):
    """Seed 003 "Henchmen": a group's wound threshold is Toughness times its members."""
    return toughness * members


def henchmen_standing(toughness, members, wounds):
    """Members still up. The seed's group shares one threshold; read: a member falls for each full Toughness in
    wounds."""
    return max(members - wounds // toughness, 0)


def henchmen_fortune(standing):
    """Seed 003 "Henchmen": the group attacks once, with a fortune die for each member besides the attacker."""
    return max(standing - 1, 0)


def henchmen_critical(severity):
    """Seed 003 "Henchmen": a critical on henchmen is that many normal wounds instead."""
    return severity


# ---------------------------------------------------------------------------------------------------------------
# Condition cards (seed 003 "Condition Cards", "Condition Durations")

BRIEF = "brief"
LINGERING = "lingering"
DEPENDENT = "dependent"
PERMANENT = "permanent"
DURATIONS = (BRIEF, LINGERING, DEPENDENT, PERMANENT)
BRIEF_TOKENS = 3

CONDITION_DURATIONS = {
    BLINDED: LINGERING,
    COWED: BRIEF,
    "Damaged": LINGERING,
    DEMORALIZED: LINGERING,
    ENERGIZED: BRIEF,
    ENTANGLED: LINGERING,
    "Environmental Condition": DEPENDENT,
    EXPOSED: BRIEF,
    FRIGHTENED: DEPENDENT,
    ILL_FORTUNED: BRIEF,
    INSPIRED: LINGERING,
    INTOXICATED: LINGERING,
    INVIGORATED: LINGERING,
    OVERWHELMED: BRIEF,
    PERPLEXED: BRIEF,
    RATTLED: BRIEF,
    SHOCK: LINGERING,
    SLUGGISH: BRIEF,
    STAGGERED: BRIEF,
    TRAUMATIZED: LINGERING,
    WEAKENED: BRIEF,
}
# Each cancels the other.
CANCELS = {INSPIRED: DEMORALIZED, DEMORALIZED: INSPIRED, ENERGIZED: SLUGGISH, SLUGGISH: ENERGIZED}

GAINED = "gained"
RENEWED = "renewed"
ALREADY_HELD = "already held"
CANCELLED = "cancelled"


def gain_condition(held, name, duration=None):
    """(conditions, what happened) when `name` lands on someone holding `held` = {name: tracking tokens, None for
    the durations without}.

    Seed 003 "Condition Durations": a brief condition starts with three tracking tokens; brief and lingering ones
    do not stack. Read: a brief one gained again goes back to three tokens, anything else already held stays as
    it is. A condition meeting the one it cancels (CANCELS) removes it and is itself spent. duration: for
    conditions an admin added, defaults to CONDITION_DURATIONS."""
    duration = duration or CONDITION_DURATIONS[name]
    if duration not in DURATIONS:
        raise ValueError(f"'{duration}' is not a duration")
    held = dict(held)
    opposite = CANCELS.get(name)
    if opposite in held:
        del held[opposite]
        return held, CANCELLED
    tokens = BRIEF_TOKENS if duration == BRIEF else None
    happened = GAINED if name not in held else RENEWED if held[name] != tokens else ALREADY_HELD
    held[name] = tokens
    return held, happened


def conditions_kept(held, ending, durations=CONDITION_DURATIONS):
    """The conditions left when `ending` is "rally" or "encounter": a rally ends the lingering ones (seed 003
    "Condition Durations"), the end of an encounter or act everything but the permanent ones (seed 003 "End Of
    Encounter/Act" step 5). Dependent ones otherwise last until their cause goes, which the caller sees."""
    gone = {"rally": {LINGERING}, "encounter": {BRIEF, LINGERING, DEPENDENT}}[ending]
    return {name: tokens for name, tokens in held.items() if durations.get(name, PERMANENT) not in gone}


# ---------------------------------------------------------------------------------------------------------------
# Recharge tokens and the end of a turn (seed 003 "End of Turn Phase")

# Seed 003 "Maneuvers" 2: socketing a talent that is not constant puts four recharge tokens on it.
TALENT_SOCKET_TOKENS = 4
# Seed 003 "Condition Cards" › Staggered: one more token on an active defence.
STAGGERED_DEFENCE_TOKENS = 1

END_OF_TURN_STEPS = {
    1: "recharge tokens on the cards and talents used",
    2: "a tracking token off each brief condition",
    3: "a recharge token off each action card",
    4: "a recharge token off each talent",
    5: "power or favour toward equilibrium",
}


def recharge_tokens(rating, active_defence=False, conditions=()):
    """Tokens a card takes when used: its recharge rating, one more for an active defence while Staggered."""
    return rating + (STAGGERED_DEFENCE_TOKENS if active_defence and STAGGERED in conditions else 0)


@dataclass(frozen=True)
class Change:
    step: int  # in END_OF_TURN_STEPS
    subject: str  # a card, talent or condition, or "power"
    before: int | None
    after: int | None  # None: the condition is gone


@dataclass(frozen=True)
class TurnEnd:
    action_cards: dict  # {name: recharge tokens}, 0 when ready
    talents: dict
    conditions: dict
    power: int | None
    changes: tuple[Change, ...]  # for the log
    vented: Venting | None = None  # excess power vented instead of held (step 5)


def invigorated_pick(action_cards, talents):
    """The recharging card or talent whose extra token Invigorated takes (seed 003 "Condition Cards"): the seed
    leaves the pick to the player; read as the one nearest to ready that the extra token still helps (more than one
    token left, fewest first), action cards before talents, then by name. None when no extra token would count."""
    waiting = [(tokens, kind, name) for kind, cards in enumerate((action_cards, talents)) for name, tokens in
               cards.items() if tokens > 1]  # fmt: skip
    return min(waiting)[2] if waiting else None


def _count_down(tokens, step, changes, extra=None):
    after = {}
    for name, before in tokens.items():
        after[name] = max(before - 1 - (name == extra), 0) if before else before
        if after[name] != before:
            changes.append(Change(step, name, before, after[name]))
    return after


def end_of_turn(
    action_cards,
    talents,
    conditions,
    *,
    used_cards=None,
    used_talents=None,
    power=None,
    willpower=None,
    invigorated_card=None,
    maintained=False,
):
    """Seed 003 "End of Turn Phase" steps 1-5 in order, and what each changed. Step 6 (other effects) is the
    table's.

    action_cards, talents: {name: recharge tokens}; used_cards, used_talents: {name: tokens to place} for those
    used this turn (`recharge_tokens`); conditions: {name: tracking tokens or None}; power: None for a character
    who casts no spells. An enemy's delay counters count down as its action cards do (seed 003 "Enemies").
    invigorated_card: the recharging card or talent that loses one more token while Invigorated (seed 003
    "Condition Cards"), `invigorated_pick`'s when not named. maintained: a caster past the safety threshold spent
    the manoeuvre and stress to hold the excess this turn; otherwise step 5 vents it (`vent_power`, seed 003
    "Spellcaster Conditions" › Excess Power), the fatigue and the misfortune dice being the caller's to apply."""
    changes = []
    action_cards, talents = dict(action_cards), dict(talents)
    for cards, used in ((action_cards, used_cards or {}), (talents, used_talents or {})):
        for name, tokens in used.items():
            changes.append(Change(1, name, cards.get(name, 0), tokens))
            cards[name] = tokens
    extra = None
    if INVIGORATED in conditions:
        extra = invigorated_card or invigorated_pick(action_cards, talents)
    kept = {}
    for name, tokens in conditions.items():
        if tokens is None:
            kept[name] = None
            continue
        changes.append(Change(2, name, tokens, tokens - 1 if tokens > 1 else None))
        if tokens > 1:
            kept[name] = tokens - 1
    # One card takes the extra token: a talent only when no action card bears its name.
    talent_extra = None if extra in action_cards else extra
    action_cards = _count_down(action_cards, 3, changes, extra)
    talents = _count_down(talents, 4, changes, talent_extra)
    vented = None
    if power is not None:
        if EXCESS_POWER in spellcaster_conditions(power, willpower) and not maintained:
            vented = vent_power(power, willpower)
            after = vented.power
        else:
            after = toward_equilibrium(power, willpower)
        if after != power:
            changes.append(Change(5, EXCESS_POWER if vented else "power", power, after))
        power = after
    return TurnEnd(action_cards, talents, kept, power, tuple(changes), vented)


# ---------------------------------------------------------------------------------------------------------------
# Stance (seed 003 "Beginning of Turn Phase"): negative steps are conservative, positive ones reckless, 0 neutral

FREE_STANCE_STEPS = 1
STRESS_PER_STANCE_STEP = 1


@dataclass(frozen=True)
class StanceShift:
    stance: int
    stress: int


def shift_stance(current, wanted, conservative_steps, reckless_steps):
    """Seed 003 "Beginning of Turn Phase" step 1: one step along the meter is free, each further one costs a
    stress. The meter runs from -conservative_steps to +reckless_steps."""
    if not -conservative_steps <= wanted <= reckless_steps:
        raise ValueError(f"the stance meter runs from {-conservative_steps} to {reckless_steps}")
    steps = abs(wanted - current)
    return StanceShift(wanted, max(steps - FREE_STANCE_STEPS, 0) * STRESS_PER_STANCE_STEP)


def toward_neutral(stance):
    """One step nearer neutral, as the rally phase requires (seed 003 "Rally Phase of Encounter/Act" step 2)."""
    return stance - (stance > 0) + (stance < 0)


def beginning_of_turn_stress(conditions):
    """Seed 003 "Condition Cards" › Frightened: one stress at the start of each turn."""
    return 1 if FRIGHTENED in conditions else 0


def wounded_stress(conditions):
    """Seed 003 "Condition Cards" › Ill-Fortuned: one stress each time one or more wounds are suffered."""
    return 1 if ILL_FORTUNED in conditions else 0


# ---------------------------------------------------------------------------------------------------------------
# Manoeuvres and range bands (seed 003 "Maneuvers")

FREE_MANOEUVRES = 1
FATIGUE_PER_MANOEUVRE = 1
# Seed 003 "Condition Cards" › Entangled: a physical action costs two fatigue.
ENTANGLED_ACTION_FATIGUE = 2

ENGAGED, CLOSE, MEDIUM, LONG, EXTREME = "engaged", "close", "medium", "long", "extreme"
RANGE_BANDS = (ENGAGED, CLOSE, MEDIUM, LONG, EXTREME)
# Manoeuvres to cross from each band to the next one out; the seed gives them inward, read as the same outward.
BAND_CROSSING = {ENGAGED: 1, CLOSE: 1, MEDIUM: 2, LONG: 3}


def manoeuvre_fatigue(performed, conditions=()):
    """Fatigue the next manoeuvre costs when `performed` came before it this turn: the first is free, each further
    one a fatigue (seed 003 "Maneuvers"). Seed 003 "Condition Cards": Energized makes one more free, Sluggish and
    Entangled add a fatigue to every manoeuvre."""
    free = FREE_MANOEUVRES + (ENERGIZED in conditions)
    return (FATIGUE_PER_MANOEUVRE if performed >= free else 0) + (SLUGGISH in conditions) + (ENTANGLED in conditions)


def action_fatigue(conditions, physical):
    """Seed 003 "Condition Cards" › Entangled: what a physical action costs in fatigue while entangled."""
    return ENTANGLED_ACTION_FATIGUE if physical and ENTANGLED in conditions else 0


@dataclass(frozen=True)
class Movement:
    manoeuvres: int
    free_attack: bool  # the engaged opponent gets one free attack


def movement(start, end, safely=True):
    """Seed 003 "Maneuvers" 7: manoeuvres to move between range bands (BAND_CROSSING). Leaving an engagement
    without the manoeuvre to disengage safely costs none for that step but gives the opponent a free attack."""
    first, last = sorted((RANGE_BANDS.index(start), RANGE_BANDS.index(end)))
    cost = sum(BAND_CROSSING[band] for band in RANGE_BANDS[first:last])
    rushed = start == ENGAGED and end != ENGAGED and not safely
    return Movement(cost - (BAND_CROSSING[ENGAGED] if rushed else 0), rushed)


# Seed 003 "Maneuvers" 1, Assist: each assisting manoeuvre gives the engaged ally one fortune die on their next
# check, and several assists add up; the dice go with that check, used or not.
ASSIST_FORTUNE_DICE = 1


def assist_fortune(assists):
    """Fortune dice waiting for an ally's next check after `assists` assisting manoeuvres (seed 003 "Maneuvers" 1)."""
    if assists < 0:
        raise ValueError("assists are counted from 0")
    return assists * ASSIST_FORTUNE_DICE


def assist_source(assisters):
    """The pool's (kind, count, why) for the fortune dice `assisters` (their names, one per assist) left waiting on
    an ally's next check (seed 003 "Maneuvers" 1), or None without any."""
    if not assisters:
        return None
    return (FORTUNE, assist_fortune(len(assisters)), f"assist: {', '.join(assisters)}")


# Seed 003 "Maneuvers" 8: standing up from prone takes one manoeuvre.
STAND_UP_MANOEUVRES = 1

# Seed 003 "Maneuvers" 5 (Manage Equipment): slinging or unslinging a shield is a manoeuvre, and the Block defence
# needs a shield equipped.
BLOCK = "Block"
NO_SHIELD = "carries no shield"
SHIELD_UNSLUNG = "has their shield unslung"


def block_refusal(card, shield_carried, shield_slung=True):
    """Why a defender cannot play `card` (an action card's name) now, or "": Block needs a shield equipped, carried
    and slung on the arm (seed 003 "Maneuvers" 5)."""
    if card.casefold() != BLOCK.casefold():
        return ""
    if not shield_carried:
        return NO_SHIELD
    return "" if shield_slung else SHIELD_UNSLUNG


# ---------------------------------------------------------------------------------------------------------------
# The situation's dice (seed 003 "Advantages", "Disadvantages"): each entry of the GM's lists that applies to a check
# adds one die to its pool, a fortune die for an advantage, a misfortune die for a disadvantage.

SITUATION_DIE = 1
OPPONENT_PRONE = "opponent_prone"
OPPONENT_INCAPACITATED = "opponent_incapacitated"
ADVANTAGES = {
    "superior_terrain": "Superior terrain",
    "outnumber": "Outnumber the opponent",
    "strong_tactics": "Strong tactics or strategy",
    "sneaking_up": "Sneaking up on the opponent",
    "ambush": "Ambush or surprise",
    "distraction": "Creating a distraction",
    OPPONENT_PRONE: "Opponent prone",
    OPPONENT_INCAPACITATED: "Opponent incapacitated",
    "scenery": "Creative use of scenery",
    "roleplaying": "Great roleplaying or dialogue",
}
DISADVANTAGES = {
    "poor_footing": "Poor footing",
    "outnumbered": "Outnumbered by opponents",
    "weather": "Inclement weather",
    "dazzling_light": "Bright, dazzling light",
    "darkness": "Utter darkness",
    "inebriation": "Inebriation",
    "intimidated": "Intimidated or frightened",
    "target_hidden": "Target hidden or in cover",
    "groggy": "Groggy or exhausted",
    "imbalance": "Movement or imbalance",
}


def known_advantages(target_prone=False, target_incapacitated=False):
    """The advantages the tracker can see for itself against a target: lying prone, or out of the fight (knocked
    out, dead, senseless). The GM confirms them; the rest of the lists are the GM's to judge."""
    seen = ((OPPONENT_PRONE, target_prone), (OPPONENT_INCAPACITATED, target_incapacitated))
    return [key for key, holds in seen if holds]


def situation_sources(advantages=(), disadvantages=()):
    """[(kind, count, why)]: one fortune die per advantage and one misfortune die per disadvantage that applies (keys
    of ADVANTAGES and DISADVANTAGES; each counts once however often it is named), "why" listing their names."""
    sources = []
    for keys, table, kind in ((advantages, ADVANTAGES, FORTUNE), (disadvantages, DISADVANTAGES, MISFORTUNE)):
        unknown = [key for key in keys if key not in table]
        if unknown:
            raise ValueError(f"not on the list: {', '.join(unknown)}")
        names = [table[key] for key in table if key in keys]
        if names:
            sources.append((kind, len(names) * SITUATION_DIE, ", ".join(names)))
    return sources


# Seed 003 "Maneuvers" 6: mounting or dismounting a horse is a manoeuvre; one untrained in Ride must pass an Easy
# (1d) Ride check for it to work.
RIDE_DIFFICULTY = "easy"


def mount_needs_check(ride_training):
    """Whether mounting or dismounting asks for the Ride check: only of one untrained in Ride (seed 003 "Maneuvers"
    6)."""
    return ride_training <= 0


# Seed 003 "Maneuvers" 3: unsocketing a talent (or exchanging it for another) is a manoeuvre.
RECHARGING_TALENT = "still recharging"
OTHER_TYPE = "of another type"


def exchange_refusal(tokens, talent_type, replacement_type=None):
    """Why a socketed talent cannot be unsocketed or exchanged now, or "": it must have recharged (no tokens left),
    and a talent exchanged for it must be of the same type (seed 003 "Maneuvers" 3)."""
    if tokens:
        return RECHARGING_TALENT
    if replacement_type is not None and replacement_type != talent_type:
        return OTHER_TYPE
    return ""


def preparation_left(needed, prepared):
    """Preparation manoeuvres still owed before an action card that needs `needed` of them can be played, when
    `prepared` were spent on it this turn (seed 003 "Maneuvers" 9)."""
    return max(needed - prepared, 0)


# ---------------------------------------------------------------------------------------------------------------
# Damaged equipment and the environment (seed 003 "Condition Cards" › Damaged, › Environmental Condition)

WEAPON, ARMOUR, GEAR = "weapon", "armour", "gear"
ITEMS = (WEAPON, ARMOUR, GEAR)
# Damaged: a weapon's damage value and an armour's defence fall by two; any other item adds two misfortune dice to
# the checks it is used in.
DAMAGED_WEAPON_DAMAGE = 2
DAMAGED_ARMOUR_DEFENCE = 2
DAMAGED_GEAR_MISFORTUNE = 2


def damaged_damage(damage, weapon_damaged):
    """A weapon's damage value, two less while the weapon is Damaged, never below 0."""
    return max(damage - (DAMAGED_WEAPON_DAMAGE if weapon_damaged else 0), 0)


def damaged_defence(defence, armour_damaged):
    """An armour's Defence, two less while the armour is Damaged, never below 0."""
    return max(defence - (DAMAGED_ARMOUR_DEFENCE if armour_damaged else 0), 0)


def damaged_gear_sources(gear, skill):
    """[(kind, count, why)]: two misfortune dice for each Damaged item (`gear`: {item name: the skill whose checks
    use it}) that a check of `skill` uses."""
    return [
        (MISFORTUNE, DAMAGED_GEAR_MISFORTUNE, f"damaged {item}")
        for item, used_with in sorted(gear.items())
        if used_with.casefold() == skill.casefold()
    ]


# The checks an environmental condition touches, as `Check.covers` reads them.
ENVIRONMENT_CHECKS = ("any", "physical", "mental", "sight")
MOST_ENVIRONMENT_DICE = 4


def environment_sources(environments, check):
    """[(kind, count, why)]: the challenge dice the GM set for each environmental condition (name, dice, which
    checks) that touches `check` (seed 003 "Condition Cards" › Environmental Condition: the GM's to size; it lasts
    while its cause does)."""
    found = []
    for name, dice, checks in environments:
        if not 0 <= dice <= MOST_ENVIRONMENT_DICE:
            raise ValueError(f"an environmental condition adds 0 to {MOST_ENVIRONMENT_DICE} challenge dice")
        if dice and check.covers(checks):
            found.append((CHALLENGE_DIE, dice, name))
    return found


# ---------------------------------------------------------------------------------------------------------------
# Initiative (seed 003 "Active Player's Turn")


def initiative_order(combatants, roll_off):
    """Seed 003 "Active Player's Turn": initiative is the successes of an Agility check (`initiative_check`).

    combatants: {key: (successes, agility)}. The seed breaks no ties; as in the project's other systems the higher
    Agility goes first, then roll_off(key) -> number, higher first. Returns (keys in order, {key: [roll-offs]})."""
    return turn_order(combatants, roll_off)


def initiative_place(order, newcomer, roll_off):
    """Where a combatant joining the fight, or re-rolling in a rally, takes its place in an order already set.
    order: [(key, (successes, agility))]; newcomer: (key, (successes, agility)). Returns (index, roll-offs)."""
    return place_among(order, newcomer, lambda ranks: initiative_order(ranks, roll_off))


INITIATIVE_CHECK = Check("agility", initiative=True)


def initiative_check(agility, stance=0, **modifiers):
    """The initiative check's pool: an Agility check that the conditions for initiative checks touch (Traumatized,
    seed 003 "Condition Cards")."""
    return build_pool(INITIATIVE_CHECK, agility, stance, **modifiers)


def initiative_sources(agility, stance=0, **modifiers):
    """The initiative check's dice and why each is there, for the prompt shown before the roll."""
    return pool_sources(INITIATIVE_CHECK, agility, stance, **modifiers)


# ---------------------------------------------------------------------------------------------------------------
# Fear and terror (seed 003 "Fear & Terror Checks")


@dataclass(frozen=True)
class FearResult:
    stress: int
    fatigue: int
    frightened: bool


def fear_result(rating, passed, banes, terror=False):
    """The Discipline check on first meeting a creature of Fear or Terror X has X challenge dice. Failing against
    Fear X costs X stress, against Terror X also X fatigue; two banes leave the character Frightened whatever the
    result."""
    lost = 0 if passed else rating
    return FearResult(lost, lost if terror else 0, banes >= 2)


# ---------------------------------------------------------------------------------------------------------------
# Recovery: rally phase, end of an encounter or act, end of an episode (seed 003 "Game Time")


@dataclass(frozen=True)
class Recovery:
    stance: int
    fatigue: int
    stress: int
    power: int | None
    action_cards: dict
    talents: dict
    conditions: dict


def rally(
    stance,
    fatigue,
    stress,
    action_cards,
    talents,
    conditions,
    power=None,
    willpower=None,
    durations=CONDITION_DURATIONS,
):
    """Seed 003 "Rally Phase of Encounter/Act" steps 2-5: stance a step toward neutral, a recharge token off every
    recharging card and talent (read: "any" as each), a stress and a fatigue recovered (no stress in Shock, seed
    003 "Condition Cards"), power or favour as at the end of a turn; the lingering conditions end (seed 003
    "Condition Durations"; `durations` as for `conditions_kept`). Fortune points and the rally step action are the
    table's."""
    return Recovery(
        stance=toward_neutral(stance),
        fatigue=max(fatigue - 1, 0),
        stress=stress if SHOCK in conditions else max(stress - 1, 0),
        power=None if power is None else toward_equilibrium(power, willpower),
        action_cards={name: max(tokens - 1, 0) for name, tokens in action_cards.items()},
        talents={name: max(tokens - 1, 0) for name, tokens in talents.items()},
        conditions=conditions_kept(conditions, "rally", durations),
    )


def rest(fatigue, stress, toughness, willpower):
    """(fatigue, stress) after the end of an encounter or act, a full rest or the end of an episode: fatigue down
    by Toughness, stress by Willpower (seed 003 "End Of Encounter/Act" and "End of an Episode", steps 1-2). The
    end of an encounter also ends the conditions that are not permanent: `conditions_kept(held, "encounter")`."""
    return max(fatigue - toughness, 0), max(stress - willpower, 0)


@dataclass(frozen=True)
class Rested:
    fatigue: int
    stress: int
    wounds_taken: int


def overnight_rest(fatigue, stress, wounds_taken, toughness, willpower):
    """A night's rest (seed 003 "Healing & Recovery" › "Overnight Rest" steps 1-3): fatigue down by Toughness,
    stress by Willpower, as at the end of an act (`rest`), and as many wounds healed as the Toughness. Step 4, the
    Resilience check, is `resilience_healing`'s."""
    fatigue, stress = rest(fatigue, stress, toughness, willpower)
    return Rested(fatigue, stress, max(wounds_taken - toughness, 0))


# Seed 003 "Healing & Recovery" › "Long Term Care" and "Resilience Check": each net success heals one more wound.
WOUNDS_PER_RESILIENCE_SUCCESS = 1


def resilience_healing(wounds_taken, net_successes):
    """Wounds healed by the Resilience check after a rest: one per net success, never more than were taken. Its
    challenge dice are `first_aid_challenge`'s (seed 003 "Healing & Recovery" › "Resilience Check")."""
    return min(net_successes * WOUNDS_PER_RESILIENCE_SUCCESS, wounds_taken)
