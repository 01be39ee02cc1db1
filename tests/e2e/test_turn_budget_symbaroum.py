"""The turn's budget in a Symbaroum fight, in the browser: Ulrika is winded on her own turn, which costs her whole
turns (seed 001 "Alternate Rules" › "Hit Locations"). Her row and Anna's phone say so, the GM's tick of her Combat
Action is refused naming Winded until the GM allows it anyway, Undo takes it back, and the next round passes over
her turn, where the Winded ends."""

from playwright.sync_api import expect

from tests.e2e.allow_anyway import allowed, give_condition, offered
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import next_turn, pk, road, settled  # noqa: F401 (road is the fixture)

WINDED = "Winded: no turn"
REFUSAL = f"Ulrika cannot do that: {WINDED}. The GM can allow it anyway."
ALLOWED = f"The GM allows it anyway (Ulrika, {WINDED})."
NOTHING_LEFT = f"Combat Action: none, {WINDED} · Movement Action: none, {WINDED} · {WINDED}"


def test_a_winded_combatant_is_refused_until_the_gm_allows_it_and_misses_her_next_turn(road, login):  # noqa: F811
    path = f"/encounters/{road.pk}/"
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    ulrika = pk(road, "Ulrika")
    next_turn(gm, road, "Ulrika")
    expect(anna.locator(".your-turn")).to_contain_text("Your turn, Ulrika")
    budget, on_phone = gm.locator(f"#budget-{ulrika}"), anna.locator(f"#my-combatant-{ulrika} .my-budget")
    expect(budget).to_have_text("Combat Action: left · Movement Action: 2 left")
    expect(on_phone).to_have_text("Your turn — Combat Action: left · Movement Action: 2 left")

    # The GM winds her, for one turn, with her row's condition form.
    give_condition(gm, road, ulrika, "Winded", rounds="1")
    expect(budget).to_have_text(NOTHING_LEFT)
    expect(on_phone).to_have_text(f"Your turn — {NOTHING_LEFT}")
    combat = gm.locator("#turn-combat")
    expect(combat).to_have_text("Combat –")

    # Her Combat Action ticked on the GM screen: refused, naming Winded, and nothing changes.
    settled(gm, road)
    combat.click()
    allow = offered(gm, REFUSAL)
    expect(combat).to_have_text("Combat –")
    expect(combat).to_have_attribute("aria-pressed", "false")

    # The GM allows it anyway: the same command again at the version shown, logged as allowed.
    allowed(gm, road, allow, {"part": "combat", "used": "true"}, ALLOWED)
    expect(combat).to_have_text("Combat ✓")
    expect(combat).to_have_attribute("aria-pressed", "true")
    road.refresh_from_db()
    expect(anna.locator("#encounter-version")).to_have_attribute("data-version", str(road.version))
    expect(on_phone).to_have_text(f"Your turn — {NOTHING_LEFT}")

    # Undo takes the tick back.
    settled(gm, road)
    gm.locator("#undo").click()
    undid = gm.locator("#log li").first
    expect(undid).to_contain_text("Undid: Ulrika")
    expect(undid).to_contain_text(ALLOWED)
    expect(combat).to_have_text("Combat –")
    expect(combat).to_have_attribute("aria-pressed", "false")
    road.refresh_from_db()
    expect(anna.locator("#encounter-version")).to_have_attribute("data-version", str(road.version))

    # Round 2: the turn order passes over her, and the one turn the Winded costs her is paid.
    next_turn(gm, road, "Ansgar")
    expect(budget).to_have_text(WINDED)  # out of her turn: only the limit
    next_turn(gm, road, "Troll")
    next_turn(gm, road, "Goblin")
    expect(gm.locator("#round-number")).to_have_text("2")
    next_turn(gm, road, "Ansgar")
    expect(gm.locator("#flash.success")).to_contain_text("Ulrika is Winded: no turn. Ulrika's Winded ends.")
    expect(gm.locator(f"#combatant-{ulrika} .conditions")).not_to_contain_text("Winded")
    expect(budget).to_have_count(0)
    expect(anna.locator(f"#my-combatant-{ulrika} .my-budget")).to_have_count(0)
    expect(anna.locator(f"#my-combatant-{ulrika} .conditions")).not_to_contain_text("Winded")

    assert anna.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm_viewer.errors == [] and anna_viewer.errors == []
