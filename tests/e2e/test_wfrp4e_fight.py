"""Two rounds of WFRP 4e as written, in the browser: two PCs against three orcs, attacks resolved with the
GM's attack form, Group Advantage moving, and Anna's phone following along."""

import re

import pytest
from playwright.sync_api import expect

from characters.models import Campaign, Character
from combat import commands
from combat.models import Combatant, Encounter
from rules.loading import load
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.factories import UserFactory, equip

ANDERS = {"WS": 42, "BS": 31, "S": 38, "T": 41, "I": 35, "Ag": 33, "Dex": 28, "Int": 30, "WP": 34, "Fel": 29}
GUNTHER = {"WS": 28, "BS": 30, "S": 27, "T": 31, "I": 41, "Ag": 36, "Dex": 35, "Int": 45, "WP": 47, "Fel": 33}
ORC = {"WS": 41, "BS": 25, "S": 35, "T": 45, "I": 25, "Ag": 30, "Dex": 20, "Int": 20, "WP": 30, "Fel": 20}


@pytest.fixture
def ambush(transactional_db):
    """Gunther (Melee 33, damage 6) and Anders (Melee 52, damage 7) against three orcs (Melee 51, TB 4, AP 1)."""
    load()
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign = Campaign.objects.create(name="Reikland", system="wfrp4e", gm=gm)
    campaign.players.add(anna, bruno)
    encounter = Encounter.objects.create(campaign=campaign, name="Orcs at the ford")
    sheets = [
        ("Gunther", bruno, 11, GUNTHER, {"Melee (Basic)": 5}, ["Hand Weapon"], ["Leather Jerkin"], 41),
        ("Anders", anna, 14, ANDERS, {"Melee (Basic)": 10}, ["Hand Weapon"], ["Mail Shirt", "Leather Jack"], 35),
        *(
            (f"Orc {n}", None, 12, ORC, {"Melee (Basic)": 10}, ["Hand Weapon"], ["Leather Jack"], 30 - 5 * n)
            for n in (1, 2, 3)
        ),
    ]
    for name, player, wounds, stats, skills, weapons, armour, initiative in sheets:
        character = Character.objects.create(
            campaign=campaign, name=name, player=player, is_npc=player is None, max_wounds=wounds
        )
        equip(character, stats, skills, weapons, armour)
        commands.add_combatant(encounter, gm, character=character.pk, initiative=initiative)
    commands.start(encounter, gm)
    return encounter


def combatant(encounter, name):
    return Combatant.objects.get(encounter=encounter, name=name)


def attack(page, encounter, attacker, target, attacker_roll, defender_roll):
    """Fill in the GM's attack form, preview it, and return the preview box."""
    panel = page.locator("#attack-panel")
    for field, name in (("attacker", attacker), ("target", target)):
        pk = str(combatant(encounter, name).pk)
        select = panel.locator(f"select[name={field}]")
        if select.input_value() != pk:
            select.select_option(pk)
            # The choice reloads the panel: wait for the one rendered for it, not the one it replaces.
            expect(panel).to_have_attribute(f"data-{field}", pk)
            expect(panel.locator(f"select[name={field}]")).to_have_value(pk)
    expect(panel.locator("select[name=defence]")).to_have_value("Melee (Basic)")
    panel.locator("input[name=attacker_roll]").fill(str(attacker_roll))
    panel.locator("input[name=defender_roll]").fill(str(defender_roll))
    panel.locator("#preview-attack").click()
    return page.locator("#attack-result")


def apply(page):
    page.locator("#apply-attack").click()
    expect(page.locator("#attack-result")).to_have_count(0)


def wounds(page, encounter, name):
    return page.locator(f"#combatant-{combatant(encounter, name).pk} .wound-count")


def next_turn(page, expected_active):
    page.locator("#next-turn").click()
    expect(page.locator("#active-name")).to_have_text(expected_active)


