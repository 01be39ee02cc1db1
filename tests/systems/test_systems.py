"""Game systems as packages: every system provides the interface, nothing outside a system's package names its
rules, toggles in code and in the rules data agree, and the spine refuses what a system or its toggles do not offer."""

import json
import re
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.template.loader import get_template
from django.test import Client

import systems
from combat.models import Encounter, LogEntry
from rules.models import Characteristic
from systems import checks
from systems.base import System, Toggle
from systems.wfrp4e import toggles as wfrp4e_toggles
from tests.factories import CampaignFactory, CharacterFactory, EncounterFactory

ROOT = Path(__file__).resolve().parents[2]
OWN_CODE = ["characters", "combat", "config", "rules", "systems", "templates", "tests", "bench"]


def project_files(*suffixes):
    for top in OWN_CODE:
        for path in (ROOT / top).rglob("*"):
            if path.suffix in suffixes and "migrations" not in path.parts:
                yield path


@pytest.mark.parametrize("key", sorted(systems.REGISTRY))
def test_every_game_system_is_a_registered_package_with_the_interface(key):
    system = systems.get(key)
    assert isinstance(system, System) and system.key == key and system.label and system.short_label
    assert all(isinstance(toggle, Toggle) for toggle in system.toggles)
    for place, name in system.partials.items():
        template, _, partial = name.partition("#")
        assert template.startswith(f"{key}/"), f"{place}: a system's partials live in templates/{key}/"
        get_template(name)  # the template and its partial exist


def test_only_complete_systems_are_offered_for_new_campaigns():
    assert [key for key, _ in systems.offered()] == [key for key, game in systems.REGISTRY.items() if game.complete]
    assert "duel" in systems.REGISTRY and "duel" not in dict(systems.offered())  # tests/minimal_system


def test_no_wfrp4e_name_outside_its_package():
    """A system's rules stay in its package: no other file imports its engine or names its key's constant."""
    offending = re.compile(r"rules\.engine\.wfrp4e|from rules\.engine import [^\n]*\bwfrp4e|GameSystem\.WFRP4E")
    outside = [
        str(path.relative_to(ROOT))
        for path in project_files(".py")
        if "wfrp4e" not in str(path.relative_to(ROOT)) and path != Path(__file__)
        if offending.search(path.read_text())
    ]
    assert outside == []


GENERIC_APPS = ["characters", "combat", "rules"]
GENERIC_CODE = [*GENERIC_APPS, "config", "templates/combat", "templates/characters"]


def test_the_generic_apps_name_no_game_its_models_or_its_sheet_fields():
    """The generic apps (the rules engine and data aside) know a game only through the registry: no key or name of
    a registered system, none of its reference-data models and none of its sheet's counters (as a quoted key, where
    no generic model has a field of that name) appears in their code or templates."""
    generic_fields = {field.name for app in GENERIC_APPS for model in apps.get_app_config(app).get_models()
                      for field in model._meta.get_fields()}  # fmt: skip
    names, models, counters = set(), set(), set()
    for key, system in systems.REGISTRY.items():
        names |= {key, system.label, system.short_label}
        models |= {model.__name__ for model in apps.get_app_config(key).get_models()}
        counters |= set(system.sheet_schema.points) - generic_fields

    def either(words):
        return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))

    named = re.compile(
        rf"\b({either(names)})\b|\b({either(models)})(\.objects|\()|import .*\b({either(models)})\b"
        rf"|[\"']({either(counters)})[\"']"
    )
    found = []
    for top in GENERIC_CODE:
        for path in (ROOT / top).rglob("*"):
            inside = set(path.relative_to(ROOT).parts)
            if path.suffix not in (".py", ".html") or {"migrations", "engine", "data"} & inside:
                continue
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if match := named.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {match.group()}")
    assert found == []


def test_generic_templates_do_not_know_momentum_or_advantage_pools():
    systems_folders = {key for key in systems.REGISTRY}
    generic = [path for path in (ROOT / "templates").rglob("*.html") if not systems_folders & set(path.parts)]
    mentions = [
        str(path.relative_to(ROOT))
        for path in generic
        if re.search(r"momentum|advantage|view\.pools", path.read_text(), re.IGNORECASE)
    ]
    assert mentions == []


def test_generic_templates_leave_the_sheet_to_the_system():
    systems_folders = {key for key in systems.REGISTRY}
    generic = [path for path in (ROOT / "templates").rglob("*.html") if not systems_folders & set(path.parts)]
    mentions = [
        str(path.relative_to(ROOT))
        for path in generic
        if re.search(r"fortune|resolve|resilience|\bfate\b", path.read_text(), re.IGNORECASE)
    ]
    assert mentions == []


