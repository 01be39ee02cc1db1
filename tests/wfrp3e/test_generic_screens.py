"""WFRP 3e on the generic screens: no generic conditions (it has condition cards), a character joining a fight with
the wounds their sheet has already taken, and a phone whose stat block leaves the fight's counters to the live card
above it."""

import pytest

from combat import commands
from combat.commands import CommandError, offered_to
from systems.wfrp3e import demo
from tests.factories import CharacterFactory, EncounterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS

pytestmark = pytest.mark.django_db


# --- no generic conditions -----------------------------------------------------------------------------------------


def test_the_gm_screen_has_no_generic_condition_form_or_column(fight):
    page = fight.page(fight.table.gm)
    assert 'data-tool="add-condition"' not in page and "+ condition" not in page  # the row tools' panel has none
    assert "<th>Conditions</th>" not in page
    assert 'id="add-condition-card"' in page  # its own condition cards stay


def test_the_phone_has_no_generic_conditions_section(fight):
    page = fight.page(fight.table.anna)
    assert "<h3>Conditions</h3>" not in page
    assert f'id="my-tags-{fight.magda.pk}"' in page


def test_the_generic_condition_commands_are_not_offered_to_wfrp3e_only():
    assert {"add_condition", "remove_condition"}.isdisjoint(offered_to("wfrp3e"))
    for system in ("wfrp4e", "symbaroum"):
        assert {"add_condition", "remove_condition"} <= set(offered_to(system))


@pytest.mark.parametrize("name", ["add_condition", "remove_condition"])
def test_a_generic_condition_command_answers_like_an_unknown_one(fight, name):
    fight.encounter.refresh_from_db()
    version = fight.encounter.version
    with pytest.raises(CommandError) as refusal:
        fight.gm(name, combatant=fight.magda.pk, condition="Staggered")
    unknown, known = str(refusal.value).split(" Known: ")
    assert unknown == f"Unknown command '{name}'."
    assert name not in known.rstrip(".").split(", ") and "add_condition_card" in known
    fight.encounter.refresh_from_db()
    assert fight.encounter.version == version and fight.state().condition_tokens == {}


def test_the_api_refuses_a_generic_condition_as_unknown(fight):
    response = fight.table.client(fight.table.gm).post(
        f"/api/encounters/{fight.encounter.pk}/commands/",
        {"command": "add_condition", "args": {"combatant": fight.magda.pk, "condition": "Staggered"}},
        "application/json",
    )
    assert response.status_code == 400 and "Unknown command 'add_condition'" in response.content.decode()


# --- starting wounds -----------------------------------------------------------------------------------------------


def test_a_character_joins_with_the_wounds_their_sheet_has_taken(planned_fight):
    magda = planned_fight.fresh(planned_fight.magda)  # threshold 9, 2 wounds taken on her sheet
    gunther = planned_fight.fresh(planned_fight.gunther)  # no wounds taken
    assert (magda.wounds, magda.max_wounds) == (7, 9)
    assert (gunther.wounds, gunther.max_wounds) == (12, 12)
    assert "<strong>7</strong> / 9 wounds" in planned_fight.page(planned_fight.table.anna)


def test_more_wounds_taken_than_the_threshold_leave_none(wfrp3e_table):
    battered = CharacterFactory(
        campaign=wfrp3e_table.campaign, name="Battered", max_wounds=8, characteristics=dict(CHARACTERISTICS),
        points={"wounds": 11},
    )  # fmt: skip
    encounter = EncounterFactory(campaign=wfrp3e_table.campaign)
    outcome = commands.add_combatant(encounter, wfrp3e_table.gm, character=battered.pk)
    assert outcome.message == "Battered joins the fight."
    row = encounter.combatants.get()
    assert (row.wounds, row.max_wounds) == (0, 8)


def test_the_gms_own_wounds_for_a_character_win(wfrp3e_table):
    encounter = EncounterFactory(campaign=wfrp3e_table.campaign)
    commands.add_combatant(encounter, wfrp3e_table.gm, character=wfrp3e_table.wizard.pk, wounds=9)
    assert encounter.combatants.get().wounds == 9


def test_the_demos_grimnir_joins_the_mill_fight_two_wounds_down(rules_data):
    campaign, _ = demo.seed()
    grimnir = campaign.encounters.get(name=demo.ENCOUNTER).combatants.get(name="Grimnir Hammerson")
    assert (grimnir.wounds, grimnir.max_wounds) == (11, 13)


# --- the phone's stat block ----------------------------------------------------------------------------------------


def test_the_phone_shows_the_fights_counters_live_and_the_sheets_limits_below(fight):
    fight.gm("apply_damage", combatant=fight.magda.pk, amount=3)
    page = fight.page(fight.table.anna)
    live, stat_block = page.split('class="stat-block"')
    assert "<strong>4</strong> / 9 wounds" in live and "1 critical" in live
    assert "Fatigue 4 · Stress 1 · Power 5" in live
    assert "Dead past <strong>3</strong> critical wounds" in stat_block
    assert "fatigue against Toughness 3 · stress against Willpower 3" in stat_block
    assert "Power equilibrium <strong>3</strong>" in stat_block
    assert "<strong>3</strong> conservative · neutral · <strong>1</strong> reckless" in stat_block
    # The sheet's own counts, which the fight has moved on from, are not repeated below.
    for stored in ("Wounds <strong>", "Critical wounds <strong>", "Fatigue <strong>", "Power <strong>"):
        assert stored not in stat_block


def test_the_sheet_page_still_shows_the_sheets_counters(fight):
    page = fight.table.client(fight.table.anna).get(f"/characters/{fight.magda.character_id}/").content.decode()
    assert "Wounds <strong>2</strong> / threshold 9" in page and "Fatigue <strong>4</strong>" in page
