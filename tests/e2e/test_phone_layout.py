"""The phone on a 360×740 screen, in each system: the pinned strip stays within a quarter of the screen on the
player's own turn with a test open, a new test lands below it, every tap target is a thumb high, nothing spills
sideways; the tab's title and a vibration call the player on their turn and on a test; every answer and every
refusal shows in the flash, and a condition's text opens on a tap."""

import pytest
from playwright.sync_api import expect

from characters.models import Campaign, Character
from combat import commands
from combat.models import Combatant, Encounter
from rules.loading import load
from tests.e2e.boxes import box_of
from tests.e2e.test_house_rules_round import ANDERS, ORC
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import declare_attack, next_turn, road  # noqa: F401  (road: a fixture)
from tests.e2e.test_wfrp3e_fight import BEASTMAN, KATARINA, LUKAS, storm  # noqa: F401  (storm: a fixture)
from tests.factories import UserFactory, equip

PINNED_AT_MOST = 185  # a quarter of the 740 px screen
RECORD_VIBRATIONS = (
    "window.buzzes = []; navigator.vibrate = (pattern) => { window.buzzes.push(pattern); return true; };"
)
TOO_SMALL_TO_TAP = """() => [...document.querySelectorAll('button, a, summary, input:not([type=hidden]), select')]
    .filter((element) => { const box = element.getBoundingClientRect(); return box.width > 0 && box.height > 0; })
    .filter((element) => element.getBoundingClientRect().height < 44)
    .map((element) => element.outerHTML.slice(0, 90))"""
# A word split over two lines: a run of text drawn on more lines than it has words.
WORDS_BROKEN = """() => [...document.querySelectorAll('main *')]
    .filter((element) => element.children.length === 0 && element.textContent.trim())
    .filter((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getClientRects().length > element.textContent.trim().split(/\\s+/).length;
    })
    .map((element) => element.textContent.trim().slice(0, 40))"""
# A select too narrow for the choice it shows (its padding and arrow take ~30 px of its width).
CHOICES_CUT = """() => {
    const pen = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll('main select')]
        .filter((select) => select.getBoundingClientRect().width > 0 && select.selectedOptions.length)
        .filter((select) => {
            pen.font = getComputedStyle(select).font;
            return pen.measureText(select.selectedOptions[0].text).width > select.clientWidth - 30;
        })
        .map((select) => select.selectedOptions[0].text);
}"""


def phone_of(login, username, path):
    viewer = login(username, **PHONE)
    viewer.page.add_init_script(RECORD_VIBRATIONS)
    return viewer, viewer.open(path)


def assert_fits_the_phone(page, prompt):
    """The strip is short, the open test lies below it, every tap target is 44 px high, and nothing spills over."""
    strip = box_of(page.locator("#strip"))
    assert strip["height"] <= PINNED_AT_MOST
    assert box_of(prompt)["y"] >= strip["y"] + strip["height"]
    assert page.evaluate(TOO_SMALL_TO_TAP) == []
    assert_nothing_cut(page)


def assert_nothing_cut(page):
    """No page wider than the phone, no word broken across lines, no choice cut short by its select."""
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate(WORDS_BROKEN) == []
    assert page.evaluate(CHOICES_CUT) == []


def called(page, encounter_name, title):
    expect(page).to_have_title(f"● {title} — {encounter_name}")
    assert page.evaluate("window.buzzes.length") >= 1


def refuse_with_validation_off(prompt, field, value):
    """A value the browser's own check would stop: the server's refusal must still reach the phone."""
    prompt.evaluate("(form) => { form.noValidate = true; }")
    prompt.locator(f"input[name={field}]").fill(value)
    prompt.locator("button.primary").click()


@pytest.fixture
def burning_mill(transactional_db):
    """WFRP 4e with the house rules: the orc acts first, then Anders (anna's), who is Ablaze and so owes a Cool
    test when his turn starts."""
    load()
    gm, anna = UserFactory(username="gm"), UserFactory(username="anna")
    campaign = Campaign.objects.create(name="Reikland", system="wfrp4e", gm=gm, house_rules=[])
    campaign.players.add(anna)
    encounter = Encounter.objects.create(campaign=campaign, name="Burning mill")
    anders = Character.objects.create(campaign=campaign, name="Anders", player=anna, max_wounds=14)
    equip(anders, ANDERS, {}, ["Hand Weapon"], [])
    orc = Character.objects.create(campaign=campaign, name="Orc", is_npc=True, max_wounds=12)
    equip(orc, ORC, {}, ["Hand Weapon"], [])
    commands.set_house_rules(encounter, gm, rules=["all"])
    commands.add_combatant(encounter, gm, character=orc.pk, initiative=45)
    a = commands.add_combatant(encounter, gm, character=anders.pk, initiative=35).result["combatant"]
    commands.add_condition(encounter, gm, combatant=a, condition="Ablaze")
    commands.start(encounter, gm)
    return encounter