def test_two_rounds_two_pcs_against_three_orcs(ambush, login):
    path = f"/encounters/{ambush.pk}/"
    gm = login("gm", **LAPTOP)
    page = gm.open(path)
    phone_viewer = login("anna", **PHONE)
    phone = phone_viewer.open(path)
    expect(page.locator("#active-name")).to_have_text("Gunther")

    # Round 1. Gunther 12 vs 33: +2 SL; Orc 1 58 vs 51: +0. Reversed 12 -> 21, left arm: 6 + 2 - (4 + 1) = 3.
    result = attack(page, ambush, "Gunther", "Orc 1", 12, 58)
    expect(result).to_contain_text("Hit: Left arm")
    expect(result).to_contain_text("Damage 8 − (TB 4 + AP 1) = 3 wounds")
    expect(result).to_contain_text("Allies +1 Advantage (Winning)")
    expect(wounds(page, ambush, "Orc 1")).to_have_text("12/12")  # a preview changes nothing
    apply(page)
    expect(wounds(page, ambush, "Orc 1")).to_have_text("9/12")
    expect(page.locator("#pool-ally")).to_have_text("1")
    expect(phone.locator("#player-pools")).to_contain_text("Allies' Advantage 1", timeout=2000)

    # Anders 05 vs 52: +5 SL (and 01-05 always succeeds); Orc 2 90 vs 51: -4. Reversed 05 -> 50, body:
    # 7 + 9 - (4 + 1) = 11.
    next_turn(page, "Anders")
    expect(phone.locator(".your-turn")).to_contain_text("Your turn, Anders", timeout=2000)
    result = attack(page, ambush, "Anders", "Orc 2", 5, 90)
    expect(result).to_contain_text("Hit: Body")
    apply(page)
    expect(wounds(page, ambush, "Orc 2")).to_have_text("1/12")
    expect(page.locator("#pool-ally")).to_have_text("2")

    # Orc 1 34 vs 51: +2; Anders 61 vs 52: -1. Reversed 34 -> 43, right arm (Leather Jack 1): 7 + 3 - 5 = 5.
    next_turn(page, "Orc 1")
    result = attack(page, ambush, "Orc 1", "Anders", 34, 61)
    expect(result).to_contain_text("Hit: Right arm")
    expect(result).to_contain_text("Adversaries +1 Advantage (Winning)")
    apply(page)
    expect(wounds(page, ambush, "Anders")).to_have_text("9/14")
    expect(phone.locator("#sheet .wound-count")).to_contain_text("9 / 14 wounds", timeout=2000)

    # Orcs 2 and 3 do nothing; the round ends with 2 allies against 3 orcs standing.
    next_turn(page, "Orc 2")
    next_turn(page, "Orc 3")
    page.locator("#next-turn").click()
    expect(page.locator("#round-end")).to_contain_text("End of round 1: 2 allies vs 3 adversaries standing")
    expect(page.locator("#round-end button.primary")).to_have_text("Adversaries")  # the proposal
    page.locator("#round-end button.primary").click()
    expect(page.locator("#round-end")).to_have_count(0)
    expect(page.locator("#pool-ally")).to_have_text("1")
    expect(page.locator("#pool-adversary")).to_have_text("2")
    expect(phone.locator("#player-pools")).to_contain_text("Allies' Advantage 1", timeout=2000)
    expect(phone.locator("#player-pools")).to_contain_text("Foes' 2")

    # Round 2. Gunther 22 vs 33: +1 and a double: a Critical. Orc 1 70 vs 51: -2. Left arm: 6 + 3 - 5 = 4.
    expect(page.locator("#round-number")).to_have_text("2")
    result = attack(page, ambush, "Gunther", "Orc 1", 22, 70)
    expect(result.locator(".critical")).to_contain_text("critical table")
    apply(page)
    expect(wounds(page, ambush, "Orc 1")).to_have_text("5/12")

    # Anders 40 vs 52: +1; Orc 2 76 vs 51: -2. Reversed 40 -> 04, head (no helmet): 7 + 3 - 4 = 6 > 1 left.
    next_turn(page, "Anders")
    result = attack(page, ambush, "Anders", "Orc 2", 40, 76)
    expect(result).to_contain_text("Hit: Head")
    apply(page)
    expect(wounds(page, ambush, "Orc 2")).to_have_text("0/12")
    expect(page.locator("#pool-ally")).to_have_text("3")
    expect(phone.locator("#player-pools")).to_contain_text("Allies' Advantage 3", timeout=2000)

    log = page.locator("#log")
    expect(log).to_contain_text("Anders attacks Orc 2 with Hand Weapon: 40 vs 52 (+1 SL)")
    expect(log).to_contain_text("End of round 1: Adversaries dominate; Allies 1, Adversaries 2.")
    expect(log).to_contain_text("Orc 1 attacks Anders with Hand Weapon: 34 vs 51 (+2 SL)")
    expect(log).to_contain_text("Gunther attacks Orc 1 with Hand Weapon: 12 vs 33 (+2 SL)")
    final = {c.name: c.wounds for c in ambush.combatants.all()}
    assert final == {"Gunther": 11, "Anders": 9, "Orc 1": 5, "Orc 2": 0, "Orc 3": 12}
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm.errors == [] and phone_viewer.errors == []


