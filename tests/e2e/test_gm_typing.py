"""The GM's screen in a real browser while the table plays: what the GM is typing survives a player's action reaching
the screen, and the attack panel (WFRP 4e and Symbaroum) and the action form (WFRP 3e) follow Next turn: the GM's
pick of attacker or performer holds for that turn only, what was typed stays."""

from playwright.sync_api import expect

from characters.models import Character
from combat.models import Encounter
from systems.wfrp4e import toggles
from tests.e2e.test_live_encounter import LAPTOP, PHONE, open_row_tools
from tests.e2e.test_symbaroum_fight import next_turn as symbaroum_next_turn
from tests.e2e.test_symbaroum_fight import pk as symbaroum_pk
from tests.e2e.test_symbaroum_fight import road  # noqa: F401 (the fixture)
from tests.e2e.test_wfrp3e_fight import BEASTMAN, KATARINA, LUKAS, pk, storm  # noqa: F401 (storm is the fixture)
from tests.e2e.test_wfrp4e_fight import ambush, combatant, next_turn  # noqa: F401 (ambush is the fixture)


def version(page):
    return int(page.locator("#encounter-version").get_attribute("data-version"))


def test_a_players_action_never_wipes_what_the_gm_is_typing(login, ambush):  # noqa: F811
    # Anna may spend Fortune to choose when Anders acts (house rule "Fortune Points"): her action from the phone.
    Encounter.objects.filter(pk=ambush.pk).update(house_rules=[toggles.FORTUNE_POINTS.key])
    Character.objects.filter(name="Anders").update(points={"fortune": 2})
    path = f"/encounters/{ambush.pk}/"
    gm = login("gm", **LAPTOP).open(path)
    phone = login("anna", **PHONE).open(path)
    orc = combatant(ambush, "Orc 1")
    gm.locator("#attack-panel input[name=attacker_roll]").fill("23")
    gm.locator(f"#initiative-{orc.pk} input[name=value]").fill("31")
    open_row_tools(gm.locator(f"#combatant-{orc.pk}"))
    damage = gm.locator(f"#wounds-{orc.pk} input[name=amount]")
    damage.fill("4")  # the GM is still typing here when Anna acts
    shown = version(gm)

    phone.locator(f"#choose-place-{combatant(ambush, 'Anders').pk} select").select_option("2")
    phone.get_by_role("button", name="Act then").click()

    expect(gm.locator("#encounter-version")).to_have_attribute("data-version", str(shown + 1))
    expect(gm.locator("#initiative tbody tr").nth(2)).to_contain_text("Anders")  # the new version is shown
    expect(damage).to_have_value("4")
    expect(damage).to_be_focused()
    expect(gm.locator(f"#initiative-{orc.pk} input[name=value]")).to_have_value("31")
    expect(gm.locator("#attack-panel input[name=attacker_roll]")).to_have_value("23")


def test_the_attack_panel_follows_next_turn_and_the_gms_pick_holds_for_the_turn(login, ambush):  # noqa: F811
    path = f"/encounters/{ambush.pk}/"
    gm = login("gm", **LAPTOP).open(path)
    panel = gm.locator("#attack-panel")
    gunther, anders, orc2 = (str(combatant(ambush, name).pk) for name in ("Gunther", "Anders", "Orc 2"))
    expect(panel).to_have_attribute("data-attacker", gunther)

    panel.locator("select[name=attacker]").select_option(orc2)  # the GM's pick, for this turn
    expect(panel).to_have_attribute("data-attacker", orc2)
    expect(panel.locator("select[name=target] option:checked")).not_to_contain_text("Orc")  # not an ally
    panel.locator("input[name=attacker_roll]").fill("23")

    next_turn(gm, "Anders")
    expect(panel).to_have_attribute("data-attacker", anders)
    expect(panel.locator("select[name=attacker]")).to_have_value(anders)
    expect(panel.locator("select[name=target] option:checked")).to_contain_text("Orc")
    expect(panel.locator("select[name=defence]")).to_have_value("Melee (Basic)")
    expect(panel.locator("input[name=attacker_roll]")).to_have_value("23")
    expect(panel.locator("#attack-notice")).to_have_text(
        "The turn moved on: Anders attacks now. The rolls typed are kept: check they are theirs."
    )


def test_wfrp3e_the_gms_pick_of_performer_holds_for_the_turn_and_what_was_typed_stays(login, storm):  # noqa: F811
    gm = login("gm", **LAPTOP).open(f"/encounters/{storm.pk}/")
    action = gm.locator("#action-form")
    performer = action.locator("select[name=combatant]")
    katarina, lukas, beastman = (str(pk(storm, name)) for name in (KATARINA, LUKAS, BEASTMAN))
    expect(performer).to_have_value(katarina)
    performer.select_option(beastman)
    action.locator("input[name=defence]").fill("2")

    shown = version(gm)  # the GM does something else meanwhile: the screen is redrawn, the turn the same
    gm.locator("#add-condition-card").get_by_role("button", name="Add").click()
    expect(gm.locator("#encounter-version")).to_have_attribute("data-version", str(shown + 1))
    expect(performer).to_have_value(beastman)
    expect(action.locator("input[name=defence]")).to_have_value("2")

    gm.locator("#next-turn").click()
    expect(gm.locator("#active-name")).to_have_text(LUKAS)
    expect(performer).to_have_value(lukas)  # the pick was for Katarina's turn
    expect(action.locator("input[name=defence]")).to_have_value("2")


def test_symbaroum_the_attacker_follows_next_turn_and_the_gms_pick_holds_for_the_turn(road, login):  # noqa: F811
    gm = login("gm", **LAPTOP).open(f"/encounters/{road.pk}/")
    attacker = gm.locator("#attack-form select[name=attacker]")
    goblin, troll, ulrika = (str(symbaroum_pk(road, name)) for name in ("Goblin", "Troll", "Ulrika"))
    expect(attacker).to_have_value(goblin)
    attacker.select_option(troll)  # the GM's pick, for this turn

    shown = version(gm)  # the GM does something else meanwhile: the screen is redrawn, the turn the same
    gm.locator("#turn-movement").click()
    expect(gm.locator("#encounter-version")).to_have_attribute("data-version", str(shown + 1))
    expect(attacker).to_have_value(troll)

    symbaroum_next_turn(gm, road, "Ulrika")
    expect(attacker).to_have_value(ulrika)  # the pick was for the Goblin's turn
