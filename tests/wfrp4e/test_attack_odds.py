"""The attack form shows the attack's odds before anyone rolls, as written and under the house rules' D20 tests, from
the same sheets, modifiers and state the attack would use; and it offers to have the players roll on their phones."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat import commands
from rules.engine import wfrp4e, wfrp4e_house
from rules.engine.probability import percent
from tests.factories import CharacterFactory, equip, give_points
from tests.wfrp4e.conftest import ORC

pytestmark = pytest.mark.django_db


def panel(fight, **values):
    """The attack panel as the GM's screen fetches it for these choices: its HTML."""
    chosen = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon", **values}
    client = fight.table.client(fight.table.gm)
    return client.get(f"/encounters/{fight.table.encounter.pk}/attack/", chosen, HTTP_HX_REQUEST="true")


def odds(html):
    """The odds line as the GM reads it, tags stripped."""
    shown = re.search(r'<p class="attack-odds" id="attack-odds"[^>]*>(.*?)</p>', html.decode(), re.S)[1]
    return re.sub(r"<[^>]+>", "", shown)


def house(fight, *rules):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=list(rules))


@pytest.mark.parametrize(
    ("values", "shown"),
    [
        # Melee (Basic) 52 against the orc's Melee (Basic) 51: 5,491 of the 10,000 pairs of d100 win. Hand Weapon 7
        # + net SL, less TB 4 and the Leather Jack's 1 AP on arms and body: 2.915 Wounds on average.
        ({"defence": "Melee (Basic)"}, "Hit 54.9 % · expected 2.9 Wounds · critical 4 % · fumble 6 %"),
        # +20 to the attack against Dodge 35.
        ({"defence": "Dodge", "attack_modifier": "20"}, "Hit 84.9 % · expected 6.3 Wounds · critical 6 % · fumble 4 %"),
        # Unopposed: 52 %, the doubles 11 to 44 a Critical, 55 to 00 a Fumble.
        ({"defence": ""}, "Hit 52 % · expected 2.6 Wounds · critical 4 % · fumble 6 %"),
    ],
)
def test_the_odds_as_written_come_from_the_sheets_and_the_form(fight, values, shown):
    assert odds(panel(fight, **values).content) == shown


def test_the_odds_under_the_house_rules_are_the_players_d20_against_the_best_defence(fight):
    house(fight, "tests")
    # The player rolls: ASB 5 (Melee 52) against the orc's Melee DSB 5 (51, better than Dodge 3); D20 1 to 10 hit,
    # OSL 9 down to 0, and a natural 20 misses and fumbles; a hit's D100 double is a Critical.
    html = panel(fight).content
    assert odds(html) == "Hit 50 % · expected 3.4 Wounds · critical 5 % · fumble 5 %"
    assert "ASB 5 against melee DSB 5, the attacker rolls 1 D20" in html.decode()
    # Fortune's extra D20, the lower counting: only two of 11 or more miss, only two 20s fumble.
    give_points(fight.anders.character_id, fortune=2)
    fortune = odds(panel(fight, fortune_reroll="true").content)
    assert fortune == "Hit 75 % · expected 5.5 Wounds · critical 7.5 % · fumble 0.3 %"
    # Each +SL of Fortune moves the line one face: D20 1 to 12 hit.
    assert odds(panel(fight, fortune_sl="2").content).startswith("Hit 60 %")


def turn_of(fight, combatant):
    while fight.table.encounter.active_id != combatant.pk:
        commands.next_turn(fight.table.encounter, fight.table.gm)


def test_the_odds_count_what_the_attack_counts_beyond_the_form(fight):
    encounter, gm = fight.table.encounter, fight.table.gm
    turn_of(fight, fight.orc)
    commands.defend(encounter, gm, skill="Melee (Basic)")
    # Defending: +20 to the orc's Melee (Basic), 71 against Anders' 52.
    assert odds(panel(fight, defence="Melee (Basic)").content).startswith("Hit 28.1 %")
    turn_of(fight, fight.anders)
    commands.mark_turn(encounter, gm, part="charge", used=True)
    # Charging: +10 to Anders' melee attack, 62 against Dodge 35 (the orc Defends with its Melee, not Dodge).
    assert odds(panel(fight, defence="Dodge").content).startswith("Hit 78.9 %")


def test_a_form_that_describes_no_attack_shows_no_odds_and_no_error_page(fight):
    response = panel(fight, attack_modifier="lots")
    assert response.status_code == 200 and odds(response.content).startswith("No odds for this choice yet")
    house(fight, "tests")
    # A sword is not parried with the Spell DSB: the preview says so, the odds wait.
    assert odds(panel(fight, defence="spell").content).startswith("No odds")
    assert odds(panel(fight, situations="no_such_row").content).startswith("No odds")
    assert odds(panel(fight, fortune_sl="x").content).startswith("No odds")


