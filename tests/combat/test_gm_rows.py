"""The GM's turn order: Roll initiative keeps the initiatives already there unless asked to roll everyone's afresh,
and a combatant out of the fight is greyed and tagged Down."""

import random

import pytest

from combat import commands
from combat.models import Combatant
from rules.engine.dice import Dice

pytestmark = pytest.mark.django_db


def gm_page(table):
    return table.client(table.gm).get(f"/encounters/{table.encounter.pk}/").content.decode()


def initiatives(table):
    return {c.name: c.initiative for c in table.encounter.combatants.order_by("position")}


def test_roll_initiative_rolls_only_the_empty_ones_and_keeps_the_typed(table):
    commands.set_initiative(table.encounter, table.gm, combatant=table.anders.pk, value=60)
    wolf = commands.add_combatant(table.encounter, table.gm, name="Wolf", max_wounds=6).result["combatant"]
    assert Combatant.objects.get(pk=wolf).initiative is None

    outcome = commands.roll_initiative(table.encounter, table.gm, dice=Dice(random.Random(1)))

    assert initiatives(table) == {"Anders": 60, "Sneaky Goblin": 50, "Gunther": 41, "Orc Grukk": 25, "Wolf": 0}
    assert "Kept their initiative: " in outcome.message and "Wolf" not in outcome.message.split("Kept")[1]
    assert outcome.result["kept"] and wolf not in outcome.result["kept"]


def test_roll_initiative_for_everyone_replaces_the_typed_values(table):
    commands.set_initiative(table.encounter, table.gm, combatant=table.anders.pk, value=60)

    outcome = commands.roll_initiative(table.encounter, table.gm, everyone=True, dice=Dice(random.Random(1)))

    assert initiatives(table)["Anders"] == 35  # his sheet's Initiative again
    assert "Kept" not in outcome.message and outcome.result["kept"] == []


def test_the_button_asks_before_rolling_everyones_afresh_only_when_none_is_empty(table):
    assert all(initiatives(table).values())
    button = gm_page(table).split('id="roll-initiative"')[1].split(">")[0]
    assert 'name="everyone" value="true"' in button
    assert 'hx-confirm="Re-roll everyone\'s initiative, replacing the typed values?"' in button

    commands.add_combatant(table.encounter, table.gm, name="Wolf", max_wounds=6)
    button = gm_page(table).split('id="roll-initiative"')[1].split(">")[0]
    assert "everyone" not in button and "hx-confirm" not in button


def test_initiative_saves_on_leaving_the_field_as_on_enter(table):
    form = gm_page(table).split(f'id="initiative-{table.orc.pk}"')[0].rsplit("<form", 1)[1]
    assert 'hx-trigger="change, submit"' in form and 'hx-sync="this:drop"' in form


def test_a_combatant_at_0_wounds_is_greyed_and_tagged_down(table):
    commands.apply_damage(table.encounter, table.gm, combatant=table.orc.pk, amount=12)

    page = gm_page(table)
    assert f'<tr id="combatant-{table.orc.pk}" class="side-adversary down"' in page
    assert f'<span class="tag down-tag" id="down-{table.orc.pk}">Down</span>' in page
    assert f'id="down-{table.gunther.pk}"' not in page
