import pytest
from django.contrib import admin
from django.core.management import call_command

from rules.loading import every_model, load
from rules.models import ConditionDefinition

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_rules_tables():
    """Each test loads into empty tables, as on a new database (the rows the test database came with roll back)."""
    for model in reversed(every_model()):
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


def test_admin_pages_for_every_rules_table_and_a_character_open(admin_client):
    from tests.factories import CharacterFactory

    call_command("loadrules")
    registered = [model for model in every_model() if admin.site.is_registered(model)]
    inline = {inline.model for model in registered for inline in admin.site.get_model_admin(model).inlines}
    assert set(every_model()) == set(registered) | inline, "each kind is edited on its own page or inline"
    for model in registered:  # the kinds every game has, and each system's own
        where = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        assert admin_client.get(where).status_code == 200, where
        assert admin_client.get(f"{where}add/").status_code == 200, where
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
