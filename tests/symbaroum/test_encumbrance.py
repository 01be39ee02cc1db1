"""Encumbrance on the variant's sheet (seed 004 "Encumbrance"): the load, the threshold and the carrying limit,
and the Impedance over the threshold, which lowers Defence on the sheet and in a fight."""

import pytest

from systems.symbaroum import toggles
from tests.symbaroum.conftest import armed
from tests.symbaroum.test_sheet import edit_form, text

pytestmark = pytest.mark.django_db


def plays(owner, *toggle_list):
    """`owner` (a campaign or an encounter) plays exactly these toggles."""
    owner.house_rules = [t.key for t in toggle_list]
    owner.save()


def carrying(character, gear):
    character.points = {**character.points, "carried": gear}
    character.save()


def test_the_variant_sheet_shows_encumbrance_threshold_limit_and_the_impedance_in_defence(symbaroum_table):
    plays(symbaroum_table.campaign, toggles.VARIANT, toggles.ENCUMBRANCE)
    ulrika = symbaroum_table.ulrika
    carrying(ulrika, 17)
    page = text(symbaroum_table.client(symbaroum_table.anna).get(f"/characters/{ulrika.pk}/"))
    # Might 15: threshold 15, limit 30; 17 carried is 2 over the threshold.
    assert "Encumbrance <strong>17</strong> · threshold 15 · carrying limit 30" in page
    assert "+2 Impedance" in page and "Defence <strong>9</strong>" in page  # Agility 11 - 2
    assert "over the limit" not in page


def test_weapons_after_the_first_are_carried_and_over_the_limit_is_said(symbaroum_table):
    plays(symbaroum_table.campaign, toggles.VARIANT, toggles.ENCUMBRANCE)
    ulrika = armed(symbaroum_table.ulrika, ["Sword", "Spear"])
    carrying(ulrika, 30)
    page = text(symbaroum_table.client(symbaroum_table.anna).get(f"/characters/{ulrika.pk}/"))
    assert "Encumbrance <strong>31</strong>" in page and "over the limit: no Hasty March" in page


def test_without_the_rule_nothing_is_counted(symbaroum_table):
    plays(symbaroum_table.campaign, toggles.VARIANT)
    carrying(symbaroum_table.ulrika, 20)
    page = text(symbaroum_table.client(symbaroum_table.anna).get(f"/characters/{symbaroum_table.ulrika.pk}/"))
    assert "Encumbrance" not in page and "Defence <strong>11</strong>" in page


def test_the_gm_keeps_the_other_gear_on_the_form(symbaroum_table):
    ulrika = symbaroum_table.ulrika
    gm = symbaroum_table.client(symbaroum_table.gm)
    assert gm.post(f"/characters/{ulrika.pk}/edit/", edit_form(ulrika, carried=6)).status_code == 302
    ulrika.refresh_from_db()
    assert ulrika.point("carried") == 6
    assert "is a whole number." in text(gm.post(f"/characters/{ulrika.pk}/edit/", edit_form(ulrika, carried="x")))


def test_the_extra_impedance_lowers_defence_in_a_fight(fight):
    plays(fight.encounter, toggles.VARIANT, toggles.ENCUMBRANCE)  # the encounter's toggles rule its fight
    carrying(fight.table.ulrika, 18)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    [entry] = fight.prompts()
    # Agility 11 less the leather's Impedance 2 and 3 more for the load, against the goblin's Accurate 10.
    assert (entry["kind"], entry["target"]) == ("defence", 6)
