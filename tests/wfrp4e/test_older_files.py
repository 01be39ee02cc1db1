"""Files written before WFRP 4e kept its own data (a campaign backup and a character file of version 1, where Fate,
Fortune, Resilience and Resolve were columns of every character and Momentum a column of every combatant) import
with those values where the game keeps them now, and the imported fight undoes as it would have."""

import json
from pathlib import Path

import pytest
from django.core.management import call_command

from characters import backup
from characters.models import Campaign, Character
from combat import commands
from combat.models import Encounter
from tests.factories import CampaignFactory

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parent / "data"


def read(name):
    return json.loads((DATA / name).read_text())


@pytest.fixture
def imported():
    Campaign.objects.all().delete()
    call_command("importcampaign", str(DATA / "campaign_version1.json"))
    return Campaign.objects.get(name="The Reikland Road")


def test_a_version_1_backup_keeps_the_points_and_the_momentum(imported):
    assert read("campaign_version1.json")["version"] == 1
    anders = imported.characters.get(name="Anders Sigmarsson")
    assert anders.points == {"fate": 3, "fortune": 3, "resilience": 1, "resolve": 1}
    bridge = imported.encounters.get(name="Bridge toll (house rules)")
    fighter = bridge.combatants.get(name="Anders Sigmarsson")
    assert bridge.state.momentum == {str(fighter.pk): 3}
    assert imported.encounters.get(name="Ambush at the ford").state.momentum == {}


def test_undoing_an_imported_command_puts_back_the_whole_sheet(imported):
    ambush = imported.encounters.get(name="Ambush at the ford")
    anders = imported.characters.get(name="Anders Sigmarsson")
    version = ambush.version
    commands.undo(ambush, imported.gm)  # its undo step held Fortune and Resolve only
    anders.refresh_from_db()
    assert anders.points == {"fate": 3, "fortune": 3, "resilience": 1, "resolve": 1}
    assert Encounter.objects.get(pk=ambush.pk).version == version + 1


def test_a_version_1_character_file_keeps_the_points():
    campaign = CampaignFactory(system="wfrp4e")
    character = backup.import_character(read("character_version1.json"), campaign)
    assert Character.objects.get(pk=character.pk).points == {"fate": 3, "fortune": 3, "resilience": 1, "resolve": 1}


def test_a_file_of_a_version_the_tracker_never_wrote_is_refused_in_words():
    data = {**read("campaign_version1.json"), "version": 7}
    with pytest.raises(backup.BackupError, match="format version 7; this tracker reads versions 1, 2"):
        backup.import_campaign(data)
