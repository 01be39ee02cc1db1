import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine import symbaroum
from rules.engine.symbaroum import VARIANT, Item

# --- vocabulary -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, core, variant",
    [
        ("quick", "Quick", "Agility"),
        ("strong", "Strong", "Might"),
        ("discreet", "Discreet", "Subtlety"),
        ("vigilant", "Vigilant", "Vigilance"),
        ("toughness", "Toughness", "Health"),
        ("impeding", "Impeding", "Impedance"),
        ("pain_threshold", "Pain Threshold", "Pain Tolerance"),
        ("accurate", "Accurate", "Accurate"),
        ("cunning", "Cunning", "Cunning"),
        ("persuasive", "Persuasive", "Persuasive"),
        ("resolute", "Resolute", "Resolute"),
    ],
)
def test_vocabulary(key, core, variant):
    assert symbaroum.SYMBAROUM.name(key) == core
    assert VARIANT.name(key) == variant
    assert symbaroum.canonical_attribute(variant) == key
    assert symbaroum.canonical_attribute(core.upper()) == key


def test_unknown_attribute():
    with pytest.raises(ValueError):
        symbaroum.canonical_attribute("Charisma")


def test_sheets_in_either_vocabulary():
    assert symbaroum.initiative_rank({"Agility": 14, "Vigilance": 9}, VARIANT) == (14, 9)
    assert symbaroum.initiative_rank({"Quick": 14, "Vigilant": 9}, VARIANT) == (14, 9)
    assert symbaroum.initiative_rank({"Quick": 11, "Vigilant": 13}) == (11, 13)
    assert symbaroum.initiative_rank({}) == (0, 0)


def test_profiles_differ_only_in_rules_and_words():
    assert VARIANT.uses("encumbrance") and VARIANT.uses("buildings") and VARIANT.uses("marches")
    assert not symbaroum.SYMBAROUM.uses("encumbrance")
    assert symbaroum.SYMBAROUM.uses("ammunition_countdown") and not VARIANT.uses("ammunition_countdown")
    assert set(symbaroum.PROFILES) == {"symbaroum", "symbaroum_variant"}


# --- encumbrance ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "item, load",
    [
        (Item(), 1),
        (Item(count=3), 3),
        (Item(massive=True), 2),
        (Item("clothing"), 0),
        (Item("light_container"), 0),
        (Item("bulky_container"), 1),
        (Item("small", count=5), 0),
        (Item("worn_armour", impedance=3), 0),
        (Item("carried_armour", impedance=3), 3),
        (Item("weapon_in_hand", massive=True), 0),
        (Item("weapon_carried"), 1),
        (Item("weapon_carried", massive=True), 2),
    ],
)
def test_item_encumbrance(item, load):
    assert symbaroum.item_encumbrance(item) == load


def test_encumbrance_adds_up_and_impedes_above_the_threshold():
    load = symbaroum.encumbrance([Item(count=4), Item("carried_armour", impedance=2), Item("clothing")])
    assert load == 6
    assert symbaroum.encumbrance_impedance(load, threshold=4) == 2
    assert symbaroum.encumbrance_impedance(load, threshold=8) == 0


@given(st.integers(0, 40), st.integers(0, 40))
def test_impedance_is_the_excess_load(load, threshold):
    assert symbaroum.encumbrance_impedance(load, threshold) == max(0, load - threshold)


def test_carrying_limit_and_the_might_roll():
    assert not symbaroum.over_carrying_limit(10, 10)
    assert symbaroum.over_carrying_limit(11, 10)
    assert symbaroum.march_might_modifier(13, 10) == -3
    assert symbaroum.march_might_modifier(9, 10) == 0


# --- marches ----------------------------------------------------------------------------------------------------


def test_cautious_march_costs_nothing():
    day = symbaroum.march_day("cautious")
    assert (day.health_lost, day.natural_healing, day.might_test_needed) == (0, True, False)


def test_hasty_march_costs_health_and_healing():
    asks = symbaroum.march_day("hasty")
    assert asks.might_test_needed and asks.health_lost == 0
    passed = symbaroum.march_day("hasty", might_test_passed=True)
    assert (passed.health_lost, passed.natural_healing) == (1, False)
    failed = symbaroum.march_day("hasty", might_test_passed=False, d6=lambda: 4)
    assert failed.health_lost == 5


def test_overloaded_marchers_cannot_hurry_and_suffer_anyway():
    with pytest.raises(ValueError):
        symbaroum.march_day("hasty", might_test_passed=True, load=12, limit=10)
    day = symbaroum.march_day("cautious", might_test_passed=False, d6=6, load=12, limit=10)
    assert day.counted_as_hasty and day.health_lost == 7 and not day.natural_healing
    assert not symbaroum.march_day("cautious", load=10, limit=10).counted_as_hasty


# --- buildings --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key, health, breakpoint, fortification",
    [
        ("croft", 10, 5, 5),
        ("farm_house", 10, 5, 10),
        ("guard_tower_wood", 10, 5, 15),
        ("guard_tower_stone", 40, 20, 20),
        ("fort_wood", 50, 25, 15),
        ("manor", 100, 50, 10),
        ("fort_stone", 200, 100, 20),
        ("stronghold", 500, 250, 20),
        ("castle", 1000, 500, 20),
    ],
)
def test_buildings_table(key, health, breakpoint, fortification):
    building = symbaroum.BUILDINGS[key]
    assert (building.health, building.breakpoint, building.fortification) == (health, breakpoint, fortification)
    assert building.breakpoint * 2 == building.health


def test_damage_on_buildings():
    assert symbaroum.building_damage(12, 10) == 2
    assert symbaroum.building_damage(8, 10) == 0
    assert symbaroum.building_damage(8, 10, wrecking=True) == 8


@pytest.mark.parametrize(
    "health_left, damage_this_turn, breached",
    [(30, 19, False), (30, 20, True), (0, 0, True), (21, 5, False)],
)
def test_breaches(health_left, damage_this_turn, breached):
    stone_tower = symbaroum.BUILDINGS["guard_tower_stone"]
    assert symbaroum.building_breached(health_left, damage_this_turn, stone_tower.breakpoint) is breached


def test_fire():
    assert symbaroum.fire_catches_target(14, 10) == 4
    assert symbaroum.fire_extinguish_target(14, 1) == 14
    assert symbaroum.fire_extinguish_target(14, 4) == 11
