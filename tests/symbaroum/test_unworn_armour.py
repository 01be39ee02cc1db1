"""Armour carried but not worn (seed 004 "Encumbrance"): it weighs its Impeding as Encumbrance, protects nothing and
does not impede; the GM marks it on the form, the sheet shows it, and the load over the threshold lowers Defence in a
fight."""

import pytest

from systems.symbaroum import toggles
from tests.symbaroum.conftest import armed
from tests.symbaroum.test_encumbrance import carrying, plays
from tests.symbaroum.test_sheet import edit_form, text

pytestmark = pytest.mark.django_db


def packing(character, *names):
    character.points = {**character.points, "unworn_armour": {name: 1 for name in names}}
    character.save()


def test_packed_armour_weighs_its_impeding_and_neither_protects_nor_impedes(symbaroum_table):
    plays(symbaroum_table.campaign, toggles.VARIANT, toggles.ENCUMBRANCE)
    ulrika = armed(symbaroum_table.ulrika, ["Sword"], ["Leather Armour", "Full Plate"])
    packing(ulrika, "Full Plate")
    carrying(ulrika, 13)
    page = text(symbaroum_table.client(symbaroum_table.anna).get(f"/characters/{ulrika.pk}/"))
    # 13 gear + the plate's Impedance 4 = 17, 2 over the threshold of Might 15.
    assert "Encumbrance <strong>17</strong>" in page and "+2 Impedance" in page
    assert "Carried, not worn: <strong>Full Plate</strong>" in page and "<strong>4</strong> Encumbrance" in page
    # Agility 11 less the leather's 2 (the plate's 4 does not count) less 2 for the load.
    assert "Defence <strong>7</strong>" in page


def test_without_the_encumbrance_rule_packed_armour_still_does_not_protect(symbaroum_table):
    plays(symbaroum_table.campaign)
    ulrika = armed(symbaroum_table.ulrika, ["Sword"], ["Full Plate"])
    packing(ulrika, "Full Plate")
    page = text(symbaroum_table.client(symbaroum_table.anna).get(f"/characters/{ulrika.pk}/"))
    assert "Carried, not worn: <strong>Full Plate</strong>" in page and "Encumbrance" not in page
    assert "Defence <strong>11</strong>" in page  # Quick 11: the plate is not worn


def test_the_gm_marks_packed_armour_on_the_form_only_among_the_sheets_armour(symbaroum_table):
    from rules.models import Armour

    ulrika = symbaroum_table.ulrika
    gm = symbaroum_table.client(symbaroum_table.gm)
    plate, leather = (Armour.objects.get(system="symbaroum", name=n).pk for n in ("Full Plate", "Leather Armour"))
    form = edit_form(ulrika, armour=[plate, leather], unworn_armour=["Full Plate"])
    assert gm.post(f"/characters/{ulrika.pk}/edit/", form).status_code == 302
    ulrika.refresh_from_db()
    assert ulrika.named("unworn_armour") == {"Full Plate": 1}
    refused = text(
        gm.post(f"/characters/{ulrika.pk}/edit/", edit_form(ulrika, armour=[leather], unworn_armour=["Full Plate"]))
    )
    assert "Tick Full Plate among the armour first" in refused
    assert gm.post(f"/characters/{ulrika.pk}/edit/", edit_form(ulrika, armour=[leather])).status_code == 302
    ulrika.refresh_from_db()
    assert "unworn_armour" not in ulrika.points


def test_packed_armour_over_the_threshold_lowers_defence_in_a_fight(fight):
    plays(fight.encounter, toggles.VARIANT, toggles.ENCUMBRANCE)
    ulrika = armed(fight.table.ulrika, ["Sword"], ["Leather Armour", "Full Plate"])
    packing(ulrika, "Full Plate")
    carrying(ulrika, 14)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    [entry] = fight.prompts()
    # Agility 11 less the leather's 2 and 3 for the load (14 + 4 = 18 over 15), against Accurate 10.
    assert (entry["kind"], entry["target"]) == ("defence", 6)


def test_each_carried_armour_box_answers_to_its_own_name(symbaroum_table):
    """A list of tick boxes inside one label would tick the first box whichever name is tapped."""
    import re

    page = text(symbaroum_table.client(symbaroum_table.gm).get(f"/characters/{symbaroum_table.ulrika.pk}/edit/"))
    assert '<fieldset class="ticks"><legend>Armour carried, not worn</legend>' in page
    assert not re.search(r"<label>[^<]*<div[^>]*id=\"id_unworn_armour\"", page)
    assert re.search(r'<label for="id_unworn_armour_\d+"><input type="checkbox" name="unworn_armour"', page)
