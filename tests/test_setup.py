"""The project as a new user meets it: demo data, production settings."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from characters.models import Campaign, Character
from combat import commands
from combat.creation import create_encounter
from combat.models import Encounter
from systems.wfrp4e import demo

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.django_db
def test_demo_seed_builds_an_encounter_with_four_player_characters_and_six_npcs(capsys):
    call_command("loadrules")
    call_command("seeddemo")
    call_command("seeddemo")  # idempotent
    assert "gm" in capsys.readouterr().out
    campaign = Campaign.objects.get(system="wfrp4e")
    assert Character.objects.filter(campaign=campaign, is_npc=False, player__isnull=False).count() == 4
    assert Character.objects.filter(campaign=campaign, is_npc=True).count() == 6 + len(demo.CREATURES)
    encounter = Encounter.objects.get(name="Ambush at the ford")
    assert encounter.combatants.count() == 10 and encounter.status == "active" and encounter.house_rules == []
    house = Encounter.objects.get(name="Bridge toll (house rules)")
    assert "momentum" in house.house_rules and "tests" in house.house_rules and house.combatants.count() == 7


@pytest.mark.django_db
def test_demo_seed_builds_a_symbaroum_campaign_with_players_and_creatures():
    call_command("loadrules")
    call_command("seeddemo")
    call_command("seeddemo")  # idempotent
    campaign = Campaign.objects.get(system="symbaroum")
    assert "ammunition_countdown" in campaign.house_rules and "variant" not in campaign.house_rules
    players = Character.objects.filter(campaign=campaign, is_npc=False, player__isnull=False)
    assert players.count() == 4 and Character.objects.filter(campaign=campaign, is_npc=True).count() == 5 + 3
    assert all(sum(c.characteristics.values()) == 80 for c in players)
    troll = Character.objects.get(campaign=campaign, name="Arch Troll Grumm")
    assert troll.traits["Regeneration"] == 2 and troll.weapons.get().damage_label == "1d4"
    ulrika = Character.objects.get(campaign=campaign, name="Ulrika Vinterdotter")
    assert ulrika.abilities["Marksman"] == "Adept" and {w.name for w in ulrika.weapons.all()} == {"Longbow", "Dagger"}


@pytest.mark.django_db
@pytest.mark.parametrize("system", ["wfrp4e", "symbaroum", "wfrp3e"])
def test_each_demo_campaign_keeps_a_creature_library_ready_for_three_at_once(system):
    call_command("loadrules")
    call_command("seeddemo")
    campaign = Campaign.objects.get(system=system)
    library = list(campaign.characters.filter(is_npc=True, combatants__isnull=True))
    assert len(library) >= 3 and all(creature.characteristics for creature in library)
    encounter = create_encounter(campaign.gm, "Practice", campaign_id=campaign.pk)
    creature = library[0]
    outcome = commands.add_combatant(encounter, campaign.gm, character=creature.pk, count=3)
    assert outcome.message.startswith(f"{creature.name} 1, {creature.name} 2 and {creature.name} 3 join the fight.")
    assert [c.name for c in encounter.combatants.order_by("pk")] == [f"{creature.name} {n}" for n in (1, 2, 3)]


def test_check_deploy_is_clean_with_production_settings():
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in {"DEBUG", "SECURE_COOKIES", "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(
        SECRET_KEY="x" * 20 + "-a-long-random-production-secret-value-0123456789",
        ALLOWED_HOSTS="tracker.example.org",
        DATABASE_URL="sqlite:////tmp/deploy-check.sqlite3",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {key: value for key, value in os.environ.items() if key not in {"DEBUG", "SECRET_KEY"}}
    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert result.returncode != 0 and "Set SECRET_KEY" in result.stderr
