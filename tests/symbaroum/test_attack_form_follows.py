"""Symbaroum's attack form on the GM screen follows the turn: its attacker is the active combatant, picked on the
screen (data-active-choice, static/js/live.js), so the form stays as drawn when only the turn moves on; the browser
side is watched in tests/e2e/test_gm_typing.py."""

import re

import pytest

pytestmark = pytest.mark.django_db


def attack_panel(html):
    return re.search(r'<section id="attack-panel".*?</section>', html, re.S)[0]


def test_next_turn_brings_an_attack_form_whose_attacker_follows_the_turn(fight):
    client = fight.table.client(fight.table.gm)
    before = attack_panel(client.get(f"/encounters/{fight.encounter.pk}/").content.decode())
    response = client.post(f"/encounters/{fight.encounter.pk}/do/next_turn/", HTTP_HX_REQUEST="true")
    panel = attack_panel(response.content.decode())
    assert 'hx-swap-oob="true"' in panel
    assert re.search(r'<select name="attacker"[^>]* data-active-choice>', panel)
    fight.encounter.refresh_from_db()
    attackers = re.search(r'<select name="attacker".*?</select>', panel, re.S)[0]
    assert f'<option value="{fight.encounter.active_id}" data-side=' in attackers and " selected" not in attackers
    drawn_alike = re.compile(
        r' data-version="\d+"|\s*hx-swap-oob="true"|name="csrfmiddlewaretoken" value="[^"]*"|\s+(?=>)'
    )
    assert drawn_alike.sub("", panel) == drawn_alike.sub("", before)  # nothing in it says whose turn it is
