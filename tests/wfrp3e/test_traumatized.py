"""Seed 003 "Condition Cards" › Traumatized: a Traumatized hero does not act on the first hero marker of the
initiative track while another hero marker is there; the heroes trade markers, at each round's start and when the
card lands before the first hero marker's turn came."""

import pytest

from rules.engine.wfrp3e_order import Marker, first_hero_marker_swap

pytestmark = pytest.mark.django_db


def test_the_engine_trades_the_first_hero_marker_with_the_first_steady_hero():
    order = [Marker("orc", False, False), Marker("magda", True, True), Marker("anders", True, True),
             Marker("gunther", True, False)]  # fmt: skip
    assert first_hero_marker_swap(order) == ("magda", "gunther")
    assert first_hero_marker_swap(order[:2]) is None  # the only hero marker: she uses it
    assert first_hero_marker_swap(order[:3]) is None  # everyone Traumatized: nobody to trade with
    assert first_hero_marker_swap([Marker("gunther", True, False), *order[1:2]]) is None


def names(fight):
    return list(fight.encounter.combatants.order_by("position").values_list("name", "initiative"))


def test_traumatized_before_the_fight_gives_the_first_hero_marker_away(planned_fight):
    fight = planned_fight
    for combatant, successes in ((fight.magda, 3), (fight.gunther, 2), (fight.orc, 1)):
        fight.gm("set_initiative", combatant=combatant.pk, value=successes)
    outcome = fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Traumatized")
    assert outcome.message == (
        "Magda is Traumatized (lingering). Magda is Traumatized: Gunther takes the first hero marker, Magda theirs."
    )
    assert names(fight) == [("Gunther", 3), ("Magda", 2), ("Orc", 1)]
    assert fight.gm("start").result["active"] == fight.gunther.pk
    fight.gm("undo")
    fight.gm("undo")
    assert names(fight) == [("Magda", 3), ("Gunther", 2), ("Orc", 1)]


def test_on_her_own_turn_the_trade_waits_for_the_next_round(fight):
    assert fight.encounter.active_id == fight.magda.pk
    outcome = fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Traumatized")
    assert outcome.message == "Magda is Traumatized (lingering)."  # her turn on the first marker is under way
    fight.gm("next_turn")
    fight.gm("next_turn")
    outcome = fight.gm("next_turn")
    assert "Magda is Traumatized: Gunther takes the first hero marker, Magda theirs." in outcome.message
    assert outcome.result["active"] == fight.gunther.pk
    assert [name for name, _ in names(fight)] == ["Gunther", "Magda", "Orc"]
    page = fight.page(fight.table.gm)
    assert page.index(f'id="row-tools-{fight.gunther.pk}"') < page.index(f'id="row-tools-{fight.magda.pk}"')
