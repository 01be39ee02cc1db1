"""The Symbaroum character sheet and the GM's form: attributes in the campaign's words, Pain Threshold, Defence,
corruption, experience, abilities; saved as typed, refused with a message when malformed; seen only by its owner."""

import re
from pathlib import Path

import pytest

from characters.models import Character
from rules.models import Armour, Weapon
from systems.symbaroum import toggles
from tests.symbaroum.conftest import ATTRIBUTES

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def text(response):
    assert response.status_code == 200
    return response.content.decode()


def test_the_owner_sees_attributes_pain_threshold_defence_corruption_and_abilities(symbaroum_table):
    ulrika = symbaroum_table.ulrika
    ulrika.armour.set(Armour.objects.filter(system="symbaroum", name="Chain Shirt"))
    ulrika.weapons.set(Weapon.objects.filter(system="symbaroum", name="Spear"))
    page = text(symbaroum_table.client(symbaroum_table.anna).get(f"/characters/{ulrika.pk}/"))
    assert "<dt>Strong</dt><dd><strong>15</strong>" in page and "<dt>Quick</dt><dd><strong>11</strong>" in page
    assert "Toughness <strong>15</strong>" in page
    assert "Pain Threshold <strong>8</strong>" in page  # half of Strong 15, rounded up
    assert "Defence <strong>8</strong>" in page  # Quick 11 less the chain shirt's Impeding 3
    assert "Corruption <strong>3</strong>" in page and "threshold 5" in page  # half of Resolute 9, rounded up
    assert "abomination at 9" in page and "Experience <strong>4</strong>" in page
    assert "<span>Iron Fist</span> <strong>Adept</strong>" in page and "<span>Robust</span> <strong>II</strong>" in page
    assert "<strong>Spear</strong>" in page and "damage <strong>1d8</strong>" in page and "<strong>1d6</strong>" in page


def test_the_variant_shows_its_own_words_on_the_sheet_and_the_form(symbaroum_table):
    campaign = symbaroum_table.campaign
    campaign.house_rules = [toggles.VARIANT.key]
    campaign.save()
    gm = symbaroum_table.client(symbaroum_table.gm)
    page = text(gm.get(f"/characters/{symbaroum_table.ulrika.pk}/"))
    assert "<dt>Might</dt><dd><strong>15</strong>" in page and "<dt>Agility</dt>" in page
    assert "<dt>Subtlety</dt>" in page and "<dt>Vigilance</dt>" in page and "<dt>Accurate</dt>" in page
    assert "Health <strong>15</strong>" in page and "Pain Tolerance <strong>8</strong>" in page
    assert "<dt>Strong</dt>" not in page and "Pain Threshold" not in page
    form = text(gm.get(f"/characters/{symbaroum_table.ulrika.pk}/edit/"))
    assert re.search(r"<label[^>]*>Might <input[^>]*name=\"characteristic_Strong\"", form)
    assert "Health" in form and "<h2>Attributes</h2>" in form


def test_the_gm_form_shows_attributes_corruption_and_abilities_and_no_skills(symbaroum_table):
    form = text(symbaroum_table.client(symbaroum_table.gm).get(f"/characters/{symbaroum_table.ulrika.pk}/edit/"))
    assert "<h2>Attributes</h2>" in form and "<h2>Skills</h2>" not in form
    assert re.search(r"<label[^>]*>Strong <input[^>]*name=\"characteristic_Strong\" value=\"15\"", form)
    assert 'name="corruption_permanent" value="2"' in form and 'name="experience" value="4"' in form
    assert 'value="Iron Fist Adept"' in form and 'value="Robust II"' in form


def edit_form(character, **changes):
    data = {
        "name": character.name,
        "max_wounds": character.max_wounds,
        "corruption_temporary": 0,
        "corruption_permanent": 3,
        "experience": 7,
        "ammunition": 2,
        "abilities_text": "Iron Fist (Master), Witchsight novice",
        "traits_text": "Robust III, Regeneration",
        **{f"characteristic_{name}": value for name, value in ATTRIBUTES.items()},
    }
    data.update(changes)
    return data