def test_the_odds_line_asks_for_itself_again_when_the_form_changes(fight):
    html = panel(fight).content.decode()
    line = re.search(r'<p class="attack-odds" id="attack-odds"[^>]*>', html)[0]
    assert 'hx-trigger="change from:#attack-form"' in line and 'hx-select="#attack-odds"' in line
    assert 'hx-target="this"' in line and 'hx-include="#attack-form"' in line


def test_the_gm_page_shows_the_odds_of_the_active_combatants_attack(fight):
    while fight.table.encounter.active_id != fight.anders.pk:
        commands.next_turn(fight.table.encounter, fight.table.gm)
    page = fight.table.client(fight.table.gm).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert re.search(r'id="attack-odds"[^>]*>Hit <strong>[\d.]+ %</strong>', page)


def add_orcs(fight, count):
    for number in range(count):
        orc = CharacterFactory(campaign=fight.table.campaign, name=f"Orc {number}", is_npc=True, max_wounds=12)
        equip(orc, ORC, {"Melee (Basic)": 10}, ("Hand Weapon",), ("Leather Jack",))
        commands.add_combatant(fight.table.encounter, fight.table.gm, character=orc.pk)


@pytest.mark.parametrize("rules", [[], ["tests"]])
def test_the_panels_queries_stay_flat_as_the_fight_grows(fight, rules):
    house(fight, *rules)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert "Hit" in odds(panel(fight, defence="Melee (Basic)" if not rules else "").content)
        return len(captured)

    few = queries()
    add_orcs(fight, 6)
    assert queries() == few


def test_the_players_roll_on_their_phones_by_default_when_a_player_character_fights(fight):
    box = re.compile(r'<input type="checkbox" id="attack-ask-players" name="ask_players" value="true"( checked)?[ >]')
    assert box.search(panel(fight).content.decode())[1] == " checked"  # Anders is Anna's
    other = CharacterFactory(campaign=fight.table.campaign, name="Orc Boss", is_npc=True, max_wounds=14)
    equip(other, ORC, {"Melee (Basic)": 15}, ("Hand Weapon",), ())
    boss = commands.add_combatant(fight.table.encounter, fight.table.gm, character=other.pk).result["combatant"]
    npcs = panel(fight, attacker=fight.orc.pk, target=boss).content.decode()
    assert box.search(npcs)[1] is None
    # The GM's untick holds while the form is about the same pair.
    drawn = {"drawn_attacker": fight.anders.pk, "drawn_target": fight.orc.pk}
    assert box.search(panel(fight, **drawn).content.decode())[1] is None
    assert box.search(panel(fight, **drawn, ask_players="true").content.decode())[1] == " checked"


def test_batter_and_trick_show_the_spenders_chance_before_the_roll(fight):
    client = fight.table.client(fight.table.gm)
    page = client.get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert 'id="batter-or-trick-odds"' in page
    url = f"/encounters/{fight.table.encounter.pk}/odds/batter_or_trick/"
    chosen = {"spend": "batter", "initiator": fight.anders.pk, "opponent": fight.orc.pk, "csrfmiddlewaretoken": "x"}
    shown = client.get(url, chosen, HTTP_HX_REQUEST="true").content.decode()
    # Strength 38 against the orc's 35, both rolling a d100 (seed 002).
    assert f"Chance: Anders wins {percent(wfrp4e.opposed_chance(38, 35))} %" in shown
    assert "No odds yet: Pick an opponent" in client.get(url, {**chosen, "opponent": fight.anders.pk}).content.decode()
    assert fight.table.client(fight.table.anna).get(url, chosen).status_code == 403


def test_the_house_rules_opposed_test_shows_the_initiators_chance(fight):
    house(fight, "tests", "other_opposed_tests")
    client = fight.table.client(fight.table.gm)
    url = f"/encounters/{fight.table.encounter.pk}/odds/opposed_test/"
    chosen = {"initiator": fight.anders.pk, "opponent": fight.orc.pk, "initiator_skill": "S",
              "opponent_skill": "Endurance", "modifier_sl": "1"}  # fmt: skip
    shown = client.get(url, chosen).content.decode()
    chance = wfrp4e_house.hit_chance(3 + 1, 4, roller="attacker")  # S 38 and +1 SL against untrained Endurance 45
    assert f"Chance: Anders wins {percent(chance)} %" in shown