def test_wfrp4e_phone_on_the_players_turn(burning_mill, login):
    path = f"/encounters/{burning_mill.pk}/"
    gm = login("gm", **LAPTOP).open(path)
    anna_viewer, anna = phone_of(login, "anna", path)
    expect(anna).to_have_title("Burning mill")
    expect(anna.locator("#up-next")).to_have_text("Anders")

    # The condition's text opens on a tap of its chip.
    ablaze = anna.locator("#sheet .condition-text", has_text="Ablaze")
    expect(ablaze.locator("p")).to_be_hidden()
    ablaze.locator("summary").click()
    expect(ablaze.locator("p")).to_be_visible()

    gm.locator("#next-turn").click()
    prompt = anna.locator("#sheet form.prompt", has_text="Ablaze")
    expect(prompt).to_be_visible()
    expect(anna.locator(".your-turn")).to_contain_text("Your turn, Anders")
    called(anna, "Burning mill", "Roll needed")
    assert_fits_the_phone(anna, prompt)

    refuse_with_validation_off(prompt, "roll", "0")
    expect(anna.locator("#flash.error")).to_be_visible()
    expect(anna.locator("#flash")).to_have_attribute("role", "status")

    prompt.locator("input[name=roll]").fill("12")
    prompt.locator("button.primary").click()
    expect(anna.locator("#flash.success")).to_contain_text("Anders")
    expect(anna).to_have_title("● Your turn — Burning mill")
    assert anna_viewer.errors == []


def test_symbaroum_phone_on_the_players_turn(road, login):  # noqa: F811
    ulrika = Combatant.objects.get(encounter=road, name="Ulrika").pk
    commands.add_condition(road, road.campaign.gm, combatant=ulrika, condition="Prone")
    path = f"/encounters/{road.pk}/"
    gm = login("gm", **LAPTOP).open(path)
    anna_viewer, anna = phone_of(login, "anna", path)
    expect(anna).to_have_title("The Davokar road")

    prone = anna.locator("#sheet .condition-text", has_text="Prone")
    prone.locator("summary").click()
    expect(prone.locator("p")).to_be_visible()

    next_turn(gm, road, "Ulrika")
    called(anna, "The Davokar road", "Your turn")
    declare_attack(gm, road, "Ulrika", "Goblin")
    prompt = anna.locator("#sheet form.prompt")
    expect(prompt).to_be_visible()
    expect(anna).to_have_title("● Roll needed — The Davokar road")
    assert anna.evaluate("window.buzzes.length") >= 2
    assert_fits_the_phone(anna, prompt)

    refuse_with_validation_off(prompt, "d20", "25")
    expect(anna.locator("#flash.error")).to_be_visible()

    prompt.locator("input[name=d20]").fill("20")
    prompt.locator("button.primary").click()
    expect(anna.locator("#flash.success")).to_contain_text("miss")

    # The campaign page, its import field included, fits the phone too.
    anna.goto(anna_viewer.base_url + road.campaign.get_absolute_url())
    expect(anna.locator("#import-character input[type=file]")).to_be_visible()
    assert_nothing_cut(anna)
    assert anna_viewer.errors == []


def test_wfrp3e_phone_on_the_players_turn(storm, login):  # noqa: F811
    gm_user = storm.campaign.gm
    lukas = Combatant.objects.get(encounter=storm, name=LUKAS).pk
    commands.award_fortune(storm, gm_user, amount=1)
    commands.add_condition_card(storm, gm_user, combatant=lukas, condition="Staggered")
    path = f"/encounters/{storm.pk}/"
    gm = login("gm", **LAPTOP).open(path)
    bruno_viewer, bruno = phone_of(login, "bruno", path)
    expect(bruno).to_have_title("The shrine on the hill")
    expect(bruno.locator("#active-name")).to_have_text(KATARINA)

    staggered = bruno.locator(f"#my-condition-cards-{lukas} details.condition-card", has_text="Staggered")
    staggered.locator("summary").click()
    expect(staggered.locator("p")).to_be_visible()

    # Katarina's turn passes; Lukas's begins and bruno plays a card from his phone.
    next_turn(gm, storm, LUKAS)
    called(bruno, "The shrine on the hill", "Your turn")
    expect(bruno.locator("#up-next")).to_have_text(BEASTMAN)
    bruno.locator(f"#my-turn-tools-{lukas} .phone-action button.primary").click()
    prompt = bruno.locator("#sheet form.prompt")
    expect(prompt).to_be_visible()
    expect(bruno).to_have_title("● Roll needed — The shrine on the hill")
    assert_fits_the_phone(bruno, prompt)

    # The symbols form sent empty is refused, in words; the fortune point and the tracker's roll answer.
    prompt.locator("button.primary").click()
    expect(bruno.locator("#flash.error")).to_contain_text("Type the symbols your dice show")
    bruno.locator("#sheet form[id^=spend-fortune] button").click()
    expect(bruno.locator("#flash.success")).to_contain_text("fortune")
    check_id = prompt.get_attribute("id")
    bruno.locator("#sheet button.roll").click()
    expect(bruno.locator("#flash.success")).to_contain_text(LUKAS)
    # The push that takes the check away also brings any Miscast its chaos stars call for (the dice are the
    # tracker's own): once the check is gone, bruno answers what is left and the title says it is his turn.
    expect(bruno.locator(f"#{check_id}")).to_have_count(0)
    miscast = bruno.locator("#sheet form.prompt[data-kind=miscast]")
    if miscast.count():
        expect(bruno).to_have_title("● Roll needed — The shrine on the hill")
        miscast.get_by_role("button", name="Drawn and played").click()
        expect(miscast).to_have_count(0)
    expect(bruno).to_have_title("● Your turn — The shrine on the hill")
    assert bruno_viewer.errors == []
