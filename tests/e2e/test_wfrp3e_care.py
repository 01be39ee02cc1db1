"""A WFRP 3e fight in the browser, GM laptop and two phones, playing four rules of seed 003: the GM spends the
beastman's Aggression die to force a misfortune die on Katarina ("Enemies" › Aggression); on her phone anna assists
Brother Lukas ("Maneuvers" 1), then tends his wounds with First Aid ("Healing & Recovery" › Immediate Care), the
forced die in her pool; on his turn bruno stands him up from prone ("Maneuvers" 8). Every step is waited on as the
screens show it."""

import pytest
from playwright.sync_api import expect

from combat import commands
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import next_turn, settled
from tests.e2e.test_wfrp3e_fight import BEASTMAN, KATARINA, LUKAS, logged, pk
from tests.e2e.test_wfrp3e_fight import storm as storm  # noqa: F401  (the fixture)


@pytest.fixture
def hurt(storm):  # noqa: F811
    """The storm, Katarina's turn: Brother Lukas (11 wounds, Toughness 3) has taken 4 and lies prone."""
    gm = storm.campaign.gm
    commands.apply_damage(storm, gm, combatant=pk(storm, LUKAS), amount=4)
    commands.set_prone(storm, gm, combatant=pk(storm, LUKAS), prone=True)
    return storm


def test_aggression_assist_first_aid_and_standing_up(hurt, login):
    storm, path = hurt, f"/encounters/{hurt.pk}/"
    gm_viewer, anna_viewer, bruno_viewer = login("gm", **LAPTOP), login("anna", **PHONE), login("bruno", **PHONE)
    gm, anna, bruno = gm_viewer.open(path), anna_viewer.open(path), bruno_viewer.open(path)
    katarina, lukas, beastman = pk(storm, KATARINA), pk(storm, LUKAS), pk(storm, BEASTMAN)
    expect(gm.locator("#active-name")).to_have_text(KATARINA)

    # The beastman's Aggression die forces a misfortune die on Katarina's next check; its dice left are the GM's.
    settled(gm, storm)
    dice = gm.locator(f"#enemy-dice-{beastman}")
    expect(dice.locator(f"#enemy-die-{beastman}-aggression")).to_have_text("Aggression 2/2")
    dice.locator("select[name=pool]").select_option("Aggression")
    dice.locator("select[name=use]").select_option("misfortune")
    dice.locator("select[name=foe]").select_option(str(katarina))
    dice.get_by_role("button", name="Spend a die").click()
    expect(gm.locator(f"#enemy-die-{beastman}-aggression")).to_have_text("Aggression 1/2")
    logged(gm, f"{BEASTMAN} spends an Aggression die: a misfortune die forced on {KATARINA}'s next check")
    expect(anna.locator(f"#my-tags-{katarina} .tag.waiting-die")).to_contain_text("misfortune")
    expect(anna.locator(".enemy-die")).to_have_count(0)

    # On her phone, Katarina assists Lukas: a fortune die waits on his next check, on the GM row and his phone.
    tools = anna.locator(f"#my-turn-tools-{katarina}")
    tools.locator("select[name=ally]").select_option(str(lukas))
    tools.locator("#assist-submit").click()
    expect(gm.locator(f"#assist-of-{lukas}")).to_have_text("+1 fortune waiting")
    expect(bruno.locator(f"#assist-of-{lukas}")).to_have_text("+1 fortune waiting")

    # Then First Aid on him, her turn's action: one challenge die on a lightly wounded patient, and the forced die.
    care = anna.locator(f"#my-first-aid-{katarina}")
    care.locator("select[name=patient]").select_option(str(lukas))
    care.get_by_role("button", name="First Aid").click()
    check = anna.locator("form.prompt")
    expect(check).to_contain_text(f"First Aid on {LUKAS}'s wounds (lightly wounded: 1 challenge die)")
    expect(check.locator(".pool")).to_contain_text("4 characteristic, 1 challenge, 1 misfortune")
    expect(anna.locator(f"#my-tags-{katarina} .tag.waiting-die")).to_have_count(0)
    expect(bruno.locator("form.prompt")).to_have_count(0)
    check.locator("input[name=successes]").fill("2")
    check.get_by_role("button", name="Enter the symbols").click()
    expect(anna.locator("form.prompt")).to_have_count(0)
    expect(gm.locator(f"#combatant-{lukas} .wound-count")).to_have_text("9/11")
    expect(bruno.locator(f"#care-fortune-{lukas}")).to_have_text("+2 fortune for the rest")
    logged(gm, f"{LUKAS} heals 2 wounds")

    # His turn: bruno stands him up from his phone, the turn's free manoeuvre.
    next_turn(gm, storm, LUKAS)
    expect(gm.locator(f"#prone-{lukas}")).to_be_visible()
    bruno.locator(f"#my-turn-tools-{lukas} #stand-up-submit").click()
    expect(gm.locator(f"#prone-{lukas}")).to_have_count(0)
    expect(bruno.locator(f"#prone-{lukas}")).to_have_count(0)
    logged(gm, f"{LUKAS} stands up.")

    for page, width in ((gm, 1280), (anna, 360), (bruno, 360)):
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert gm_viewer.errors == [] and anna_viewer.errors == [] and bruno_viewer.errors == []
