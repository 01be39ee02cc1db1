"""WFRP 4e players act from their phones, in the browser, as written and with the house rules' Tests: Anna declares
her attack on her own turn and types her dice, the orc's attack asks Bruno's phone for his defence with the odds of
each, a hidden attacker stays unnamed on his phone, the GM's Undo takes a roll back on every screen, and a test's
buttons fit a 360 px phone. The same flows through the API: tests/wfrp4e/test_declared.py."""

import json
import re
import urllib.request
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import expect

from combat.models import Combatant
from rules.engine import wfrp4e, wfrp4e_house
from rules.engine.probability import percent
from tests.e2e.boxes import box_of
from tests.e2e.test_live_encounter import PHONE
from tests.e2e.test_symbaroum_fight import settled
from tests.factories import give_points, point
from tests.wfrp4e.test_declared import make_fight, turn_of

LAPTOP = {"viewport": {"width": 1366, "height": 768}}
PHONE_WIDTH = PHONE["viewport"]["width"]
THUMB = 44  # px: the least height of a tap target
AS_WRITTEN, HOUSE_RULES = "as written", "house rules"
# Every open test a page draws, from its first load on: a phone that must never show someone else's test must not
# show it even for a moment.
WATCH_PROMPTS = """
window.promptsSeen = new Set();
new MutationObserver(() => {
  for (const element of document.querySelectorAll('[id^="prompt-"]')) window.promptsSeen.add(element.id);
}).observe(document, {childList: true, subtree: true});
"""


@dataclass
class Screens:
    """make_fight's table under one rules set, and the GM's laptop and Anna's and Bruno's phones once opened."""

    table: object
    orc: Combatant  # Orc Boy: Melee (Basic) 51, Dodge 35, a Shield; TB 4, Leather Jack
    house: bool
    login: object
    server_url: str
    viewers: dict = field(default_factory=dict)

    def open_at(self, combatant):
        """Move the fight on to `combatant`'s turn, then open the three screens there."""
        turn_of(self.table, combatant)
        path = f"/encounters/{self.table.encounter.pk}/"
        self.viewers["gm"] = self.login("gm", **LAPTOP)
        for player in ("anna", "bruno"):
            self.viewers[player] = self.login(player, **PHONE)
            self.viewers[player].page.add_init_script(WATCH_PROMPTS)
        return [viewer.open(path) for viewer in self.viewers.values()]

    def api(self, user, command=None, **args):
        """The live server's JSON API as `user`: the encounter's state, or the answer to `command`."""
        url = f"{self.server_url}/api/encounters/{self.table.encounter.pk}/"
        body = None
        if command:
            url += "commands/"
            body = json.dumps({"command": command, "args": args}).encode()
        headers = {"Authorization": f"Bearer {self.table.token(user)}", "Content-Type": "application/json"}
        with urllib.request.urlopen(urllib.request.Request(url, data=body, headers=headers), timeout=10) as answer:
            return json.load(answer)

    def prompt_ids(self, user):
        return [prompt["id"] for prompt in self.api(user)["prompts"]]

    def undo(self):
        """The GM's Undo button, clicked on the screen as it is now."""
        gm = self.viewers["gm"].page
        settled(gm, self.table.encounter)
        gm.locator("#undo").click()

    def errors(self):
        return {name: viewer.errors for name, viewer in self.viewers.items() if viewer.errors}


@pytest.fixture(params=[AS_WRITTEN, HOUSE_RULES])
def screens(request, table, login, asgi_server):
    house = request.param == HOUSE_RULES
    return Screens(table, make_fight(table, house=house), house, login, asgi_server.url)


def declared_prompt(page):
    """The one declared action's test the page shows, and its id among the encounter's prompts."""
    prompt = page.locator("form.prompt.declared")
    expect(prompt).to_have_count(1)
    pid = int(prompt.get_attribute("id").removeprefix("prompt-"))
    return page.locator(f"#prompt-{pid}"), pid


def wounds_of(page, combatant):
    return page.locator(f"#combatant-{combatant.pk} .wound-count")


