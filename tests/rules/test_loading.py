import pytest
from django.core.management import call_command

from rules.loading import KINDS, load
from rules.models import ConditionDefinition

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_rules_tables():
    """Each test loads into empty tables, as on a new database (the rows the test database came with roll back)."""
    for model in reversed(KINDS.values()):
        model.objects.all().delete()


def test_loadrules_is_idempotent_and_keeps_admin_edits_unless_forced(capsys):
    call_command("loadrules")
    assert ConditionDefinition.objects.filter(system="wfrp4e").count() == 12
    call_command("loadrules")
    assert "0 created, 0 updated" in capsys.readouterr().out

    bleeding = ConditionDefinition.objects.get(system="wfrp4e", name="Bleeding")
    bleeding.description = "Our table's text"
    bleeding.customised = True
    bleeding.save()
    call_command("loadrules")
    assert ConditionDefinition.objects.get(pk=bleeding.pk).description == "Our table's text"
    call_command("loadrules", "--force")
    assert ConditionDefinition.objects.get(pk=bleeding.pk).description != "Our table's text"


def test_admin_edit_marks_a_row_customised(admin_client):
    call_command("loadrules")
    prone = ConditionDefinition.objects.get(system="wfrp4e", name="Prone")
    response = admin_client.post(
        f"/admin/rules/conditiondefinition/{prone.pk}/change/",
        {"system": "wfrp4e", "name": "Prone", "description": "Edited", "source": prone.source, "stacks": ""},
    )
    assert response.status_code == 302
    assert ConditionDefinition.objects.get(pk=prone.pk).customised


def test_every_wfrp4e_kind_loads_with_its_relations():
    from rules.models import (
        AdvantageSpend,
        Armour,
        Characteristic,
        CriticalTable,
        Fumble,
        HitLocation,
        Skill,
        Weapon,
    )

    call_command("loadrules")
    assert [c.name for c in Characteristic.objects.filter(system="wfrp4e")] == [
        "WS", "BS", "S", "T", "I", "Ag", "Dex", "Int", "WP", "Fel",
    ]  # fmt: skip
    assert Skill.objects.get(system="wfrp4e", name="Dodge").characteristic.name == "Ag"
    halberd = Weapon.objects.get(system="wfrp4e", name="Halberd")
    assert (halberd.group, halberd.reach, halberd.damage_label) == ("Polearm", "Long", "+SB+4")
    assert {p.name for p in halberd.properties.all()} == {"Defensive", "Hack", "Impale"}
    assert Armour.objects.get(system="wfrp4e", name="Mail Coat").locations == [
        "left_arm", "right_arm", "body", "left_leg", "right_leg",
    ]  # fmt: skip
    assert [(r.low, r.high, r.location) for r in HitLocation.objects.filter(system="wfrp4e")] == [
        (1, 9, "head"), (10, 24, "left_arm"), (25, 44, "right_arm"), (45, 79, "body"), (80, 89, "left_leg"),
        (90, 100, "right_leg"),
    ]  # fmt: skip
    assert [(r.low, r.high) for r in Fumble.objects.filter(system="wfrp4e")] == [
        (1, 20), (21, 40), (41, 60), (61, 70), (71, 80), (81, 90), (91, 100),
    ]  # fmt: skip
    assert AdvantageSpend.objects.get(system="wfrp4e", key="additional_action").cost == 4
    assert sorted(t.name for t in CriticalTable.objects.filter(system="wfrp4e")) == ["Arm", "Body", "Head", "Leg"]


def test_reloading_keeps_customised_relations_and_force_restores_them():
    from rules.models import Weapon

    call_command("loadrules")
    spear = Weapon.objects.get(system="wfrp4e", name="Spear")
    spear.properties.clear()
    spear.customised = True
    spear.save()
    counts = load()
    assert counts["created"] == 0 and counts["updated"] == 0 and counts["kept"] == 1
    assert not Weapon.objects.get(pk=spear.pk).properties.exists()
    load(force=True)
    assert [p.name for p in Weapon.objects.get(pk=spear.pk).properties.all()] == ["Impale"]


def test_a_relation_to_an_unknown_row_is_a_clear_error(tmp_path, monkeypatch):
    from rules import loading
    from rules.engine import tables

    (tmp_path / "wfrp4e").mkdir()
    (tmp_path / "wfrp4e" / "skills.json").write_text('[{"name": "Juggling", "characteristic": "Juggle"}]')
    monkeypatch.setattr(loading, "DATA_DIR", tmp_path)
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    tables._load.cache_clear()
    try:
        with pytest.raises(loading.DataFileError, match="Skill 'Juggling': unknown characteristic 'Juggle'"):
            load()
    finally:
        tables._load.cache_clear()


