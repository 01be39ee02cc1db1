"""A round of WFRP 4e as written, in the browser, playing three rules on the GM's laptop and Anna's phone: the book's
Weapon Length (seed 000 "Weapon Length and In-fighting" left off: Gunther's Hand Weapon against Orc 1's Spear
attacks at -10, and the attack panel says so), Stunned's half Move in yards (seed 000 "Stunned") and Prone's
crawl and stand-up (seed 000 "Prone"), each taken back with the GM's Undo. The same rules through the API:
tests/wfrp4e/test_book_removed_properties.py, test_stunned_move.py and test_prone.py."""

from playwright.sync_api import expect

from rules.models import Weapon
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import settled
from tests.e2e.test_wfrp4e_fight import ambush, apply, attack, combatant, next_turn  # noqa: F401 (the fixture)


def newest_log(page):
    return page.locator("#log li").first


def give_condition(gm, encounter, combatant, condition):
    """The GM gives `condition` with the combatant's row tools, unfolded unless a live update kept them open."""
    settled(gm, encounter)
    tools = gm.locator(f"#combatant-{combatant.pk} details.row-tools")
    if tools.get_attribute("open") is None:
        tools.locator("summary").click()
    form = gm.locator(f"#add-condition-{combatant.pk}")
    form.locator("select[name=condition]").select_option(condition)
    form.get_by_role("button", name="Add").click()
    expect(gm.locator(f"#combatant-{combatant.pk}")).to_contain_text(condition)


def tap(phone, combatant, button):
    """Tap a Move button on the phone, under its "Other actions" (opened if a live update closed it)."""
    more = phone.locator(f"#more-actions-{combatant.pk}")
    if more.get_attribute("open") is None:
        more.locator("summary").click()
    expect(button).to_be_visible()
    button.click()


def test_weapon_length_stunned_half_move_and_prone_in_one_round(ambush, login):  # noqa: F811
    orc = combatant(ambush, "Orc 1")
    orc.character.weapons.add(Weapon.objects.get(system="wfrp4e", name="Spear"))  # Very Long
    anders = combatant(ambush, "Anders")
    anders.character.characteristics = {**anders.character.characteristics, "M": 5}
    anders.character.save()
    path = f"/encounters/{ambush.pk}/"
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    expect(gm.locator("#active-name")).to_have_text("Gunther")

    # Gunther's Hand Weapon (Average) is shorter than Orc 1's Spear: the book's -10, shown before it is applied.
    result = attack(gm, ambush, "Gunther", "Orc 1", 20, 90)
    expect(result.locator("#attack-book-rules")).to_have_text(
        "Weapon Length: -10, Orc 1's weapon is longer (Very Long)"
    )
    expect(result.locator(".verdict")).to_contain_text("attacker 20 vs 23")  # Melee (Basic) 33, less 10
    apply(gm)
    expect(newest_log(gm)).to_contain_text("Weapon Length: -10, Orc 1's weapon is longer (Very Long).")

    # Anders's turn: the GM stuns him; his Move is half his Movement, on the GM's screen and on Anna's phone.
    next_turn(gm, "Anders")
    give_condition(gm, ambush, anders, "Stunned")
    expect(gm.locator("#turn-move-stunned")).to_have_text("(Stunned: 2.5 yd)")
    move = anna.locator(f"#declare-move-{anders.pk}")
    expect(move).to_contain_text("Move (Stunned: 2.5 yd)")
    settled(gm, ambush)
    tap(anna, anders, move)
    expect(newest_log(gm)).to_contain_text("Anders uses their Move (Stunned: half their Movement, 2.5 yards).")
    expect(gm.locator("#turn-move")).to_contain_text("Move ✓")
    settled(gm, ambush)
    gm.locator("#undo").click()
    expect(gm.locator("#turn-move")).to_contain_text("Move –")

    # Knocked down as well: the phone offers only the Prone Moves. Anna crawls; Undo lays him back, unmoved.
    give_condition(gm, ambush, anders, "Prone")
    crawl = anna.locator(f"#declare-crawl-{anders.pk}")
    expect(crawl).to_have_count(1)
    expect(move).to_have_count(0)
    settled(gm, ambush)
    tap(anna, anders, crawl)
    expect(newest_log(gm)).to_contain_text("Anders uses their Crawl (crawls).")
    settled(gm, ambush)
    gm.locator("#undo").click()
    expect(gm.locator("#turn-stand-up")).to_be_visible()

    # The GM stands him up from the turn tools: Prone goes, and Anna's phone offers his (half) Move again.
    settled(gm, ambush)
    gm.locator("#turn-stand-up").click()
    expect(newest_log(gm)).to_contain_text("Anders uses their Stand up (no longer Prone).")
    expect(anna.locator(f"#declare-stand-up-{anders.pk}")).to_have_count(0)
    expect(move).to_contain_text("Move (Stunned: 2.5 yd)")
    expect(gm.locator("#turn-move")).to_contain_text("Move ✓")
    assert gm_viewer.errors == [] and anna_viewer.errors == []