def fresh(combatant):
    return Combatant.objects.get(pk=combatant.pk)


def assert_fits_the_phone(page, pid):
    """Every button of the test is a thumb high and within the 360 px screen, which never scrolls sideways."""
    buttons = page.locator(f"#prompt-{pid} button")
    assert buttons.count() >= 2  # Enter my dice, Roll for me
    for index in range(buttons.count()):
        box, label = box_of(buttons.nth(index)), buttons.nth(index).inner_text()
        assert box["height"] >= THUMB, f"{label}: {box['height']} px high"
        assert 0 <= box["x"] and box["x"] + box["width"] <= PHONE_WIDTH, f"{label}: {box} leaves the screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def never_shown(page, pid):
    assert f"prompt-{pid}" not in page.evaluate("[...window.promptsSeen]")


def anna_declares_her_attack(screens, fortune=False):
    """On her turn, Anna's phone offers her attack: she picks her Hand Weapon and the orc (and Fortune's extra D20)
    and declares it. Returns her test and its id."""
    anders, anna = screens.table.anders.pk, screens.viewers["anna"].page
    declare = anna.locator(f"#declare-{anders}")
    expect(declare).to_be_visible()
    expect(declare.locator(f"#declare-target-{anders} option")).to_have_text(["Orc Boy", "Orc Grukk"])
    declare.locator(f"#declare-weapon-{anders}").select_option("Hand Weapon")
    declare.locator(f"#declare-target-{anders}").select_option(str(screens.orc.pk))
    if fortune:
        declare.locator("input[name=fortune_reroll]").check()
    settled(anna, screens.table.encounter)
    anna.locator(f"#declare-attack-{anders}").click()
    return declared_prompt(anna)


def test_anna_attacks_the_orc_from_her_phone_and_undo_takes_it_back(screens):
    table, orc = screens.table, screens.orc
    gm, anna, bruno = screens.open_at(table.anders)
    expect(bruno.locator("[id^=declare-]")).to_have_count(0)  # not Gunther's turn
    prompt, pid = anna_declares_her_attack(screens)

    # The test opens on her phone with the dice and the exact chance, and waits on the GM's screen.
    expect(prompt).to_contain_text("Your attack on Orc Boy with Hand Weapon")
    if screens.house:
        chance = wfrp4e_house.hit_chance(5, 5, roller="attacker")  # ASB 5 (Melee 52) against the orc's DSB 5
        expect(prompt.locator(".dice")).to_have_text("Roll 1 D20, and 1 D100 where it lands")
    else:
        chance = wfrp4e.opposed_chance(52, 51)  # Melee (Basic) 52 against the orc's Melee (Basic) 51
        expect(prompt.locator(".dice")).to_have_text("Roll 1 d100, low is good")
    expect(anna.locator(f"#chance-{pid}")).to_have_text(f"{percent(chance)} %")
    expect(anna.locator(f"#roll-for-me-{pid}")).to_be_visible()
    waiting = gm.locator(f"#prompts #prompt-{pid}")
    expect(waiting).to_contain_text("Anders attacks Orc Boy with Hand Weapon")
    expect(waiting).to_contain_text("waits for Anders's roll")
    expect(gm.locator(f"#cancel-{pid}")).to_be_visible()
    assert_fits_the_phone(anna, pid)

    # She types her dice; the attack applies, and the GM's log says how it went.
    if screens.house:
        prompt.locator("input[name=d20]").fill("3")  # PSL 5 + 10 - 3 = 12 against the orc's 5
        prompt.locator("input[name=location]").fill("34")
        logged = (
            "Anders attacks Orc Boy with Hand Weapon: D20 3 (attacker rolls), ASB 5 vs melee DSB 5: OSL +7, D100 34; "
            "hits the right arm for 14 damage, 9 wounds."
        )
    else:
        prompt.locator("input[name=d100]").fill("3")
        # 03 is +5 SL, as good as the orc's best, and Melee 52 beats 51 on a tie: a hit on the right arm (30),
        # however the tracker rolls the orc's defence.
        logged = re.compile(
            r"Anders attacks Orc Boy with Hand Weapon: 3 vs 52 \(\+5 SL\) against Melee \(Basic\) \d+ vs 51 "
            r"\([+-]\d+ SL\); hits the right arm for \d+ damage, \d+ wounds?\."
        )
    anna.locator(f"#enter-dice-{pid}").click()
    expect(gm.locator("#log li").first).to_contain_text(logged)
    expect(gm.locator(f"#prompt-{pid}")).to_have_count(0)
    expect(anna.locator(f"#prompt-{pid}")).to_have_count(0)
    hurt = fresh(orc).wounds
    assert (hurt == 3) if screens.house else (hurt < 12)
    expect(wounds_of(gm, orc)).to_have_text(f"{hurt}/12")

    # Undo on the GM screen: the orc's wounds come back and her test opens again, as the API state has it.
    screens.undo()
    expect(wounds_of(gm, orc)).to_have_text("12/12")
    assert screens.prompt_ids(table.gm) == [pid] and screens.prompt_ids(table.anna) == [pid]
    expect(gm.locator(f"#prompts #prompt-{pid}")).to_contain_text("waits for Anders's roll")
    expect(anna.locator(f"#chance-{pid}")).to_have_text(f"{percent(chance)} %")
    # Undo again takes the declaration back: no test anywhere, and her attack is offered again.
    screens.undo()
    expect(anna.locator(f"#prompt-{pid}")).to_have_count(0)
    expect(gm.locator(f"#prompt-{pid}")).to_have_count(0)
    assert screens.prompt_ids(table.gm) == []
    expect(anna.locator(f"#declare-attack-{table.anders.pk}")).to_be_visible()
    assert fresh(orc).wounds == 12

    never_shown(bruno, pid)
    assert screens.errors() == {}


