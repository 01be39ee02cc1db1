import pytest
from django.core.management import call_command

from rules.models import ConditionDefinition

pytestmark = pytest.mark.django_db


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
