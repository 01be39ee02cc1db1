"""The WFRP 4e reader of Foundry VTT actor exports: each field of each format, read from files shaped as that
system's data models store them (tests/fixtures/foundry/README.md)."""

import copy
import json
import re
from pathlib import Path

import pytest

import systems
from characters.foundry import FoundryError
from rules.models import HIT_LOCATIONS
from tests.foundry_files import each_hostile_value_is_read_or_refused_in_words

LOCATIONS = {key for key, _ in HIT_LOCATIONS}

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent.parent / "fixtures" / "foundry"
GAME = systems.get("wfrp4e")


def export(name):
    return json.loads((FIXTURES / f"{name}.json").read_text())


def read(name="wfrp4e-character", change=None):
    actor = export(name)
    if change:
        change(actor)
    return GAME.read_foundry_actor(actor)


def items(draft, kind):
    return {item.name: item for item in draft.items if item.kind == kind}


def test_characteristics_are_initial_plus_advances_plus_modifier_and_the_points_come_along(rules_data):
    as_text = read(change=lambda a: a["system"]["characteristics"]["ws"].update(initial=" 31 "))  # older exports
    assert as_text.characteristics["WS"] == 36
    draft = read()
    assert (draft.name, draft.is_npc, draft.max_wounds) == ("Ulrika Magdova", False, 13)
    assert draft.characteristics == {
        "WS": 36, "BS": 28, "S": 38, "T": 34, "I": 35, "Ag": 35, "Dex": 27, "Int": 31, "WP": 34, "Fel": 26,
    }  # fmt: skip
    assert draft.points == {"fate": 2, "fortune": 2, "resilience": 3, "resolve": 1}


def test_skills_with_advances_match_the_tracker_rows_and_untrained_basics_are_left_to_the_characteristic(rules_data):
    skills = items(read(), "skill")
    assert "Athletics" not in skills  # basic, 0 advances
    assert (skills["Melee (Basic)"].match, skills["Melee (Basic)"].value) == ("Melee (Basic)", 15)
    assert (skills["Ranged (Bow)"].match, skills["Ranged (Bow)"].value) == ("Ranged (Bow)", 0)  # advanced: trained
    lore = skills["Lore (History)"]
    assert lore.match is None and "no skill" in lore.why and lore.details == {"characteristic": "Int", "advanced": True}


def test_weapons_match_by_name_damage_and_group_else_say_the_difference(rules_data):
    weapons = items(read(), "weapon")
    assert weapons["Hand Weapon"].match == "Hand Weapon" and weapons["Dagger"].match == "Dagger"
    spear = weapons["Spear"]
    assert spear.match is None
    assert spear.why == "this game's Spear does +SB+4 (Polearm); the file's does +SB+5 (Polearm)"
    zweihander = weapons["Zweihander"]
    assert zweihander.match is None and zweihander.why == "no weapon of this game is named Zweihander"
    assert zweihander.details["properties"] == {"Damaging": None, "Hack": None}
    assert zweihander.details | {"properties": None} == {
        "kind": "melee", "group": "Two-Handed", "damage": 6, "adds_strength_bonus": True, "reach": "Long",
        "range": "", "properties": None,
    }  # fmt: skip


def test_a_ranged_weapon_without_strength_bonus_matches(rules_data):
    def give_crossbow(actor):
        actor["items"].append(copy.deepcopy(actor["items"][7]) | {"name": "crossbow"})
        actor["items"][-1]["system"].update(damage={"value": "+9"}, weaponGroup={"value": "crossbow"})

    assert items(read(change=give_crossbow), "weapon")["crossbow"].match == "Crossbow"


def test_armour_matches_by_locations_and_points(rules_data):
    armour = items(read(), "armour")
    assert armour["Leather Jack"].match == "Leather Jack"
    assert armour["Brigandine"].match is None and armour["Brigandine"].details == {"locations": ["body"], "points": 3}


def test_talents_keep_times_taken_and_the_modelled_ones_match(rules_data):
    talents = items(read(), "talent")
    assert (talents["Strike to Stun"].match, talents["Strike to Stun"].value) == ("Strike to Stun", "1")
    assert (talents["Very Strong"].match, talents["Very Strong"].value) == (None, "2")


def test_a_creature_is_an_npc_with_traits_and_their_ratings(rules_data):
    draft = read("wfrp4e-creature")
    assert draft.is_npc and draft.points == {} and draft.max_wounds == 16
    traits = items(draft, "trait")
    assert (traits["Champion"].match, traits["Champion"].value) == ("Champion", True)
    assert "Weapon" not in traits and "Armour" not in traits  # gear in the tracker's rules


def test_a_creatures_armour_and_weapon_traits_are_gear_matched_on_the_next_import(rules_data):
    draft = read("wfrp4e-creature")
    armour, weapon = items(draft, "armour")["Natural Armour 2"], items(draft, "weapon")["Creature Weapon +8"]
    assert armour.match is None and armour.details["points"] == 2 and set(armour.details["locations"]) == LOCATIONS
    assert armour.why.startswith("the creature's trait Armour 2 gives 2 AP on every location; no armour")
    assert weapon.match is None and (weapon.details["damage"], weapon.details["adds_strength_bonus"]) == (8, False)
    assert "trait Weapon 8 is a melee attack of damage +8" in weapon.why
    assert (GAME.create_foundry_item(armour), GAME.create_foundry_item(weapon)) == (armour.name, weapon.name)

    again = read("wfrp4e-creature")
    assert items(again, "armour")["Natural Armour 2"].match == "Natural Armour 2"
    assert items(again, "weapon")["Creature Weapon +8"].match == "Creature Weapon +8"