@pytest.mark.parametrize("screens", [HOUSE_RULES], indirect=True)
def test_house_rules_fortunes_extra_d20_is_typed_die_by_die(screens):
    table, orc = screens.table, screens.orc
    give_points(table.anders.character_id, fortune=2)
    gm, anna, _ = screens.open_at(table.anders)
    prompt, pid = anna_declares_her_attack(screens, fortune=True)
    expect(prompt.locator(".dice")).to_have_text("Roll 2 D20, keep the lowest, and 1 D100 where it lands")
    dice = prompt.locator("input[name=d20]")
    expect(dice).to_have_count(2)  # one box a die: a phone's number pad has no comma
    chance = wfrp4e_house.hit_chance(5, 5, roller="attacker", fortune=True)  # 2 D20, keep the best
    expect(anna.locator(f"#chance-{pid}")).to_have_text(f"{percent(chance)} %")

    dice.nth(0).fill("17")
    dice.nth(1).fill("3")
    prompt.locator("input[name=location]").fill("34")
    anna.locator(f"#enter-dice-{pid}").click()
    expect(gm.locator("#log li").first).to_contain_text(
        "Anders attacks Orc Boy with Hand Weapon: D20 3 (attacker rolls, best of 17/3), ASB 5 vs melee DSB 5: "
        "OSL +7, D100 34; hits the right arm for 14 damage, 9 wounds. Anders spends 1 Fortune: an extra D20."
    )
    expect(wounds_of(gm, orc)).to_have_text("3/12")
    assert point(table.anders.character_id, "fortune") == 1

    screens.undo()  # the Fortune point comes back with the orc's wounds
    expect(wounds_of(gm, orc)).to_have_text("12/12")
    assert point(table.anders.character_id, "fortune") == 2
    expect(anna.locator(f"#chance-{pid}")).to_have_text(f"{percent(chance)} %")
    assert screens.errors() == {}


