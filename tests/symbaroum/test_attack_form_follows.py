"""Symbaroum's attack form on the GM screen follows the turn: every live update brings it, drawn for the active
combatant, and marked with the turn so the screen drops the old turn's choices (static/js/live.js)."""

import re

import pytest

pytestmark = pytest.mark.django_db


def selected_attacker(html):
    panel = re.search(r'<section id="attack-panel".*?</section>', html, re.S)[0]
    select = re.search(r'<select name="attacker".*?</select>', panel, re.S)[0]
    return re.search(r'<option value="(\d+)"[^>]*selected', select)[1], panel


def test_next_turn_brings_the_attack_form_for_the_new_active_combatant(fight):
    client = fight.table.client(fight.table.gm)
    response = client.post(f"/encounters/{fight.encounter.pk}/do/next_turn/", HTTP_HX_REQUEST="true")
    fight.encounter.refresh_from_db()
    attacker, panel = selected_attacker(response.content.decode())
    assert attacker == str(fight.encounter.active_id)
    assert 'hx-swap-oob="true"' in panel and f'data-turn="{fight.encounter.turn}"' in panel
