"""The GM's row tools are one panel on the page, held by the row whose toggle is open: it stays with that row through
live updates from another GM screen, keeping what the GM typed, and shows what the row offers after it moved."""

from playwright.sync_api import expect

from tests.e2e.test_live_encounter import LAPTOP, open_row_tools
from tests.e2e.test_wfrp4e_fight import ambush, combatant  # noqa: F401 (ambush is the fixture)


def wounds_of(page, pk):
    return page.locator(f"#combatant-{pk} .wound-count")


def test_the_panel_survives_a_push_replacing_its_row_and_damages_that_row(login, ambush):  # noqa: F811
    path = f"/encounters/{ambush.pk}/"
    gm, other_screen = login("gm", **LAPTOP).open(path), login("gm", **LAPTOP).open(path)
    orc1, orc2, orc3 = (combatant(ambush, f"Orc {n}").pk for n in (1, 2, 3))
    open_row_tools(gm.locator(f"#combatant-{orc2}"))
    amount = gm.locator(f"#wounds-{orc2} input[name=amount]")
    amount.fill("3")  # the GM is typing when the other screen damages the same orc

    open_row_tools(other_screen.locator(f"#combatant-{orc2}"))
    other_screen.locator(f"#wounds-{orc2} input[name=amount]").fill("2")
    other_screen.locator(f"#wounds-{orc2} button.danger").click()

    expect(wounds_of(gm, orc2)).to_have_text("10/12")  # the pushed row replaced the one holding the panel
    expect(amount).to_have_value("3")
    expect(amount).to_be_focused()
    gm.locator(f"#wounds-{orc2} button.danger").click()
    expect(wounds_of(gm, orc2)).to_have_text("7/12")
    expect(amount).to_have_value("")  # sent, so cleared for the next
    for untouched in (orc1, orc3):
        expect(wounds_of(gm, untouched)).to_have_text("12/12")


def test_the_panel_shows_what_its_row_offers_after_a_push_moved_and_hid_it(login, ambush):  # noqa: F811
    path = f"/encounters/{ambush.pk}/"
    gm, other_screen = login("gm", **LAPTOP).open(path), login("gm", **LAPTOP).open(path)
    orc1 = combatant(ambush, "Orc 1").pk
    row = open_row_tools(gm.locator(f"#combatant-{orc1}"))  # third of five: up, down and hide
    up, down = row.locator("button[title='Move up']"), row.locator("button[title='Move down']")
    expect(up).to_have_attribute("value", "1")
    expect(down).to_have_attribute("value", "3")
    expect(row.get_by_role("button", name="Hide")).to_be_visible()
    expect(row.get_by_role("button", name="Reveal")).to_be_hidden()
    expect(row.get_by_role("button", name="Surprise")).to_be_visible()  # WFRP 4e's, while they are not Surprised

    other = open_row_tools(other_screen.locator(f"#combatant-{orc1}"))
    other.get_by_role("button", name="Surprise").click()
    expect(row.get_by_role("button", name="Surprise")).to_be_hidden()
    other.get_by_role("button", name="Hide").click()
    expect(row.get_by_role("button", name="Reveal")).to_be_visible()  # only the row was pushed
    expect(row.get_by_role("button", name="Hide")).to_be_hidden()
    for place in (4, 5):  # to the end of the order: the whole turn order is pushed
        other.locator("button[title='Move down']").click()
        expect(other_screen.locator("#initiative tbody tr").nth(place - 1)).to_have_id(f"combatant-{orc1}")

    expect(gm.locator("#initiative tbody tr").nth(4)).to_have_id(f"combatant-{orc1}")
    expect(row.locator("details.row-tools")).to_have_attribute("open", "")
    expect(up).to_have_attribute("value", "3")
    expect(down).to_be_hidden()
    expect(row.get_by_role("button", name="Remove")).to_be_visible()
    expect(row.get_by_role("button", name="Surprise")).to_be_hidden()
    expect(gm.locator(f"#wounds-{orc1} input[name=amount]")).to_have_attribute("aria-label", "Amount for Orc 1")