def test_the_orc_attacks_bruno_whose_phone_asks_for_his_defence_with_the_odds(screens):
    table, orc, gunther = screens.table, screens.orc, screens.table.gunther
    gm, anna, bruno = screens.open_at(orc)
    # The GM rolls the orc's d100 (as written; under the house rules Bruno rolls every die) and expects Melee.
    rolled = {} if screens.house else {"attacker_roll": 30}
    expected = "melee" if screens.house else "Melee (Basic)"
    answer = screens.api(table.gm, "attack", attacker=orc.pk, target=gunther.pk, weapon="Hand Weapon",
                         defence=expected, ask_players=True, **rolled)  # fmt: skip
    assert answer["ok"] and "waiting for Gunther" in answer["message"], answer

    # Bruno's phone asks which defence, each with its chance to hold, then the dice.
    prompt, pid = declared_prompt(bruno)
    expect(prompt).to_contain_text("Orc Boy attacks you with Hand Weapon")
    defences = bruno.locator(f"#defences-{pid} label")
    if screens.house:
        # The orc's ASB 5 against Gunther's DSB 4 with either (Melee 43, Dodge 46); Bruno throws the D20.
        hold = percent(1 - wfrp4e_house.hit_chance(5, 4, roller="defender"))
        expect(defences).to_have_text([f"Melee: 4 · {hold} % to hold", f"Dodge: 4 · {hold} % to hold"])
        dodge = "dodge"
    else:
        # The orc's Melee (Basic) 51 against each of Gunther's skills and characteristics he may oppose with.
        expect(defences).to_have_text([
            f"{name}: {own} · {percent(1 - wfrp4e.opposed_chance(51, own))} % to hold"
            for name, own in (("Dodge", 46), ("Melee (Basic)", 43), ("WS", 38), ("Ag", 36))
        ])  # fmt: skip
        dodge = "Dodge"
    expect(prompt.locator(f"input[name=defence][value='{expected}']")).to_be_checked()
    waiting = gm.locator(f"#prompts #prompt-{pid}")
    expect(waiting).to_contain_text("Orc Boy attacks Gunther with Hand Weapon")
    expect(waiting).to_contain_text("waits for Gunther's roll")
    expect(anna.locator(f"#prompt-{pid}")).to_have_count(0)
    assert "attacks you" not in anna.content()
    assert_fits_the_phone(bruno, pid)

    # He picks Dodge and types a roll that fails it: the orc's attack lands, and the GM's log says so.
    prompt.locator(f"input[name=defence][value='{dodge}']").check()
    if screens.house:
        prompt.locator("input[name=d20]").fill("19")  # PSL 4 + 10 - 19 = -5 against the orc's 5
        prompt.locator("input[name=location]").fill("50")
        logged = (
            "Orc Boy attacks Gunther with Hand Weapon: D20 19 (defender rolls), ASB 5 vs dodge DSB 4: OSL +10, "
            "D100 50; hits the body for"
        )
    else:
        prompt.locator("input[name=d100]").fill("90")  # Dodge 46: -5 SL against the orc's +2
        logged = "Orc Boy attacks Gunther with Hand Weapon: 30 vs 51 (+2 SL) against Dodge 90 vs 46 (-5 SL); hits the"
    bruno.locator(f"#enter-dice-{pid}").click()
    expect(gm.locator("#log li").first).to_contain_text(logged)
    expect(bruno.locator(f"#prompt-{pid}")).to_have_count(0)
    expect(gm.locator(f"#prompt-{pid}")).to_have_count(0)
    hurt = fresh(gunther).wounds
    assert hurt < 11
    expect(wounds_of(gm, gunther)).to_have_text(f"{hurt}/11")
    expect(bruno.locator("#sheet .wound-count")).to_contain_text(f"{hurt} / 11 wounds")

    # Undo on the GM screen: Gunther's wounds come back, and his test opens again, on his phone alone.
    screens.undo()
    expect(wounds_of(gm, gunther)).to_have_text("11/11")
    expect(bruno.locator("#sheet .wound-count")).to_contain_text("11 / 11 wounds")
    assert screens.prompt_ids(table.gm) == [pid] and screens.prompt_ids(table.bruno) == [pid]
    assert screens.prompt_ids(table.anna) == []
    expect(bruno.locator(f"#defences-{pid}")).to_be_visible()
    expect(gm.locator(f"#prompts #prompt-{pid}")).to_contain_text("waits for Gunther's roll")
    screens.undo()  # and the attack itself: no test left
    expect(bruno.locator(f"#prompt-{pid}")).to_have_count(0)
    expect(gm.locator(f"#prompt-{pid}")).to_have_count(0)
    assert screens.prompt_ids(table.gm) == []
    assert fresh(gunther).wounds == 11

    never_shown(anna, pid)
    assert screens.errors() == {}


