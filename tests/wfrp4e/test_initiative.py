"""The turn order as written (seed 002 "Initiative is Determined by I > Ag > Opposed Ag Test"), on every path that
places a combatant: joining, a new initiative, Fortune's place given back, and Roll initiative."""

import pytest

from combat import commands
from rules.engine.dice import Dice
from tests.factories import CharacterFactory, give_points

pytestmark = pytest.mark.django_db


class Typed:
    """A random source that gives the typed rolls in order."""

    def __init__(self, *rolls):
        self.rolls = list(rolls)

    def randint(self, low, high):
        return self.rolls.pop(0)


def typed(*rolls):
    return Dice(Typed(*rolls))


def names(encounter):
    return [c.name for c in encounter.combatants.order_by("position")]


def join(table, name, dice=None, **stats):
    character = CharacterFactory(campaign=table.campaign, name=name, max_wounds=10, characteristics=stats)
    return commands.add_combatant(table.encounter, table.gm, character=character.pk, dice=dice)


def test_a_newcomer_tied_on_initiative_acts_first_with_the_higher_agility(table):
    # Anders: I 35, Ag 33.
    join(table, "Bertha", I=35, Ag=40)
    assert names(table.encounter) == ["Sneaky Goblin", "Gunther", "Bertha", "Anders", "Orc Grukk"]


def test_tied_on_initiative_and_agility_an_opposed_agility_test_decides(table):
    # Anders rolls 80 against Ag 33 (-5 SL), Clara 10 (+2): Clara acts first.
    outcome = join(table, "Clara", typed(80, 10), I=35, Ag=33)
    assert names(table.encounter) == ["Sneaky Goblin", "Gunther", "Clara", "Anders", "Orc Grukk"]
    assert (
        "Tied on initiative 35: Anders rolled -5 SL, Clara rolled +2 SL "
        "(tied on Agility too, an opposed Agility test each, the higher SL acting first)." in outcome.message
    )
    # Dora loses to Clara (90 to 20), then beats Anders (15 to 70): between them.
    join(table, "Dora", typed(20, 90, 70, 15), I=35, Ag=33)
    assert names(table.encounter) == ["Sneaky Goblin", "Gunther", "Clara", "Dora", "Anders", "Orc Grukk"]


def test_a_new_initiative_takes_its_place_by_agility_too(table):
    # Gunther (Ag 36) set to Anders' I 35 acts before him (Ag 33); the orc without a sheet (Ag 0) after him.
    commands.set_initiative(table.encounter, table.gm, combatant=table.gunther.pk, value=35)
    commands.set_initiative(table.encounter, table.gm, combatant=table.orc.pk, value=35)
    assert names(table.encounter) == ["Sneaky Goblin", "Gunther", "Anders", "Orc Grukk"]


def test_a_place_bought_with_fortune_goes_back_by_the_opposed_agility_test(table):
    encounter = table.encounter
    commands.set_house_rules(encounter, table.gm, rules=["fortune_points"])
    join(table, "Clara", typed(80, 10), I=35, Ag=33)  # before Anders, as above
    commands.start(encounter, table.gm)
    give_points(table.anders.character_id, fortune=1)
    commands.choose_when_to_act(encounter, table.gm, combatant=table.anders.pk, position=1)
    assert names(encounter)[:3] == ["Sneaky Goblin", "Anders", "Gunther"]
    for _ in range(4):
        commands.next_turn(encounter, table.gm)
    # Round 2: Anders goes back, and wins the roll-off with Clara this time (her 77 to his 12).
    outcome = commands.next_turn(encounter, table.gm, dice=typed(77, 12))
    assert names(encounter) == ["Sneaky Goblin", "Gunther", "Anders", "Clara", "Orc Grukk"]
    assert "Anders is back in initiative order. Tied on initiative 35: Clara rolled -4 SL, Anders rolled +2 SL" in (
        outcome.message
    )


def test_roll_initiative_breaks_ties_by_agility_then_the_opposed_test(table):
    join(table, "Clara", typed(80, 10), I=35, Ag=33)
    join(table, "Bertha", I=35, Ag=40)
    # Clara rolls 55 (-2), Anders 12 (+2): Anders first this time; Bertha's Ag puts her ahead of both.
    outcome = commands.roll_initiative(table.encounter, table.gm, dice=typed(55, 12))
    assert names(table.encounter) == ["Sneaky Goblin", "Gunther", "Bertha", "Anders", "Clara", "Orc Grukk"]
    assert "Tied on initiative 35: Clara rolled -2 SL, Anders rolled +2 SL (" in outcome.message
