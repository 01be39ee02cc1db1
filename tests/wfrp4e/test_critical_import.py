"""The GM imports a critical wound table from a CSV or JSON file (one row per range: from-to, name, extra Wounds,
conditions, duration); one schema refuses a bad file in words at every door, nothing stored; an attack that
criticals on that table applies the row, and undo takes it back (seed 002 "Criticals")."""

import json
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from combat import commands
from rules.loading import DataFileError, load
from systems.wfrp4e.models import CriticalTable, CriticalWound

pytestmark = pytest.mark.django_db

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "arm-criticals.csv"
ROWS = [
    {"from": 1, "to": 50, "name": "Numbed Arm", "wounds": 1, "conditions": "Stunned", "duration": 1},
    {"from": 51, "to": 100, "name": "Gashed Forearm", "wounds": 2, "conditions": ["Bleeding 2", "Prone"]},
]


@pytest.fixture(autouse=True)
def gm_is_the_sites_admin(table):
    """The tables are the site's, shared by every WFRP 4e campaign: a GM imports one as the site's admin
    (test_a_gm_who_is_not_the_sites_admin_sees_the_tables_but_imports_nothing)."""
    table.gm.is_staff = True
    table.gm.save(update_fields=["is_staff"])


def url(table):
    return f"/campaigns/{table.campaign.pk}/critical-tables/"


def upload(table, user, name, content, **options):
    file = SimpleUploadedFile(name, content.encode() if isinstance(content, str) else content)
    arm = CriticalTable.objects.get(system="wfrp4e", name="Arm")
    return table.client(user).post(url(table), {"table": arm.pk, "file": file}, **options)


def arm_rows():
    return [(w.low, w.high, w.name, w.wounds, w.conditions, w.duration) for w in
            CriticalWound.objects.filter(table__name="Arm").order_by("low")]  # fmt: skip


def test_the_gm_imports_the_example_csv_from_the_campaign_page(table):
    campaign_page = table.client(table.gm).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    assert f'href="{url(table)}"' in campaign_page
    answer = upload(table, table.gm, "arm.csv", EXAMPLE.read_text(), follow=True)
    assert answer.redirect_chain == [(url(table), 302)]
    rows = arm_rows()
    assert len(rows) == 6 and rows[4] == (
        81, 95, "Split Elbow", 4, [{"name": "Bleeding", "count": 2}, {"name": "Stunned", "count": 1}], 3
    )  # fmt: skip
    page = answer.content.decode()
    assert "Split Elbow" in page and "The Arm critical table now has 6 rows." in page
    assert CriticalTable.objects.get(system="wfrp4e", name="Arm").customised  # loadrules keeps it


def test_the_gm_imports_json(table):
    assert upload(table, table.gm, "arm.json", json.dumps(ROWS)).status_code == 302
    assert arm_rows() == [
        (1, 50, "Numbed Arm", 1, [{"name": "Stunned", "count": 1}], 1),
        (51, 100, "Gashed Forearm", 2, [{"name": "Bleeding", "count": 2}, {"name": "Prone", "count": 1}], None),
    ]


@pytest.mark.parametrize(
    "name, content, refusal",
    [
        ("arm.txt", "from,to,name\n1,100,Cut\n", "Upload a .csv or .json file."),
        ("arm.json", "{not json", "The file is not JSON"),
        ("arm.csv", "low,high,title\n1,100,Cut\n", "it lacks from, to, name"),
        ("arm.json", json.dumps([{**ROWS[0], "to": 60}, ROWS[1]]), "Gashed Forearm (51–00) overlaps the row before"),
        ("arm.json", json.dumps([{**ROWS[0], "to": 40}, ROWS[1]]), "No row covers 41–50."),
        ("arm.json", json.dumps([ROWS[0]]), "No row covers 51–00."),
        ("arm.json", json.dumps([{**ROWS[0], "wounds": "many"}, ROWS[1]]), "Row 1: Extra Wounds: Enter a whole"),
        ("arm.json", json.dumps([{**ROWS[0], "from": True}, ROWS[1]]), "Row 1: from must be a number or words"),
        ("arm.json", json.dumps([{**ROWS[0], "conditions": "Sleepy"}, ROWS[1]]), "Sleepy is not one of the"),
        ("arm.json", json.dumps({"rows": ROWS}), "The file holds no rows"),
        ("arm.csv", b"\xff\xfe\x00bad", "The file is not text"),
        ("arm.csv", "from,to,name\n" + "1,100,Cut\n" * 600_000, "a table is at most 1024 KB"),
    ],
)
def test_a_bad_file_is_refused_in_words_and_nothing_is_stored(table, name, content, refusal):
    upload(table, table.gm, "arm.json", json.dumps(ROWS))
    before = arm_rows()
    answer = upload(table, table.gm, name, content)
    assert answer.status_code == 400 and refusal in answer.content.decode()
    assert arm_rows() == before


