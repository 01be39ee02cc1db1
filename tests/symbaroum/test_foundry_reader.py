"""Reading Foundry VTT Symbaroum exports (tests/fixtures/foundry/symbaroum-*.json): a player character of Foundry
12, a monster, and a character exported by Foundry 9 (fields under `data`), through the System's hooks."""

import copy
import json
from pathlib import Path

import pytest

import systems
from characters import foundry_import
from characters.foundry import Draft, FoundryError, Item
from characters.models import Character
from rules.engine import symbaroum
from rules.models import Armour, Weapon
from systems.sheet_reads import characters_with_sheets
from systems.symbaroum.sheet import Sheet
from tests.foundry_files import each_hostile_value_is_read_or_refused_in_words

FIXTURES = Path(__file__).parent.parent / "fixtures" / "foundry"
SYMBAROUM = systems.get("symbaroum")


def export(name):
    return json.loads((FIXTURES / f"symbaroum-{name}.json").read_text())


def read(actor):
    return SYMBAROUM.read_foundry_actor(actor)


def by_name(draft):
    return {item.name: item for item in draft.items}


def kept(draft, kind):
    """The abilities or traits the draft keeps on the sheet, each by its name with its level."""
    return {item.name: item.value for item in draft.items if item.kind == kind and item.match == item.name}


def fits_a_sheet(draft, campaign):
    character = Character(campaign=campaign, name=draft.name, is_npc=draft.is_npc, max_wounds=draft.max_wounds,
                          characteristics=draft.characteristics, points=draft.points, traits=kept(draft, "trait"),
                          abilities=kept(draft, "ability"), notes=draft.notes)  # fmt: skip
    character.clean()


def test_the_system_names_foundrys_id():
    assert SYMBAROUM.foundry_system_id == "symbaroum"


def test_a_player_character(symbaroum_table):
    draft = read(export("player"))

    assert (draft.system, draft.name, draft.is_npc) == ("symbaroum", "Gerhard Ironhand", False)
    # Resolute 10 and the worn Lucky Charm's +1, as Foundry's sheet totals it.
    assert draft.characteristics == {"Accurate": 13, "Cunning": 7, "Discreet": 5, "Persuasive": 9, "Quick": 10,
                                     "Resolute": 11, "Strong": 15, "Vigilant": 11}  # fmt: skip
    assert draft.max_wounds == 15
    # 75 earned, 70 spent: Iron Fist and Polearm Mastery at Adept 30 each, Man-at-arms 10, the boon 5 that the
    # burden gives back.
    assert draft.points == {"corruption_temporary": 2, "corruption_permanent": 1, "experience": 5}
    assert kept(draft, "ability") == {"Iron Fist": "Adept", "Man-at-arms": "Novice", "Polearm Mastery": "Adept"}
    assert kept(draft, "trait") == {"Contacts (Queen's Army)": True, "Bloodthirst": True}

    items = by_name(draft)
    assert (items["Sword"].match, items["Shield"].match, items["Chain Shirt"].match) == (
        "Sword",
        "Shield",
        "Chain Shirt",
    )
    halberd = items["Halberd"]
    assert halberd.match is None
    assert halberd.details == {"kind": "melee", "group": "Long", "damage": "1d8", "qualities": ["Deep Impact", "Long"]}
    assert "1d10" in halberd.why and "1d8" in halberd.why and "Heavy" in halberd.why and "Deep Impact" in halberd.why
    assert items["Crow’s Beak"].why == "no weapon of this game is named Crow’s Beak"
    assert items["Wolf Skin"].match is None and items["Wolf Skin"].details["qualities"] == ["Cumbersome"]
    assert {item.name for item in draft.unmatched()} == {"Halberd", "Crow’s Beak", "Wolf Skin"}

    assert "Recovery has no level ticked" in draft.notes
    assert items["Wolf Skin"].details["carried"] and items["Sword"].cannot_create == ""
    assert "Rope, 10 metres (equipment)" in draft.notes
    assert "Owes 40 thaler to a moneylender" in draft.notes and "<p>" not in draft.notes

    assert Draft.from_data(json.loads(json.dumps(draft.as_data()))) == draft
    older = draft.as_data()
    for item in older["items"]:
        del item["cannot_create"]  # a draft signed before items said it
    assert Draft.from_data(older) == draft
    fits_a_sheet(draft, symbaroum_table.campaign)


