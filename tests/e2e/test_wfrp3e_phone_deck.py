"""A WFRP 3e fight on a 360×740 phone and a 1366×768 laptop: Katarina, anna's wizard, with a deck of two cards, is
offered only those on her phone; a move leaves Disengage safely unticked until she ticks it; the flash answering her
card never covers the symbols she must type; "Roll for me" shows what came of it as her news; no page is wider than
its screen."""

import pytest
from playwright.sync_api import expect

from combat import commands
from combat.models import Combatant, Encounter
from rules.loading import load
from systems.wfrp3e.demo import seed as seed_wfrp3e
from tests.e2e.boxes import box_of
from tests.e2e.test_live_encounter import PHONE
from tests.factories import UserFactory

KATARINA, LUKAS, BEASTMAN = "Katarina Vogel", "Brother Lukas", "Beastman Gor Skarr"
WIDE = {"viewport": {"width": 1366, "height": 768}}
DECK = ["Melee Strike", "Assess the Situation"]


@pytest.fixture
def shrine(transactional_db):
    """The demo's campaign, Katarina's deck cut to two cards; her turn in round 1, the beastman and Lukas after."""
    load()
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign, _ = seed_wfrp3e()
    katarina = campaign.characters.get(name=KATARINA)
    katarina.points = {**katarina.points, "action_cards": DECK}
    katarina.save()
    encounter = Encounter.objects.create(campaign=campaign, name="The shrine on the hill")
    for initiative, name in enumerate((LUKAS, BEASTMAN, KATARINA), start=1):
        commands.add_combatant(encounter, gm, character=campaign.characters.get(name=name).pk, initiative=initiative)
    commands.start(encounter, gm)
    return encounter


def where(locator):
    """The element's box in the viewport, measured by the page itself: as it is even once a flash has faded."""
    return locator.evaluate("element => element.getBoundingClientRect().toJSON()")


def overlaps(one, other):
    return not (
        one["x"] + one["width"] <= other["x"]
        or other["x"] + other["width"] <= one["x"]
        or one["y"] + one["height"] <= other["y"]
        or other["y"] + other["height"] <= one["y"]
    )


def test_her_deck_her_move_her_roll_and_the_flash_on_her_phone(shrine, login):
    path = f"/encounters/{shrine.pk}/"
    gm_viewer, anna_viewer = login("gm", **WIDE), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    katarina = Combatant.objects.get(encounter=shrine, name=KATARINA).pk
    expect(anna.locator(".your-turn")).to_contain_text(f"Your turn, {KATARINA}")

    # Only her own two cards on her phone.
    own_card = anna.locator(f"#phone-action-{katarina}")
    expect(own_card.locator("select[name=card] option")).to_have_text(sorted(DECK))

    # A move between range bands: disengaging safely is hers to tick, on the GM's screen and her phone alike.
    for screen in (gm, anna):
        expect(screen.locator("#manoeuvres input[name=safely]")).not_to_be_checked()

    # She plays Melee Strike at the beastman: the flash answers while the symbols wait for her, uncovered.
    own_card.locator("select[name=card]").select_option("Melee Strike")
    beastman = Combatant.objects.get(encounter=shrine, name=BEASTMAN).pk
    own_card.locator("select[name=target]").select_option(str(beastman))
    own_card.locator(f"#phone-action-submit-{katarina}").click()
    prompt = anna.locator("form.prompt")
    expect(prompt).to_be_visible()
    flash = anna.locator("#flash.success")
    expect(flash).to_contain_text("Melee Strike")
    for field in ("successes", "boons", "banes", "exertions"):
        symbol = prompt.locator(f"input[name={field}]")
        symbol.scroll_into_view_if_needed()
        assert not overlaps(where(flash), box_of(symbol)), field
    strip = box_of(anna.locator("#strip"))
    assert where(flash)["y"] + where(flash)["height"] <= strip["y"] + strip["height"]

    # "Roll for me": what came of it is her news.
    prompt.locator(".roll").click()
    expect(anna.locator("form.prompt")).to_have_count(0)
    expect(anna.locator(f"#my-news-{katarina}")).to_contain_text(f"{KATARINA}'s Melee Strike at {BEASTMAN}")

    for page, width in ((gm, 1366), (anna, 360)):
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert gm_viewer.errors == [] and anna_viewer.errors == []
