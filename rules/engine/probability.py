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
