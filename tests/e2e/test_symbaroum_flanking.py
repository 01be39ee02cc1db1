"""Flanking in the browser (seed 001 "Special Actions" › "Flanking"): once Ulrika and Ansgar are both in melee with
the goblin, the GM's attack form comes with the Advantage ticked and the reason beside it for Ansgar's blow on the
goblin, not for a blow on the troll nor for Ulrika's arrow; the GM may untick it, and a mark of lower ground made
meanwhile ticks it for an attack from above."""

from playwright.sync_api import expect

from combat import commands
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import pk, road  # noqa: F401  (the fixture)


def run(encounter, name, **args):
    encounter.refresh_from_db()
    return commands.execute(encounter, encounter.campaign.gm, name, args)


def test_the_attack_form_ticks_the_advantage_of_a_flanker(road, login):  # noqa: F811
    run(road, "next_turn")  # Ulrika
    run(road, "engage", target=pk(road, "Goblin"))
    run(road, "next_turn")  # Ansgar
    run(road, "engage", target=pk(road, "Goblin"))
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    path = f"/encounters/{road.pk}/"
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    form = gm.locator("#attack-form")
    box, why = form.locator("#attack-advantage"), form.locator("#attack-advantage-why")
    form.locator("select[name=attacker]").select_option(str(pk(road, "Ansgar")))
    form.locator("select[name=target]").select_option(str(pk(road, "Goblin")))
    expect(box).to_be_checked()
    expect(why).to_have_text("(flanking)")
    form.locator("select[name=target]").select_option(str(pk(road, "Troll")))
    expect(box).not_to_be_checked()
    expect(why).to_have_text("")
    form.locator("select[name=attacker]").select_option(str(pk(road, "Ulrika")))
    form.locator("select[name=target]").select_option(str(pk(road, "Goblin")))
    expect(box).not_to_be_checked()  # her longbow: a shot gains nothing from flanking
    form.locator("select[name=attacker]").select_option(str(pk(road, "Ansgar")))
    form.locator("select[name=target]").select_option(str(pk(road, "Goblin")))
    expect(box).to_be_checked()
    box.uncheck()  # the GM's call: the goblin has its back to a wall
    expect(box).not_to_be_checked()
    expect(gm.locator(f"#flanked-{pk(road, 'Goblin')}")).to_contain_text("flanked by Ulrika, Ansgar")
    expect(anna.locator(f"#my-positions-{pk(road, 'Ulrika')}")).to_have_count(0)

    gm.locator("#positions-tools summary").click()
    gm.locator(f"#lower-ground-toggle-{pk(road, 'Troll')}").click()
    expect(gm.locator(f"#lower-ground-{pk(road, 'Troll')}")).to_be_visible()
    form = gm.locator("#attack-form")
    form.locator("select[name=attacker]").select_option(str(pk(road, "Ulrika")))
    form.locator("select[name=target]").select_option(str(pk(road, "Troll")))
    expect(form.locator("#attack-advantage")).to_be_checked()
    expect(form.locator("#attack-advantage-why")).to_have_text("(from higher ground)")
    assert anna.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm_viewer.errors == [] and anna_viewer.errors == []
