"""Flanking and lower ground from the outside (seed 001 "Special Actions" › "Flanking", "Advantage"; seed 004
"Advantage"): the tracker works out from who is in melee with whom that two of one side flank their foe, and the
GM's attack form comes with the Advantage ticked and the reason for each flanker's melee attack (not for a shot);
a one-tap mark puts a fighter on lower ground, so every attack on them from above, melee or ranged, gets it too.
The GM may untick it; the phone says who flanks its character; undo takes a mark back; a player cannot mark."""

import html
import json
import re

import pytest

from combat.commands import CommandForbidden


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def advantages(fight):
    found = re.search(r'data-advantages="([^"]*)"', page(fight, fight.table.gm))
    return json.loads(html.unescape(found.group(1))) if found else None


def seen(fight, user, combatant):
    state = fight.table.client(user).get(f"/api/encounters/{fight.encounter.pk}/").json()
    return next(c for c in state["combatants"] if c["id"] == combatant.pk)


@pytest.fixture
def flanked(fight):
    """Ulrika engages the goblin on her turn, Brother Ansgar on his: two of the heroes' side in melee with it."""
    fight.gm("engage", target=fight.goblin.pk)
    fight.turn_of(fight.ansgar)
    fight.gm("engage", target=fight.goblin.pk)
    return fight


def test_one_in_melee_is_no_flanking(fight):
    fight.gm("engage", target=fight.goblin.pk)
    assert seen(fight, fight.table.gm, fight.goblin)["flanked_by"] == []
    assert advantages(fight) is None


def test_two_of_one_side_on_a_foe_flank_it_and_each_of_their_melee_attacks_comes_with_the_advantage(flanked):
    fight = flanked
    assert sorted(seen(fight, fight.table.gm, fight.goblin)["flanked_by"]) == sorted([fight.ulrika.pk, fight.ansgar.pk])
    found = advantages(fight)
    assert found["melee"] == {
        f"{fight.ulrika.pk}:{fight.goblin.pk}": "flanking",
        f"{fight.ansgar.pk}:{fight.goblin.pk}": "flanking",
    }
    assert found["ranged"] == {}  # a shot gains nothing from flanking
    assert found["ranged_weapons"] == {str(fight.ansgar.pk): ["Bow"]}  # the form tells his bow from a blade
    gm_page = page(fight, fight.table.gm)
    assert f'id="flanked-{fight.goblin.pk}"' in gm_page and "flanked by Ulrika, Brother Ansgar" in gm_page
    # The GM confirms: the Advantage is what the form sends, ticked or not.
    fight.turn_of(fight.ulrika)
    ticked = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, advantage=True, d20=12)
    assert ticked.result["hit"] is True  # Accurate 13 against the goblin's Quick 12 is 11; the Advantage's +2 makes 13


def test_the_table_sees_the_goblin_flanked_and_the_heroes_themselves_are_not(flanked):
    fight = flanked
    ulrika_on_phone = seen(fight, fight.table.anna, fight.ulrika)
    assert ulrika_on_phone["flanked_by"] == [] and ulrika_on_phone["lower_ground"] is False
    goblin = seen(fight, fight.table.anna, fight.goblin)
    assert goblin["flanked_by"] is None  # a foe's fields are the GM's


def test_the_phone_says_who_flanks_her(fight):
    fight.turn_of(fight.goblin)
    fight.gm("engage", target=fight.ulrika.pk)
    fight.turn_of(fight.troll)
    fight.gm("engage", target=fight.ulrika.pk)
    mine = seen(fight, fight.table.anna, fight.ulrika)
    assert mine["flanked_by"] == [fight.goblin.pk]  # the hidden troll is never named to her, not even by id
    phone = page(fight, fight.table.anna)
    assert "Flanked by Goblin: they have the Advantage" in phone and "Troll" not in phone
    gm = seen(fight, fight.table.gm, fight.ulrika)
    assert sorted(gm["flanked_by"]) == sorted([fight.goblin.pk, fight.troll.pk])


def test_lower_ground_gives_every_attack_from_above_the_advantage_and_undo_takes_the_mark_back(fight):
    outcome = fight.gm("mark_lower_ground", combatant=fight.goblin.pk, lower=True)
    assert outcome.message == "Goblin stands on lower ground: attacks on them from above have the Advantage."
    assert seen(fight, fight.table.gm, fight.goblin)["lower_ground"] is True
    found = advantages(fight)
    for kind in ("melee", "ranged"):
        assert found[kind][f"{fight.ansgar.pk}:{fight.goblin.pk}"] == "from higher ground"
    assert f"{fight.goblin.pk}:{fight.ulrika.pk}" not in found["melee"]  # from below, none
    gm_page = page(fight, fight.table.gm)
    assert f'id="lower-ground-{fight.goblin.pk}"' in gm_page
    assert f'id="lower-ground-toggle-{fight.goblin.pk}"' in gm_page
    fight.gm("undo")
    assert seen(fight, fight.table.gm, fight.goblin)["lower_ground"] is False
    assert advantages(fight) is None


def test_a_mark_is_the_gms_and_a_mark_already_made_is_refused_in_words(fight):
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "mark_lower_ground", combatant=fight.ulrika.pk, lower=True)
    fight.gm("mark_lower_ground", combatant=fight.ulrika.pk, lower=True)
    before = fight.state().lower_ground
    with pytest.raises(Exception, match="Ulrika is already on lower ground"):
        fight.gm("mark_lower_ground", combatant=fight.ulrika.pk, lower=True)
    assert fight.state().lower_ground == before
    phone = page(fight, fight.table.anna)
    assert "On lower ground: attacks from above have the Advantage" in phone