def test_a_monster(symbaroum_table):
    draft = read(export("monster"))

    assert (draft.name, draft.is_npc, draft.max_wounds) == ("Arch Troll", True, 18)
    assert kept(draft, "trait") == {"Robust": 2, "Regeneration": 1, "Natural Weapon": 2, "Thoroughly Corrupted": True}
    assert kept(draft, "ability") == {"Iron Fist": "Master"}
    assert draft.points["experience"] == 0  # a monster earns none, whatever its traits would cost
    assert {item.name: item.why for item in draft.unmatched()} == {
        "Natural weapon": "no weapon of this game is named Natural weapon",
        "Rock": "no weapon of this game is named Rock",
        "Armored": "no armour of this game is named Armored",
    }
    assert by_name(draft)["Rock"].details["kind"] == "ranged"
    fits_a_sheet(draft, symbaroum_table.campaign)


def test_an_export_of_foundry_9_keeps_its_fields_under_data(symbaroum_table):
    draft = read(export("old"))

    assert draft.name == "Sister Elda"
    assert draft.characteristics["Resolute"] == 15 and draft.characteristics["Strong"] == 5
    assert draft.max_wounds == 10
    # 70 earned, 10 on artifacts and re-rolls, 50 on Theurgy (Adept) and two Novice powers; the ritual is free.
    assert draft.points == {"corruption_temporary": 3, "corruption_permanent": 2, "experience": 10}
    assert kept(draft, "ability") == {"Theurgy": "Adept", "Lay on Hands": "Novice", "Witchsight": "Novice"}
    assert kept(draft, "trait") == {"Holy Aura": True}
    items = by_name(draft)
    assert (items["Staff"].match, items["Witch Gown"].match) == ("Staff", "Witch Gown")
    assert (items["Buckler"].kind, items["Buckler"].match) == ("weapon", "Buckler")  # equipment in Foundry
    assert items["Sword"].match is None and "1d8+1d4" in items["Sword"].why
    fits_a_sheet(draft, symbaroum_table.campaign)


def test_armour_not_worn_is_carried(rules_data):
    actor = export("player")
    chain_shirt = next(item for item in actor["items"] if item["name"] == "Chain Shirt")
    chain_shirt["system"]["state"] = "equipped"

    assert read(actor).points["unworn_armour"] == {"Chain Shirt": 1}


def test_numbers_written_as_text_are_read(rules_data):
    actor = export("player")
    actor["system"]["attributes"]["strong"]["value"] = " 15 "
    actor["system"]["health"]["corruption"]["temporary"] = "2"
    draft = read(actor)
    assert (draft.characteristics["Strong"], draft.points["corruption_temporary"]) == (15, 2)


def test_armour_carried_in_foundry_is_carried_on_the_sheet_under_the_name_the_review_gives(symbaroum_table):
    draft = read(export("player"))
    wolf_skin = next(index for index, item in enumerate(draft.items) if item.name == "Wolf Skin")
    character, created = foundry_import.save(draft, symbaroum_table.campaign, None, {
        index: foundry_import.Answer(foundry_import.CREATE if index == wolf_skin else foundry_import.LEAVE_OUT)
        for index, item in enumerate(draft.items) if item.match is None
    })  # fmt: skip
    sheet = Sheet(characters_with_sheets([character.pk])[0])
    assert created == ["Wolf Skin"] and [piece.name for piece in sheet.unworn_armour] == created
    # Defence is Quick less what worn armour impedes: the Chain Shirt's, not the carried Wolf Skin's.
    assert [piece.name for piece in sheet.armour] == ["Chain Shirt"]
    chain_shirt = Armour.objects.get(system="symbaroum", name="Chain Shirt")
    assert sheet.defence == symbaroum.defence(10, chain_shirt.impeding, shield=True, balanced_weapons=0)


