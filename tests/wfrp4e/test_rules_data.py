"""WFRP 4e's reference data: every kind loads with its relations, and the admin keeps its d100 tables whole."""

import pytest
from django.core.management import call_command

from rules.models import Armour, Characteristic, HitLocation, Skill, Weapon
from systems.wfrp4e.models import AdvantageSpend, CriticalTable, Fumble

pytestmark = pytest.mark.django_db


def test_every_wfrp4e_kind_loads_with_its_relations():
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


def test_admin_refuses_overlapping_table_rows(admin_client):
    call_command("loadrules")
    stumble = Fumble.objects.get(system="wfrp4e", name="Stumble")
    response = admin_client.post(
        f"/admin/wfrp4e/fumble/{stumble.pk}/change/",
        {"system": "wfrp4e", "name": "Stumble", "low": 55, "high": 70, "wounds": 0, "description": "x", "source": ""},
    )
    assert response.status_code == 200
    assert "overlaps Out of position (41–60)" in response.content.decode()
    assert Fumble.objects.get(pk=stumble.pk).low == 61


def test_the_gm_enters_critical_wounds_in_a_location_table_through_admin(admin_client):
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
    response = admin_client.post(f"/admin/wfrp4e/criticaltable/{head.pk}/change/", form)
    assert response.status_code == 302
    assert [w["name"] for w in head.rows()] == ["Dramatic Injury", "Minor Cut"]
    # Rows of one table may not overlap, whether entered together or later.
    form.update({"wounds-0-name": "Gash", "wounds-0-high": "12", "wounds-0-system": "wfrp4e"})
    overlapping_together = {**form, "wounds-1-name": "Scrape", "wounds-0-low": "21", "wounds-0-high": "30",
                            "wounds-1-low": "25", "wounds-1-high": "40"}  # fmt: skip
    response = admin_client.post(f"/admin/wfrp4e/criticaltable/{head.pk}/change/", overlapping_together)
    assert response.status_code == 200 and "Scrape overlaps Gash" in response.content.decode()
    form.update({"wounds-TOTAL_FORMS": "1", "wounds-0-low": "8", "wounds-0-high": "12", "wounds-0-name": "Gash"})
    response = admin_client.post(f"/admin/wfrp4e/criticaltable/{head.pk}/change/", form)
    assert response.status_code == 200 and "overlaps Dramatic Injury" in response.content.decode()
