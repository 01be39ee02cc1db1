"""A house-rules round in the browser: Bleeding, Ablaze and Blinded tick, Momentum decays, and Anna's phone shows it
all and rolls her own Bleeding test."""

import re

from playwright.sync_api import expect

from characters.models import Campaign, Character
from combat import commands
from combat.models import Combatant, ConditionInstance, Encounter
from rules.loading import load
from tests.e2e.boxes import box_of
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.factories import UserFactory, equip, give_momentum

ANDERS = {"WS": 42, "BS": 31, "S": 38, "T": 41, "I": 35, "Ag": 33, "Dex": 28, "Int": 30, "WP": 34, "Fel": 29}
# The attack form's labels whose select or input reaches past the label's own grid cell.
SPILLED_ATTACK_FIELDS = """() => [...document.querySelectorAll('#attack-form .attack-grid > label')]
    .filter((label) => [...label.querySelectorAll('select, input')]
        .some((field) => field.getBoundingClientRect().right > label.getBoundingClientRect().right + 1))
    .map((label) => label.textContent.trim().split('\\n')[0])"""
ORC = {"WS": 41, "BS": 25, "S": 35, "T": 45, "I": 25, "Ag": 30, "Dex": 20, "Int": 20, "WP": 30, "Fel": 20}


def test_bleeding_ablaze_and_blinded_tick_and_momentum_decays_on_gm_screen_and_phone(transactional_db, login):
    load()
    gm, anna = UserFactory(username="gm"), UserFactory(username="anna")
    campaign = Campaign.objects.create(name="Reikland", system="wfrp4e", gm=gm, house_rules=[])
    campaign.players.add(anna)
    encounter = Encounter.objects.create(campaign=campaign, name="Burning mill")
    anders = Character.objects.create(campaign=campaign, name="Anders", player=anna, max_wounds=14)
    equip(anders, ANDERS, {"Endurance": 10}, ["Hand Weapon"], ["Leather Jerkin"])
    orc = Character.objects.create(campaign=campaign, name="Orc", is_npc=True, max_wounds=12)
    equip(orc, ORC, {}, ["Hand Weapon"], [])
    commands.set_house_rules(encounter, gm, rules=["all"])
    a = commands.add_combatant(encounter, gm, character=anders.pk, initiative=35).result["combatant"]
    o = commands.add_combatant(encounter, gm, character=orc.pk, initiative=25).result["combatant"]
    commands.add_condition(encounter, gm, combatant=a, condition="Bleeding", count=2)
    commands.add_condition(encounter, gm, combatant=a, condition="Ablaze")
    commands.add_condition(encounter, gm, combatant=o, condition="Blinded", count=2)
    give_momentum(Combatant.objects.get(pk=a), 2)  # Momentum from an earlier fight
    commands.start(encounter, gm)  # Anders acts first: Ablaze asks for Cool

    path = f"/encounters/{encounter.pk}/"
    laptop = login("gm", **LAPTOP)
    page = laptop.open(path)
    phone_viewer = login("anna", **PHONE)
    phone = phone_viewer.open(path)
    expect(phone.locator(f"#my-momentum-{a}")).to_have_text("2")
    expect(page.locator(f"#combatant-{a} .momentum-count")).to_have_text("2")
    expect(phone.locator("form.prompt", has_text="Ablaze: keep your nerve")).to_contain_text("Cool Test vs 24")
    # On the laptop, no field of the attack form spills over its neighbour (a long option once did).
    expect(page.locator("#attack-special")).to_be_visible()
    assert page.evaluate(SPILLED_ATTACK_FIELDS) == []

    # End of Anders' turn: Bleeding 2 and Ablaze (d10 + 1 - TB 4 - AP 1) cost Wounds; Endurance tests follow;
    # he earned no Momentum, so it drops to 1.
    page.locator("#next-turn").click()
    expect(page.locator("#active-name")).to_have_text("Orc")
    lost = 14 - Combatant.objects.get(pk=a).wounds
    assert lost >= 2
    expect(page.locator(f"#combatant-{a} .wound-count")).to_have_text(f"{14 - lost}/14")
    expect(phone.locator("#sheet .wound-count")).to_contain_text(f"{14 - lost} / 14 wounds", timeout=2000)
    expect(phone.locator(f"#my-momentum-{a}")).to_have_text("1", timeout=2000)
    expect(page.locator("#log")).to_contain_text("Anders loses 1 Momentum (none earned this turn).")
    # The d10 may burn through his armour or not: either way the log says what Ablaze did.
    expect(page.locator("#log")).to_contain_text(
        re.compile(
            rf"Anders loses {lost} Wounds at the end of the turn \((Bleeding 2, Ablaze \d+ \(d10 \d+\)\)"
            r"|Bleeding 2\)\. Anders is Ablaze but loses no Wounds to it)"
        )
    )

    # Anna rolls her own Bleeding test on the phone: Endurance 51 - 20 = 31; a typed 12 passes.
    bleeding = phone.locator("form.prompt", has_text="Bleeding: stop it")
    expect(bleeding).to_contain_text("Endurance Test vs 31")
    # The roll box spans the prompt, wide enough to read its whole hint, and is a full touch target.
    roll_box = box_of(bleeding.locator("input[name=roll]"))
    assert roll_box["width"] >= 250 and roll_box["height"] >= 44
    bleeding.locator("input[name=roll]").fill("12")
    bleeding.get_by_role("button", name="Roll the test").click()
    expect(page.locator(f"#combatant-{a} .conditions")).to_contain_text("Bleeding", timeout=2000)
    expect(page.locator(f"#combatant-{a} .conditions")).not_to_contain_text("Bleeding ×2")
    expect(phone.locator("form.prompt", has_text="Bleeding: stop it")).to_have_count(0)
    expect(page.locator("#log")).to_contain_text(
        "Anders's Endurance Test for Bleeding: 12 vs 31, +2 SL; 1 Bleeding removed"
    )

    # End of the round: one Blinded goes from the orc.
    page.locator("#next-turn").click()
    expect(page.locator("#round-number")).to_have_text("2")
    expect(page.locator(f"#combatant-{o} .conditions")).to_contain_text("Blinded")
    expect(page.locator(f"#combatant-{o} .conditions")).not_to_contain_text("×2")
    assert ConditionInstance.objects.get(combatant_id=o, definition__name="Blinded").count == 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert laptop.errors == [] and phone_viewer.errors == []
