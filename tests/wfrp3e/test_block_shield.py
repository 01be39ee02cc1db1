"""Seed 003 "Maneuvers" 5 (Manage Equipment): the Block defence needs a shield equipped. A shield carried is a "Shield"
trait on the sheet, on the arm until its bearer unslings it; slinging or unslinging it is a manoeuvre. Block is
refused in words without one, and greyed out on the phone."""

import pytest

from combat import commands
from combat.commands import CommandError, CommandForbidden
from tests.factories import EncounterFactory
from tests.wfrp3e.test_phone_actions import form


def shielded(fight):
    fight.gunther.character.traits = {"Shield": True}
    fight.gunther.character.save()


def block(fight, user, combatant):
    return fight.run(user, "perform_action", combatant=combatant.pk, card="Block")


def test_block_without_a_shield_is_refused_in_words_and_greyed_out(fight):
    before = fight.state()
    with pytest.raises(
        CommandError, match=r"^Magda carries no shield: Block needs one equipped \(a Shield trait on the sheet\)\.$"
    ):
        block(fight, fight.table.anna, fight.magda)
    answer = fight.table.client(fight.table.anna).post(
        f"/encounters/{fight.encounter.pk}/do/perform_action/",
        {"combatant": fight.magda.pk, "card": "Block"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code < 500 and "Magda carries no shield" in answer.content.decode()
    assert fight.state() == before
    # Gunther answers out of his turn with a defence card: Block waits for a shield.
    html = form(fight.page(fight.table.bruno), f"phone-defence-{fight.gunther.pk}")
    assert "<option disabled>Block (needs a shield)</option>" in html
    assert "<option>Dodge</option>" in html


def test_with_a_shield_on_the_arm_block_is_played(fight):
    shielded(fight)
    html = form(fight.page(fight.table.bruno), f"phone-defence-{fight.gunther.pk}")
    assert "<option>Block</option>" in html
    block(fight, fight.table.bruno, fight.gunther)
    (entry,) = fight.prompts()
    assert entry["card"] == "Block"


def test_unslinging_is_a_manoeuvre_and_block_then_waits_for_the_shield(fight):
    shielded(fight)
    fight.turn_of(fight.gunther)
    phone = fight.page(fight.table.bruno)
    assert "Unsling shield (a manoeuvre)" in form(phone, "sling-shield")
    said = fight.run(fight.table.bruno, "sling_shield", combatant=fight.gunther.pk, sling=False).message
    assert said == "Gunther unslings their shield."
    assert fight.state().unslung_shields == [fight.gunther.pk]
    assert f'id="shield-of-{fight.gunther.pk}"' in fight.page(fight.table.gm)
    with pytest.raises(CommandError, match=r"^Gunther's shield is unslung: Block needs it on the arm; slinging it"):
        block(fight, fight.table.bruno, fight.gunther)
    client = fight.table.client(fight.table.bruno)
    answer = client.post(
        f"/encounters/{fight.encounter.pk}/do/sling_shield/", {"combatant": fight.gunther.pk, "sling": "true"}
    )
    assert answer.status_code == 302
    assert fight.encounter.log.first().message == "Gunther slings their shield on the arm, 1 fatigue."
    assert fight.state().unslung_shields == []
    block(fight, fight.table.bruno, fight.gunther)
    fight.gm("undo")  # the Block
    fight.gm("undo")  # the sling: the shield is off the arm again, the fatigue back
    assert fight.state().unslung_shields == [fight.gunther.pk]
    assert fight.points(fight.gunther)["fatigue"] == 0


def test_refusals_are_in_words_and_change_nothing(fight):
    table = fight.table
    shielded(fight)
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Magda carries no shield \(a Shield trait on the sheet\)\.$"):
        fight.run(table.anna, "sling_shield", combatant=fight.magda.pk, sling=False)
    with pytest.raises(CommandError, match=r"^Gunther's shield is already slung\.$"):
        fight.run(table.bruno, "sling_shield", combatant=fight.gunther.pk, sling=True)
    with pytest.raises(CommandError, match=r"^Gunther manages equipment on their own turn only\.$"):
        fight.run(table.bruno, "sling_shield", combatant=fight.gunther.pk, sling=False)
    with pytest.raises(CommandForbidden, match=r"^Gunther is not your character\.$"):
        fight.run(table.anna, "sling_shield", combatant=fight.gunther.pk, sling=False)
    elsewhere = EncounterFactory(campaign=table.campaign, name="Elsewhere")
    stranger = commands.add_combatant(elsewhere, table.gm, name="Stranger", max_wounds=5).result["combatant"]
    with pytest.raises(CommandError, match=f"There is no combatant {stranger} in this encounter."):
        fight.gm("sling_shield", combatant=stranger, sling=False)
    assert fight.state() == before
