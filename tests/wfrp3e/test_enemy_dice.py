"""Seed 003 "Enemies" › Aggression, Cunning, Expertise: an enemy rated in them (traits on its sheet) spends their dice
for what each buys, a fortune or expertise die waiting on its own next check, a misfortune die on a foe's; the dice
left count down on the GM's screen only, and the rally refreshes them (seed 003 "Rally Phase of Encounter/Act" 7)."""

import pytest

from combat.commands import CommandError, CommandForbidden

pytestmark = pytest.mark.django_db


@pytest.fixture
def orc(fight):
    fight.orc.character.traits = {"Aggression": 2, "Expertise": 1}
    fight.orc.character.save()
    return fight.orc


def test_the_gm_sees_the_dice_left_and_no_phone_does(fight, orc):
    assert f'id="enemy-die-{orc.pk}-aggression">Aggression 2/2' in fight.page(fight.table.gm)
    assert f'id="enemy-die-{orc.pk}' not in fight.page(fight.table.anna)


def test_a_fortune_die_waits_on_the_enemys_next_check_and_a_misfortune_die_on_the_foes(fight, orc):
    outcome = fight.gm("spend_enemy_die", combatant=orc.pk, pool="Aggression", use="fortune")
    assert outcome.message == "Orc spends an Aggression die: a fortune die on its next check (1 of 2 left)."
    fight.gm("spend_enemy_die", combatant=orc.pk, pool="Aggression", use="misfortune", foe=fight.magda.pk)
    assert f'id="enemy-die-{orc.pk}-aggression">Aggression 0/2' in fight.page(fight.table.gm)
    fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Melee Strike", target=orc.pk)
    assert "1 misfortune (Orc's Aggression)" in fight.prompts()[-1]["sources"]
    fight.turn_of(orc)
    fight.gm("perform_action", combatant=orc.pk, card="Melee Strike", target=fight.magda.pk)
    assert "1 fortune (Aggression)" in fight.prompts()[-1]["sources"]
    assert fight.state().waiting_dice == {}


def test_spent_dice_are_refused_until_the_rally_refreshes_them(fight, orc):
    fight.gm("spend_enemy_die", combatant=orc.pk, pool="Expertise", use="expertise")
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Orc: its 1 Expertise die is spent until the rally\.$"):
        fight.gm("spend_enemy_die", combatant=orc.pk, pool="Expertise", use="misfortune", foe=fight.magda.pk)
    with pytest.raises(CommandError, match=r"^Orc: an Expertise die buys an expertise die"):
        fight.gm("spend_enemy_die", combatant=orc.pk, pool="Expertise", use="fortune")
    with pytest.raises(CommandError, match=r"^Orc: it has no Cunning dice\.$"):
        fight.gm("spend_enemy_die", combatant=orc.pk, pool="Cunning", use="fortune")
    with pytest.raises(CommandError, match="Magda is not an enemy"):
        fight.gm("spend_enemy_die", combatant=fight.magda.pk, pool="Aggression", use="fortune")
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "spend_enemy_die", combatant=orc.pk, pool="Aggression", use="fortune")
    assert fight.state() == before
    outcome = fight.gm("rally")
    assert "Orc's Aggression, Cunning and Expertise dice are refreshed." in outcome.message
    assert fight.state().enemy_dice_spent == {}
    fight.gm("undo")
    assert fight.state().enemy_dice_spent == {str(orc.pk): {"Expertise": 1}}
