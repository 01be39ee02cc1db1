"""A Foundry VTT Symbaroum export through the campaign's import form: reviewed, confirmed with an unmatched weapon
mapped and one created, and the saved sheet read back; an older export told by its shape; a WFRP 4e campaign
refusing the file in words."""

import pytest

import systems
from characters.models import Character
from rules.models import Weapon
from tests.characters.test_foundry_import import confirm, counts, export, logged_in, review_form, upload
from tests.factories import CampaignFactory

pytestmark = pytest.mark.django_db


def test_the_gm_imports_a_symbaroum_character(symbaroum_table):
    gm, campaign = symbaroum_table.gm, symbaroum_table.campaign
    client = logged_in(gm)
    review = upload(client, campaign, export("symbaroum-player"))
    page = review.content.decode().replace("&#x27;", "'")
    assert "Import Gerhard Ironhand from Foundry VTT" in page and "Toughness 15" in page and "Resolute 11" in page
    assert "Iron Fist Adept" in page  # the abilities kept on the sheet are listed
    assert "Temporary corruption 2 · Permanent corruption 1 · Experience 5" in page  # the sheet's own labels
    assert "Lucky Charm" in page and "Sworn to the Queen's Army" in page  # the notes, with what was left out
    assert "This game's Halberd differs: it deals 1d10, the file's deals 1d8" in page
    draft, unmatched = review_form(review)
    assert set(unmatched) == {"Halberd", "Crow’s Beak", "Wolf Skin"}

    done = confirm(
        client, campaign, draft,
        **{f"item-{unmatched['Halberd']}": "map:Halberd",
           f"item-{unmatched['Crow’s Beak']}": "create", f"item-{unmatched['Wolf Skin']}": "leave"},
    )  # fmt: skip

    character = Character.objects.get(campaign=campaign, name="Gerhard Ironhand")
    assert done.redirect_chain[-1][0] == f"/characters/{character.pk}/"
    sheet = done.content.decode().replace("&#x27;", "'")
    assert "Gerhard Ironhand is imported from Foundry VTT. New weapons/armour/skills made: Crow’s Beak." in sheet
    assert "Polearm Mastery" in sheet and "Crow’s Beak" in sheet
    assert (character.player, character.is_npc, character.max_wounds) == (None, False, 15)
    assert character.characteristics["Strong"] == 15 and character.characteristics["Resolute"] == 11
    assert character.points == {"corruption_temporary": 2, "corruption_permanent": 1, "experience": 5}
    assert character.abilities == {"Iron Fist": "Adept", "Man-at-arms": "Novice", "Polearm Mastery": "Adept"}
    assert character.traits == {"Contacts (Queen's Army)": True, "Bloodthirst": True}
    assert sorted(character.weapons.values_list("name", flat=True)) == ["Crow’s Beak", "Halberd", "Shield", "Sword"]
    assert list(character.armour.values_list("name", flat=True)) == ["Chain Shirt"]
    crows_beak = Weapon.objects.get(system="symbaroum", name="Crow’s Beak")
    assert crows_beak.damage_dice == "1d8" and [p.name for p in crows_beak.properties.all()] == ["Deep Impact"]
    assert Weapon.objects.get(system="symbaroum", name="Halberd").damage_dice == "1d10"  # never changed


def test_an_export_of_foundry_9_is_told_by_its_attributes(symbaroum_table):
    review = upload(logged_in(symbaroum_table.gm), symbaroum_table.campaign, export("symbaroum-old"))
    assert "Import Sister Elda from Foundry VTT" in review.content.decode()


def test_a_wfrp_4e_campaign_refuses_the_symbaroum_file_in_words(symbaroum_table):
    campaign = CampaignFactory(name="Reikland", system="wfrp4e", gm=symbaroum_table.gm)
    before = counts()
    for name in ("symbaroum-player", "symbaroum-old"):
        answer = upload(logged_in(symbaroum_table.gm), campaign, export(name))
        assert "This is a Foundry VTT Symbaroum character; this campaign plays WFRP 4e." in answer.content.decode()
    assert counts() == before


def test_a_file_no_sheet_can_hold_is_refused_in_words(symbaroum_table):
    actor = export("symbaroum-player")
    actor["system"]["attributes"]["strong"]["value"] = "fifteen"
    before = counts()
    answer = upload(logged_in(symbaroum_table.gm), symbaroum_table.campaign, actor)
    assert "Strong should be a whole number from 0 to 999, not &quot;fifteen&quot;. Nothing was imported." in (
        answer.content.decode()
    )
    assert counts() == before


def test_a_mapping_counter_reads_as_names_and_values(symbaroum_table, monkeypatch):
    game = systems.get("symbaroum")
    read = game.read_foundry_actor

    def with_arrows(actor):
        draft = read(actor)
        draft.points = {**draft.points, "special_ammunition": {"Fire arrow": 3, "Blunt arrow": 2}}
        return draft

    monkeypatch.setattr(game, "read_foundry_actor", with_arrows)
    review = upload(logged_in(symbaroum_table.gm), symbaroum_table.campaign, export("symbaroum-player"))
    assert "Special ammunition Fire arrow 3, Blunt arrow 2" in review.content.decode()