def test_admin_refuses_overlapping_table_rows(admin_client):
    from rules.models import Fumble

    call_command("loadrules")
    stumble = Fumble.objects.get(system="wfrp4e", name="Stumble")
    response = admin_client.post(
        f"/admin/rules/fumble/{stumble.pk}/change/",
        {"system": "wfrp4e", "name": "Stumble", "low": 55, "high": 70, "wounds": 0, "description": "x", "source": ""},
    )
    assert response.status_code == 200
    assert "overlaps Out of position (41–60)" in response.content.decode()
    assert Fumble.objects.get(pk=stumble.pk).low == 61


def test_the_gm_enters_critical_wounds_in_a_location_table_through_admin(admin_client):
    from rules.models import CriticalTable

    call_command("loadrules")
    head = CriticalTable.objects.get(system="wfrp4e", name="Head")
    form = {
        "system": "wfrp4e", "name": "Head", "description": head.description, "source": head.source,
        "locations": '["head"]', "wounds-TOTAL_FORMS": "2", "wounds-INITIAL_FORMS": "0",
        "wounds-0-low": "1", "wounds-0-high": "10", "wounds-0-name": "Dramatic Injury", "wounds-0-wounds": "1",
        "wounds-0-description": "A fine wound across the forehead.", "wounds-0-system": "wfrp4e",
        "wounds-1-low": "11", "wounds-1-high": "20", "wounds-1-name": "Minor Cut", "wounds-1-wounds": "1",
        "wounds-1-system": "wfrp4e",
    }  # fmt: skip
    response = admin_client.post(f"/admin/rules/criticaltable/{head.pk}/change/", form)
    assert response.status_code == 302
    assert [w["name"] for w in head.rows()] == ["Dramatic Injury", "Minor Cut"]
    # Rows of one table may not overlap, whether entered together or later.
    form.update({"wounds-0-name": "Gash", "wounds-0-high": "12", "wounds-0-system": "wfrp4e"})
    overlapping_together = {**form, "wounds-1-name": "Scrape", "wounds-0-low": "21", "wounds-0-high": "30",
                            "wounds-1-low": "25", "wounds-1-high": "40"}  # fmt: skip
    response = admin_client.post(f"/admin/rules/criticaltable/{head.pk}/change/", overlapping_together)
    assert response.status_code == 200 and "Scrape overlaps Gash" in response.content.decode()
    form.update({"wounds-TOTAL_FORMS": "1", "wounds-0-low": "8", "wounds-0-high": "12", "wounds-0-name": "Gash"})
    response = admin_client.post(f"/admin/rules/criticaltable/{head.pk}/change/", form)
    assert response.status_code == 200 and "overlaps Dramatic Injury" in response.content.decode()


def test_admin_pages_for_every_rules_table_and_a_character_open(admin_client):
    from tests.factories import CharacterFactory

    call_command("loadrules")
    for model in ("characteristic", "skill", "property", "weapon", "armour", "hitlocation", "fumble",
                  "advantagespend", "criticaltable", "conditiondefinition"):  # fmt: skip
        assert admin_client.get(f"/admin/rules/{model}/").status_code == 200, model
        assert admin_client.get(f"/admin/rules/{model}/add/").status_code == 200, model
    character = CharacterFactory()
    assert admin_client.get(f"/admin/characters/character/{character.pk}/change/").status_code == 200


def test_weapons_carry_their_own_rating_of_each_rated_property():
    from django.core.exceptions import ValidationError

    from rules.models import Weapon

    call_command("loadrules")
    for weapon in Weapon.objects.filter(system="wfrp4e").prefetch_related("properties"):
        rated = {p.name for p in weapon.properties.all() if p.rated}
        assert set(weapon.ratings) == rated, weapon.name
    shield, buckler = (Weapon.objects.get(system="wfrp4e", name=name) for name in ("Shield", "Buckler"))
    assert (shield.rating("Shield"), buckler.rating("Shield"), shield.rating("Blast")) == (2, 1, 0)
    buckler.ratings = {"Shield": "one"}
    with pytest.raises(ValidationError, match="whole number above 0"):
        buckler.clean()
