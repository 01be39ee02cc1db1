"""Group Advantage (seed 002): pools per side, gains, spends the pool must cover, the end-of-round move."""

import pytest

from combat import commands
from combat.commands import CommandError
from combat.views_state import as_json, build
from tests.factories import CampaignFactory, EncounterFactory

pytestmark = pytest.mark.django_db


def pools(table):
    table.encounter.refresh_from_db()
    return as_json(build(table.encounter, table.anna))["pools"]


def gain(table, side="ally", reason="winning", **args):
    return commands.gain_advantage(table.encounter, table.gm, side=side, reason=reason, **args)


def spend(table, spend, side="ally", **args):
    return commands.spend_advantage(table.encounter, table.gm, side=side, spend=spend, **args)


@pytest.mark.parametrize("args", [{"sl": -1}, {"sl": -7}, {"sl": 0, "failed": True}, {"failed": True}])
def test_a_failed_assess_gains_nothing_and_says_so(table, args):
    with pytest.raises(CommandError, match="A failed Assess test gains no Advantage: only a success does."):
        gain(table, "ally", "assess", **args)
    assert pools(table) == {"ally": 0, "adversary": 0}


@pytest.mark.parametrize(
    "reason, args, gained",
    [
        ("surprise", {}, 1),
        ("assess", {"sl": 2}, 2),
        ("assess", {"sl": 6}, 3),
        ("victory", {}, 1),
        ("victory", {"nemesis": True}, 2),
        ("winning", {}, 1),
        ("outmanoeuvre", {}, 1),
    ],
)
def test_every_gain(table, reason, args, gained):
    outcome = gain(table, "adversary", reason, **args)
    assert outcome.result["gained"] == gained
    assert pools(table) == {"ally": 0, "adversary": gained}


@pytest.mark.parametrize(
    "spend_name, args, cost",
    [
        ("additional_effort", {"amount": 2}, 2),
        ("additional_effort", {"amount": 4}, 4),
        ("flee_from_harm", {}, 2),
        ("additional_action", {}, 4),
        ("creature_trait", {"amount": 3}, 3),
    ],
)
def test_every_spend_takes_its_cost(table, spend_name, args, cost):
    """Batter and Trick are Opposed Tests with their own command (test_batter_and_trick.py)."""
    commands.start(table.encounter, table.gm)
    for _ in range(3):
        gain(table, reason="assess", sl=6)  # 9 Advantage
    outcome = spend(table, spend_name, **args)
    assert outcome.result["spent"] == cost
    assert pools(table)["ally"] == 9 - cost


def test_additional_effort_bonus_is_in_the_log(table):
    for _ in range(4):
        gain(table)
    assert "+30%" in spend(table, "additional_effort", amount=4).message


@pytest.mark.parametrize(
    "spend_name, args, message",
    [
        ("flee_from_harm", {}, "have 1 Advantage; that costs 2"),
        ("additional_action", {}, "costs 4"),
        ("additional_effort", {}, "Say how much"),
        ("additional_effort", {"amount": 1}, "at least 2"),
        ("creature_trait", {}, "Say how much"),
        ("creature_trait", {"amount": 5}, "that costs 5"),
    ],
)
def test_spends_the_pool_cannot_pay_are_refused_and_change_nothing(table, spend_name, args, message):
    commands.start(table.encounter, table.gm)
    gain(table)
    with pytest.raises(CommandError, match=message):
        spend(table, spend_name, **args)
    assert pools(table)["ally"] == 1


def test_additional_action_once_per_turn(table):
    commands.start(table.encounter, table.gm)
    for _ in range(4):
        gain(table, reason="assess")  # 8
    spend(table, "additional_action")
    with pytest.raises(CommandError, match="once per turn"):
        spend(table, "additional_action")
    commands.next_turn(table.encounter, table.gm)
    spend(table, "additional_action")
    assert pools(table)["ally"] == 0


