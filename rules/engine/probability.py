"""Exact chances shared by every system's odds."""

import math
from fractions import Fraction


class Probability(Fraction):
    """An exact probability (a Fraction over a die's faces).

    It also equals the float a caller would compute for it: 11/20 can never be held exactly in a float, so a float
    within rounding error counts as equal. Arithmetic on it gives plain Fractions."""

    def __eq__(self, other):
        if isinstance(other, float):
            return math.isclose(float(self), other, rel_tol=1e-12, abs_tol=1e-15)
        return super().__eq__(other)

    __hash__ = Fraction.__hash__


def percent(probability):
    """A chance as a screen shows it, in percent: "63" when whole, else one decimal ("63.5"), rounded half up.

    Only a certainty reads 100 and only an impossibility 0: a chance just short of either shows 99.9 or 0.1, so
    rounding never promises or rules out what the dice still allow."""
    tenths = Fraction(probability) * 1000
    if tenths.denominator == 1 and tenths % 10 == 0:
        return str(tenths.numerator // 10)
    rounded = min(max(math.floor(tenths + Fraction(1, 2)), 1), 999)
    return f"{rounded // 10}.{rounded % 10}"