def test_rows_made_by_an_earlier_import_are_matched_and_the_original_preferred_when_it_agrees(rules_data):
    items = by_name(read(export("player")))
    for name in ("Halberd", "Wolf Skin", "Crow’s Beak", "Sword"):
        SYMBAROUM.create_foundry_item(items[name])

    # Wolf Skin's Cumbersome is no quality of this game's rows: the row made lacks it and is no less a match.
    again = by_name(read(export("player")))
    assert {name: again[name].match for name in ("Halberd", "Wolf Skin", "Crow’s Beak", "Sword")} == {
        "Halberd": "Halberd (imported)", "Wolf Skin": "Wolf Skin", "Crow’s Beak": "Crow’s Beak", "Sword": "Sword",
    }  # fmt: skip
    assert SYMBAROUM.create_foundry_item(again["Halberd"]) == "Halberd (imported 2)"  # asked anyway: made again


def spoilt(change):
    actor = export("player")
    change(actor)
    return actor


def item_named(actor, name):
    return next(item for item in actor["items"] if item["name"] == name)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda a: a["system"]["attributes"]["strong"].update(value="fifteen"), "Strong should be a whole number"),
        (
            lambda a: a["system"]["attributes"]["quick"].update(value=10**12),
            "Quick should be a whole number from 0 to 999",
        ),
        (lambda a: a["system"]["attributes"]["quick"].update(value=300), "Characteristics"),
        (
            lambda a: a["system"]["health"]["corruption"].update(permanent=-2),
            "Permanent corruption should be a whole number from 0 to 999, not -2",
        ),
        (lambda a: a["system"]["experience"].update(total=[75]), "Experience should be a whole number"),
        (lambda a: a.update(items={"Sword": {}}), "The actor's items should be a list"),
        (lambda a: a["items"].append("Sword"), "of the file should be an item"),
        (lambda a: a["items"].append({"type": "weapon"}), "The name of item"),
        (lambda a: a.update(system=[1, 2]), "has no fields to read"),
        (lambda a: a.update(type="vehicle"), "only player characters and monsters"),
        (lambda a: a.update(name=""), "The character has no name."),
        (lambda a: a.pop("name"), "The character has no name."),
        (lambda a: a["system"]["health"]["corruption"].update(temporary=None), "Temporary corruption is missing."),
        (lambda a: (a.pop("items"), a.update(type="weapon")), "This is a Foundry VTT item (a weapon), not a"),
        (lambda a: a["system"].update(notes=5), "notes should be text"),
        (lambda a: item_named(a, "Lucky Charm")["system"]["bonus"].update(resolute="one"), "What Lucky Charm adds"),
        (lambda a: item_named(a, "Iron Fist")["system"].update(novice=True), "Iron Fist's levels"),
        (lambda a: item_named(a, "Sword")["system"].update(qualities=["long"]), "Sword's qualities"),
        (lambda a: item_named(a, "Chain Shirt")["system"].update(impeding=10**9), "Chain Shirt's Impeding"),
        (lambda a: item_named(a, "Contacts (Queen's Army)")["system"].update(level="first"), "The level of Contacts"),
    ],
)
def test_what_no_sheet_can_hold_is_refused_in_words(rules_data, change, words):
    with pytest.raises(FoundryError, match=words.replace("(", r"\(").replace(")", r"\)")):
        read(spoilt(change))


def test_an_actor_that_is_no_set_of_fields_is_refused(rules_data):
    with pytest.raises(FoundryError, match="one Foundry actor"):
        read([export("player")])


