"""The GM runs turns on a laptop; a player's phone follows live, without reloading."""

import json
import re
import urllib.request

from playwright.sync_api import expect

from combat import commands

PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
LAPTOP = {"viewport": {"width": 1280, "height": 800}}


def open_row_tools(row):
    """Opens the forms of a row of the GM's turn order (damage, conditions, order, hide, remove), folded behind its
    toggle; the row is returned."""
    row.locator("details.row-tools > summary").click()
    return row


def gm_and_phone(table, login, player):
    """The GM's laptop and `player`'s phone, both on the encounter page with their live socket open."""
    path = f"/encounters/{table.encounter.pk}/"
    return login("gm", **LAPTOP).open(path), login(player, **PHONE).open(path)


def test_gm_next_turn_reaches_the_phone_within_two_seconds(table, login):
    commands.start(table.encounter, table.gm)  # the hidden goblin acts first
    path = f"/encounters/{table.encounter.pk}/"
    gm = login("gm", **LAPTOP)
    gm_page = gm.open(path)
    phone = login("bruno", **PHONE)
    phone_page = phone.open(path)
    phone_page.evaluate("window.__notReloaded = true")

    expect(phone_page.locator("#strip")).to_contain_text("Waiting")
    expect(phone_page.locator("#strip")).not_to_contain_text("Sneaky Goblin")

    gm_page.click("#next-turn")  # -> Gunther, bruno's character
    expect(gm_page.locator("tr.active")).to_contain_text("Gunther")
    expect(phone_page.locator(".your-turn")).to_contain_text("Your turn, Gunther", timeout=2000)
    expect(phone_page.locator(".order li.active")).to_have_text("Gunther")

    gm_page.keyboard.press("n")  # keyboard shortcut -> Anders
    expect(phone_page.locator("#active-name")).to_have_text("Anders", timeout=2000)
    expect(phone_page.locator(".your-turn")).to_have_count(0)
    assert phone_page.evaluate("window.__notReloaded") is True

    # The phone's layout fits 360 px: no horizontal scrolling.
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm.errors == [] and phone.errors == []


def test_gm_damage_condition_and_undo_update_gm_screen_and_phone(table, login):
    commands.start(table.encounter, table.gm)
    gm_page, phone_page = gm_and_phone(table, login, "bruno")

    row = open_row_tools(gm_page.locator(f"#combatant-{table.gunther.pk}"))
    row.locator("input[name=amount]").fill("4")
    row.get_by_role("button", name="Dmg").click()
    expect(row.locator(".wound-count")).to_have_text("7/11")
    expect(phone_page.locator("#sheet .wound-count")).to_contain_text("7 / 11 wounds", timeout=2000)

    row = gm_page.locator(f"#combatant-{table.gunther.pk}")
    row.locator("select[name=condition]").select_option("Bleeding")
    row.locator("input[name=count]").fill("2")
    row.locator("input[name=remaining]").fill("3")
    row.get_by_role("button", name="Add", exact=True).click()
    expect(gm_page.locator(f"#combatant-{table.gunther.pk} .chip")).to_contain_text(re.compile(r"Bleeding ×2\s+3 rds"))
    expect(phone_page.locator("#sheet .chip")).to_contain_text("Bleeding ×2 3 rounds left", timeout=2000)
    expect(gm_page.locator("#log")).to_contain_text("Gunther gains Bleeding ×2 for 3 rounds")

    gm_page.keyboard.press("u")
    expect(phone_page.locator("#sheet")).not_to_contain_text("Bleeding", timeout=2000)
    expect(gm_page.locator("#log li.undone")).to_contain_text("Bleeding")


def test_gm_adds_an_npc_and_reveals_a_hidden_one_and_the_phone_follows(table, login):
    gm_page, phone_page = gm_and_phone(table, login, "anna")

    gm_page.locator("#add-combatant > summary").click()  # the forms are folded in the side column
    form = gm_page.locator("#add-npc")
    form.locator("input[name=name]").fill("Troll Ugg")
    form.locator("input[name=max_wounds]").fill("30")
    form.locator("input[name=initiative]").fill("45")
    form.get_by_role("button", name="Add NPC").click()
    expect(gm_page.locator("#initiative tbody tr").first).to_contain_text("Sneaky Goblin")
    expect(gm_page.locator("#initiative tbody tr").nth(1)).to_contain_text("Troll Ugg")
    expect(form.locator("input[name=name]")).to_have_value("")
    expect(phone_page.locator(".order li").first).to_have_text("Troll Ugg", timeout=2000)

    open_row_tools(gm_page.locator(f"#combatant-{table.hidden_goblin.pk}")).get_by_role("button", name="Reveal").click()
    expect(phone_page.locator(".order li").first).to_have_text("Sneaky Goblin", timeout=2000)
    assert "30" not in phone_page.locator("#strip").inner_text()