def test_choices_made_while_the_attack_panel_reloads_are_kept(ambush, login):
    """The GM picks an attacker and at once a target, a defence and a roll, all before the panel for the new attacker
    is back. That answer comes first, while the one for the target is still on its way: nothing the GM chose may be
    undone."""
    gm = login("gm", **LAPTOP)
    page = gm.open(f"/encounters/{ambush.pk}/")
    panel = page.locator("#attack-panel")
    roll = panel.locator("input[name=attacker_roll]")
    anders, orc_3 = (str(combatant(ambush, name).pk) for name in ("Anders", "Orc 3"))
    expect(panel).to_have_attribute("data-attacker", str(combatant(ambush, "Gunther").pk))
    page.evaluate(  # counts the panel's answers as they arrive, shown or not
        """() => document.addEventListener("htmx:beforeSwap", (event) => {
            if (event.detail.target.id === "attack-panel") window.panelAnswers = (window.panelAnswers || 0) + 1;
        })"""
    )
    reloads = []

    def answer_the_first_reload_first(route):
        reloads.append(route)
        is_first = len(reloads) == 1
        expect(roll).to_have_value("45")  # every reload waits until the GM has chosen everything
        if not is_first:
            page.wait_for_function("() => window.panelAnswers >= 1")  # the first answer is in
        route.continue_()

    page.route(re.compile(r"/attack/\?"), answer_the_first_reload_first)
    panel.locator("select[name=attacker]").select_option(anders)
    panel.locator("select[name=target]").select_option(orc_3)
    panel.locator("select[name=defence]").select_option("")
    roll.fill("45")

    expect(panel).to_have_attribute("data-attacker", anders)
    expect(panel).to_have_attribute("data-target", orc_3)
    expect(panel.locator("select[name=attacker]")).to_have_value(anders)
    expect(panel.locator("select[name=target]")).to_have_value(orc_3)
    expect(panel.locator("select[name=defence]")).to_have_value("")
    expect(roll).to_have_value("45")
    expect(roll).to_be_focused()  # the GM types on where they were
    assert gm.errors == []


def test_nothing_in_the_attack_panel_can_change_while_the_attack_is_applied(ambush, login):
    """Applying answers with a fresh form for the next attack, so the panel takes no choices until it is back."""
    gm = login("gm", **LAPTOP)
    page = gm.open(f"/encounters/{ambush.pk}/")
    expect(attack(page, ambush, "Gunther", "Orc 1", 12, 58)).to_contain_text("Hit: Left arm")

    def answer_when_told(route):
        page.wait_for_function("() => window.applyMayAnswer")
        route.continue_()

    page.route("**/attack/", answer_when_told)
    page.locator("#apply-attack").click()
    for control in ("select[name=attacker]", "select[name=target]", "input[name=attacker_roll]", "#apply-attack"):
        expect(page.locator(f"#attack-panel {control}")).to_be_disabled()
    page.evaluate("window.applyMayAnswer = true")
    expect(page.locator("#attack-result")).to_have_count(0)
    expect(page.locator("#attack-panel select[name=attacker]")).to_be_enabled()
    expect(wounds(page, ambush, "Orc 1")).to_have_text("9/12")
    assert gm.errors == []
