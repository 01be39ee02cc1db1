"""Seed 003 "Condition Cards" › Damaged and › Environmental Condition, played by themselves: a Damaged weapon deals
two less damage, Damaged armour gives two less Defence, a Damaged item of gear adds two misfortune dice to the
checks of the skill it is used with; an environmental condition adds the GM's challenge dice to the checks it
touches, on everyone or one combatant, until it is over."""

import pytest

from combat.commands import CommandError
from tests.wfrp3e.test_phone_actions import form

pytestmark = pytest.mark.django_db


def strike(fight, **args):
    fight.gm("perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk, **args)
    return fight.prompts()[-1]


def gear_check(fight):
    """Magda's Dodge: a Coordination check."""
    fight.gm("perform_action", combatant=fight.magda.pk, card="Dodge")
    return fight.prompts()[-1]


def test_a_damaged_weapon_deals_two_less_damage(fight):
    fight.gm("damage_equipment", combatant=fight.magda.pk, item="weapon")
    assert strike(fight, damage=5)["damage"] == 3
    fight.gm("undo")
    outcome = fight.gm("damage_equipment", combatant=fight.magda.pk, item="weapon", repaired=True)
    assert outcome.message == "Magda's weapon is repaired."
    assert strike(fight, damage=5)["damage"] == 5


def test_damaged_armour_gives_two_less_defence(fight):
    fight.orc.character.traits = {"Defence": 3}
    fight.orc.character.save()
    whole = strike(fight)["pool"]["misfortune"]
    fight.gm("undo")
    fight.gm("damage_equipment", combatant=fight.orc.pk, item="armour")
    assert strike(fight)["pool"]["misfortune"] == whole - 2


def test_damaged_gear_adds_two_misfortune_dice_to_the_checks_of_its_skill(fight):
    before = gear_check(fight)
    fight.gm("undo")
    outcome = fight.gm("damage_equipment", combatant=fight.magda.pk, item="gear", gear="Boots", skill="coordination")
    assert outcome.message == "Magda's Boots is Damaged: 2 misfortune dice on Coordination checks until repaired."
    after = gear_check(fight)
    assert after["pool"]["misfortune"] == before["pool"]["misfortune"] + 2
    assert "2 misfortune (damaged Boots)" in after["sources"]
    assert "Damaged Boots (Coordination)" in fight.page(fight.table.anna)
    fight.gm("undo")
    assert "2 misfortune (damaged Boots)" not in strike(fight)["sources"]  # a Weapon Skill check
    with pytest.raises(CommandError, match="There is no skill 'Juggling'"):
        fight.gm("damage_equipment", combatant=fight.magda.pk, item="gear", gear="Balls", skill="Juggling")


def test_an_environmental_condition_adds_its_challenge_dice_to_the_checks_it_touches(fight):
    before = strike(fight)
    fight.gm("undo")
    outcome = fight.gm("set_environment", environment="Blizzard", challenge=2, checks="physical")
    assert outcome.message == "Blizzard on everyone: 2 challenge dice on physical checks."
    during = strike(fight)
    assert (
        during["pool"]["challenge"] == before["pool"]["challenge"] + 2 and "2 challenge (Blizzard)" in during["sources"]
    )
    fight.gm("undo")
    fight.gm("set_environment", environment="blizzard", challenge=1, checks="mental")
    assert strike(fight)["pool"] == before["pool"]  # Weapon Skill is on Strength: untouched
    fight.gm("undo")
    assert "Blizzard</span> 1 challenge die, mental checks, on everyone" in fight.page(fight.table.anna)
    assert fight.gm("set_environment", environment="Blizzard", challenge=0).message == "Blizzard is over."
    assert fight.state().environment == []
    with pytest.raises(CommandError, match="no environmental condition called Blizzard"):
        fight.gm("set_environment", environment="Blizzard", challenge=0)


def test_one_on_a_single_combatant_touches_only_them(fight):
    fight.gm("set_environment", environment="Smoke", challenge=1, checks="sight", combatant=fight.gunther.pk)
    fight.gm("perform_action", combatant=fight.magda.pk, card="Ranged Shot", target=fight.orc.pk)
    assert "1 challenge (Smoke)" not in fight.prompts()[-1]["sources"]
    fight.gm("perform_action", combatant=fight.gunther.pk, card="Ranged Shot", target=fight.orc.pk)
    assert "1 challenge (Smoke)" in fight.prompts()[-1]["sources"]


def test_the_gm_screen_has_the_forms_and_the_phone_none(fight):
    gm = fight.page(fight.table.gm)
    assert 'name="item"' in form(gm, "damage-equipment") and 'name="challenge"' in form(gm, "set-environment")
    phone = fight.page(fight.table.anna)
    assert 'id="damage-equipment"' not in phone and 'id="set-environment"' not in phone
    with pytest.raises(CommandError):
        fight.run(fight.table.anna, "set_environment", environment="Fog", challenge=1)