def test_the_gms_attack_form_asks_bruno_to_roll_his_defence(screens):
    table, orc, gunther = screens.table, screens.orc, screens.table.gunther
    gm, _, bruno = screens.open_at(orc)
    panel = gm.locator("#attack-panel")
    expect(panel.locator("#attack-attacker")).to_have_value(str(orc.pk))
    target = panel.locator("#attack-target")
    # Choosing the target shown again would reload the panel all the same, and a preview clicked while it reloads is
    # dropped with the form it was sent from (gm.js asks again for what was typed meanwhile): choose only a change.
    if target.input_value() != str(gunther.pk):
        target.select_option(str(gunther.pk))
        expect(panel).to_have_attribute("data-target", str(gunther.pk))
    ask = panel.locator("#attack-ask-players")
    expect(ask).to_be_checked()  # a player character takes part: asked unless the GM unticks it
    if not screens.house:
        panel.locator("#attack-attacker-roll").fill("30")  # the orc's d100, the GM's to roll
    settled(gm, table.encounter)
    panel.locator("#ask-players-attack").click()  # no preview: the dice are the player's to roll
    prompt, _ = declared_prompt(bruno)
    expect(prompt).to_contain_text("Orc Boy attacks you with Hand Weapon")


def hidden_orc_attacks_bruno(screens):
    """The GM hides the orc, whose turn it is, and has it attack Gunther asking Bruno to roll. Returns his test."""
    table, orc = screens.table, screens.orc
    gm, _, bruno = screens.open_at(orc)
    assert screens.api(table.gm, "hide_combatant", combatant=orc.pk)["ok"]
    expect(bruno.locator("body")).not_to_contain_text("Orc Boy")
    answer = screens.api(table.gm, "attack", attacker=orc.pk, target=table.gunther.pk, weapon="Hand Weapon",
                         ask_players=True)  # fmt: skip
    assert answer["ok"], answer
    prompt, pid = declared_prompt(bruno)
    expect(prompt).to_contain_text("Someone unseen attacks you")
    expect(gm.locator(f"#prompts #prompt-{pid}")).to_contain_text("Orc Boy attacks Gunther")
    return prompt, pid


def assert_names_no_one_unseen(page):
    html = page.content()
    assert "Orc Boy" not in html and "Sneaky Goblin" not in html


def test_a_hidden_orc_attacking_bruno_is_someone_unseen_on_his_phone(screens):
    _, pid = hidden_orc_attacks_bruno(screens)
    bruno = screens.viewers["bruno"].page
    expect(bruno.locator(f"#defences-{pid}")).not_to_contain_text("to hold")  # its figures would tell
    assert_names_no_one_unseen(bruno)
    assert screens.errors() == {}


def test_after_his_roll_brunos_phone_still_names_no_hidden_attacker(screens):
    prompt, pid = hidden_orc_attacks_bruno(screens)
    gm, bruno = screens.viewers["gm"].page, screens.viewers["bruno"].page
    if screens.house:
        prompt.locator("input[name=d20]").fill("2")
        prompt.locator("input[name=location]").fill("50")
    else:
        prompt.locator("input[name=d100]").fill("5")
    bruno.locator(f"#enter-dice-{pid}").click()
    # The GM's log keeps the whole attack; Bruno is told only his own roll and what it did to him.
    expect(gm.locator("#log li").first).to_contain_text("Orc Boy attacks Gunther with Hand Weapon")
    expect(bruno.locator("#flash")).to_contain_text("Gunther defends with")
    settled(bruno, screens.table.encounter)
    expect(bruno.locator(f"#prompt-{pid}")).to_have_count(0)
    assert_names_no_one_unseen(bruno)
