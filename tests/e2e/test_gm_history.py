"""The GM acts on several rows at once and walks the fight back through its log: three orcs ticked and damaged in
one command (one log line, one undo), then five commands undone back to the second from that line's button."""

import re

from playwright.sync_api import expect

from combat import commands
from tests.e2e.test_live_encounter import LAPTOP
from tests.e2e.test_wfrp4e_fight import ambush, combatant  # noqa: F401 (ambush is the fixture)


def test_damage_to_three_then_undo_back_to_a_line(login, ambush):  # noqa: F811
    gm = login("gm", **LAPTOP).open(f"/encounters/{ambush.pk}/")
    gm.on("dialog", lambda dialog: dialog.accept())  # "Undo every command after #n?"
    orcs = [combatant(ambush, f"Orc {n}") for n in (1, 2, 3)]
    anders = combatant(ambush, "Anders")
    lines = gm.locator("#log-entries > li")
    count = lines.count()

    for orc in orcs:
        gm.get_by_label(f"Pick {orc.name}").check()
    expect(gm.locator("#several-count")).to_have_text("3 ticked")
    gm.get_by_label("Amount for every ticked row").fill("4")
    gm.locator("#several-damage").click()
    for orc in orcs:
        expect(gm.locator(f"#combatant-{orc.pk} .wound-count")).to_have_text("8/12")
    expect(lines).to_have_count(count + 1)
    expect(lines.first).to_contain_text("· gm")
    for orc in orcs:
        expect(lines.first).to_contain_text(f"{orc.name} takes 4 damage (8/12 wounds).")
    expect(gm.locator("#several-count")).to_have_text("none ticked")
    expect(gm.get_by_label("Pick Orc 1")).not_to_be_checked()

    gm.locator("#undo").click()
    for orc in orcs:
        expect(gm.locator(f"#combatant-{orc.pk} .wound-count")).to_have_text("12/12")

    # Five commands, from another screen of the GM's; the page follows them live.
    versions = []
    for target, amount in ((orcs[0], 1), (anders, 2), (orcs[1], 3), (orcs[0], 4), (anders, 5)):
        versions.append(commands.apply_damage(ambush, ambush.campaign.gm, combatant=target.pk, amount=amount).version)
    line = {version: lines.filter(has_text=re.compile(f"#{version} · gm ")) for version in versions}
    expect(line[versions[-1]]).to_be_visible()
    line[versions[1]].locator("button.undo-to").click()

    newest = lines.first
    expect(newest).to_contain_text(f"Undid 3 commands back to #{versions[1]}: Anders takes 2 damage (12/14 wounds).")
    for version in versions[2:]:
        expect(line[version]).to_have_class("undone")
    for version in versions[:2]:
        expect(line[version]).not_to_have_class("undone")
    for row, wounds in ((orcs[0], "11/12"), (anders, "12/14"), (orcs[1], "12/12"), (orcs[2], "12/12")):
        expect(gm.locator(f"#combatant-{row.pk} .wound-count")).to_have_text(wounds)
    expect(line[versions[2]].locator("button.undo-to")).to_have_count(0)
