"""An attack's odds before anyone rolls, read off the attack itself: attack.resolve worked out with stand-in dice
gives the targets, bonuses, situations, damage and armour the real attack would use, and the engine counts every
roll from them (rules.engine.wfrp4e `opposed_chance`, `expected_wounds`; rules.engine.wfrp4e_house `hit_chance`,
`expected_wounds`). The GM's attack form and the players' declared attacks both show these figures."""

import math
import random
from dataclasses import dataclass
from fractions import Fraction

from combat.prepared import Read
from rules.engine import dice as engine_dice
from rules.engine import wfrp4e, wfrp4e_house
from rules.engine.probability import percent
from rules.models import HitLocation
from systems.wfrp4e import toggles

HIT_LOCATIONS = Read(HitLocation, "{system} = %s")  # every attack's, written once


class StandInDice(engine_dice.Dice):
    """Dice that show the middle face: 50 on a d100 (no double, no fumble) and 10 on a D20 (no natural 1 or 20),
    for working an attack out before anyone rolls."""

    def __init__(self):
        super().__init__(random.Random(0))

    def d(self, sides):
        return sides // 2


@dataclass(frozen=True)
class AttackOdds:
    """The attack's chances, each a percent as the screen shows it: to hit, of a Critical and of a Fumble, and the
    Wounds it inflicts on average. basis: the targets or bonuses they come from."""

    hit: str
    wounds: str
    critical: str
    fumble: str
    basis: str
    chance: Fraction  # the exact chance to hit

    @property
    def extras(self):
        return f"expected {self.wounds} Wounds · critical {self.critical} % · fumble {self.fumble} %"


def one_decimal(value):
    """Wounds as the screen shows them: 4 when whole, else rounded half up to one decimal (2.915 -> 2.9)."""
    if value.denominator == 1:
        return str(value.numerator)
    tenths = math.floor(value * 10 + Fraction(1, 2))
    return f"{tenths // 10}.{tenths % 10}"


def odds_of(encounter, outcome):
    """The AttackOdds of an attack from its AttackOutcome, whatever its dice showed."""
    met, test = outcome.met, outcome.d20
    properties, damage, armour = frozenset(met.properties), met.weapon_damage, met.armour
    toughness_bonus = outcome.toughness_bonus
    if test:
        situations, roller = set(test.situations), test.roller
        advantage, disadvantage = wfrp4e_house.roller_advantage(situations, roller)
        attacker_bonus = test.asb - (2 if "off_hand" in situations else 0)
        attacker_bonus += test.fortune_sl if roller == "attacker" else 0
        defender_bonus = test.dsb + (test.fortune_sl if roller == "defender" else 0)
        dice = (attacker_bonus, defender_bonus, roller, advantage, disadvantage, test.fortune_reroll)
        chance = wfrp4e_house.hit_chance(*dice, properties=properties)
        wounds = wfrp4e_house.expected_wounds(
            *dice[:2], damage, toughness_bonus, armour, *dice[2:], properties=properties, charging=met.charging,
            wrap="Wrap" in properties and encounter.plays(toggles.WRAP),
        )  # fmt: skip
        count, mode = wfrp4e_house.d20_dice(advantage, disadvantage, test.fortune_reroll)
        thrown = f"{count} D20, {mode}" if count > 1 else "1 D20"
        basis = f"ASB {attacker_bonus} against {outcome.defence} DSB {defender_bonus}, the {roller} rolls {thrown}"
    else:
        attack_target, defence_target = outcome.attack_target, outcome.defence_target
        # The book's Imprecise, unless the house rule removes it: 1 SL off the attacker's (book_properties.py).
        added_sl = 0 if encounter.plays(toggles.IMPRECISE) else wfrp4e.imprecise_sl(properties)
        chance = wfrp4e.opposed_chance(attack_target, defence_target, properties=properties, added_sl=added_sl)
        table = [row.as_row() for row in HIT_LOCATIONS(encounter.system)] or None
        wounds = wfrp4e.expected_wounds(
            attack_target, defence_target, damage, toughness_bonus, armour, properties=properties,
            charging=met.charging, hit_locations=table, added_sl=added_sl,
        )  # fmt: skip
        against = f"{outcome.defence} {defence_target}" if outcome.defence else "no defence"
        basis = f"{attack_target} against {against}"
    return AttackOdds(
        percent(chance), one_decimal(wounds), percent(chance.critical), percent(chance.fumble), basis, chance
    )