def test_saving_the_form_stores_attributes_points_abilities_and_traits(symbaroum_table):
    ulrika = symbaroum_table.ulrika
    form = edit_form(ulrika, characteristic_Strong=16)
    response = symbaroum_table.client(symbaroum_table.gm).post(f"/characters/{ulrika.pk}/edit/", form)
    assert response.status_code == 302
    ulrika.refresh_from_db()
    assert ulrika.characteristics["Strong"] == 16 and ulrika.characteristics["Quick"] == 11
    assert ulrika.points == {"corruption_temporary": 0, "corruption_permanent": 3, "experience": 7, "ammunition": 2}
    assert ulrika.abilities == {"Iron Fist": "Master", "Witchsight": "Novice"}
    assert ulrika.traits == {"Robust": 3, "Regeneration": True}


def test_an_empty_point_keeps_the_sheets_value(symbaroum_table):
    ulrika = symbaroum_table.ulrika
    form = edit_form(ulrika, experience="", corruption_permanent="")
    assert symbaroum_table.client(symbaroum_table.gm).post(f"/characters/{ulrika.pk}/edit/", form).status_code == 302
    ulrika.refresh_from_db()
    assert ulrika.point("experience") == 4 and ulrika.point("corruption_permanent") == 2


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"abilities_text": "Iron Fist"}, "&quot;Iron Fist&quot;: give each ability its level, Novice, Adept, Master"),
        ({"abilities_text": "Iron Fist Grandmaster"}, "give each ability its level"),
        ({"traits_text": "Robust 4"}, "Trait levels run from I to III: Robust."),
        ({"corruption_temporary": -1}, "runs from 0 to 999."),
        ({"experience": "lots"}, "is a whole number."),
    ],
)
def test_bad_input_gets_a_message_and_changes_nothing(symbaroum_table, changes, message):
    ulrika = symbaroum_table.ulrika
    before = Character.objects.filter(pk=ulrika.pk).values().get()
    page = text(
        symbaroum_table.client(symbaroum_table.gm).post(f"/characters/{ulrika.pk}/edit/", edit_form(ulrika, **changes))
    )
    assert message in page
    assert Character.objects.filter(pk=ulrika.pk).values().get() == before


def test_a_player_cannot_see_another_players_sheet(symbaroum_table):
    bruno = symbaroum_table.client(symbaroum_table.bruno)
    assert bruno.get(f"/characters/{symbaroum_table.ulrika.pk}/").status_code == 403
    assert "Ulrika" not in text(bruno.get(f"/characters/{symbaroum_table.brother.pk}/"))


def test_generic_templates_leave_symbaroum_words_to_its_package():
    generic = [path for path in (ROOT / "templates").rglob("*.html") if "symbaroum" not in path.parts]
    mentions = [
        str(path.relative_to(ROOT))
        for path in generic
        if re.search(r"symbaroum|corruption|pain threshold|\bimpeding\b|abilities", path.read_text(), re.IGNORECASE)
    ]
    assert mentions == []


def test_the_phone_shows_the_players_own_stat_block_in_an_encounter(symbaroum_table):
    from combat import commands
    from tests.factories import EncounterFactory

    encounter = EncounterFactory(campaign=symbaroum_table.campaign, name="Ford")
    for character in (symbaroum_table.ulrika, symbaroum_table.brother):
        commands.add_combatant(encounter, symbaroum_table.gm, character=character.pk)
    page = text(symbaroum_table.client(symbaroum_table.anna).get(f"/encounters/{encounter.pk}/"))
    assert "<dt>Strong</dt><dd><strong>15</strong>" in page and "Pain Threshold <strong>8</strong>" in page
    assert page.count("<h3>Attributes</h3>") == 1  # Brother Ansgar's sheet is not on Anna's phone
