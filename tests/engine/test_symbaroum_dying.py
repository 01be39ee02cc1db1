"""The engine's rules for slice A: the death test's odds, first aid and damage over time."""

import pytest

from rules.engine import symbaroum


def test_the_death_test_bands_are_five_forty_five_forty_five_five_percent():
    bands = symbaroum.death_test_bands()
    assert [(b.outcome, b.lowest, b.highest, symbaroum.percent(b.chance)) for b in bands] == [
        ("wakes", 1, 1, 5),
        ("remains", 2, 10, 45),
        ("closer", 11, 19, 45),
        ("dies", 20, 20, 5),
    ]
    assert sum(b.chance for b in bands) == 1


@pytest.mark.parametrize(
    "means, d4, amount, healed",
    [("herbal_cure", None, None, 1), ("medicus", 3, None, 3), ("medicus", lambda: 4, None, 4), ("other", None, 6, 6)],
)
def test_first_aid_heals_by_its_means(means, d4, amount, healed):
    assert symbaroum.first_aid_healing(means, d4=d4, amount=amount) == healed


@pytest.mark.parametrize(
    "means, d4, amount",
    [("medicus", 5, None), ("other", None, None), ("prayer", None, 2)],
)
def test_first_aid_refuses_what_cannot_be(means, d4, amount):
    with pytest.raises(ValueError):
        symbaroum.first_aid_healing(means, d4=d4, amount=amount)


def test_ongoing_damage_poison_is_its_strength_bleeding_one_burning_a_d4():
    assert symbaroum.ongoing_damage("poison", strength=3) == 3
    assert symbaroum.ongoing_damage("bleeding", strength=4) == 1
    assert symbaroum.ongoing_damage("burning", d4=lambda: 2) == 2
    with pytest.raises(ValueError):
        symbaroum.ongoing_damage("burning", d4=7)
    with pytest.raises(ValueError):
        symbaroum.ongoing_damage("frost")
