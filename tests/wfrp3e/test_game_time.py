"""The GM's calls on game time (seed 003 "Game Time"): the end of an act with its insanity and disease checks, the
end of an episode and a night's rest with its Resilience check, settled on the player's phone."""

import random

import pytest

from combat.commands.spine import CommandError, CommandForbidden
from rules.engine import wfrp3e
from rules.engine.dice import Dice
from systems.wfrp3e.models import ConditionCard


def set_points(combatant, **points):
    character = combatant.character
    character.points = {**character.points, **points}
    character.save()


def recovery_prompts(fight):
    return [p for p in fight.prompts() if p["answer"] == "answer_recovery_check"]


def test_the_end_of_an_act_rests_the_heroes_and_asks_for_each_temporary_insanity(fight):
    outcome = fight.gm("end_of_act")
    # Magda: 4 fatigue less Toughness 3, 1 stress less Willpower 3; Gunther is fresh, the orc recovers nothing.
    assert outcome.message == (
        "The act ends: Magda recovers 3 fatigue and 1 stress; "
        "Magda checks Discipline against Night Terrors becoming permanent."
    )
    points = fight.points(fight.magda)
    assert (points["fatigue"], points["stress"]) == (1, 0)
    (entry,) = recovery_prompts(fight)
    assert (entry["combatant"], entry["kind"], entry["affliction"]) == (fight.magda.pk, "insanity", "Night Terrors")
    # Willpower 3, untrained in Discipline, Average difficulty; the stress already recovered adds no Distressed die.
    assert entry["summary"] == "3 characteristic, 2 challenge"
    assert entry["chance"] == f"{float(wfrp3e.net_success_chance(entry['pool'])) * 100:.1f}"


def test_the_insanity_check_shows_only_on_its_players_phone_and_the_gm_screen(fight):
    fight.gm("end_of_act")
    (entry,) = recovery_prompts(fight)
    marker, reason = f'id="prompt-{entry["id"]}"', "Discipline check, or Night Terrors becomes a permanent insanity"
    for user in (fight.table.anna, fight.table.gm):
        page = fight.page(user)
        assert marker in page and reason in page
    bruno = fight.page(fight.table.bruno)
    assert marker not in bruno and "Night Terrors" not in bruno


def test_a_failed_insanity_check_makes_it_permanent(fight):
    fight.gm("end_of_act")
    (entry,) = recovery_prompts(fight)
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=entry["id"], successes=2, challenges=2)
    assert outcome.message == (
        "Magda fails the Discipline check (typed): 0 net successes; Night Terrors is now a permanent insanity."
    )
    assert fight.points(fight.magda)["insanities"] == {"Night Terrors": "permanent"}
    assert recovery_prompts(fight) == []


def test_a_passed_insanity_check_keeps_it_temporary(fight):
    fight.gm("end_of_act")
    (entry,) = recovery_prompts(fight)
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=entry["id"], successes=3, challenges=1)
    assert (
        outcome.message == "Magda passes the Discipline check (typed): 2 net successes; Night Terrors stays temporary."
    )
    assert fight.points(fight.magda)["insanities"] == {"Night Terrors": "temporary"}


def test_the_tracker_rolls_the_pool_when_nothing_is_typed(fight):
    fight.gm("end_of_act")
    (entry,) = recovery_prompts(fight)
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=entry["id"], dice=Dice(random.Random(5)))
    rolled = wfrp3e.symbols_shown(wfrp3e.roll_pool(entry["pool"], Dice(random.Random(5)).d))
    assert outcome.result["symbols"] == dict(rolled)
    assert outcome.result["succeeded"] == wfrp3e.resolve(rolled).succeeded
    assert "(rolled)" in outcome.message


def test_another_player_cannot_answer_magdas_check(fight):
    fight.gm("end_of_act")
    (entry,) = recovery_prompts(fight)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "answer_recovery_check", prompt=entry["id"], successes=1)
    assert fight.points(fight.magda)["insanities"] == {"Night Terrors": "temporary"}


