"""WFRP 4e rules as written (seed 002_47eadea1ed3732a0.txt, "Combat Summary")."""

from rules.engine.initiative import turn_order


def skill_bonus(value):
    """The tens digit of a characteristic or skill: 35 -> 3."""
    return value // 10


def tens(roll):
    """A d100 roll of 100 ("00") counts as 10 tens."""
    return roll // 10


def test_sl(target, roll):
    """Success Levels: tens of the target minus tens of the roll."""
    return tens(target) - tens(roll)


def initiative_order(combatants, d100):
    """Seed 002 "Initiative is Determined by I > Ag > Opposed Ag Test".

    combatants: {key: (initiative, agility)}. Those tied on both roll an opposed Agility test:
    the higher SL acts first, re-rolled while still tied. d100() returns 1-100.
    """
    agility = {key: stats[1] for key, stats in combatants.items()}

    def opposed_agility(key):
        return test_sl(agility[key], d100())

    return turn_order(combatants, opposed_agility)
