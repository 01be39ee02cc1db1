"""A character downloaded from its sheet as one JSON file and imported into a campaign: the round trip, who may do
what, and files that are not what they should be."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from characters.models import Character, CharacterSkill
from tests.characters.conftest import full_sheet, sheet_of
from tests.factories import CampaignFactory, UserFactory

pytestmark = pytest.mark.django_db


def download(client, character):
    response = client.get(f"/characters/{character.pk}/download/")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    return json.loads(response.content)


def upload(client, campaign, content):
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    return client.post(
        f"/campaigns/{campaign.pk}/characters/import/",
        {"file": SimpleUploadedFile("hero.json", raw, "application/json")},
        follow=True,
    )


def test_download_then_import_gives_the_same_character_in_another_campaign(played):
    gm = played.client(played.gm)
    file = download(gm, played.heroine)
    elsewhere = CampaignFactory(system=played.system, gm=played.gm)

    answer = upload(gm, elsewhere, file)

    imported = Character.objects.get(campaign=elsewhere)
    assert answer.redirect_chain[-1][0] == f"/characters/{imported.pk}/"
    assert "Ulrika is imported." in answer.content.decode()
    assert sheet_of(imported) == sheet_of(played.heroine)
    assert imported.player is None  # the GM's import is unclaimed: the file's player played elsewhere
    fields, skills, weapons, armour = sheet_of(imported)
    # A full sheet came through, not an empty one (WFRP 3e's rules data has no weapons or armour).
    assert (skills or fields["abilities"]) and (weapons and armour or played.system == "wfrp3e")


def test_the_gm_imports_an_npc_as_an_npc_with_its_gm_notes(played):
    gm = played.client(played.gm)
    upload(gm, played.campaign, download(gm, played.npc))
    copy = Character.objects.filter(name="Grukk").exclude(pk=played.npc.pk).get()
    assert copy.is_npc and copy.gm_notes == "Secretly a cultist."
    assert sheet_of(copy) == sheet_of(played.npc)


def test_a_players_download_leaves_out_the_gm_notes_and_their_import_is_theirs(played):
    anna = played.client(played.anna)
    file = download(anna, played.heroine)
    assert "cultist" not in json.dumps(file)
    file["objects"][0]["fields"]["is_npc"] = True  # a player cannot make an NPC by editing the file
    file["objects"][0]["fields"]["gm_notes"] = "Smuggled in"
    elsewhere = CampaignFactory(system=played.system)
    elsewhere.players.add(played.anna)

    upload(anna, elsewhere, file)

    imported = Character.objects.get(campaign=elsewhere)
    assert (imported.player, imported.is_npc, imported.gm_notes) == (played.anna, False, "")
    fields, *rest = sheet_of(imported)
    original_fields, *original_rest = sheet_of(played.heroine)
    assert rest == original_rest
    assert {**fields, "gm_notes": original_fields["gm_notes"]} == original_fields


# A fellow player's sheet is 403; an NPC or another campaign's character cannot be known to exist: 404.
@pytest.mark.parametrize(
    "who, whose, status", [("bruno", "heroine", 403), ("anna", "npc", 404), ("outsider", "heroine", 404)]
)
def test_only_the_gm_and_the_owner_download_a_sheet(played, who, whose, status):
    character = getattr(played, whose)
    assert played.client(getattr(played, who)).get(f"/characters/{character.pk}/download/").status_code == status


def test_an_outsider_cannot_import_into_the_campaign(played):
    file = download(played.client(played.gm), played.heroine)
    outsider = played.client(played.outsider)
    response = outsider.post(
        f"/campaigns/{played.campaign.pk}/characters/import/",
        {"file": SimpleUploadedFile("hero.json", json.dumps(file).encode())},
    )
    assert response.status_code == 404
    assert Character.objects.count() == 2


def test_the_campaign_page_offers_the_import_and_the_sheet_the_download(played):
    gm, anna = played.client(played.gm), played.client(played.anna)
    assert "Import a character" in gm.get(f"/campaigns/{played.campaign.pk}/").content.decode()
    assert "Import a character" in anna.get(f"/campaigns/{played.campaign.pk}/").content.decode()
    assert (
        f"/characters/{played.heroine.pk}/download/" in anna.get(f"/characters/{played.heroine.pk}/").content.decode()
    )


def other_system(system):
    return {"wfrp4e": "symbaroum", "symbaroum": "wfrp3e", "wfrp3e": "wfrp4e"}[system]


def edited(file, **fields):
    file["objects"][0]["fields"].update(fields)
    return file


@pytest.mark.parametrize(
    "spoil, message",
    [
        (lambda file, system: b"{not json", "That file is not JSON: choose a character file from this tracker"),
        (lambda file, system: "Ulrika".encode("utf-16"), "That file is not JSON"),
        (lambda file, system: [file], "This is not a character file of this tracker."),
        (lambda file, system: {**file, "format": "wfrp-combat-tracker campaign"}, "This is not a character file"),
        (lambda file, system: {**file, "version": 7}, "This character file has version 7"),
        (lambda file, system: {**file, "system": other_system(system)}, "This character was made for "),
        (lambda file, system: {**file, "system": "paranoia"}, "This character was made for another game"),
        (lambda file, system: {**file, "objects": []}, "it should hold exactly one character"),
        (lambda file, system: {**file, "objects": [file["objects"][0]] * 2}, "it should hold exactly one character"),
        (
            lambda file, system: {**file, "objects": [{"model": "auth.user", "fields": {}}]},
            "a character and its skills only",
        ),
        (lambda file, system: edited(file, weapons=[[system, "Laser Sword"]]), "does not have: weapon Laser Sword"),
        (lambda file, system: edited(file, weapons=[[other_system(system), "Dagger"]]), "does not have: weapon Dagger"),
        (lambda file, system: edited(file, armour=["Plate"]), "The file is damaged"),
        (lambda file, system: edited(file, max_wounds=-3), "has what no sheet holds (wounds)"),
        (lambda file, system: edited(file, max_wounds="many"), "a value on the sheet is not what the sheet holds"),
        (lambda file, system: edited(file, name=""), "has what no sheet holds (name)"),
        (lambda file, system: edited(file, name="x" * 121), "has what no sheet holds (name)"),
        (lambda file, system: edited(file, characteristics={"A": 300}), "each have a whole number from 0 to 200"),
        (lambda file, system: edited(file, characteristics=[1, 2]), "Characteristics should be names, each with"),
        (lambda file, system: edited(file, points=[1]), "counters should be names with values, not [1]."),
        (lambda file, system: edited(file, colour="blue"), "The file is damaged"),
    ],
)
def test_a_bad_file_gets_a_plain_message_and_changes_nothing(played, spoil, message):
    gm = played.client(played.gm)
    file = download(gm, played.heroine)
    before = (Character.objects.count(), CharacterSkill.objects.count())

    answer = upload(gm, played.campaign, spoil(file, played.system))

    assert answer.status_code == 200 and answer.redirect_chain[-1][0] == f"/campaigns/{played.campaign.pk}/"
    assert message in answer.content.decode()
    assert "Nothing was imported" in answer.content.decode() or "nothing was imported" in answer.content.decode()
    assert (Character.objects.count(), CharacterSkill.objects.count()) == before


def test_a_skill_named_twice_or_unknown_changes_nothing(db, rules_data):
    gm = UserFactory(username="gm")
    campaign = CampaignFactory(system="wfrp4e", gm=gm)

    heroine = full_sheet(campaign, "Ulrika")
    client = Client()
    client.force_login(gm)
    file = download(client, heroine)
    skill = file["objects"][1]
    twice = {**file, "objects": [*file["objects"], skill]}
    assert "names a skill twice" in upload(client, campaign, twice).content.decode()
    unknown = {
        **file,
        "objects": [*file["objects"][:1], {**skill, "fields": {**skill["fields"], "skill": ["wfrp4e", "Juggling"]}}],
    }
    assert "does not have: skill Juggling (wfrp4e)" in upload(client, campaign, unknown).content.decode()
    assert Character.objects.count() == 1


def test_an_import_without_a_file_asks_for_one(played):
    answer = played.client(played.gm).post(f"/campaigns/{played.campaign.pk}/characters/import/", follow=True)
    assert "Choose a character file to import." in answer.content.decode()
    assert Character.objects.count() == 2