def test_an_action_prompt_is_not_answered_as_a_recovery_check(fight):
    fight.gm("end_of_act")
    (entry,) = recovery_prompts(fight)
    with pytest.raises(CommandError, match="answered another way"):
        fight.run(fight.table.anna, "enter_roll", prompt=entry["id"], successes=1)


def test_the_disease_check_is_asked_only_under_the_house_rule(fight):
    set_points(fight.magda, diseases={"Bloody Flux": "permanent", "Grey Rot": "temporary"})
    fight.gm("end_of_act")
    assert [p["affliction"] for p in recovery_prompts(fight)] == ["Night Terrors"]
    fight.gm("undo")
    fight.gm("set_house_rules", rules=["disease_check"])
    outcome = fight.gm("end_of_act")
    assert "Magda checks Resilience against Grey Rot becoming permanent" in outcome.message
    entry = next(p for p in recovery_prompts(fight) if p["kind"] == "disease")
    # Toughness 3, Average difficulty; Bloody Flux is permanent already and asks nothing.
    assert (entry["affliction"], entry["summary"]) == ("Grey Rot", "3 characteristic, 2 challenge")
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=entry["id"], banes=1)
    assert (
        outcome.message
        == "Magda fails the Resilience check (typed): 0 net successes; Grey Rot is now a permanent disease."
    )
    assert fight.points(fight.magda)["diseases"] == {"Bloody Flux": "permanent", "Grey Rot": "permanent"}


def test_an_open_check_is_not_asked_twice(fight):
    fight.gm("end_of_act")
    assert fight.gm("end_of_act").message == "The act ends: Magda recovers 1 fatigue."
    assert fight.gm("end_of_act").message == "The act ends: nobody has fatigue or stress to recover."
    assert len(recovery_prompts(fight)) == 1


def test_the_end_of_an_act_ends_every_condition_but_the_permanent_and_readies_the_cards(fight):
    fight.gm("add_condition_card", combatant=fight.orc.pk, condition="Staggered")  # brief
    fight.gm("add_condition_card", combatant=fight.orc.pk, condition="Blinded")  # lingering
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Frightened")  # dependent
    ConditionCard.objects.create(system="wfrp3e", name="Cursed", duration="permanent")
    fight.gm("add_condition_card", combatant=fight.gunther.pk, condition="Cursed")
    state = fight.state()
    state.recharging[str(fight.magda.pk)] = {"Reckless Cleave": 2, "Block": 1}
    state.recharging[str(fight.orc.pk)] = {"Melee Strike": 1}
    fight.encounter.save_state()
    fight.encounter.save()
    outcome = fight.gm("end_of_act")
    assert outcome.message.endswith(
        "Magda is no longer Frightened; Orc is no longer Blinded or Staggered; "
        "Magda's Block and Reckless Cleave are ready again; Orc's Melee Strike is ready again."
    )
    state = fight.state()
    assert state.condition_tokens == {} and state.recharging == {}
    assert state.lasting_conditions == {str(fight.gunther.pk): ["Cursed"]}


def test_npcs_recover_no_strain_at_the_end_of_an_act(fight):
    set_points(fight.orc, fatigue=3, stress=2)
    fight.gm("end_of_act")
    points = fight.points(fight.orc)
    assert (points["fatigue"], points["stress"]) == (3, 2)


def test_the_end_of_an_episode_rests_the_heroes_only(fight):
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Staggered")
    outcome = fight.gm("end_of_episode")
    assert outcome.message == "The episode ends: Magda recovers 3 fatigue and 1 stress."
    points = fight.points(fight.magda)
    assert (points["fatigue"], points["stress"]) == (1, 0)
    state = fight.state()
    assert state.condition_tokens == {str(fight.magda.pk): {"Staggered": 3}}
    assert recovery_prompts(fight) == []


