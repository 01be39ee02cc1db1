"""The WFRP 3e character sheet and the GM's form: characteristics, skills with training and specialisations, the
wound threshold, wounds and criticals, fatigue and stress against Toughness and Willpower, the stance meter, power
with its equilibrium, insanities and diseases; the form saves them, refuses malformed input, and only the GM edits."""

import re

import pytest

from characters.models import Character
from combat import commands
from tests.factories import EncounterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS

pytestmark = pytest.mark.django_db


def text(response):
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("viewer", ["gm", "anna"])
def test_the_gm_and_the_owner_see_the_sheet(wfrp3e_table, viewer):
    page = text(wfrp3e_table.client(getattr(wfrp3e_table, viewer)).get(f"/characters/{wfrp3e_table.wizard.pk}/"))
    assert "<dt>St</dt><dd><strong>4</strong>" in page and "<dt>WP</dt><dd><strong>3</strong>" in page
    assert "Wounds <strong>2</strong> / threshold 9" in page and "Critical wounds <strong>1</strong>" in page
    assert 'Fatigue <strong>4</strong> <span class="muted small">/ Toughness 3' in page
    assert 'Stress <strong>1</strong> <span class="muted small">/ Willpower 3' in page
    assert "<strong>3</strong> conservative · neutral · <strong>1</strong> reckless" in page
    assert 'Power <strong>5</strong> <span class="muted small">(equilibrium 3)' in page  # Channeling: a wizard
    assert re.search(r"Channeling <span[^>]*>WP</span></span> <strong>trained 2</strong>", page)
    assert re.search(r"Coordination <span[^>]*>Ag</span> <span class=\"tag\">Dodge</span>", page)
    assert 'Night Terrors <span class="tag">temporary' in page and 'Bloody Flux <span class="tag">permanent' in page


def test_another_player_cannot_see_the_sheet(wfrp3e_table):
    assert wfrp3e_table.client(wfrp3e_table.bruno).get(f"/characters/{wfrp3e_table.wizard.pk}/").status_code == 403


def test_a_priest_has_favour_and_one_who_casts_nothing_neither(wfrp3e_table):
    wizard = wfrp3e_table.wizard
    wizard.skills.all().delete()
    gm = wfrp3e_table.client(wfrp3e_table.gm)
    assert "Power <strong>" not in text(gm.get(f"/characters/{wizard.pk}/"))
    wizard.points["specialisations"] = {"Piety": ["Urgent Need"]}
    wizard.save()
    assert "Favour <strong>5</strong>" in text(gm.get(f"/characters/{wizard.pk}/"))


def test_a_henchmen_group_shows_its_size(wfrp3e_table):
    wizard = wfrp3e_table.wizard
    wizard.traits = {"Henchmen": 5}
    wizard.save()
    assert "Henchmen group of <strong>5</strong>" in text(
        wfrp3e_table.client(wfrp3e_table.gm).get(f"/characters/{wizard.pk}/")
    )


def edit_form(character, **changes):
    data = {
        "name": character.name,
        "max_wounds": 10,
        "wounds": 3,
        "critical_wounds": 0,
        "fatigue": 1,
        "stress": 2,
        "conservative_steps": 2,
        "reckless_steps": 3,
        "power": 4,
        "specialisations_text": "weapon skill: Hand Weapons, Parry; Coordination: Dodge",
        "insanities_text": "Paranoia (Permanent), Night Terrors",
        "diseases_text": "",
        "traits_text": "",
        "skills-TOTAL_FORMS": 0,
        "skills-INITIAL_FORMS": 0,
        **{f"characteristic_{name}": value for name, value in CHARACTERISTICS.items()},
    }
    data.update(changes)
    return data


def test_the_gm_form_shows_the_points(wfrp3e_table):
    form = text(wfrp3e_table.client(wfrp3e_table.gm).get(f"/characters/{wfrp3e_table.wizard.pk}/edit/"))
    assert 'name="fatigue" value="4"' in form and 'name="power" value="5"' in form
    assert 'name="conservative_steps" value="3"' in form and "Wound threshold" in form
    assert 'value="Coordination: Dodge"' in form and 'value="Night Terrors"' in form
    assert 'value="Bloody Flux (permanent)"' in form and "<h2>Skills</h2>" in form
    # No weapon or armour rows in this game: their sections would stand empty.
    assert "<h2>Weapons</h2>" not in form and "<h2>Armour</h2>" not in form


def test_the_gm_form_saves_the_points(wfrp3e_table):
    wizard = wfrp3e_table.wizard
    response = wfrp3e_table.client(wfrp3e_table.gm).post(f"/characters/{wizard.pk}/edit/", edit_form(wizard))
    assert response.status_code == 302
    wizard.refresh_from_db()
    assert wizard.max_wounds == 10
    assert wizard.points == {
        "wounds": 3, "critical_wounds": 0, "fatigue": 1, "stress": 2, "conservative_steps": 2, "reckless_steps": 3,
        "power": 4, "specialisations": {"Weapon Skill": ["Hand Weapons", "Parry"], "Coordination": ["Dodge"]},
        "insanities": {"Paranoia": "permanent", "Night Terrors": "temporary"}, "diseases": {},
    }  # fmt: skip


def test_an_empty_counter_keeps_the_sheets_value(wfrp3e_table):
    wizard = wfrp3e_table.wizard
    form = edit_form(wizard, fatigue="", power="")
    assert wfrp3e_table.client(wfrp3e_table.gm).post(f"/characters/{wizard.pk}/edit/", form).status_code == 302
    wizard.refresh_from_db()
    assert wizard.point("fatigue") == 4 and wizard.point("power") == 5 and wizard.point("stress") == 2


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"specialisations_text": "Swordplay: Rapier"}, "start with a skill of this game and a colon"),
        ({"specialisations_text": "Dodge"}, "start with a skill of this game and a colon"),
        ({"insanities_text": "(permanent)"}, "name it"),
        ({"stress": -1}, "runs from 0 to 999."),
    ],
)
def test_bad_input_gets_a_message_and_changes_nothing(wfrp3e_table, changes, message):
    wizard = wfrp3e_table.wizard
    before = Character.objects.filter(pk=wizard.pk).values().get()
    page = text(
        wfrp3e_table.client(wfrp3e_table.gm).post(f"/characters/{wizard.pk}/edit/", edit_form(wizard, **changes))
    )
    assert message in page
    assert Character.objects.filter(pk=wizard.pk).values().get() == before


def test_a_player_cannot_edit_the_sheet(wfrp3e_table):
    anna = wfrp3e_table.client(wfrp3e_table.anna)
    assert anna.post(f"/characters/{wfrp3e_table.wizard.pk}/edit/", edit_form(wfrp3e_table.wizard)).status_code == 403


def test_the_players_phone_shows_the_stat_block_of_their_own_character_only(wfrp3e_table):
    encounter = EncounterFactory(campaign=wfrp3e_table.campaign)
    commands.add_combatant(encounter, wfrp3e_table.gm, character=wfrp3e_table.wizard.pk)
    url = f"/encounters/{encounter.pk}/"
    assert "Power equilibrium <strong>3</strong>" in text(wfrp3e_table.client(wfrp3e_table.anna).get(url))
    assert "equilibrium <strong>3</strong>" not in text(wfrp3e_table.client(wfrp3e_table.bruno).get(url))
