"""The party's meters (seed 003 "Game Time", the reckless casters' note under "Spellcaster Conditions"): the fortune
pool the GM fills and a player spends for a fortune die on a check, the tension the GM moves and a reckless caster's
chaos star raises, both carried from the campaign's last encounter to the next."""

import pytest

from combat import commands
from combat.commands.spine import CommandError, CommandForbidden
from rules.engine import wfrp3e
from systems.wfrp3e.commands.pools import percent
from tests.factories import EncounterFactory
from tests.wfrp3e.conftest import MAY_SHOW


def strike(fight, **args):
    args = {"combatant": fight.magda.pk, "card": "Melee Strike", "target": fight.orc.pk, **args}
    fight.run(fight.table.anna, "perform_action", **args)
    (entry,) = fight.prompts()
    return entry


def test_the_gm_awards_fortune_points_to_the_party_pool(fight):
    assert fight.gm("award_fortune", amount=3).message == "The GM awards the party 3 fortune points: 3 in the pool."
    assert fight.gm("award_fortune", amount=1).message == "The GM awards the party 1 fortune point: 4 in the pool."
    assert fight.state().party_fortune == 4
    before = fight.state().dump()
    for amount in (0, 11):
        with pytest.raises(CommandError):
            fight.gm("award_fortune", amount=amount)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "award_fortune", amount=2)
    assert fight.state().dump() == before


def test_a_spent_point_adds_a_fortune_die_and_the_odds_are_worked_out_again(action_fight):
    fight = action_fight
    fight.gm("award_fortune", amount=2)
    entry = strike(fight)
    assert entry["summary"] == "4 characteristic, 1 challenge, 1 misfortune"
    outcome = fight.run(fight.table.anna, "spend_fortune", prompt=entry["id"])
    (spent,) = fight.prompts()
    assert spent["pool"] == {**entry["pool"], "fortune": 1}
    assert spent["summary"] == "4 characteristic, 1 fortune, 1 challenge, 1 misfortune"
    odds = wfrp3e.odds(spent["pool"])
    assert spent["chance"] == percent(odds.success) and spent["chance"] != entry["chance"]
    boons = [(n, percent(c)) for n, c in odds.boons.items() if c >= MAY_SHOW]
    assert [tuple(pair) for pair in spent["boon_odds"]] == boons
    banes = [(n, percent(c)) for n, c in odds.banes.items() if c >= MAY_SHOW]
    assert [tuple(pair) for pair in spent["bane_odds"]] == banes
    assert spent["sources"] == [*entry["sources"], "1 fortune (a party fortune point)"]
    assert outcome.message == (
        f"Magda spends a party fortune point on Melee Strike at Orc: {spent['summary']}, {spent['chance']} % to "
        "succeed; 1 left in the pool."
    )
    assert fight.state().party_fortune == 1


def test_the_gm_spends_for_anyone_a_player_only_on_their_own_prompt(fight):
    fight.gm("award_fortune", amount=1)
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    (entry,) = fight.prompts()
    before = fight.state().dump()
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "spend_fortune", prompt=entry["id"])
    assert fight.state().dump() == before
    fight.gm("spend_fortune", prompt=entry["id"])
    assert fight.prompts()[0]["pool"]["fortune"] == 1 and fight.state().party_fortune == 0


def test_an_empty_pool_is_refused_in_words_and_nothing_changes(action_fight):
    entry = strike(action_fight)
    before = action_fight.state().dump()
    with pytest.raises(CommandError, match="^The party's fortune pool is empty.$"):
        action_fight.run(action_fight.table.anna, "spend_fortune", prompt=entry["id"])
    assert action_fight.state().dump() == before


def test_the_gm_moves_the_tension_never_below_zero(fight):
    assert fight.gm("shift_tension", step=1).message == "The party tension rises to 1."
    assert fight.gm("shift_tension", step=-1).message == "The party tension falls to 0."
    before = fight.state().dump()
    with pytest.raises(CommandError, match="^The party tension is already at 0.$"):
        fight.gm("shift_tension", step=-1)
    with pytest.raises(CommandError, match=r"^Move the party tension by \+1 or -1.$"):
        fight.gm("shift_tension", step=0)
    with pytest.raises(CommandError):
        fight.gm("shift_tension", step=2)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "shift_tension", step=1)
    assert fight.state().dump() == before


