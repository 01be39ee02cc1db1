"""Weapons drawn or sheathed from the outside (seed 001 "Turn Order" › "Combat With Weapons Ready", "Surprise"): an
ambush that works leaves the surprised with their weapons sheathed; each must draw before striking with one, a
Movement Action on their turn, free for a Short weapon (drawn as part of the attack), never for natural weapons; the
GM marks anyone sheathed at the start with one tap. The GM's row and the player's phone show it, the active fighter
gets a Draw weapon button on both, and undo puts the weapon back."""

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.models import Weapon


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def seen(fight, user, combatant):
    state = fight.table.client(user).get(f"/api/encounters/{fight.encounter.pk}/").json()
    return next(c for c in state["combatants"] if c["id"] == combatant.pk)


@pytest.fixture
def ambushed(planned_fight):
    """The goblin's ambush catches Ulrika (anna's failed Vigilant test) before the fight starts."""
    fight = planned_fight
    fight.gm("ambush", ambushers=[fight.goblin.pk], ambushed=[fight.ulrika.pk], d20=17)
    fight.gm("start")
    fight.encounter.refresh_from_db()
    return fight


def test_the_surprised_have_their_weapons_sheathed_and_must_draw_before_striking(ambushed):
    fight = ambushed
    assert fight.state().sheathed == [fight.ulrika.pk]
    assert seen(fight, fight.table.anna, fight.ulrika)["weapons_drawn"] is False
    assert seen(fight, fight.table.gm, fight.goblin)["weapons_drawn"] is True
    fight.turn_of(fight.ulrika)
    with pytest.raises(CommandError, match="Ulrika's weapons are still sheathed: drawing the Sword takes a Movement"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=3)
    phone, gm = page(fight, fight.table.anna), page(fight, fight.table.gm)
    assert "Weapons sheathed: draw on your turn" in phone and 'id="draw-weapon"' in phone
    assert f'id="sheathed-{fight.ulrika.pk}"' in gm and 'id="draw-weapon"' in gm
    outcome = fight.run(fight.table.anna, "draw_weapon", combatant=fight.ulrika.pk)
    assert outcome.message == "Ulrika draws Sword: a Movement Action."
    assert fight.state().turn["movements"] == 1 and fight.state().sheathed == []
    assert 'id="draw-weapon"' not in page(fight, fight.table.anna)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=3)  # the Combat Action is still hers


def test_a_short_weapon_comes_out_free_with_the_attack(ambushed):
    fight = ambushed
    fight.ulrika.character.weapons.add(Weapon.objects.get(system="symbaroum", name="Dagger"))
    fight.turn_of(fight.ulrika)
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, weapon="Dagger", d20=3)
    assert outcome.message.startswith("Ulrika draws the Dagger (Short: a free action); Ulrika attacks Goblin")
    assert fight.state().sheathed == [] and fight.state().turn.get("movements", 0) == 0


def test_drawing_is_on_ones_own_turn_and_undo_sheathes_again(ambushed):
    fight = ambushed
    fight.turn_of(fight.ansgar)
    with pytest.raises(CommandError, match="on their own turn only"):
        fight.gm("draw_weapon", combatant=fight.ulrika.pk)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "draw_weapon", combatant=fight.ulrika.pk)
    fight.turn_of(fight.ulrika)
    fight.gm("draw_weapon", combatant=fight.ulrika.pk)
    fight.gm("undo")
    assert fight.state().sheathed == [fight.ulrika.pk]
    with pytest.raises(CommandError, match="Ulrika carries no Halberd"):
        fight.gm("draw_weapon", combatant=fight.ulrika.pk, weapon="Halberd")


def test_the_gm_marks_weapons_sheathed_at_the_start_and_natural_weapons_need_no_drawing(fight):
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "ready_weapons", combatant=fight.ulrika.pk, drawn=False)
    outcome = fight.gm("ready_weapons", combatant=fight.ansgar.pk, drawn=False)
    assert outcome.message.startswith("Brother Ansgar's weapons are sheathed")
    assert f'id="sheathed-toggle-{fight.ansgar.pk}"' in page(fight, fight.table.gm)
    with pytest.raises(CommandError, match="already"):
        fight.gm("ready_weapons", combatant=fight.ansgar.pk, drawn=False)
    fight.ansgar.character.weapons.clear()  # fists, always ready
    fight.turn_of(fight.ansgar)
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=3)
    assert fight.state().sheathed == [fight.ansgar.pk]  # nothing was drawn
    fight.gm("ready_weapons", combatant=fight.ansgar.pk, drawn=True)
    assert fight.state().sheathed == []
