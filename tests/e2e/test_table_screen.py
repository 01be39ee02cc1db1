"""A fight on three screens: the GM's laptop, a player's phone, and a TV showing the table screen without a login. The
TV follows the turn, a condition and the log, and never shows the hidden goblin; the phone taken offline says so, and
back online says "live" with the turn that moved meanwhile."""

from playwright.sync_api import expect

from combat import commands
from tests.e2e.test_live_encounter import LAPTOP, PHONE

HIDDEN = "Sneaky Goblin"
TV = {"viewport": {"width": 1920, "height": 1080}}
SMALL_LAPTOP = {"width": 1366, "height": 768}
PHONE_SIZE = {"width": 360, "height": 740}
SOCKET_OPEN = "() => document.querySelector('[ws-connect]')['htmx-internal-data']?.webSocket?.socket?.readyState === 1"


def assert_fits(page, size):
    page.set_viewport_size(size)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def assert_hides_the_goblin(page):
    expect(page.locator("body")).not_to_contain_text(HIDDEN)
    assert HIDDEN not in page.content()


def test_the_table_screen_follows_the_fight_and_a_phone_says_when_it_is_behind(table, login, browser, asgi_server):
    commands.add_condition(table.encounter, table.gm, combatant=table.orc.pk, condition="Prone", remaining=2)
    commands.start(table.encounter, table.gm)  # the hidden goblin acts first
    commands.apply_damage(table.encounter, table.gm, combatant=table.hidden_goblin.pk, amount=1)
    path = f"/encounters/{table.encounter.pk}/"
    gm = login("gm", **LAPTOP)
    gm_page = gm.open(path)
    expect(gm_page.locator("#round-status [data-connection]")).to_have_text("live")

    gm_page.click("#table-links-link")
    gm_page.click("#create-table-link")
    expect(gm_page.locator(".messages")).to_contain_text("New table screen link")
    address = gm_page.locator("input.copy").input_value()

    tv_context = browser.new_context(**TV)
    try:
        tv = tv_context.new_page()
        tv_errors = []
        tv.on("pageerror", lambda error: tv_errors.append(str(error)))
        tv.goto(address)
        tv.wait_for_function(SOCKET_OPEN)
        expect(tv.locator("#table-now [data-connection]")).to_have_text("live")
        expect(tv.locator("#table-now")).to_contain_text("Waiting…")
        expect(tv.locator("#table-order")).to_contain_text("Prone")
        expect(tv.locator("#table-order")).to_contain_text("2 rounds left")
        assert_hides_the_goblin(tv)
        assert float(tv.locator(".table-turn").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 48

        phone = login("bruno", **PHONE)
        phone_page = phone.open(path)
        expect(phone_page.locator("#strip [data-connection]")).to_have_text("live")

        gm_page.goto(gm.base_url + path)
        gm_page.wait_for_function(SOCKET_OPEN)
        gm_page.click("#next-turn")  # to Gunther
        expect(tv.locator("#table-active")).to_have_text("Gunther")
        expect(tv.locator("#table-now")).to_contain_text("as of round 1, Gunther's turn")
        expect(phone_page.locator(".your-turn")).to_contain_text("Your turn, Gunther")

        commands.add_condition(table.encounter, table.gm, combatant=table.gunther.pk, condition="Bleeding", count=2)
        expect(tv.locator("#table-order")).to_contain_text("Bleeding ×2")
        expect(tv.locator("#table-log")).to_contain_text("Gunther gains Bleeding ×2")
        assert_hides_the_goblin(tv)

        phone.context.set_offline(True)
        expect(phone_page.locator("#strip [data-connection]")).to_contain_text("offline since")
        gm_page.click("#next-turn")  # to Anders, while the phone is away
        expect(tv.locator("#table-active")).to_have_text("Anders")
        phone.context.set_offline(False)
        expect(phone_page.locator("#strip [data-connection]")).to_have_text("live")
        expect(phone_page.locator("#active-name")).to_have_text("Anders")
        expect(phone_page.locator("#strip")).to_contain_text("as of round 1, Anders's turn")

        assert_hides_the_goblin(tv)
        assert_fits(tv, SMALL_LAPTOP)
        assert_fits(tv, PHONE_SIZE)
        assert_fits(gm_page, SMALL_LAPTOP)
        assert_fits(phone_page, PHONE_SIZE)
        assert tv_errors == [] and gm.errors == [] and phone.errors == []
    finally:
        tv_context.close()
