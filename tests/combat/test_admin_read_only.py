"""Django admin shows encounters but cannot change them: an edit there would bypass the log, the version, the live
update and undo."""

import pytest

from combat.models import Combatant, Encounter

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", ["encounter", "combatant", "conditioninstance", "logentry"])
def test_admin_lists_combat_rows_but_offers_no_add(table, admin_client, model):
    assert admin_client.get(f"/admin/combat/{model}/").status_code == 200
    assert admin_client.get(f"/admin/combat/{model}/add/").status_code == 403


def test_an_admin_post_changes_nothing(table, admin_client):
    orc = table.orc
    page = admin_client.get(f"/admin/combat/combatant/{orc.pk}/change/")
    assert page.status_code == 200 and 'name="wounds"' not in page.content.decode()  # shown, not editable
    answer = admin_client.post(f"/admin/combat/combatant/{orc.pk}/change/", {"name": orc.name, "wounds": 1})
    assert answer.status_code == 403
    assert Combatant.objects.get(pk=orc.pk).wounds == orc.wounds
    assert (
        admin_client.post(f"/admin/combat/encounter/{table.encounter.pk}/delete/", {"post": "yes"}).status_code == 403
    )
    assert Encounter.objects.filter(pk=table.encounter.pk).exists()