def test_choices_are_the_rows_of_each_kind(rules_data):
    assert "Halberd" in SYMBAROUM.foundry_choices("weapon") and "Woven Silk" in SYMBAROUM.foundry_choices("armour")
    assert SYMBAROUM.foundry_choices("ability") == []


def test_creating_rows_from_the_file(rules_data):
    items = by_name(read(export("player")))

    # A row of the file's name is there and differs: the new one is made beside it, the old one left as it was.
    assert SYMBAROUM.create_foundry_item(items["Halberd"]) == "Halberd (imported)"
    made = Weapon.objects.get(system="symbaroum", name="Halberd (imported)")
    assert (made.kind, made.group, made.damage_dice, made.customised) == ("melee", "Long", "1d8", True)
    assert sorted(p.name for p in made.properties.all()) == ["Deep Impact", "Long"]
    assert Weapon.objects.get(system="symbaroum", name="Halberd").damage_dice == "1d10"
    assert SYMBAROUM.create_foundry_item(items["Halberd"]) == "Halberd (imported 2)"

    assert SYMBAROUM.create_foundry_item(items["Crow’s Beak"]) == "Crow’s Beak"
    wolf_skin = Armour.objects.get(name=SYMBAROUM.create_foundry_item(items["Wolf Skin"]))
    assert (wolf_skin.protection_dice, wolf_skin.impeding, len(wolf_skin.locations)) == ("1d4", 3, 6)
    assert "Cumbersome" in wolf_skin.description and not wolf_skin.properties.exists()


def test_what_no_row_can_hold_is_refused_in_words(rules_data):
    actor = export("player")
    item_named(actor, "Wolf Skin")["system"].update(baseProtection="1d0", bonusProtection="")
    assert by_name(read(actor))["Wolf Skin"].cannot_create.startswith('its protection dice "1d0": Write dice like')
    sword = by_name(read(export("old")))["Sword"]
    assert sword.cannot_create == 'its damage dice "1d8+1d4": Write dice like 1d8, 2d6 or 1d10+1'
    before = Weapon.objects.count()

    with pytest.raises(FoundryError, match="Sword cannot be made as the file has it: its damage dice"):
        SYMBAROUM.create_foundry_item(sword)
    with pytest.raises(FoundryError, match="only weapons and armour"):
        SYMBAROUM.create_foundry_item(Item("ability", "Iron Fist", value="Adept"))
    odd = copy.deepcopy(by_name(read(export("player")))["Crow’s Beak"])
    odd.details["qualities"] = "Deep Impact"
    with pytest.raises(FoundryError, match="qualities should be a list"):
        SYMBAROUM.create_foundry_item(odd)
    assert Weapon.objects.count() == before


def test_hostile_values_anywhere_are_read_or_refused_in_words_never_an_error(rules_data):
    """Each value the reader reads, of a character with one item of each kind, replaced in turn by what no export
    holds."""
    actor = export("player")
    kinds = {}
    for item in actor["items"]:
        kinds.setdefault(item["type"], item)
    actor["items"] = list(kinds.values())
    for item in actor["items"]:
        item["system"] = {key: value for key, value in item["system"].items() if key not in ("description", "power")}
        item["system"]["bonus"] = {"strong": 0, "toughness": {"max": 0}, "experience": {"value": 0}}
        if "qualities" in item["system"]:  # each flag is read alike
            item["system"]["qualities"] = {"long": True, "flexible": True, "swordSaintCompatibility": False}
        del item["flags"], item["_stats"], item["effects"], item["img"]
    actor["system"]["attributes"] = {key: {"value": 10} for key in ("accurate", "strong")}  # the rest read alike
    for unread in ("money", "bio", "defense", "initiative"):
        del actor["system"][unread]
    del actor["prototypeToken"], actor["_stats"], actor["flags"]
    each_hostile_value_is_read_or_refused_in_words(actor, read, FoundryError)
