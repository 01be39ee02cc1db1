"""Four rounds of WFRP 3e in the browser, GM laptop and two phones (seed 003 "End of Turn Phase"): the GM staggers
Katarina, anna's wizard, and plays Assess the Situation for her; anna types the symbols on her phone. At each end of
her turn a tracking token comes off the brief condition and a recharge token off the card, until the card is ready
again and the condition gone, on the GM screen and on her phone alike; bruno's phone never sees her roll. In the
fourth round she plays the card again herself, from her phone (the symbols form sent empty asks for them) and lets the
tracker roll; the GM's form then follows the turn to the beastman, whose check the GM dismisses."""

import pytest
from playwright.sync_api import expect

from combat import commands
from combat.models import Combatant, Encounter
from rules.loading import load
from systems.wfrp3e.demo import seed as seed_wfrp3e
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import next_turn, settled
from tests.factories import UserFactory

KATARINA, LUKAS, BEASTMAN = "Katarina Vogel", "Brother Lukas", "Beastman Gor Skarr"


@pytest.fixture
def storm(transactional_db):
    """The demo's Gathering Storm campaign: Katarina (anna's, Intelligence 4), Brother Lukas (bruno's) and the
    beastman, acting in that order; round 1 has begun."""
    load()
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign, _ = seed_wfrp3e()
    encounter = Encounter.objects.create(campaign=campaign, name="The shrine on the hill")
    for initiative, name in enumerate((BEASTMAN, LUKAS, KATARINA), start=1):
        commands.add_combatant(encounter, gm, character=campaign.characters.get(name=name).pk, initiative=initiative)
    commands.start(encounter, gm)
    return encounter


def pk(encounter, name):
    return Combatant.objects.get(encounter=encounter, name=name).pk


def logged(page, sentence):
    expect(page.locator("#log li").filter(has_text=sentence)).to_be_visible()


