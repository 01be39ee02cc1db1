"""What players know of an NPC, set live from the GM's row tools, and the phone's party panel, on a 360×740 phone:
an orc the GM calls "a goblin" is so named on the phone and in the player's API state, and by its name once the GM
says it, without a reload; the party, folded under the player's own card, opens on the allies' wounds and conditions,
and nothing spills sideways."""

from playwright.sync_api import expect

from combat import commands
from tests.e2e.test_live_encounter import LAPTOP, PHONE, open_row_tools
from tests.e2e.test_wfrp4e_fight import ambush, combatant  # noqa: F401 (ambush is the fixture)


def test_an_npc_known_by_degrees_and_the_party_on_the_phone(login, ambush):  # noqa: F811
    path = f"/encounters/{ambush.pk}/"
    gunther, orc = combatant(ambush, "Gunther"), combatant(ambush, "Orc 1")
    gm_user = ambush.campaign.gm
    commands.apply_damage(ambush, gm_user, combatant=gunther.pk, amount=3)
    commands.add_condition(ambush, gm_user, combatant=gunther.pk, condition="Bleeding")
    gm = login("gm", **LAPTOP).open(path)
    anna = login("anna", **PHONE)
    phone = anna.open(path)
    order = phone.locator("ol.order")
    expect(order).to_contain_text("Orc 1")

    row = open_row_tools(gm.locator(f"#combatant-{orc.pk}"))
    form = row.locator("form.known-as")
    expect(form.locator("select[name=known_as]")).to_have_value("name")  # today's: players know it by name
    form.locator("select[name=known_as]").select_option("type")
    form.locator("input[name=kind]").fill("goblin")
    form.locator("select[name=wounds_shown]").select_option("word")
    form.get_by_role("button", name="Set").click()
    expect(gm.locator("#flash")).to_have_text("Players know Orc 1 as a goblin, its wounds in a word.")

    expect(order).to_contain_text("a goblin")  # the phone follows without a reload
    expect(order).not_to_contain_text("Orc 1")
    expect(order.locator("li", has_text="a goblin")).to_contain_text("unhurt")
    state = phone.request.get(f"{anna.base_url}/api/encounters/{ambush.pk}/").json()
    seen = next(c for c in state["combatants"] if c["id"] == orc.pk)
    assert seen["name"] == "a goblin" and seen["hurt"] == "unhurt" and seen["wounds"] is None

    form.locator("select[name=known_as]").select_option("name")
    form.get_by_role("button", name="Set").click()
    expect(order).to_contain_text("Orc 1")
    expect(order).not_to_contain_text("a goblin")

    party = phone.locator("#party-panel")
    expect(party).not_to_have_attribute("open", "")
    expect(party.locator("#party")).to_be_hidden()
    party.locator("summary").click()
    ally = party.locator(f"#ally-{gunther.pk}")
    expect(ally).to_contain_text("Gunther")
    expect(ally).to_contain_text("8/11 wounds")
    expect(ally).to_contain_text("Bleeding")
    open_row_tools(gm.locator(f"#combatant-{gunther.pk}"))  # a push keeps the party open, with the new wounds
    gm.locator(f"#wounds-{gunther.pk} input[name=amount]").fill("2")
    gm.locator(f"#wounds-{gunther.pk} button.danger").click()
    expect(ally).to_contain_text("6/11 wounds")
    expect(party).to_have_attribute("open", "")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm.evaluate("document.documentElement.scrollWidth") <= 1280