def test_a_reckless_casters_chaos_star_raises_the_tension_by_itself(action_fight):
    fight = action_fight
    fight.run(fight.table.anna, "shift_stance", combatant=fight.magda.pk, stance=1)
    entry = strike(fight)
    outcome = fight.run(fight.table.anna, "enter_roll", prompt=entry["id"], successes=1, chaos_stars=1)
    assert outcome.message == (
        "Magda's Melee Strike at Orc succeeds (typed): 1 net success, 0 boons, 0 banes; a chaos star in a reckless "
        "stance: the party tension rises to 1; success: Hit for normal damage; chaos star: Your weapon slips: drop "
        "it; Orc takes 1 wound."
    )
    assert fight.state().party_tension == 1


def test_no_tension_without_a_reckless_stance_or_a_chaos_star(action_fight):
    fight = action_fight
    outcome = fight.run(fight.table.anna, "enter_roll", prompt=strike(fight)["id"], successes=1, chaos_stars=1)
    assert "tension" not in outcome.message  # a neutral stance
    fight.turn_of(fight.magda)
    fight.run(fight.table.anna, "shift_stance", combatant=fight.magda.pk, stance=1)
    fight.run(fight.table.anna, "enter_roll", prompt=strike(fight)["id"], successes=1, banes=1)
    assert fight.state().party_tension == 0  # reckless, but no chaos star


def test_the_meters_carry_over_from_the_campaigns_last_started_encounter(fight):
    assert (fight.state().party_fortune, fight.state().party_tension) == (0, 0)  # nothing to carry from
    fight.gm("award_fortune", amount=5)
    fight.gm("shift_tension", step=1)
    older = EncounterFactory(campaign=fight.table.campaign, name="Older")
    commands.add_combatant(older, fight.table.gm, character=fight.table.wizard.pk)
    following = EncounterFactory(campaign=fight.table.campaign, name="At the inn")
    commands.add_combatant(following, fight.table.gm, character=fight.table.wizard.pk)
    commands.award_fortune(following, fight.table.gm, amount=1)
    outcome = commands.start(following, fight.table.gm)
    assert "From Ambush on the Reik road, the party carries 5 fortune points and a tension of 1." in outcome.message
    following.refresh_from_db()
    assert (following.state.party_fortune, following.state.party_tension) == (6, 1)
    # The older encounter, started after, is now the last one: it takes the inn's meters.
    commands.start(older, fight.table.gm)
    older.refresh_from_db()
    assert (older.state.party_fortune, older.state.party_tension) == (6, 1)


def test_the_meters_show_on_the_gm_screen_and_every_phone_with_the_spend_button_on_ones_own(action_fight):
    fight = action_fight
    fight.gm("award_fortune", amount=3)
    fight.gm("shift_tension", step=1)
    entry = strike(fight)
    gm = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert '<span id="party-fortune">3</span>' in gm and '<span id="party-tension">1</span>' in gm
    assert 'id="award-fortune"' in gm and 'id="tension-up"' in gm and 'id="tension-down"' in gm
    for user in (fight.table.anna, fight.table.bruno):
        phone = fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()
        assert "Party fortune <strong>3</strong> · Tension <strong>1</strong>" in phone
        assert 'id="award-fortune"' not in phone
    anna = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="spend-fortune-{entry["id"]}"' in anna and "Spend a fortune point (3 in the pool)" in anna
    bruno = fight.table.client(fight.table.bruno).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'id="spend-fortune-{entry["id"]}"' not in bruno
    api = fight.table.client(fight.table.bruno).get(f"/api/encounters/{fight.encounter.pk}/").json()
    assert api["party"] == {"fortune": 3, "tension": 1}


def test_undo_restores_the_pools_and_the_points_exactly(action_fight):
    fight = action_fight
    fight.gm("award_fortune", amount=2)
    after_award = fight.state().dump()
    entry = strike(fight)
    with_prompt = fight.state().dump()
    fight.run(fight.table.anna, "spend_fortune", prompt=entry["id"])
    fight.gm("undo")
    assert fight.state().dump() == with_prompt and fight.prompts()[0]["pool"] == entry["pool"]
    fight.gm("undo")
    fight.gm("shift_tension", step=1)
    fight.gm("undo")
    assert fight.state().dump() == after_award
    fight.gm("undo")
    assert fight.state().party_fortune == 0
