"""Symbaroum's rules data: every file loads, every optional, alternate, homebrew and variant rule is a toggle with a
summary citing its seed heading, and the engine reads the buildings table from the one shipped copy."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

import systems
from rules.engine import symbaroum, tables
from rules.loading import load
from rules.models import Armour, Characteristic, HouseRule, Weapon
from systems import checks
from systems.symbaroum import toggles
from systems.symbaroum.models import Building, Feat, Manoeuvre, Trap

pytestmark = pytest.mark.django_db

SEEDS = {toggles.SEED, toggles.VARIANT_SEED}


def test_the_data_loads_and_a_second_load_changes_nothing(capsys):
    call_command("loadrules")
    assert "created" in capsys.readouterr().out
    assert load() == {"created": 0, "updated": 0, "kept": 0}
    attributes = Characteristic.objects.filter(system="symbaroum")
    assert [a.name for a in attributes] == [
        "Accurate", "Cunning", "Discreet", "Persuasive", "Quick", "Resolute", "Strong", "Vigilant"
    ]  # fmt: skip
    assert all(a.full_name and a.description for a in attributes)
    assert Weapon.objects.get(system="symbaroum", name="Spear").damage_label == "1d8"
    assert {p.name for p in Weapon.objects.get(system="symbaroum", name="Spear").properties.all()} == {"Long"}
    assert Armour.objects.get(system="symbaroum", name="Chain Shirt").protection_label == "1d6"
    assert Feat.objects.get(system="symbaroum", name="Prepared").homebrew
    assert Trap.objects.filter(system="symbaroum").count() == 3


def test_the_toggles_in_code_match_the_rules_data():
    assert checks.toggles_match_the_rules_data() == []
    assert systems.get("symbaroum").toggles == toggles.TOGGLES
    assert systems.get("symbaroum").complete


def test_each_toggle_has_an_own_words_summary_citing_its_seed_heading(rules_data):
    rules = {rule.key: rule for rule in HouseRule.objects.filter(system="symbaroum")}
    for toggle in toggles.TOGGLES:
        rule = rules[toggle.key]
        assert rule.is_toggle and f"{rule.group} › {rule.name}" == toggle.heading
        assert rule.source.startswith(f"{toggle.seed} › ") and toggle.name.split(" (")[0] in rule.source, toggle.key
        assert 0 < len(rule.description) <= 600, toggle.key
    assert {toggle.seed for toggle in toggles.TOGGLES} == SEEDS


def test_no_shipped_symbaroum_file_carries_a_full_text_and_every_row_cites_a_source():
    for path in (tables.DATA_DIR / "symbaroum").glob("*.json"):
        for row in json.loads(path.read_text()):
            assert "full_text" not in row and row["source"], (path.name, row["name"])


def test_manoeuvres_use_the_engines_names(rules_data):
    keys = set(Manoeuvre.objects.filter(system="symbaroum").values_list("key", flat=True))
    assert set(symbaroum.MANOEUVRE_SECOND_CHANCES) <= keys


def test_the_engine_reads_the_buildings_table_from_the_shipped_copy(rules_data):
    shipped = {
        b.key: (b.name, b.health, b.breakpoint, b.fortification) for b in Building.objects.filter(system="symbaroum")
    }
    assert shipped == {
        key: (b.label, b.health, b.breakpoint, b.fortification) for key, b in symbaroum.BUILDINGS.items()
    }
    assert shipped["castle"] == ("Castle", 1000, 500, 20) and shipped["croft"] == ("Croft", 10, 5, 5)


@pytest.mark.parametrize("model", ["feat", "manoeuvre", "trap", "building"])
def test_the_gm_edits_feats_manoeuvres_traps_and_buildings_in_admin(admin_client, rules_data, model):
    assert admin_client.get(f"/admin/symbaroum/{model}/").status_code == 200


def test_an_admin_edit_of_a_building_is_checked_and_kept_by_the_loader(admin_client, rules_data):
    croft = Building.objects.get(system="symbaroum", key="croft")
    form = {"system": "symbaroum", "name": "Croft", "key": "croft", "health": 12, "fortification": 5, "order": 0}
    page = admin_client.post(f"/admin/symbaroum/building/{croft.pk}/change/", {**form, "breakpoint": 13})
    assert "A Breakpoint cannot be more than the building" in page.content.decode()
    answer = admin_client.post(f"/admin/symbaroum/building/{croft.pk}/change/", {**form, "breakpoint": 6})
    assert answer.status_code == 302
    assert load()["kept"] == 1
    croft.refresh_from_db()
    assert (croft.health, croft.breakpoint, croft.customised) == (12, 6, True)


@pytest.mark.parametrize("dice, valid", [("1d8", True), ("2d6", True), ("1d10+1", True), ("d8", False), ("1d7", False)])
def test_weapon_dice_are_checked(rules_data, dice, valid):
    spear = Weapon.objects.get(system="symbaroum", name="Spear")
    spear.damage_dice = dice
    if valid:
        spear.full_clean()
    else:
        with pytest.raises(ValidationError, match="Write dice like 1d8"):
            spear.full_clean()
