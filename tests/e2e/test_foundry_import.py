"""A GM brings a character in from Foundry VTT on a phone: the export uploaded through the campaign's import form,
the review page's one control per item the rules data lacks (one weapon created, one left as the existing weapon of its
name, a skill mapped to an existing one, one weapon left out), then the sheet shows what was imported."""

from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.test_live_encounter import PHONE
from tests.factories import CampaignFactory, UserFactory

EXPORT = Path(__file__).parent.parent / "fixtures" / "foundry" / "wfrp4e-character.json"


def test_a_foundry_export_reviewed_and_imported_on_a_phone(rules_data, login):
    campaign = CampaignFactory(name="Reikland", gm=UserFactory(username="gm"))
    viewer = login("gm", **PHONE)
    page = viewer.page
    page.goto(f"{viewer.base_url}/campaigns/{campaign.pk}/")
    page.set_input_files("#import-character input[type=file]", EXPORT)
    page.click("#import-character button")

    expect(page.locator("h1")).to_have_text("Import Ulrika Magdova from Foundry VTT")
    expect(page.locator("#foundry-draft")).to_contain_text("WS 36")
    zweihander = page.locator("fieldset", has_text="Weapon: Zweihander")
    spear = page.locator("fieldset", has_text="Weapon: Spear")
    bottle = page.locator("fieldset", has_text="Weapon: Broken Bottle")
    expect(spear).to_contain_text("This game's Spear does +SB+4 (Polearm); the file's does +SB+5 (Polearm).")
    expect(zweihander).to_contain_text("Damage 6 · Adds strength bonus · Reach Long")  # what "create" makes
    # One control per item: the row of the same name comes selected, and a choice needs nothing else ticked.
    expect(spear.get_by_label("What to do with Spear")).to_have_value("map:Spear")
    zweihander.get_by_label("What to do with Zweihander").select_option(label="Create it as a new weapon")
    bottle.get_by_label("What to do with Broken Bottle").select_option(label="Leave it out")
    page.locator("fieldset", has_text="Skill: Lore (History)").get_by_label("What to do").select_option(
        label="It is Lore"
    )
    # A phone's thumb: each choice is a full touch target, and nothing runs off the side of the screen.
    assert bottle.get_by_label("What to do with Broken Bottle").bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    page.click("#confirm-import")

    expect(page.locator(".flash")).to_contain_text(
        "Ulrika Magdova is imported from Foundry VTT. New weapons/armour/skills made: Zweihander, Brigandine."
    )
    weapons = page.locator(".gear")
    expect(weapons).to_contain_text("Zweihander")
    expect(weapons).to_contain_text("Spear")
    expect(weapons).to_contain_text("Hand Weapon")
    expect(weapons).not_to_contain_text("Broken Bottle")
    expect(page.locator("#talents")).to_contain_text("Strike to Stun, Very Strong ×2")
    expect(page.locator("ul.skills")).to_contain_text("Lore")
    assert viewer.errors == []
