"""Seed 003 "Advantages" and "Disadvantages": each entry ticked on the form that builds an action check's pool adds a
fortune die (an advantage) or a misfortune die (a disadvantage), named in the pool's sources and the log line. The
forms on the GM screen and the phone list them; the tracker ticks those it sees against the target offered first
(prone, incapacitated) for the GM to confirm."""

import pytest

from combat.commands import CommandError
from tests.wfrp3e.test_phone_actions import form


def strike(fight, user, **args):
    return fight.run(user, "perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk, **args)


def test_both_forms_list_the_advantages_and_disadvantages(fight):
    gm = form(fight.page(fight.table.gm), "action-form")
    assert 'name="advantages" value="outnumber" id="action-advantage-outnumber">' in gm
    assert "> Outnumber the opponent</label>" in gm
    assert 'name="disadvantages" value="poor_footing"' in gm and "> Poor footing</label>" in gm
    phone = form(fight.page(fight.table.anna), f"phone-action-{fight.magda.pk}")
    assert f'id="phone-action-{fight.magda.pk}-advantage-opponent_prone"' in phone
    assert 'name="disadvantages" value="darkness"' in phone


def test_ticked_on_the_phone_they_join_the_pool_and_the_log_line(fight):
    client = fight.table.client(fight.table.anna)
    answer = client.post(
        f"/encounters/{fight.encounter.pk}/do/perform_action/",
        {
            "combatant": fight.magda.pk, "card": "Melee Strike", "target": fight.orc.pk,
            "advantages": ["outnumber", "opponent_prone"], "disadvantages": ["poor_footing"],
        },
    )  # fmt: skip
    assert answer.status_code == 302
    (entry,) = fight.prompts()
    assert entry["pool"]["fortune"] == 2 and entry["pool"]["misfortune"] == 1 + 1  # and fatigue 4 past Toughness 3
    assert "2 fortune (Outnumber the opponent, Opponent prone)" in entry["sources"]
    assert "1 misfortune (Poor footing)" in entry["sources"]
    message = fight.encounter.log.first().message
    assert message.startswith("Magda plays Melee Strike at Orc: 4 characteristic, 2 fortune, 1 challenge, 2 misfortune")
    assert message.endswith("; 2 fortune: Outnumber the opponent, Opponent prone; 1 misfortune: Poor footing.")
    fight.gm("undo")
    assert fight.prompts() == [] and fight.state().turn["action"] is None


def test_names_are_taken_as_well_as_keys_and_each_counts_once(fight):
    strike(fight, fight.table.gm, advantages=["Superior terrain", "superior_terrain"], disadvantages=["Utter darkness"])
    (entry,) = fight.prompts()
    assert "1 fortune (Superior terrain)" in entry["sources"]
    assert "1 misfortune (Utter darkness)" in entry["sources"]


def test_a_prone_target_comes_pre_ticked_for_the_gm_to_confirm(fight):
    gm = form(fight.page(fight.table.gm), "action-form")
    assert 'value="opponent_prone" id="action-advantage-opponent_prone">' in gm  # not ticked yet
    fight.gm("set_prone", combatant=fight.orc.pk, prone=True)
    gm = form(fight.page(fight.table.gm), "action-form")
    assert 'value="opponent_prone" id="action-advantage-opponent_prone" checked>' in gm
    assert "(prone: Orc)" in gm
    phone = form(fight.page(fight.table.anna), f"phone-action-{fight.magda.pk}")
    assert f'id="phone-action-{fight.magda.pk}-advantage-opponent_prone" checked>' in phone


def test_an_incapacitated_target_comes_pre_ticked(fight):
    fight.gm("apply_damage", combatant=fight.orc.pk, amount=11)  # past its 10 wounds: knocked out
    gm = form(fight.page(fight.table.gm), "action-form")
    assert 'value="opponent_incapacitated" id="action-advantage-opponent_incapacitated" checked>' in gm
    assert "incapacitated: Orc" in gm


def test_one_not_on_the_lists_is_refused_in_words(fight):
    before = fight.state()
    with pytest.raises(CommandError, match=r"Not on the Advantages list: High ground\. Choose from: Superior terrain"):
        strike(fight, fight.table.anna, advantages=["High ground"])
    with pytest.raises(CommandError, match=r"Not on the Disadvantages list: Opponent prone\."):
        strike(fight, fight.table.anna, disadvantages=["Opponent prone"])
    with pytest.raises(CommandError, match="Give names"):
        strike(fight, fight.table.anna, advantages=[3])
    assert fight.state() == before
    client = fight.table.client(fight.table.anna)
    answer = client.post(
        f"/encounters/{fight.encounter.pk}/do/perform_action/",
        {"combatant": fight.magda.pk, "card": "Melee Strike", "target": fight.orc.pk, "advantages": "nonsense"},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code < 500 and "Not on the Advantages list: nonsense." in answer.content.decode()
    assert fight.state() == before
