"""The GM screen fits a 1366×768 laptop, in each system's demo fight grown to ten combatants: every row of the turn
order shows without scrolling, the side column (its turn tools, open tests, attack and log) starts on the screen and
scrolls on its own, the page is never wider than the screen, and a row's forms open from its toggle."""

import random

import pytest
from playwright.sync_api import expect

from combat import commands
from combat.models import Combatant, Encounter
from rules.engine.dice import Dice
from rules.loading import load
from systems.symbaroum import demo as symbaroum_demo
from systems.wfrp3e import demo as wfrp3e_demo
from systems.wfrp4e import demo as wfrp4e_demo
from tests.e2e.boxes import box_of

WIDTH, HEIGHT = 1366, 768
SCREEN = {"viewport": {"width": WIDTH, "height": HEIGHT}}


def ten_combatants(seed, name):
    """The demo's running fight of a system, with ad-hoc adversaries added up to ten combatants."""
    load()
    seed()
    encounter = Encounter.objects.get(name=name)
    gm = encounter.campaign.gm
    dice = Dice(random.Random(5))
    for number in range(10 - encounter.combatants.count()):
        commands.add_combatant(encounter, gm, name=f"Wolf {number + 1}", max_wounds=6, initiative=1, dice=dice)
    encounter.refresh_from_db()
    return encounter, gm


def named(encounter, name):
    return Combatant.objects.get(encounter=encounter, name=name)


def open_test_wfrp3e(encounter, gm):
    commands.execute(encounter, gm, "ask_initiative", {"combatant": named(encounter, "Katarina Vogel").pk})


def open_test_symbaroum(encounter, gm):
    # The active goblin attacks a player character, who rolls her defence on her phone: an open test.
    target = named(encounter, "Ulrika Vinterdotter")
    commands.execute(encounter, gm, "attack", {"attacker": encounter.active_id, "target": target.pk})


FIGHTS = {
    "wfrp4e": (wfrp4e_demo.seed, wfrp4e_demo.ENCOUNTER, None),
    "symbaroum": (symbaroum_demo.seed, symbaroum_demo.ENCOUNTER, open_test_symbaroum),
    "wfrp3e": (wfrp3e_demo.seed, wfrp3e_demo.ENCOUNTER, open_test_wfrp3e),
}


def box(page, selector):
    return box_of(page.locator(selector).first)


@pytest.mark.parametrize("system", FIGHTS)
def test_the_gm_screen_fits_a_laptop(system, login):
    seed, name, open_test = FIGHTS[system]
    encounter, gm = ten_combatants(seed, name)
    if open_test:
        open_test(encounter, gm)
    viewer = login("gm", "gm", **SCREEN)
    page = viewer.open(f"/encounters/{encounter.pk}/")

    rows = page.locator("#initiative tbody tr")
    expect(rows).to_have_count(10)
    for index in range(10):
        row = box_of(rows.nth(index))
        assert row["y"] >= 0 and row["y"] + row["height"] <= HEIGHT, f"row {index + 1} is off the screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    assert page.evaluate("document.documentElement.scrollHeight") <= HEIGHT  # only the columns scroll

    # The side column starts on the screen; what it holds is reached by scrolling it, never the page.
    side = box(page, ".gm-side")
    assert side["x"] > WIDTH / 2 and 0 <= side["y"] < HEIGHT and side["y"] + side["height"] <= HEIGHT
    parts = ["#prompts", "#log", "#turn-tools"] + (["#attack-panel"] if system == "wfrp4e" else [])
    for part in parts:
        assert page.locator(f".gm-side {part}").count() == 1, f"{part} is not in the side column"
    if open_test:
        expect(page.locator("#prompts .prompt").first).to_be_in_viewport()
    page.locator(".gm-side #log").scroll_into_view_if_needed()
    expect(page.locator("#log")).to_be_in_viewport()
    assert page.evaluate("window.scrollY") == 0

    # A row's forms open from its toggle, by keyboard too, and stay on the screen.
    last = rows.nth(9)
    last.locator("summary").focus()
    page.keyboard.press("Enter")
    pk = last.get_attribute("id").removeprefix("combatant-")
    expect(page.locator(f"#wounds-{pk} input[name=amount]")).to_be_visible()
    expect(last.get_by_role("button", name="Remove")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH

    # One row's tools at a time (an open panel lies over the rows below), and Escape folds them.
    first = rows.nth(0)
    first.locator("summary").click()
    expect(first.locator("details.row-tools")).to_have_attribute("open", "")
    expect(last.locator("details.row-tools")).not_to_have_attribute("open", "")
    page.keyboard.press("Escape")
    expect(first.locator("details.row-tools")).not_to_have_attribute("open", "")
    assert viewer.errors == []


def test_initiative_saves_once_on_enter_then_leaving_the_field_and_on_leaving_it_alone(login):
    encounter, gm = ten_combatants(*FIGHTS["wfrp4e"][:2])
    wolf = commands.add_combatant(encounter, gm, name="Wolf", max_wounds=6).result["combatant"]
    page = login("gm", "gm", **SCREEN).open(f"/encounters/{encounter.pk}/")
    posts = []
    page.on("request", lambda request: request.method == "POST" and posts.append(request.url))
    field = page.locator(f"#initiative-{wolf} input[name=value]")

    field.fill("7")
    field.press("Enter")
    page.keyboard.press("Tab")
    expect(page.locator("#flash.success")).to_contain_text("Wolf's initiative is 7.")
    field.fill("9")
    page.keyboard.press("Tab")
    expect(page.locator("#flash.success")).to_contain_text("Wolf's initiative is 9.")
    expect(page.locator("#log li").first).to_contain_text("Wolf's initiative is 9.")
    expect(page.locator("#last-event")).to_be_hidden()  # what the GM did shows once, in the flash

    assert [url.rsplit("/", 2)[-2] for url in posts] == ["set_initiative", "set_initiative"]
    assert encounter.log.filter(command="set_initiative").count() == 2


def test_wfrp4e_the_roll_is_on_the_screen_once_attacker_and_target_are_picked_and_tests_pit_foes(login):
    encounter, gm = ten_combatants(*FIGHTS["wfrp4e"][:2])
    active = encounter.active
    foes = Combatant.objects.filter(encounter=encounter).exclude(side=active.side).order_by("position")
    page = login("gm", "gm", **SCREEN).open(f"/encounters/{encounter.pk}/")

    # The GM scrolls the side column to the attack and picks the last foe: the roll needs no more scrolling.
    page.locator("#attack-attacker").scroll_into_view_if_needed()
    page.locator("#attack-target").select_option(str(foes.last().pk))
    expect(page.locator("#attack-panel")).to_have_attribute("data-target", str(foes.last().pk))
    expect(page.locator("#attack-actions")).to_be_in_viewport(ratio=0.95)
    expect(page.locator("#attack-attacker")).to_be_in_viewport()
    roll = box(page, "#attack-actions")
    assert 0 <= roll["y"] and roll["y"] + roll["height"] <= HEIGHT, "the roll is below the fold"

    # Batter or Trick pits the active combatant against their first foe in the order, never against themselves.
    batter = page.locator("#batter-or-trick")
    expect(batter.locator("select[name=initiator]")).to_have_value(str(active.pk))
    expect(batter.locator("select[name=opponent]")).to_have_value(str(foes.first().pk))
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