def test_only_the_gm_or_staff_imports(table, other_table):
    assert upload(table, table.anna, "arm.json", json.dumps(ROWS)).status_code == 403
    assert upload(table, table.outsider, "arm.json", json.dumps(ROWS)).status_code == 404
    assert table.client(table.anna).get(url(table)).status_code == 403
    assert (
        'id="critical-tables-link"'
        not in table.client(table.anna).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    )
    assert arm_rows() == []


def test_a_gm_who_is_not_the_sites_admin_sees_the_tables_but_imports_nothing(table):
    table.gm.is_staff = False
    table.gm.save(update_fields=["is_staff"])
    page = table.client(table.gm).get(url(table)).content.decode()
    assert 'id="critical-import-admins"' in page and 'id="critical-import"' not in page and "Arm" in page
    answer = upload(table, table.gm, "arm.json", json.dumps(ROWS))
    assert answer.status_code == 403 and "Only the site&#x27;s admins import critical tables" in answer.content.decode()
    assert arm_rows() == []


def test_the_admin_and_loadrules_refuse_what_the_import_refuses(table, admin_client, tmp_path, monkeypatch):
    arm = CriticalTable.objects.get(system="wfrp4e", name="Arm")
    form = {
        "system": "wfrp4e", "name": "Arm", "description": arm.description, "source": arm.source,
        "locations": json.dumps(arm.locations), "wounds-TOTAL_FORMS": "1", "wounds-INITIAL_FORMS": "0",
        "wounds-0-low": "1", "wounds-0-high": "10", "wounds-0-name": "Cut", "wounds-0-wounds": "1",
        "wounds-0-conditions": json.dumps([{"name": "Sleepy", "count": 1}]), "wounds-0-system": "wfrp4e",
    }  # fmt: skip
    answer = admin_client.post(f"/admin/wfrp4e/criticaltable/{arm.pk}/change/", form)
    assert answer.status_code == 200 and "Sleepy is not one of the" in answer.content.decode()
    assert arm_rows() == []
    bad = [{"table": "Arm", "low": 1, "high": 10, "name": "Cut", "wounds": 1, "conditions": "Stunned 99"}]
    (tmp_path / "wfrp4e").mkdir()
    (tmp_path / "wfrp4e" / "critical_wounds.json").write_text(json.dumps(bad))  # the only data file loaded
    monkeypatch.setattr("rules.loading.DATA_DIR", tmp_path)
    monkeypatch.setattr("rules.loading.seed_rows", lambda system, kind: json.loads(json.dumps(bad)))
    with pytest.raises(DataFileError, match="Stunned: a condition is given 1 to 10 times"):
        load()
    assert arm_rows() == []


def test_an_attack_that_criticals_applies_the_imported_row_and_undo_takes_it_back(fight):
    table = fight.table
    upload(table, table.gm, "arm.csv", EXAMPLE.read_text())
    before = fight.fresh(fight.orc).wounds
    # 33 vs 52: +2 SL, a double; the orc 60 vs 51. Reversed 33: the right arm; the critical's d100 is 85.
    outcome = fight.attack(attacker_roll=33, defender_roll=60, critical_roll=85)
    assert "Critical to the right arm: Split Elbow (85: +4 Wounds, Bleeding 2, Stunned for 3 rounds)" in outcome.message
    critical = outcome.result["critical"]
    assert (critical["name"], critical["wounds"], critical["duration"]) == ("Split Elbow", 4, 3)
    assert outcome.result["target_wounds"] == outcome.result["wounds"] + 4
    assert fight.fresh(fight.orc).wounds == max(0, before - outcome.result["target_wounds"])
    given = {c.name: (c.count, c.remaining) for c in fight.orc.conditions.all()}
    assert given == {"Bleeding": (2, 3), "Stunned": (1, 3)}
    commands.undo(table.encounter, table.gm)
    assert fight.fresh(fight.orc).wounds == before and not fight.orc.conditions.exists()
