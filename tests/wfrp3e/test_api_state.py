"""The API's state of a WFRP 3e fight carries what the GM row and the phone show: each combatant's stance, fatigue,
stress, impairments, critical wounds, condition cards and recharge tokens, and each open check's pool with where its
dice come from, its chance and its boon and bane odds. A player's holds it only of their own character and their own
checks; a hidden combatant never."""

import html

import pytest

from combat import commands
from tests.api_state import api_state, assert_declared, seen
from tests.factories import CharacterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS


@pytest.fixture
def busy_fight(action_fight):
    """Magda's Reckless Cleave rolled (3 recharge tokens), Staggered on her, and an initiative check open for her, the
    orc and a hidden skaven."""
    fight = action_fight
    skaven = CharacterFactory(
        campaign=fight.table.campaign, name="Skaven", is_npc=True, max_wounds=8, characteristics=CHARACTERISTICS
    )
    pk = commands.add_combatant(fight.encounter, fight.table.gm, character=skaven.pk, hidden=True).result["combatant"]
    fight.skaven = fight.encounter.combatants.get(pk=pk)
    anna = fight.table.anna
    fight.run(anna, "perform_action", combatant=fight.magda.pk, card="Reckless Cleave", target=fight.orc.pk)
    (cleave,) = fight.prompts()
    fight.run(anna, "enter_roll", prompt=cleave["id"], successes=1)
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Staggered")
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    fight.gm("ask_initiative", combatant=fight.orc.pk)
    fight.gm("ask_initiative", combatant=fight.skaven.pk)
    return fight


def test_the_gm_gets_every_combatants_state_as_declared(busy_fight):
    fight = busy_fight
    state = api_state(fight.encounter, fight.table.gm)
    assert_declared(state, in_full={c["id"] for c in state["combatants"]})
    magda = seen(state, fight.magda)
    # Her sheet: 4 fatigue past Toughness 3, 1 stress, 5 power past Willpower 3, 1 critical wound.
    assert (magda["fatigue"], magda["stress"], magda["impairments"]) == (4, 1, ["Fatigued"])
    assert (magda["power_word"], magda["power"], magda["criticals"]) == ("Power", 5, 1)
    assert (magda["stance"], magda["stance_label"], magda["no_turn"]) == (0, "neutral", "")
    assert magda["condition_cards"] == [{"name": "Staggered", "tokens": 3}]
    assert magda["recharging"] == [{"name": "Reckless Cleave", "tokens": 3}]
    goblins = seen(state, fight.goblins)
    assert (goblins["henchmen_members"], goblins["henchmen_standing"]) == (3, 3)
    assert seen(state, fight.skaven)["hidden"] is True
    assert sorted(p["combatant"] for p in state["prompts"]) == sorted([fight.magda.pk, fight.orc.pk, fight.skaven.pk])


def test_an_open_check_carries_its_pool_and_the_odds_her_phone_shows(busy_fight):
    fight = busy_fight
    (check,) = api_state(fight.encounter, fight.table.anna)["prompts"]
    (entry,) = [p for p in fight.prompts() if p["id"] == check["id"]]
    assert check["combatant"] == fight.magda.pk and check["answer"] == "roll_initiative_check"
    assert (check["pool"], check["summary"], check["sources"]) == (entry["pool"], entry["summary"], entry["sources"])
    assert check["boon_odds"] == [{"count": count, "chance": chance} for count, chance in entry["boon_odds"]]
    assert check["bane_odds"] == [{"count": count, "chance": chance} for count, chance in entry["bane_odds"]]
    page = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/")
    phone = html.unescape(page.content.decode())
    assert f'id="chance-{check["id"]}">{check["chance"]} %' in phone
    odds = phone.split(f'id="odds-{check["id"]}">')[1].split("</p>")[0]
    shown = [*check["boon_odds"], *check["bane_odds"]]
    assert shown and all(f"<span>{o['count']}: {o['chance']} %</span>" in odds for o in shown)
    assert check["comet_choice"] is False and check["characteristic"] is None


def test_a_player_gets_only_her_own_combatant_and_checks_and_never_the_hidden(busy_fight):
    fight = busy_fight
    anna = api_state(fight.encounter, fight.table.anna)
    assert_declared(anna, in_full={fight.magda.pk})
    assert fight.skaven.pk not in [c["id"] for c in anna["combatants"]]
    assert [p["combatant"] for p in anna["prompts"]] == [fight.magda.pk]
    assert seen(anna, fight.magda)["recharging"] == [{"name": "Reckless Cleave", "tokens": 3}]
    orc = seen(anna, fight.orc)
    assert (orc["name"], orc["fatigue"], orc["criticals"], orc["condition_cards"]) == ("Orc", None, None, None)
    bruno = api_state(fight.encounter, fight.table.bruno)
    assert_declared(bruno, in_full=set())
    assert bruno["prompts"] == [] and "Skaven" not in str(bruno)
