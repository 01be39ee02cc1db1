"""The turn's budget in a WFRP 3e fight, in the browser: Katarina's fatigue is past twice her Toughness, so on her own
turn she is senseless (seed 003 "Impairments & Wounds"). Her row and Anna's phone say so, her manoeuvre from the
phone and the card the GM plays for her are refused naming Unconscious; the GM allows the card anyway, the log says
so, and Undo gives her turn its card back."""

from playwright.sync_api import expect

from characters.models import Character
from tests.e2e.allow_anyway import allowed, offered
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import settled
from tests.e2e.test_wfrp3e_fight import KATARINA, pk, storm  # noqa: F401 (storm is the fixture)

UNCONSCIOUS = "Unconscious: senseless, no turn (fatigue past twice Toughness)"
REFUSED = f"{KATARINA} cannot do that: {UNCONSCIOUS}."
ALLOWED = f"The GM allows it anyway ({KATARINA}, {UNCONSCIOUS})."
NOTHING_LEFT = " · ".join(
    [*(f"{part}: none, {UNCONSCIOUS}" for part in ("Action", "Free manoeuvre", "Free stance step")), UNCONSCIOUS]
)


def test_a_senseless_character_is_refused_until_the_gm_allows_the_card_and_undo_takes_it_back(storm, login):  # noqa: F811
    katarina = pk(storm, KATARINA)
    sheet = Character.objects.get(campaign=storm.campaign, name=KATARINA)  # Toughness 3
    sheet.points = {**sheet.points, "fatigue": 7}
    sheet.save()
    path = f"/encounters/{storm.pk}/"
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    expect(gm.locator("#active-name")).to_have_text(KATARINA)
    expect(anna.locator(".your-turn")).to_contain_text(f"Your turn, {KATARINA}")
    budget, on_phone = gm.locator(f"#budget-{katarina}"), anna.locator(f"#my-combatant-{katarina} .my-budget")
    expect(budget).to_have_text(NOTHING_LEFT)
    expect(on_phone).to_have_text(f"Your turn — {NOTHING_LEFT}")
    expect(anna.locator(f"#my-tags-{katarina}")).to_contain_text("Fatigue 7")

    # A manoeuvre from her phone: refused in words naming Unconscious, with nothing for a player to allow.
    anna.locator("#manoeuvre-one").click()
    expect(anna.locator("#flash")).to_have_text(REFUSED)
    expect(anna.locator("#allow-anyway")).to_have_count(0)
    expect(anna.locator("#my-turn-parts")).to_contain_text("0 manoeuvres")

    # The GM plays Assess the Situation for her: refused the same way, and offered to allow it anyway.
    settled(gm, storm)
    action = gm.locator("#action-form")
    action.locator("select[name=combatant]").select_option(str(katarina))
    action.locator("select[name=card]").select_option("Assess the Situation")
    action.locator("select[name=target]").select_option("")
    action.locator("#action-submit").click()
    allow = offered(gm, f"{REFUSED} The GM can allow it anyway.")
    expect(gm.locator("#prompts form.prompt")).to_have_count(0)

    # Allowed anyway: the same card again, at the version shown; the log says the GM allowed it, and her phone asks
    # for the check's symbols.
    allowed(gm, storm, allow, {"combatant": str(katarina), "card": "Assess the Situation"}, ALLOWED)
    expect(gm.locator("#log li").first).to_contain_text(f"{KATARINA} plays Assess the Situation")
    expect(anna.locator(f"#action-played-{katarina}")).to_contain_text("Assess the Situation")
    expect(anna.locator("form.prompt")).to_have_count(1)
    expect(on_phone).to_have_text(f"Your turn — {NOTHING_LEFT}")

    # Undo gives her turn its card back: no check waits, her phone offers the card again.
    settled(gm, storm)
    gm.locator("#undo").click()
    undid = gm.locator("#log li").first
    expect(undid).to_contain_text(f"Undid: {KATARINA} plays Assess the Situation")
    expect(undid).to_contain_text(ALLOWED)
    expect(anna.locator(f"#action-played-{katarina}")).to_have_count(0)
    expect(anna.locator(f"#phone-action-{katarina}")).to_be_visible()
    expect(anna.locator("form.prompt")).to_have_count(0)
    expect(gm.locator("form.prompt")).to_have_count(0)
    expect(budget).to_have_text(NOTHING_LEFT)
    storm.refresh_from_db()
    assert storm.state.turn.get("action") is None

    assert anna.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm_viewer.errors == [] and anna_viewer.errors == []
