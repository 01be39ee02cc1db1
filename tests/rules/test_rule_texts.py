"""The project ships rules in its own words, each citing its seed; a table's full wording is pasted in admin."""

import json

import pytest

from rules import loading
from rules.engine import tables
from rules.loading import load
from rules.models import HouseRule

pytestmark = pytest.mark.django_db

HOUSE_RULES_SEED = "000_5bd3882374cebcd3.txt › "
PASTED = "Our table's own words.\n\nSecond paragraph <script>alert(1)</script> & more."


def shipped(kind):
    return json.loads((tables.DATA_DIR / "wfrp4e" / f"{kind}.json").read_text())


def test_every_shipped_house_rule_is_a_short_summary_citing_its_heading_in_the_seed():
    rules = shipped("house_rules")
    assert len(rules) == 64
    for rule in rules:
        assert rule["source"].startswith(f"{HOUSE_RULES_SEED}{rule['group']} › "), rule["key"]
        assert "[" not in rule["source"], rule["key"]  # the heading without the document's status marks
        assert 0 < len(rule["description"]) <= 600, rule["key"]


def test_no_shipped_data_file_carries_a_full_text():
    for path in (tables.DATA_DIR / "wfrp4e").glob("*.json"):
        assert not any("full_text" in entry for entry in json.loads(path.read_text())), path.name


def test_admin_pastes_a_full_text_and_no_load_replaces_it(admin_client, rules_data):
    momentum = HouseRule.objects.get(system="wfrp4e", key="momentum")
    form = {
        field: getattr(momentum, field)
        for field in ("system", "name", "key", "group", "status", "order", "description", "source")
    }
    page = admin_client.get(f"/admin/rules/houserule/{momentum.pk}/change/").content.decode()
    assert 'name="full_text"' in page and "the app shows it instead of the summary" in page
    response = admin_client.post(f"/admin/rules/houserule/{momentum.pk}/change/", {**form, "full_text": PASTED})
    assert response.status_code == 302
    momentum.refresh_from_db()
    assert momentum.customised and momentum.full_text == PASTED

    assert load()["kept"] == 1
    momentum.description = "An edited summary"
    momentum.save()
    load(force=True)
    momentum.refresh_from_db()
    assert momentum.full_text == PASTED  # --force restores the shipped summary, never the pasted text
    assert momentum.description == next(r["description"] for r in shipped("house_rules") if r["key"] == "momentum")


def test_a_data_file_may_not_set_a_full_text(tmp_path, monkeypatch):
    (tmp_path / "wfrp4e").mkdir()
    rule = {"name": "Sprinting", "key": "sprinting", "group": "Combat", "status": "settled", "full_text": "Copied"}
    (tmp_path / "wfrp4e" / "house_rules.json").write_text(json.dumps([rule]))
    monkeypatch.setattr(loading, "DATA_DIR", tmp_path)
    monkeypatch.setattr(tables, "DATA_DIR", tmp_path)
    tables._load.cache_clear()
    try:
        with pytest.raises(loading.DataFileError, match="HouseRule 'Sprinting': full_text is the admin's"):
            load()
    finally:
        tables._load.cache_clear()


def test_the_page_shows_a_pasted_full_text_escaped_else_the_summary_with_its_source(table):
    HouseRule.objects.filter(system="wfrp4e", key="momentum").update(full_text=PASTED)
    sprinting = HouseRule.objects.get(system="wfrp4e", key="sprinting")
    for url in (f"/campaigns/{table.campaign.pk}/house-rules/", f"/encounters/{table.encounter.pk}/house-rules/"):
        page = table.client(table.anna).get(url).content.decode()
        assert "<p>Our table&#x27;s own words.</p>" in page
        assert "<p>Second paragraph &lt;script&gt;alert(1)&lt;/script&gt; &amp; more.</p>" in page
        assert "<script>alert(1)" not in page
        assert "a Turn on which you earned none" not in page  # the summary gives way to the pasted text
        assert sprinting.description in page
        assert '<p class="muted small rule-source">000_5bd3882374cebcd3.txt › Combat › Sprinting</p>' in page


def test_the_critical_wounds_entry_shows_how_the_tracker_reads_the_core_criticals(table):
    page = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/house-rules/").content.decode()
    rule = page[page.index('id="rule-critical_wounds"') :]
    rule = rule[: rule.index("</details>")]
    assert "whichever side wins" in rule
    assert "an attacker who loses the opposed test with a successful double deals no Damage" in rule
