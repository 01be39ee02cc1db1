"""The manoeuvres' arithmetic (seed 001 "Alternate Rules" › "Manoeuvres"; seed 004 "Maneuvers")."""

import pytest

from rules.engine import symbaroum


@pytest.mark.parametrize(
    "manoeuvre, test",
    [
        ("disarm", ("accurate", "strong")),
        ("hold", ("strong", "strong")),
        ("tackle", ("strong", "strong")),
        ("charge", ("accurate", "defence")),
        (None, ("accurate", "defence")),
    ],
)
def test_each_manoeuvre_names_the_attributes_its_test_opposes(manoeuvre, test):
    assert symbaroum.manoeuvre_test(manoeuvre) == test


@pytest.mark.parametrize(
    "manoeuvre, attacker, target, bonus",
    [
        ("hold", 2, 0, 4),
        ("hold", 3, 1, 6),  # +8 for the wrestler, +2 for a Robust target works against it
        ("hold", 0, 2, -4),
        ("tackle", 2, 3, 4),  # the target's Robust does not count against a tackle
        ("tackle", 0, 0, 0),
        ("disarm", 3, 0, 0),
    ],
)
def test_robust_counts_on_both_sides_of_a_hold_and_for_the_tackler_only(manoeuvre, attacker, target, bonus):
    assert symbaroum.manoeuvre_robust_bonus(manoeuvre, attacker, target) == bonus


@pytest.mark.parametrize(
    "d20, passed, outcome",
    [(20, False, "self"), (20, True, "self"), (5, True, "dose"), (15, False, "wasted")],
)
def test_poisoning_a_weapon_gives_a_dose_on_a_pass_and_poisons_the_poisoner_on_a_20(d20, passed, outcome):
    assert symbaroum.poisoning(d20, passed) == outcome


def test_a_poisoning_d20_must_be_a_d20_face():
    with pytest.raises(ValueError):
        symbaroum.poisoning(21, True)