@pytest.mark.parametrize(
    "system, shows, hides",
    [
        ("wfrp4e", ['id="id_fortune"', 'id="id_resolve"', 'id="id_fate"'], []),
        ("symbaroum", ['id="id_name"', 'id="id_max_wounds"'], ['id="id_fortune"', 'id="id_resolve"', 'id="id_fate"']),
    ],
)
def test_each_system_brings_its_own_character_form_and_stat_block(db, system, shows, hides):
    campaign = CampaignFactory(system=system)
    fortune = 2 if system == "wfrp4e" else 0  # a sheet point of WFRP 4e's only
    character = CharacterFactory(campaign=campaign, name="Brother Ansgar", points={"fortune": 2} if fortune else {})
    client = Client()
    client.force_login(campaign.gm)
    edit = client.get(f"/characters/{character.pk}/edit/").content.decode()
    assert all(field in edit for field in shows) and not any(field in edit for field in hides)
    page = client.get(f"/characters/{character.pk}/").content.decode()
    assert ("Fortune <strong>2</strong>" in page) == (system == "wfrp4e")
    answer = client.post(f"/characters/{character.pk}/edit/", {**edit_form(character), "name": "Ansgar"})
    assert answer.status_code == 302
    character.refresh_from_db()
    assert (character.name, character.point("fortune")) == ("Ansgar", fortune)


def edit_form(character):
    """What the edit form posts unchanged: its basic fields, the system's characteristics and an empty skills
    formset."""
    characteristics = {
        f"characteristic_{row.name}": character.characteristics.get(row.name, 0)
        for row in Characteristic.objects.filter(system=character.campaign.system)
    }
    return {
        "name": character.name, "max_wounds": character.max_wounds, "fate": 0, "fortune": character.point("fortune"),
        "resilience": 0, "resolve": 0, "skills-TOTAL_FORMS": 0, "skills-INITIAL_FORMS": 0, **characteristics,
    }  # fmt: skip


def test_toggles_in_code_match_the_rules_data(db):
    assert checks.toggles_match_the_rules_data() == []
    call_command("check")


def test_a_renamed_or_missing_toggle_fails_the_start_up_check(db, monkeypatch):
    system = systems.get("wfrp4e")
    renamed = Toggle("momentum_rule", wfrp4e_toggles.MOMENTUM.heading, wfrp4e_toggles.SEED)
    monkeypatch.setattr(
        type(system), "toggles", tuple(renamed if t is wfrp4e_toggles.MOMENTUM else t for t in system.toggles)
    )
    ids = sorted(error.id for error in checks.toggles_match_the_rules_data())
    assert ids == ["systems.E001", "systems.E002"]
    with pytest.raises(SystemCheckError, match="momentum_rule"):
        call_command("check")


def test_a_heading_that_drifted_fails_the_check(monkeypatch):
    system = systems.get("wfrp4e")
    drifted = Toggle("momentum", "Combat › Momentum points", wfrp4e_toggles.SEED)
    monkeypatch.setattr(
        type(system), "toggles", tuple(drifted if t is wfrp4e_toggles.MOMENTUM else t for t in system.toggles)
    )
    assert [error.id for error in checks.toggles_match_the_rules_data()] == ["systems.E003"]


def test_plays_takes_toggle_constants_only(db):
    encounter = EncounterFactory(house_rules=["momentum"])
    assert encounter.plays(wfrp4e_toggles.MOMENTUM) and not encounter.plays(wfrp4e_toggles.TESTS)
    with pytest.raises(TypeError, match="Toggle constant"):
        encounter.plays("momentum")


def run(encounter, command, **args):
    client = Client()
    client.force_login(encounter.campaign.gm)
    return client.post(
        f"/api/encounters/{encounter.pk}/commands/",
        json.dumps({"command": command, "args": args}),
        content_type="application/json",
    )


@pytest.mark.parametrize(
    "system, house_rules, command, args, message",
    [
        ("symbaroum", [], "gain_advantage", {"side": "ally", "reason": "winning"}, "Group Advantage is a WFRP 4e rule"),
        ("symbaroum", [], "mark_turn", {"part": "move", "used": True}, "this encounter plays Symbaroum"),
        ("wfrp3e", [], "surprise", {"combatant": 1}, "is a WFRP 4e rule; this encounter plays WFRP 3e"),
        ("wfrp4e", ["momentum"], "gain_advantage", {"side": "ally", "reason": "winning"}, "instead of Group Advantage"),
        ("wfrp4e", [], "gain_momentum", {"combatant": 1, "reason": "charge"}, 'house rule "Momentum" is off'),
        ("wfrp4e", [], "opposed_test", {"initiator": 1, "opponent": 1}, 'house rule "Tests" is off'),
        ("wfrp4e", [], "choose_when_to_act", {"combatant": 1, "position": 0}, 'house rule "Fortune Points" is off'),
    ],
)
def test_the_spine_refuses_what_the_system_or_its_toggles_do_not_offer(
    rules_data, system, house_rules, command, args, message
):
    encounter = EncounterFactory(campaign=CampaignFactory(system=system), house_rules=house_rules)
    before = Encounter.objects.filter(pk=encounter.pk).values().get()
    answer = run(encounter, command, **args)
    assert answer.status_code == 400 and message in answer.json()["error"]
    assert Encounter.objects.filter(pk=encounter.pk).values().get() == before
    assert not LogEntry.objects.filter(encounter=encounter).exists()
