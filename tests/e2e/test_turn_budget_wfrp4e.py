"""The turn's budget in a WFRP 4e fight, in the browser: the GM stuns Anders on his own turn, his row and Anna's
phone show the Action gone because of it, the GM's tick of his Action is refused naming Stunned and offers to allow
it anyway; the GM does, the log says so, and Undo gives the turn back as it was."""

from playwright.sync_api import expect

from tests.e2e.allow_anyway import allowed, give_condition, offered
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import settled
from tests.e2e.test_wfrp4e_fight import ambush, combatant  # noqa: F401 (ambush is the fixture)

STUNNED = "Stunned: no Action, half Move"
REFUSAL = f"Anders cannot do that: {STUNNED} this turn. The GM can allow it anyway."
ALLOWED = f"The GM allows it anyway (Anders, {STUNNED} this turn)."


def test_a_stunned_combatants_action_is_refused_until_the_gm_allows_it_and_undo_takes_it_back(ambush, login):  # noqa: F811
    path = f"/encounters/{ambush.pk}/"
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    anders = combatant(ambush, "Anders").pk
    gm.locator("#next-turn").click()
    expect(gm.locator("#active-name")).to_have_text("Anders")
    expect(anna.locator(".your-turn")).to_contain_text("Your turn, Anders")
    budget, on_phone = gm.locator(f"#budget-{anders}"), anna.locator(f"#my-combatant-{anders} .my-budget")
    expect(budget).to_have_text("Move: left · Action: left")
    expect(on_phone).to_have_text("Your turn — Move: left · Action: left")

    # The GM stuns him with his row's condition form, on his own turn.
    give_condition(gm, ambush, anders, "Stunned")
    expect(budget).to_have_text(f"Move: left · Action: none, {STUNNED}")
    expect(on_phone).to_have_text(f"Your turn — Move: left · Action: none, {STUNNED}")
    expect(anna.locator("#my-turn-parts")).to_have_text("Move free · No Action (Stunned)")
    action = gm.locator("#turn-action")
    expect(action).to_have_text("No Action (Stunned)")
    expect(action).not_to_have_class("tick used")

    # His Action ticked on the GM screen: refused, in words naming Stunned, and nothing changes.
    settled(gm, ambush)
    action.click()
    allow = offered(gm, REFUSAL)
    expect(gm.locator("#turn-action-back")).to_have_count(0)
    expect(action).not_to_have_class("tick used")
    expect(anna.locator("#flash")).not_to_contain_text("Stunned")  # the GM's refusal is the GM's alone

    # The GM allows it anyway: the same command again, at the version the screen shows; the Action is used, the log
    # and the last event say the GM allowed it.
    allowed(gm, ambush, allow, {"part": "action", "used": "true"}, ALLOWED)
    expect(action).to_have_class("tick used")
    expect(gm.locator("#turn-action-back")).to_be_visible()
    expect(budget).to_have_text(f"Move: left · Action: none, {STUNNED}")  # still Stunned: nothing more is left
    ambush.refresh_from_db()
    expect(anna.locator("#encounter-version")).to_have_attribute("data-version", str(ambush.version))
    expect(on_phone).to_have_text(f"Your turn — Move: left · Action: none, {STUNNED}")

    # Undo takes the allowed Action back: logged as undone, the tick as it was before.
    settled(gm, ambush)
    gm.locator("#undo").click()
    undid = gm.locator("#log li").first
    expect(undid).to_contain_text("Undid: Anders")
    expect(undid).to_contain_text(ALLOWED)
    expect(gm.locator("#log li.undone").first).to_contain_text(ALLOWED)
    expect(gm.locator("#turn-action-back")).to_have_count(0)
    expect(action).to_have_text("No Action (Stunned)")
    expect(action).not_to_have_class("tick used")
    ambush.refresh_from_db()
    expect(anna.locator("#encounter-version")).to_have_attribute("data-version", str(ambush.version))
    expect(on_phone).to_have_text(f"Your turn — Move: left · Action: none, {STUNNED}")
    assert ambush.state.turn.get("actions", 0) == 0

    assert anna.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm_viewer.errors == [] and anna_viewer.errors == []
