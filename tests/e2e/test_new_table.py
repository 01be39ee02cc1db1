"""A table starts from nothing, all in the app and none of it in admin: a new GM signs up, creates a campaign and
an Orc for its NPC library, invites a player who signs up through the link and creates her character; the GM adds
her and 3 Orcs to an encounter and runs two turns while her phone follows."""

import re

import pytest
from playwright.sync_api import expect

from rules.loading import load
from tests.e2e.test_live_encounter import LAPTOP, PHONE

PASSWORD = "a-long-secret-41"


@pytest.fixture
def fresh_install(transactional_db):
    """Only the shipped rules: no user, no campaign, no character."""
    load()


def watched(browser, **options):
    context = browser.new_context(**options)
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def sign_up(page, username):
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("button:has-text('Create account')")


def fill_sheet(page, name, wounds, characteristics, weapon=None):
    page.fill("input[name=name]", name)
    page.fill("input[name=max_wounds]", str(wounds))
    for key, value in characteristics.items():
        page.fill(f"input[name=characteristic_{key}]", str(value))
    if weapon:
        page.get_by_label(weapon).first.check()
    page.click("#sheet-edit button.primary")


def test_a_new_table_from_sign_up_to_two_turns(fresh_install, browser, asgi_server):
    base = asgi_server.url
    gm_context, gm, gm_errors = watched(browser, **LAPTOP)
    phone_context, phone, phone_errors = watched(browser, **PHONE)
    try:
        # The GM finds sign-up from the login page.
        gm.goto(f"{base}/")
        gm.click("text=Create an account")
        sign_up(gm, "greta")
        expect(gm.locator("h1")).to_have_text("Your campaigns")

        gm.fill("#new-campaign input[name=name]", "The Reikland Road")
        gm.select_option("#new-campaign select[name=system]", "wfrp4e")
        gm.click("#new-campaign button.primary")
        expect(gm.locator("h1")).to_have_text("The Reikland Road")

        # An Orc for the NPC library, made with the system's sheet form.
        gm.click("#new-npc")
        fill_sheet(gm, "Orc", 12, {"WS": 41, "T": 45, "I": 25, "Ag": 30}, weapon="Hand Weapon")
        expect(gm.locator("h1")).to_contain_text("Orc")

        gm.goto(f"{base}/")
        gm.click("text=The Reikland Road")
        gm.click("button:has-text('Create a join link')")
        join_url = gm.locator("#invite input.copy").first.input_value()
        assert "/join/" in join_url

        # The new player follows the link on her phone, signs up there and lands in the campaign.
        phone.goto(join_url)
        expect(phone.locator("h1")).to_have_text("Join The Reikland Road?")
        sign_up(phone, "katja")
        expect(phone.locator("h1")).to_have_text("The Reikland Road")
        expect(phone.locator(".messages")).to_contain_text("You joined The Reikland Road")
        expect(phone.locator("#invite")).to_have_count(0)  # the join links are the GM's

        phone.click("text=Create your character")
        expect(phone.locator("h1")).to_have_text("New character")
        expect(phone.locator("textarea[name=gm_notes]")).to_have_count(0)
        fill_sheet(phone, "Katarina", 13, {"WS": 38, "T": 35, "I": 40, "Ag": 41})
        expect(phone.locator("h1")).to_contain_text("Katarina")

        # The GM builds the encounter: Katarina, then 3 Orcs from the library with their initiative rolled.
        gm.reload()
        expect(gm.locator(".characters")).to_contain_text("played by katja")
        gm.fill("input[aria-label='Encounter name']", "Ambush at the bridge")
        gm.click("#new-encounter button.primary")
        expect(gm.locator("h1")).to_contain_text("Ambush at the bridge")
        expect(gm.locator("#initiative")).to_be_visible()
        encounter_path = gm.url.removeprefix(base)

        # An empty encounter opens with "Add combatant" open, first in the side column.
        add = gm.locator("#add-character")
        expect(add).to_be_visible()
        add.locator("select[name=character]").select_option(label="Katarina")
        add.locator("button:has-text('Add')").click()
        expect(gm.locator("#initiative")).to_contain_text("Katarina")
        add.locator("select[name=character]").select_option(label="Orc (NPC)")
        add.locator("input[name=count]").fill("3")
        add.locator("input[name=roll]").check()
        add.locator("button:has-text('Add')").click()
        for name in ("Orc 1", "Orc 2", "Orc 3"):
            expect(gm.locator("#initiative")).to_contain_text(name)
        expect(gm.locator("#log")).to_contain_text("Orc 1, Orc 2 and Orc 3 join the fight.")

        phone.goto(base + encounter_path)
        expect(phone.locator("#strip")).to_contain_text("Not started")

        # Two turns: Katarina (I 40) first, her phone told; then the Orcs, in the order their roll-offs gave.
        gm.click("#start")
        expect(gm.locator("tr.active")).to_contain_text("Katarina")
        # Once the fight runs, "Add combatant" folds; A opens it again, ready to pick.
        expect(gm.locator("#add-combatant")).not_to_have_attribute("open", "")
        expect(add).to_be_hidden()
        gm.keyboard.press("a")
        expect(add.locator("select[name=character]")).to_be_focused()
        gm.keyboard.press("Escape")
        gm.locator("#add-combatant summary").click()
        expect(add).to_be_hidden()
        expect(phone.locator(".your-turn")).to_contain_text("Your turn, Katarina")
        gm.click("#next-turn")
        expect(gm.locator("#active-name")).to_have_text(re.compile(r"Orc \d"))
        first_orc = gm.locator("#active-name").inner_text()
        expect(phone.locator("#active-name")).to_have_text(first_orc)
        expect(phone.locator(".your-turn")).to_have_count(0)
        gm.keyboard.press("n")
        expect(gm.locator("#active-name")).not_to_have_text(first_orc)
        expect(gm.locator("#active-name")).to_have_text(re.compile(r"Orc \d"))
        expect(phone.locator("#active-name")).to_have_text(gm.locator("#active-name").inner_text())

        assert gm_errors == [] and phone_errors == []
    finally:
        gm_context.close()
        phone_context.close()
