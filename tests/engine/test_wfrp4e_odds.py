"""Exact odds of WFRP 4e attacks and tests, as written (seed 002) and by the house rules' D20 tests (seed 000),
checked against every roll of the dice counted here with the engine's own rules."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import wfrp4e, wfrp4e_house
from rules.engine.probability import Probability, percent

D100 = range(1, 101)
D20 = range(1, 21)
TARGETS = st.integers(-30, 130)
BONUSES = st.integers(-3, 12)
PROPERTIES = st.sets(st.sampled_from(["Damaging", "Impact", "Tiring", "Dangerous", "Impale"]))
ARMOUR = st.fixed_dictionaries({location: st.integers(0, 5) for location in wfrp4e.LOCATIONS})


def every_opposed_pair(attacker_target, defender_target):
    """(wins, {net SL: wins}) over all 10,000 pairs, each settled by opposed_winner."""
    wins = Counter()
    for attacker_roll, defender_roll in product(D100, D100):
        if wfrp4e.opposed_winner(attacker_target, attacker_roll, defender_target, defender_roll) == "attacker":
            net = wfrp4e.test_sl(attacker_target, attacker_roll) - wfrp4e.test_sl(defender_target, defender_roll)
            wins[net] += 1
    return Fraction(sum(wins.values()), 10_000), {sl: Fraction(n, 10_000) for sl, n in wins.items()}


def share_of_d100(rule):
    return Fraction(sum(1 for roll in D100 if rule(roll)), 100)


@settings(max_examples=12, deadline=None)
@given(TARGETS, TARGETS)
def test_the_opposed_chance_counts_every_pair_of_rolls(attacker_target, defender_target):
    chance = wfrp4e.opposed_chance(attacker_target, defender_target)
    wins, by_sl = every_opposed_pair(attacker_target, defender_target)
    assert isinstance(chance, Probability) and chance == wins
    assert chance.winning_sl == by_sl and sum(chance.winning_sl.values()) == chance
    assert chance.critical == share_of_d100(lambda roll: wfrp4e.is_critical(attacker_target, roll))
    assert chance.fumble == share_of_d100(lambda roll: wfrp4e.is_fumble(attacker_target, roll))


@given(TARGETS)
def test_an_unopposed_attack_is_the_ordinary_test(target):
    chance, test = wfrp4e.opposed_chance(target, None), wfrp4e.test_chance(target)
    assert chance == test == share_of_d100(lambda roll: wfrp4e.test_success(target, roll))
    successes = Counter(wfrp4e.test_sl(target, roll) for roll in D100 if wfrp4e.test_success(target, roll))
    assert chance.winning_sl == {sl: Fraction(n, 100) for sl, n in successes.items()}
    assert (chance.critical, chance.fumble) == (test.critical, test.fumble)


@given(TARGETS, st.booleans())
def test_the_test_chance_counts_the_roll_kept_after_fortune(target, fortune):
    kept = Counter()
    for first, second in product(D100, D100):  # Fortune: a failed first roll gives way to the second
        kept[second if fortune and not wfrp4e.test_success(target, first) else first] += 1
    chance = wfrp4e.test_chance(target, fortune=fortune)

    def share(rule):
        return Fraction(sum(n for roll, n in kept.items() if rule(roll)), 10_000)

    assert chance == share(lambda roll: wfrp4e.test_success(target, roll))
    assert chance.critical == share(lambda roll: wfrp4e.is_critical(target, roll))
    assert chance.fumble == share(lambda roll: wfrp4e.is_fumble(target, roll))
    sls = {wfrp4e.test_sl(target, roll) for roll in D100}
    assert chance.sl == {sl: share(lambda roll, sl=sl: wfrp4e.test_sl(target, roll) == sl) for sl in sls}
    assert sum(chance.sl.values()) == 1


@settings(max_examples=8, deadline=None)
@given(TARGETS, st.none() | TARGETS, st.integers(0, 15), st.integers(0, 6), ARMOUR, PROPERTIES, st.booleans())
def test_the_expected_wounds_are_the_mean_of_every_attack(
    attacker_target, defender_target, damage, toughness, armour, properties, charging
):
    total = 0
    for attacker_roll, defender_roll in product(D100, D100):
        result = wfrp4e.attack(attacker_target, attacker_roll, damage, toughness, armour,
                               defender_target=defender_target, defender_roll=defender_roll,
                               properties=properties, charging=charging)  # fmt: skip
        total += result.wounds
    expected = wfrp4e.expected_wounds(
        attacker_target, defender_target, damage, toughness, armour, properties=properties, charging=charging
    )
    assert expected == Fraction(total, 10_000)


@settings(max_examples=10, deadline=None)
@given(TARGETS, PROPERTIES)
def test_the_attackers_critical_and_fumble_follow_the_weapon(attacker_target, properties):
    chance = wfrp4e.opposed_chance(attacker_target, 40, properties=properties)
    scores = Counter()
    for roll in D100:
        result = wfrp4e.attack(attacker_target, roll, 5, 0, {}, defender_target=40, defender_roll=50,
                               properties=properties)  # fmt: skip
        scores["critical"] += result.critical_on_defender
        scores["fumble"] += result.attacker_fumbled
    assert (chance.critical, chance.fumble) == (Fraction(scores["critical"], 100), Fraction(scores["fumble"], 100))


ARMOURED = {"head": 0, "left_arm": 1, "right_arm": 1, "body": 1, "left_leg": 0, "right_leg": 0}


@pytest.mark.parametrize(
    ("chance", "exact"),
    [
        # Equal targets: SL faces 5 (9 rolls), 4 to -4 (10 each), -5 (00); equal SL is a stalemate, 982 pairs.
        (lambda: wfrp4e.opposed_chance(50, 50), Fraction(10_000 - 982, 20_000)),
        (lambda: wfrp4e.opposed_chance(60, 30), Fraction(7891, 10_000)),
        (lambda: wfrp4e.opposed_chance(0, 40), Fraction(1509, 10_000)),
        (lambda: wfrp4e.opposed_chance(50, 50).critical, Fraction(4, 100)),  # 11, 22, 33, 44 succeed
        (lambda: wfrp4e.opposed_chance(50, 50).fumble, Fraction(6, 100)),  # 55 ... 99 and 00 fail
        (lambda: wfrp4e.opposed_chance(50, 50).winning_sl[10], Fraction(9, 10_000)),  # 01-09 against 00
        (lambda: wfrp4e.test_chance(45), Fraction(45, 100)),
        (lambda: wfrp4e.test_chance(0), Fraction(5, 100)),  # 01-05 always succeed
        (lambda: wfrp4e.test_chance(-40), Fraction(5, 100)),
        (lambda: wfrp4e.test_chance(100), Fraction(95, 100)),  # 96-00 always fail
        (lambda: wfrp4e.test_chance(150), Fraction(95, 100)),
        (lambda: wfrp4e.test_chance(45, fortune=True), 1 - Fraction(55, 100) ** 2),
        # Unopposed at 9: rolls 01-09 hit at +0 SL; 5 damage - (TB 2 + 1 AP) = 2 wounds, never the head.
        (lambda: wfrp4e.expected_wounds(9, None, 5, 2, dict.fromkeys(wfrp4e.LOCATIONS, 1)), Fraction(18, 100)),
        (lambda: wfrp4e.expected_wounds(52, 51, 7, 4, ARMOURED), Fraction(29150, 10_000)),
        # Bonus 3 against 3, the attacker rolling: D20 1-10 hit with OSL 9 down to 0; a 20 misses and fumbles.
        (lambda: wfrp4e_house.hit_chance(3, 3), Fraction(1, 2)),
        (lambda: wfrp4e_house.hit_chance(3, 3).opposed_sl, {osl: Fraction(1, 20) for osl in range(10)}),
        (lambda: wfrp4e_house.hit_chance(3, 3).critical, Fraction(1, 2) * Fraction(10, 100)),
        (lambda: wfrp4e_house.hit_chance(3, 3).fumble, Fraction(1, 20)),
        # Advantage: two D20, the lower counts; it misses only when both show 11 or more, fumbles on two 20s.
        (lambda: wfrp4e_house.hit_chance(3, 3, advantage=True), 1 - Fraction(10, 20) ** 2),
        (lambda: wfrp4e_house.hit_chance(3, 3, advantage=True).fumble, Fraction(1, 400)),
        (lambda: wfrp4e_house.hit_chance(3, 3, disadvantage=True), Fraction(10, 20) ** 2),
        (lambda: wfrp4e_house.hit_chance(3, 3, disadvantage=True).fumble, 1 - Fraction(19, 20) ** 2),
        (lambda: wfrp4e_house.hit_chance(3, 3, advantage=True, fortune=True), 1 - Fraction(10, 20) ** 3),
        (lambda: wfrp4e_house.hit_chance(3, 3, disadvantage=True, fortune=True), Fraction(1, 2)),
        # The defender rolls: the attack hits when the defender's D20 misses (11 or more), a natural 1 never.
        (lambda: wfrp4e_house.hit_chance(3, 3, roller="defender"), Fraction(10, 20)),
        # 5 damage + OSL 9 ... 0 against no TB or armour: (5 × 10 + 45) / 20.
        (lambda: wfrp4e_house.expected_wounds(3, 3, 5, 0, {}), Fraction(95, 20)),
    ],
)
def test_known_odds(chance, exact):
    assert chance() == exact


def test_a_chance_equals_its_float_and_shows_as_a_percent():
    assert wfrp4e.test_chance(45) == 0.45 and wfrp4e_house.hit_chance(3, 3, advantage=True) == 0.75
    shown = [Fraction(63, 100), Fraction(635, 1000), Fraction(1, 3), Fraction(2, 3), 1, 0, 0.5]
    assert [percent(p) for p in shown] == ["63", "63.5", "33.3", "66.7", "100", "0", "50"]
    # Never a certainty or an impossibility the dice do not promise.
    assert (percent(Fraction(9999, 10_000)), percent(Fraction(1, 10_000))) == ("99.9", "0.1")


def every_d20_throw(count, mode):
    return Counter(wfrp4e_house.pick_d20(list(rolls), mode) for rolls in product(D20, repeat=count))


@settings(max_examples=15, deadline=None)
@given(BONUSES, BONUSES, st.sampled_from(wfrp4e_house.ROLLERS), st.booleans(), st.booleans(), st.booleans(),
       PROPERTIES)  # fmt: skip
def test_the_hit_chance_counts_every_throw_and_d100(attacker, defender, roller, advantage, disadvantage, fortune,
                                                    properties):  # fmt: skip
    count, mode = wfrp4e_house.d20_dice(advantage, disadvantage, fortune)
    throws, out_of = every_d20_throw(count, mode), 20**count * 100
    tally, by_osl = Counter(), Counter()
    for d20, ways in throws.items():
        for d100 in D100:
            result = wfrp4e_house.attack(attacker, defender, d20, d100, 5, 0, {}, roller=roller, properties=properties)
            hit = result.roll.hit
            tally["hit"] += ways * hit
            tally["fumble"] += ways * result.fumble
            # opposed(): a hit's D100 double; the attack command scores an Impale weapon's 0 besides.
            critical = wfrp4e.scores_critical(d100, hit, properties) if properties else result.roll.critical
            tally["critical"] += ways * critical
            if hit:
                by_osl[result.roll.opposed_sl] += ways
    chance = wfrp4e_house.hit_chance(attacker, defender, roller, advantage, disadvantage, fortune,
                                     properties=properties)  # fmt: skip
    assert chance == Fraction(tally["hit"], out_of)
    assert (chance.critical, chance.fumble) == (Fraction(tally["critical"], out_of), Fraction(tally["fumble"], out_of))
    assert chance.opposed_sl == {osl: Fraction(n, out_of) for osl, n in by_osl.items()}


@settings(max_examples=15, deadline=None)
@given(BONUSES, BONUSES, st.integers(0, 12), st.integers(0, 6), ARMOUR, st.sampled_from(wfrp4e_house.ROLLERS),
       st.booleans(), st.booleans(), st.booleans(), PROPERTIES, st.booleans(), st.booleans())  # fmt: skip
def test_the_house_expected_wounds_are_the_mean_of_every_attack(attacker, defender, damage, toughness, armour, roller,
                                                                advantage, disadvantage, fortune, properties,
                                                                charging, wrap):  # fmt: skip
    count, mode = wfrp4e_house.d20_dice(advantage, disadvantage, fortune)
    total = 0
    for d20, ways in every_d20_throw(count, mode).items():
        for d100 in D100:
            result = wfrp4e_house.attack(attacker, defender, d20, d100, damage, toughness, armour, roller=roller,
                                         properties=properties, charging=charging, wrap=wrap)  # fmt: skip
            total += ways * result.wounds
    expected = wfrp4e_house.expected_wounds(attacker, defender, damage, toughness, armour, roller, advantage,
                                            disadvantage, fortune, properties=properties, charging=charging,
                                            wrap=wrap)  # fmt: skip
    assert expected == Fraction(total, 20**count * 100)