def test_outmanoeuvre_at_most_one_per_action(table):
    commands.start(table.encounter, table.gm)
    gain(table, reason="outmanoeuvre")
    with pytest.raises(CommandError, match="per action"):
        gain(table, reason="outmanoeuvre")
    for _ in range(2):
        gain(table, reason="assess")
    spend(table, "additional_action")  # a second action this turn
    gain(table, reason="outmanoeuvre")
    commands.next_turn(table.encounter, table.gm)
    gain(table, reason="outmanoeuvre")
    assert pools(table)["ally"] == 1 + 4 - 4 + 1 + 1


def test_end_of_round_proposes_the_bigger_side_and_the_gm_confirms_or_changes_it(table):
    commands.start(table.encounter, table.gm)
    gain(table, "adversary")
    for _ in range(4):  # allies: Anders, Gunther; adversaries: orc, goblin -> equal, no proposal
        commands.next_turn(table.encounter, table.gm)
    gm_state = as_json(build(table.encounter, table.gm))
    assert gm_state["round_end"] == {"round": 1, "counts": {"ally": 2, "adversary": 2}, "dominant": "none"}
    assert as_json(build(table.encounter, table.anna))["round_end"] is None

    commands.resolve_round_advantage(table.encounter, table.gm, dominant="ally")  # the GM decides
    assert pools(table) == {"ally": 1, "adversary": 0}
    with pytest.raises(CommandError, match="No round has ended"):
        commands.resolve_round_advantage(table.encounter, table.gm, dominant="ally")

    commands.add_condition(table.encounter, table.gm, combatant=table.gunther.pk, condition="Unconscious")
    for _ in range(4):
        commands.next_turn(table.encounter, table.gm)
    table.encounter.refresh_from_db()
    assert as_json(build(table.encounter, table.gm))["round_end"]["dominant"] == "adversary"
    commands.resolve_round_advantage(table.encounter, table.gm, dominant="adversary")
    assert pools(table) == {"ally": 0, "adversary": 1}  # 1 moved from allies
    for _ in range(4):
        commands.next_turn(table.encounter, table.gm)
    commands.resolve_round_advantage(table.encounter, table.gm, dominant="adversary")
    assert pools(table) == {"ally": 0, "adversary": 2}  # empty suppressed pool: dominant gains 1


def test_undo_restores_the_pools(table):
    gain(table, reason="assess", sl=7)
    spend(table, "flee_from_harm")
    commands.undo(table.encounter, table.gm)
    assert pools(table)["ally"] == 3
    commands.undo(table.encounter, table.gm)
    assert pools(table)["ally"] == 0


def test_group_advantage_is_wfrp4e_only(db, rules_data):
    encounter = EncounterFactory(campaign=CampaignFactory(system="symbaroum"))
    with pytest.raises(CommandError, match="WFRP 4e rule"):
        commands.gain_advantage(encounter, encounter.campaign.gm, side="ally", reason="winning")


def test_players_see_the_pools_and_cannot_change_them(table):
    gain(table, "adversary", "assess")
    html = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert "Foes&#x27; <strong>2</strong>" in html or "Foes' <strong>2</strong>" in html
    with pytest.raises(commands.CommandForbidden):
        commands.gain_advantage(table.encounter, table.anna, side="ally", reason="winning")


def test_the_gm_screens_failed_box_refuses_an_assess_in_words(table):
    gm = table.client(table.gm)
    url = f"/encounters/{table.encounter.pk}/do/gain_advantage/"
    page = gm.get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert 'name="failed"' in page
    answer = gm.post(url, {"side": "ally", "reason": "assess", "sl": "0", "failed": "true"}, follow=True)
    assert "A failed Assess test gains no Advantage: only a success does." in answer.content.decode()
    assert pools(table) == {"ally": 0, "adversary": 0}
    gm.post(url, {"side": "ally", "reason": "assess", "sl": "0"})
    assert pools(table) == {"ally": 2, "adversary": 0}