def test_phone_reconnects_after_a_server_restart_and_shows_what_changed_meanwhile(table, login, asgi_server):
    commands.start(table.encounter, table.gm)
    phone = login("anna", **PHONE)
    phone_page = phone.open(f"/encounters/{table.encounter.pk}/")
    phone_page.evaluate("window.__notReloaded = true")
    expect(phone_page.locator("#strip")).to_contain_text("Waiting")

    asgi_server.stop()  # uvicorn closes the socket with 1012 (service restart)
    commands.next_turn(table.encounter, table.gm)  # Gunther
    commands.next_turn(table.encounter, table.gm)  # Anders: anna's turn
    commands.apply_damage(table.encounter, table.gm, combatant=table.anders.pk, amount=3)
    asgi_server.start()

    expect(phone_page.locator(".your-turn")).to_contain_text("Your turn, Anders", timeout=15000)
    expect(phone_page.locator("#sheet .wound-count")).to_contain_text("11 / 14 wounds")
    assert phone_page.evaluate("window.__notReloaded") is True
    # The drop itself is logged (the socket error and htmx's wsError event); anything else is a failure.
    phone.errors = [error for error in phone.errors if "WebSocket" not in error and error != "[object Event]"]
    assert phone.errors == []


def test_group_advantage_gains_spends_and_round_end_show_live_on_the_phone(table, login):
    commands.start(table.encounter, table.gm)
    gm_page, phone_page = gm_and_phone(table, login, "anna")

    gain = gm_page.locator("#gain-advantage")
    gain.locator("select[name=side]").select_option("ally")
    gain.locator("select[name=reason]").select_option("assess")
    gain.locator("input[name=sl]").fill("6")
    gain.get_by_role("button", name="Gain").click()
    expect(gm_page.locator("#pool-ally")).to_have_text("3")
    expect(phone_page.locator("#player-pools")).to_contain_text("Allies' Advantage 3", timeout=2000)

    spend = gm_page.locator("#spend-advantage")
    spend.locator("select[name=spend]").select_option("additional_action")
    spend.get_by_role("button", name="Spend").click()
    expect(gm_page.locator("#flash")).to_contain_text("have 3 Advantage; that costs 4")
    expect(gm_page.locator("#pool-ally")).to_have_text("3")

    for _ in range(4):
        with gm_page.expect_response(lambda r: "/do/next_turn/" in r.url):
            gm_page.keyboard.press("n")
        expect(gm_page.locator("#encounter-version")).not_to_have_value(str(table.encounter.version))
        table.encounter.refresh_from_db()
    expect(gm_page.locator("#round-end")).to_contain_text("End of round 1")
    gm_page.locator("#round-end").get_by_role("button", name="Adversaries").click()
    expect(gm_page.locator("#round-end")).to_have_count(0)
    expect(phone_page.locator("#player-pools")).to_contain_text("Allies' Advantage 2", timeout=2000)
    expect(phone_page.locator("#player-pools")).to_contain_text("Foes' 1")


def test_a_slow_response_overtaken_by_a_newer_push_does_not_roll_the_screen_back(table, login, asgi_server):
    commands.start(table.encounter, table.gm)  # the hidden goblin acts
    gm_page, _ = gm_and_phone(table, login, "anna")
    token = table.token(table.gm)

    def another_client_runs_next_turn():
        request = urllib.request.Request(
            f"{asgi_server.url}/api/encounters/{table.encounter.pk}/commands/",
            data=json.dumps({"command": "next_turn"}).encode(),
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        )
        urllib.request.urlopen(request).close()

    def answer_late(route):
        response = route.fetch()  # the click's command runs: Gunther's turn
        another_client_runs_next_turn()  # meanwhile: Anders's turn, pushed to the page
        expect(gm_page.locator("tr.active")).to_contain_text("Anders")  # the push is in before the click's answer
        route.fulfill(response=response)

    gm_page.route("**/do/next_turn/", answer_late)
    gm_page.click("#next-turn")
    expect(gm_page.locator("#flash")).to_contain_text("Gunther's turn")  # the late answer did arrive
    expect(gm_page.locator("tr.active")).to_contain_text("Anders")
    table.encounter.refresh_from_db()
    expect(gm_page.locator("#encounter-version")).to_have_value(str(table.encounter.version))
