"""WFRP 3e's reference data: every file loads with its relations, action cards write their effects by symbol, the
condition cards the seed names are there with their durations and cancelling pairs, every row cites the seed, and
the GM edits each kind in admin, kept by the loader."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

import systems
from rules.engine import tables
from rules.loading import load
from rules.models import Characteristic, HouseRule, Skill
from systems import checks
from systems.wfrp3e import toggles
from systems.wfrp3e.models import ActionCard, ConditionCard, CriticalWoundCard, Talent

pytestmark = pytest.mark.django_db

SEED = "003_79f367e535d58255.txt"
# Seed 003 "Condition Cards": each card with its duration.
CONDITIONS = {
    "Blinded": "lingering", "Cowed": "brief", "Damaged": "lingering", "Demoralized": "lingering",
    "Energized": "brief", "Entangled": "lingering", "Environmental Condition": "dependent", "Exposed": "brief",
    "Frightened": "dependent", "Ill-Fortuned": "brief", "Inspired": "lingering", "Intoxicated": "lingering",
    "Invigorated": "lingering", "Overwhelmed": "brief", "Perplexed": "brief", "Rattled": "brief",
    "Shock": "lingering", "Sluggish": "brief", "Staggered": "brief", "Traumatized": "lingering", "Weakened": "brief",
}  # fmt: skip


def test_the_data_loads_and_a_second_load_changes_nothing(capsys):
    call_command("loadrules")
    assert "created" in capsys.readouterr().out
    assert load() == {"created": 0, "updated": 0, "kept": 0}
    assert [c.name for c in Characteristic.objects.filter(system="wfrp3e")] == ["St", "To", "Ag", "Int", "WP", "Fel"]


def test_skills_have_their_characteristic_and_specialisations(rules_data):
    skills = {skill.name: skill for skill in Skill.objects.filter(system="wfrp3e").select_related("characteristic")}
    assert len(skills) == 27 and sum(skill.advanced for skill in skills.values()) == 9
    assert skills["Weapon Skill"].characteristic.name == "St" and "Parry" in skills["Weapon Skill"].specialisations
    assert skills["Resilience"].characteristic.name == "To" and not skills["Resilience"].advanced
    assert skills["Channeling"].characteristic.name == "WP" and skills["Channeling"].advanced
    assert all(skill.specialisations for skill in skills.values())


def test_the_seeds_condition_cards_with_their_durations_and_cancelling_pairs(rules_data):
    cards = {card.name: card for card in ConditionCard.objects.filter(system="wfrp3e")}
    assert {name: card.duration for name, card in cards.items()} == CONDITIONS
    pairs = {(name, card.cancels) for name, card in cards.items() if card.cancels}
    assert pairs == {
        ("Inspired", "Demoralized"), ("Demoralized", "Inspired"), ("Energized", "Sluggish"), ("Sluggish", "Energized")
    }  # fmt: skip


def test_action_cards_talents_and_critical_wounds(rules_data):
    strike = ActionCard.objects.get(system="wfrp3e", name="Melee Strike")
    assert (strike.type, strike.skill.name, strike.recharge, strike.difficulty) == ("melee", "Weapon Skill", 0, 1)
    assert {"success", "2 boons"} <= set(strike.effects)  # jsonb keeps no key order: lines are looked up by symbol
    for card in ActionCard.objects.filter(system="wfrp3e"):
        card.full_clean()
    assert {card.type for card in ActionCard.objects.filter(system="wfrp3e")} >= {
        "melee", "ranged", "support", "spell", "blessing"
    }  # fmt: skip
    assert Talent.objects.filter(system="wfrp3e", constant=False).exists()
    assert CriticalWoundCard.objects.filter(system="wfrp3e").first().severity == 1


@pytest.mark.parametrize(
    "effects, message",
    [
        ({"2 boon": "x"}, "several plural"),
        ({"boons": "x"}, "one symbol is singular"),
        ({"3 skulls": "x"}, "write a count and a symbol"),
        ({"success": 3}, "Map each symbol line"),
        (["success"], "Map each symbol line"),
    ],
)
def test_an_action_cards_effects_name_symbols(rules_data, effects, message):
    card = ActionCard.objects.get(system="wfrp3e", name="Melee Strike")
    card.effects = effects
    with pytest.raises(ValidationError, match=message):
        card.full_clean()


def test_a_cancelling_partner_must_exist(rules_data):
    card = ConditionCard.objects.get(system="wfrp3e", name="Inspired")
    card.cancels = "Cheerful"
    with pytest.raises(ValidationError, match="no condition card called Cheerful"):
        card.full_clean()


def test_the_toggle_in_code_matches_the_rules_data(rules_data):
    assert checks.toggles_match_the_rules_data() == []
    assert systems.get("wfrp3e").toggles == toggles.TOGGLES
    rule = HouseRule.objects.get(system="wfrp3e", key=toggles.DISEASE_CHECK.key)
    assert rule.is_toggle and f"{rule.group} › {rule.name}" == toggles.DISEASE_CHECK.heading


def test_every_shipped_row_cites_the_seed_and_made_up_numbers_say_so():
    for path in (tables.DATA_DIR / "wfrp3e").glob("*.json"):
        for row in json.loads(path.read_text()):
            assert row["source"].startswith(f"{SEED} › "), (path.name, row["name"])
            assert 0 < len(row["description"]) <= 300, (path.name, row["name"])
    for kind in ("action_cards", "talents", "critical_wound_cards"):
        assert all("made up for the demo" in row["source"] for row in tables.seed_rows("wfrp3e", kind)), kind


@pytest.mark.parametrize("model", ["actioncard", "talent", "conditioncard", "criticalwoundcard"])
def test_the_gm_edits_each_kind_in_admin(admin_client, rules_data, model):
    assert admin_client.get(f"/admin/wfrp3e/{model}/").status_code == 200


def test_an_admin_edit_of_an_action_card_is_kept_by_the_loader(admin_client, rules_data):
    strike = ActionCard.objects.get(system="wfrp3e", name="Melee Strike")
    form = {
        "system": "wfrp3e", "name": "Melee Strike", "type": "melee", "skill": strike.skill_id, "recharge": 1,
        "difficulty": 2, "preparation": 0, "effects": json.dumps({"success": "Hit hard."}), "source": strike.source,
    }  # fmt: skip
    assert admin_client.post(f"/admin/wfrp3e/actioncard/{strike.pk}/change/", form).status_code == 302
    assert load()["kept"] == 1
    strike.refresh_from_db()
    assert (strike.recharge, strike.difficulty, strike.customised) == (1, 2, True)
    assert strike.effects == {"success": "Hit hard."}
    load(force=True)
    strike.refresh_from_db()
    assert strike.recharge == 0 and not strike.customised
