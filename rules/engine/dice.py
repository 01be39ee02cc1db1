"""Dice expressions such as `1d10+2` or `d100`, rolled with an injectable random source."""

import random
import re
from dataclasses import dataclass

EXPRESSION = re.compile(r"^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)
MAX_DICE = 100
MAX_SIDES = 1000


@dataclass(frozen=True)
class Roll:
    expression: str
    rolls: tuple[int, ...]
    modifier: int

    @property
    def total(self):
        return sum(self.rolls) + self.modifier


class Dice:
    def __init__(self, rng=None):
        self.rng = rng or random.SystemRandom()

    def d(self, sides):
        return self.rng.randint(1, sides)

    def roll(self, expression):
        count, sides, modifier = parse(expression)
        return Roll(expression, tuple(self.d(sides) for _ in range(count)), modifier)


class TypedDice(Dice):
    """The dice a command was given by hand, {faces: [values]}, shown in turn by the dice of those faces it
    rolls; any other roll is left to `dice`."""

    def __init__(self, dice, typed):
        self.dice = dice
        self.typed = {faces: list(values) for faces, values in typed.items()}

    def d(self, sides):
        waiting = self.typed.get(sides)
        return waiting.pop(0) if waiting else self.dice.d(sides)

    @property
    def unused(self):
        """{faces: [values]} typed but not rolled."""
        return {faces: values for faces, values in self.typed.items() if values}


def parse(expression):
    """`2d6+1` -> (2, 6, 1); raises ValueError with a readable message for anything else."""
    match = EXPRESSION.match(expression or "")
    if not match:
        raise ValueError(f"'{expression}' is not a dice expression like 1d10+2.")
    count = int(match[1] or 1)
    sides = int(match[2])
    modifier = int(match[4] or 0) * (-1 if match[3] == "-" else 1)
    if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:
        raise ValueError(f"'{expression}' needs 1–{MAX_DICE} dice of 2–{MAX_SIDES} sides.")
    return count, sides, modifier
