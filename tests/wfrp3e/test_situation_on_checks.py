"""Seed 003 "Advantages" and "Disadvantages" on any check already waiting for its dice: the roller ticks them on
their phone (or the GM on the screen), the pool gains a fortune die for each advantage and a misfortune die for each
disadvantage, and ticking again replaces what was ticked, so nothing counts twice. The action card's own form is
tests/wfrp3e/test_situation_dice.py's."""

import pytest

from combat.commands import CommandError
from tests.wfrp3e.test_phone_actions import form

pytestmark = pytest.mark.django_db


def initiative(fight):
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    return fight.prompts()[-1]


def test_her_phone_ticks_them_on_her_initiative_check(fight):
    before = initiative(fight)
    phone = form(fight.page(fight.table.anna), f"situation-dice-{before['id']}")
    assert f'id="prompt-{before["id"]}-advantage-outnumber"' in phone and 'value="darkness"' in phone
    client = fight.table.client(fight.table.anna)
    answer = client.post(
        f"/encounters/{fight.encounter.pk}/do/situation_dice/",
        {"prompt": before["id"], "advantages": ["outnumber", "ambush"], "disadvantages": ["darkness"]},
    )
    assert answer.status_code == 302
    after = fight.prompts()[-1]
    assert after["pool"]["fortune"] == before["pool"]["fortune"] + 2
    assert after["pool"]["misfortune"] == before["pool"]["misfortune"] + 1
    assert "2 fortune (Outnumber the opponent, Ambush or surprise)" in after["sources"]
    assert "1 misfortune (Utter darkness)" in after["sources"]
    assert float(after["chance"]) != float(before["chance"])
    message = fight.encounter.log.first().message
    assert message.startswith("Magda's Initiative: Agility: 2 fortune: Outnumber the opponent, Ambush or surprise;")
    checked = form(fight.page(fight.table.anna), f"situation-dice-{before['id']}")
    assert f'id="prompt-{before["id"]}-advantage-ambush" checked' in checked


def test_ticking_again_replaces_and_none_ticked_gives_the_pool_back(fight):
    before = initiative(fight)
    anna = fight.table.anna
    fight.run(anna, "situation_dice", prompt=before["id"], advantages=["outnumber", "ambush"])
    fight.run(anna, "situation_dice", prompt=before["id"], advantages=["Outnumber the opponent"])
    assert fight.prompts()[-1]["pool"]["fortune"] == before["pool"]["fortune"] + 1
    with pytest.raises(CommandError, match="has those advantages and disadvantages already"):
        fight.run(anna, "situation_dice", prompt=before["id"], advantages=["outnumber"])
    fight.run(anna, "situation_dice", prompt=before["id"])
    after = fight.prompts()[-1]
    assert (after["pool"], after["sources"], after["chance"]) == (before["pool"], before["sources"], before["chance"])


def test_an_action_cards_ticks_are_replaced_not_doubled(fight):
    fight.gm(
        "perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk, advantages=["outnumber"]
    )
    entry = fight.prompts()[-1]
    fight.run(
        fight.table.anna, "situation_dice", prompt=entry["id"], advantages=["outnumber"], disadvantages=["weather"]
    )
    after = fight.prompts()[-1]
    assert after["pool"]["fortune"] == entry["pool"]["fortune"]
    assert after["pool"]["misfortune"] == entry["pool"]["misfortune"] + 1


def test_not_on_the_list_and_not_her_check_are_refused(fight):
    entry = initiative(fight)
    with pytest.raises(CommandError, match="Not on the Advantages list: Luck"):
        fight.run(fight.table.anna, "situation_dice", prompt=entry["id"], advantages=["Luck"])
    with pytest.raises(CommandError, match="not yours to roll"):
        fight.run(fight.table.bruno, "situation_dice", prompt=entry["id"], advantages=["outnumber"])
    assert fight.prompts()[-1] == entry
    assert f'id="situation-dice-{entry["id"]}"' not in fight.page(fight.table.bruno)
