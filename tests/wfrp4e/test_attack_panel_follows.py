"""The GM's attack panel follows the turn: after Next turn the active combatant attacks, a new attacker gets a target
that is not their ally and a defence that suits the weapon, and rolls typed for the old attacker are kept, said so."""

import re

import pytest

from combat import commands
from combat.models import Combatant, Encounter, LogEntry

pytestmark = pytest.mark.django_db


def url(fight):
    return f"/encounters/{fight.table.encounter.pk}/attack/"


def chosen(html, name):
    select = re.search(rf'<select id="attack-{name}" name="{name}".*?</select>', html, re.S)[0]
    match = re.search(r'<option value="([^"]*)" selected>', select) or re.search(r"<option selected>([^<]*)<", select)
    return match[1] if match else None


def turn_to(fight, combatant):
    """Next turn until `combatant` acts; returns the turn the panel was drawn for before the last step."""
    encounter = Encounter.objects.get(pk=fight.table.encounter.pk)
    for _ in range(10):
        if encounter.active_id == combatant.pk:
            return
        commands.next_turn(encounter, fight.table.gm)
        encounter.refresh_from_db()
    raise AssertionError(f"{combatant.name} never got a turn")


def side_of(pk):
    return Combatant.objects.get(pk=pk).side


def current_turn(fight):
    return Encounter.objects.get(pk=fight.table.encounter.pk).turn


def panel(fight, method="get", **values):
    client = fight.table.client(fight.table.gm)
    return getattr(client, method)(url(fight), values, HTTP_HX_REQUEST="true").content.decode()


def test_after_next_turn_the_gm_screen_attacks_with_the_active_combatant(fight):
    for combatant in (fight.anders, fight.orc):
        turn_to(fight, combatant)
        page = fight.table.client(fight.table.gm).get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
        assert chosen(page, "attacker") == str(combatant.pk)
        assert side_of(chosen(page, "target")) != combatant.side
        assert f'data-turn="{current_turn(fight)}"' in page


def test_a_form_drawn_for_an_earlier_turn_comes_back_for_the_new_attacker_with_the_typed_rolls(fight):
    turn_to(fight, fight.anders)
    old_turn = current_turn(fight)
    turn_to(fight, fight.orc)
    gunther = fight.table.gunther
    html = panel(fight, turn=old_turn, drawn_attacker=gunther.pk, attacker=gunther.pk, target=fight.anders.pk,
                 weapon="Pistol", defence="Dodge", attacker_roll=23)  # fmt: skip
    assert chosen(html, "attacker") == str(fight.orc.pk)
    assert chosen(html, "target") == str(fight.anders.pk)
    assert chosen(html, "weapon") == "Hand Weapon"
    assert chosen(html, "defence") == "Melee (Basic)"  # Anders parries the orc's blade
    assert 'name="attacker_roll" value="23"' in html
    assert "The turn moved on: Orc Boy attacks now. The rolls typed are kept: check they are theirs." in html


def test_a_stale_form_is_shown_again_not_previewed(fight):
    turn_to(fight, fight.anders)
    old_turn = current_turn(fight)
    turn_to(fight, fight.orc)
    html = panel(fight, "post", turn=old_turn, attacker=fight.anders.pk, target=fight.orc.pk, weapon="Hand Weapon",
                 attacker_roll=23, defender_roll=45, action="apply")  # fmt: skip
    assert 'id="attack-result"' not in html and "The turn moved on: Orc Boy attacks now." in html
    assert not LogEntry.objects.filter(command="attack").exists()


def test_the_gms_pick_holds_for_the_turn(fight):
    turn_to(fight, fight.anders)
    html = panel(fight, turn=current_turn(fight), drawn_attacker=fight.anders.pk, attacker=fight.orc.pk,
                 target=fight.orc.pk)  # fmt: skip
    assert chosen(html, "attacker") == str(fight.orc.pk)
    html = panel(fight, turn=current_turn(fight), drawn_attacker=fight.orc.pk, attacker=fight.orc.pk,
                 target=fight.anders.pk)  # fmt: skip
    assert chosen(html, "attacker") == str(fight.orc.pk)


def test_a_new_attacker_never_keeps_their_ally_as_the_target(fight):
    turn_to(fight, fight.anders)
    gunther = fight.table.gunther
    html = panel(fight, turn=current_turn(fight), drawn_attacker=fight.orc.pk, attacker=fight.anders.pk,
                 target=gunther.pk, defence="Dodge")  # fmt: skip
    assert side_of(chosen(html, "target")) == fight.orc.side
    assert chosen(html, "defence") != "Dodge"


def test_a_ranged_weapon_never_keeps_a_melee_defence(fight):
    turn_to(fight, fight.anders)
    turn = current_turn(fight)
    html = panel(fight, turn=turn, drawn_attacker=fight.anders.pk, attacker=fight.anders.pk, target=fight.orc.pk,
                 weapon="Pistol", defence="Melee (Basic)")  # fmt: skip
    assert chosen(html, "defence") == ""
    assert '<option value="Melee (Basic)"' not in html and '<option value="Dodge">Dodge (35)</option>' in html