def test_a_night_rest_heals_toughness_in_wounds_and_asks_the_wounded_for_resilience(fight):
    fight.gm("apply_damage", combatant=fight.magda.pk, amount=3)
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=2)
    outcome = fight.gm("overnight_rest")
    assert outcome.message == (
        "The night passes: Magda recovers 3 fatigue and 1 stress; Magda heals 3 wounds; "
        "Magda checks Resilience to heal more; Gunther heals 2 wounds."
    )
    assert fight.fresh(fight.magda).wounds == 7 - 3 + 3  # she joined with the 2 wounds her sheet had taken
    assert fight.fresh(fight.gunther).wounds == 12
    (entry,) = recovery_prompts(fight)
    # Toughness 3; Magda's critical wound makes the check two challenge dice (seed 003 "Resilience Check").
    assert (entry["combatant"], entry["kind"], entry["summary"]) == (
        fight.magda.pk,
        "resilience",
        "3 characteristic, 2 challenge",
    )
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=entry["id"], successes=3)
    # Three net successes, but only two wounds are left to heal.
    assert outcome.message == "Magda passes the Resilience check (typed): 3 net successes; 2 more wounds healed."
    assert fight.fresh(fight.magda).wounds == 9


def test_a_failed_resilience_check_heals_nothing_more(fight):
    fight.gm("apply_damage", combatant=fight.magda.pk, amount=5)
    fight.gm("overnight_rest", difficulty="hard")
    (entry,) = recovery_prompts(fight)
    assert entry["pool"]["challenge"] == 3
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=entry["id"], successes=1, challenges=3)
    assert outcome.message == "Magda fails the Resilience check (typed): 0 net successes; no more wounds healed."
    assert fight.fresh(fight.magda).wounds == 7 - 5 + 3


@pytest.mark.parametrize("name", ["end_of_act", "end_of_episode", "overnight_rest"])
def test_a_player_cannot_call_game_time(fight, name):
    fight.encounter.refresh_from_db()
    version = fight.encounter.version
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, name)
    fight.encounter.refresh_from_db()
    assert fight.encounter.version == version
    assert fight.points(fight.magda)["fatigue"] == 4


def test_a_player_posting_to_game_time_is_refused(fight):
    response = fight.table.client(fight.table.anna).post(
        f"/api/encounters/{fight.encounter.pk}/commands/", {"command": "end_of_act", "args": {}}, "application/json"
    )
    assert response.status_code == 403
    assert fight.points(fight.magda)["fatigue"] == 4


def test_undo_restores_the_pools_and_the_sheets_exactly(fight):
    fight.gm("apply_damage", combatant=fight.magda.pk, amount=5)
    fight.gm("add_condition_card", combatant=fight.orc.pk, condition="Staggered")
    fight.encounter.refresh_from_db()
    pools, points = dict(fight.encounter.pools), dict(fight.points(fight.magda))
    fight.gm("end_of_act")
    (entry,) = recovery_prompts(fight)
    fight.run(fight.table.anna, "answer_recovery_check", prompt=entry["id"], challenges=1)
    fight.gm("overnight_rest")
    for _ in range(3):
        fight.gm("undo")
    fight.encounter.refresh_from_db()
    assert fight.encounter.pools == pools
    assert fight.points(fight.magda) == points
    assert fight.fresh(fight.magda).wounds == 7 - 5


def test_the_gm_screen_offers_game_time_with_a_confirmation(fight):
    page = fight.page(fight.table.gm)
    for url in ("end_of_act", "end_of_episode", "overnight_rest"):
        assert f"/do/{url}/" in page
    assert page.count("hx-confirm=") >= 3
    assert 'id="game-time"' not in fight.page(fight.table.anna)


def test_the_end_of_the_act_ends_a_rally_under_way(fight):
    fight.gm("rally")
    fight.gm("rally_manoeuvre", combatant=fight.magda.pk)
    ended = fight.gm("end_of_act")
    assert ended.message.endswith("; the rally ends; no rally step for Gunther, Orc.")
    assert 'id="rally-banner"' not in fight.page(fight.table.anna)