def test_a_row_made_by_an_earlier_import_is_matched_and_the_original_preferred_when_it_agrees(rules_data):
    spear = items(read(), "weapon")["Spear"]
    assert GAME.create_foundry_item(spear) == "Spear (imported)"
    assert GAME.create_foundry_item(items(read(), "weapon")["Dagger"]) == "Dagger (imported)"

    weapons = items(read(), "weapon")
    assert (weapons["Spear"].match, weapons["Dagger"].match) == ("Spear (imported)", "Dagger")


def test_what_cannot_be_a_row_says_so_before_the_review_offers_to_create_it(rules_data):
    def odd(actor):
        actor["items"][9]["system"]["weaponGroup"]["value"] = "siege"

    weapons = items(read(change=odd), "weapon")
    zweihander = weapons["Zweihander"]
    assert zweihander.cannot_create == "its group siege is none this tracker plays"
    assert weapons["Spear"].cannot_create == ""
    with pytest.raises(FoundryError, match="Zweihander cannot be made as the file has it: its group siege"):
        GAME.create_foundry_item(zweihander)
    spear = weapons["Spear"]
    spear.details["kind"] = "thrown"
    with pytest.raises(
        FoundryError, match="Spear cannot be made as the file has it: its kind \"thrown\": Value 'thrown'"
    ):
        GAME.create_foundry_item(spear)


def test_an_older_export_under_data_reads_the_same_way(rules_data):
    draft = read("wfrp4e-old-character")
    assert draft.characteristics["WS"] == 40 and draft.characteristics["Fel"] == 25
    assert items(draft, "weapon")["Hand Weapon"].details["properties"] == {"Damaging": None}  # written as text
    assert {item.name: item.match for item in draft.items} == {
        "Melee (Basic)": "Melee (Basic)", "Hand Weapon": "Hand Weapon", "Leather Jack": "Leather Jack",
        "Strike to Stun": "Strike to Stun",
    }  # fmt: skip


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda a: a["system"]["characteristics"]["ws"].update(initial="thirty"), "WS (initial) should be a whole"),
        (lambda a: a["system"]["characteristics"]["ws"].update(advances=10**12), "WS (advances) should be a whole"),
        (lambda a: a["system"]["characteristics"]["ws"].update(initial=None), "WS (initial) is missing."),
        (lambda a: a.update(name=" "), "The character has no name."),
        (lambda a: (a.pop("items"), a.update(type="weapon")), "This is a Foundry VTT item (a weapon), not a character"),
        (lambda a: a["system"]["characteristics"].update(ws=[]), "WS should be a group of values"),
        (lambda a: a["system"]["characteristics"]["s"].update(initial=199), "S should be a whole number from 0 to 200"),
        (lambda a: a["system"]["status"]["wounds"].update(max=-3), "Wounds (max) should be a whole number"),
        (lambda a: a["system"]["status"]["fate"].update(value=True), "Fate should be a whole number"),
        (lambda a: a.update(items={"a": 1}), "items should be a list"),
        (lambda a: a["items"].append("sword"), "should be an item"),
        (lambda a: a["items"].append({"name": ["x"], "type": "weapon", "system": {}}), "The name of item 19"),
        (lambda a: a["items"][2]["system"].update(advances={"value": "ten"}), "Dodge's advances should be"),
        (lambda a: a["items"][9]["system"]["qualities"].update(value=5), "Zweihander's qualities should be"),
        (lambda a: a["items"][13]["system"].update(AP={"body": 10**9}), "Brigandine's AP (body) should be"),
        (lambda a: a.update(system="x"), "Ulrika Magdova in this file has no fields"),
        (lambda a: a.update(type="vehicle"), "only characters, NPCs and creatures"),
    ],
)
def test_wrong_values_are_refused_in_words(rules_data, change, words):
    with pytest.raises(FoundryError, match=re.escape(words)):
        read(change=change)


def test_hostile_values_anywhere_are_read_or_refused_in_words_never_an_error(rules_data):
    """Each value of a character with one item of each kind, replaced in turn by what no export holds."""
    actor = export("wfrp4e-character")
    kinds = {}
    for item in actor["items"]:
        if item["type"] in ("skill", "weapon", "armour", "talent"):
            kinds.setdefault(item["type"], item)
    actor["items"] = list(kinds.values())
    unread = ("description", "gmdescription", "price", "availability", "encumbrance", "location", "APdamage", "loaded")
    for item in actor["items"]:
        item["system"] = {key: value for key, value in item["system"].items() if key not in unread}
        del item["flags"], item["_stats"], item["effects"]
    actor["system"]["characteristics"] = {"ws": actor["system"]["characteristics"]["ws"]}  # each is read alike
    actor["system"]["status"] = {key: actor["system"]["status"][key] for key in ("wounds", "fate")}
    del actor["prototypeToken"], actor["system"]["details"], actor["system"]["settings"]
    each_hostile_value_is_read_or_refused_in_words(actor, GAME.read_foundry_actor, FoundryError)


def test_a_character_with_many_items_is_read_in_one_query_per_kind_of_rules_row(rules_data, django_assert_num_queries):
    actor = export("wfrp4e-character")
    actor["items"] = actor["items"] * 20
    with django_assert_num_queries(4):  # skills, weapons, armour, weapon properties
        assert len(GAME.read_foundry_actor(actor).items) == 14 * 20