def test_a_brief_condition_and_a_recharging_card_run_out(storm, login):
    path = f"/encounters/{storm.pk}/"
    gm_viewer, anna_viewer, bruno_viewer = login("gm", **LAPTOP), login("anna", **PHONE), login("bruno", **PHONE)
    gm, anna, bruno = gm_viewer.open(path), anna_viewer.open(path), bruno_viewer.open(path)
    katarina = pk(storm, KATARINA)
    # Her tags on the GM's row and on her phone.
    screens = gm.locator(f"#combatant-{katarina}"), anna.locator(f"#my-tags-{katarina}")
    expect(gm.locator("#active-name")).to_have_text(KATARINA)
    expect(anna.locator(".your-turn")).to_contain_text(f"Your turn, {KATARINA}")

    # The GM staggers her with the condition-card form: a brief card, three tracking tokens.
    settled(gm, storm)
    conditions = gm.locator("#add-condition-card")
    conditions.locator("select[name=combatant]").select_option(str(katarina))
    conditions.locator("select[name=condition]").select_option("Staggered")
    conditions.get_by_role("button", name="Add", exact=True).click()
    for screen in screens:
        expect(screen.locator(".tag.condition-card")).to_have_text("Staggered · 3")
    logged(gm, f"{KATARINA} is Staggered (brief).")

    # The GM plays Assess the Situation for her: Intelligence 4 against an easy check's challenge die, 71.9 % to
    # succeed, asked on her phone and nowhere else but the GM screen.
    settled(gm, storm)
    action = gm.locator("#action-form")
    action.locator("select[name=combatant]").select_option(str(katarina))
    action.locator("select[name=card]").select_option("Assess the Situation")
    action.locator("select[name=target]").select_option("")  # the form offers the first enemy; this card needs none
    action.locator("#action-submit").click()
    logged(gm, f"{KATARINA} plays Assess the Situation: 4 characteristic, 1 challenge, 71.9 % to succeed.")
    storm.refresh_from_db()
    (prompt,) = storm.state.prompts
    ask = prompt["id"]
    expect(anna.locator(f"#pool-{ask}")).to_contain_text("4 characteristic, 1 challenge")
    expect(anna.locator(f"#chance-{ask}")).to_have_text("71.9 %")
    expect(gm.locator(f"#chance-{ask}")).to_have_text("71.9 %")
    expect(bruno.locator(f"#prompt-{ask}")).to_have_count(0)
    expect(bruno.locator("form.prompt")).to_have_count(0)
    expect(bruno.locator(f"#my-tags-{katarina}")).to_have_count(0)

    on_phone = anna.locator(f"#prompt-{ask}")
    on_phone.locator("input[name=successes]").fill("2")
    on_phone.locator("input[name=boons]").fill("1")
    on_phone.locator("button.primary").click()
    expect(on_phone).to_have_count(0)
    expect(gm.locator(f"#prompt-{ask}")).to_have_count(0)
    for screen in screens:
        expect(screen.locator(".tag.recharging")).to_have_text("Assess the Situation ⟳2")
    logged(gm, "Assess the Situation recharges (2 tokens).")

    # The end of her turn (the GM's N key): a token off each.
    settled(gm, storm)
    gm.locator("#action-submit").focus()  # not a field: the shortcut is ignored while typing
    gm.keyboard.press("n")
    expect(gm.locator("#active-name")).to_have_text(LUKAS)
    for screen in screens:
        expect(screen.locator(".tag.condition-card")).to_have_text("Staggered · 2")
        expect(screen.locator(".tag.recharging")).to_have_text("Assess the Situation ⟳1")
    logged(gm, f"{KATARINA}'s Staggered: a tracking token off, 2 tracking tokens left.")
    logged(gm, f"{KATARINA}'s Assess the Situation: a recharge token off, 1 recharge token left.")

    # Round 2: the end of her next turn leaves the card ready and one token on the condition.
    next_turn(gm, storm, BEASTMAN)
    next_turn(gm, storm, KATARINA)
    expect(gm.locator("#round-number")).to_have_text("2")
    next_turn(gm, storm, LUKAS)
    for screen in screens:
        expect(screen.locator(".tag.condition-card")).to_have_text("Staggered · 1")
        expect(screen.locator(".tag.recharging")).to_have_count(0)
    logged(gm, f"{KATARINA}'s Staggered: a tracking token off, 1 tracking token left.")
    logged(gm, f"{KATARINA}'s Assess the Situation: a recharge token off, ready again.")

    # Round 3: the end of her third turn takes the last token, and the condition with it.
    next_turn(gm, storm, BEASTMAN)
    next_turn(gm, storm, KATARINA)
    expect(gm.locator("#round-number")).to_have_text("3")
    next_turn(gm, storm, LUKAS)
    for screen in screens:
        expect(screen.locator(".tag.condition-card")).to_have_count(0)
        expect(screen.locator(".tag.recharging")).to_have_count(0)
    logged(gm, f"{KATARINA}'s Staggered: a tracking token off, it ends.")
    expect(bruno.locator("form.prompt")).to_have_count(0)

    # Round 4: on her own turn she plays the card again from her phone and taps "Roll for me".
    next_turn(gm, storm, BEASTMAN)
    next_turn(gm, storm, KATARINA)
    own_card = anna.locator(f"#phone-action-{katarina}")
    own_card.locator("select[name=card]").select_option("Assess the Situation")
    own_card.locator("select[name=target]").select_option("")
    own_card.locator(f"#phone-action-submit-{katarina}").click()
    rolled = anna.locator("form.prompt")
    expect(rolled).to_be_visible()
    rolled.get_by_role("button", name="Enter the symbols").click()  # nothing typed: asked for, not rolled
    expect(anna.locator("#flash")).to_contain_text("Type the symbols your dice show")
    expect(rolled).to_be_visible()
    rolled.locator(".roll").click()
    for screen in screens:
        expect(screen.locator(".tag.recharging")).to_have_text("Assess the Situation ⟳2")
    expect(anna.locator(f"#action-played-{katarina}")).to_contain_text("Assess the Situation")
    expect(anna.locator("form.prompt")).to_have_count(0)

    # The beastman's turn: the GM plays a card for it, thinks better of it and dismisses the check.
    next_turn(gm, storm, LUKAS)
    next_turn(gm, storm, BEASTMAN)
    settled(gm, storm)
    action = gm.locator("#action-form")
    expect(action.locator("select[name=combatant]")).to_have_value(str(pk(storm, BEASTMAN)))
    action.locator("select[name=card]").select_option("Melee Strike")
    action.locator("select[name=target]").select_option(str(katarina))
    action.locator("#action-submit").click()
    waiting = gm.locator("form.prompt")
    expect(waiting).to_be_visible()
    waiting.get_by_role("button", name="Dismiss").click()
    expect(gm.locator("form.prompt")).to_have_count(0)
    logged(gm, f"{BEASTMAN}'s check (Melee Strike at {KATARINA}) dismissed.")

    for page, width in ((gm, 1280), (anna, 360), (bruno, 360)):
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert gm_viewer.errors == [] and anna_viewer.errors == [] and bruno_viewer.errors == []
