"""The GM duplicates and deletes characters from their sheets; players do neither."""

import pytest

from characters.models import Character
from combat import commands
from combat.models import Combatant, Encounter
from tests.characters.conftest import sheet_of
from tests.factories import EncounterFactory

pytestmark = pytest.mark.django_db


def text(response):
    return response.content.decode()


@pytest.mark.parametrize("whose", ["heroine", "npc"])
def test_the_gm_duplicates_every_field_skill_and_piece_of_gear(played, whose):
    original = getattr(played, whose)
    gm = played.client(played.gm)
    assert 'id="duplicate-sheet"' in text(gm.get(f"/characters/{original.pk}/"))

    response = gm.post(f"/characters/{original.pk}/duplicate/", follow=True)

    copy = Character.objects.get(name=f"{original.name} (copy)")
    assert response.redirect_chain[-1][0] == f"/characters/{copy.pk}/"
    assert f"{original.name} (copy) is a copy of {original.name}." in text(response)
    fields, *rest = sheet_of(copy)
    original_fields, *original_rest = sheet_of(original)
    assert rest == original_rest and {**fields, "name": original.name} == original_fields
    assert copy.player is None and copy.is_npc == original.is_npc and copy.campaign == played.campaign
    assert copy.gm_notes == "Secretly a cultist."


def test_a_long_name_still_fits_with_its_copy_mark(played):
    Character.objects.filter(pk=played.heroine.pk).update(name="N" * 120)
    played.client(played.gm).post(f"/characters/{played.heroine.pk}/duplicate/")
    assert Character.objects.filter(name="N" * 113 + " (copy)").exists()


def test_copies_of_copies_are_numbered_not_stacked(played):
    gm = played.client(played.gm)
    name = played.heroine.name
    gm.post(f"/characters/{played.heroine.pk}/duplicate/")
    first = Character.objects.get(name=f"{name} (copy)")
    gm.post(f"/characters/{first.pk}/duplicate/")
    gm.post(f"/characters/{played.heroine.pk}/duplicate/")
    copies = set(Character.objects.filter(name__startswith=name).values_list("name", flat=True))
    assert copies == {name, f"{name} (copy)", f"{name} (copy 2)", f"{name} (copy 3)"}


# A player's own sheet and a fellow player's are 403; an NPC and another campaign's character are 404.
@pytest.mark.parametrize(
    "who, whose, status",
    [("anna", "heroine", 403), ("bruno", "heroine", 403), ("anna", "npc", 404), ("outsider", "heroine", 404)],
)
def test_players_neither_duplicate_nor_delete(played, who, whose, status):
    client, character = played.client(getattr(played, who)), getattr(played, whose)
    assert client.post(f"/characters/{character.pk}/duplicate/").status_code == status
    assert client.get(f"/characters/{character.pk}/delete/").status_code == status
    assert client.post(f"/characters/{character.pk}/delete/").status_code == status
    assert Character.objects.count() == 2
    if who == "anna" and whose == "heroine":
        page = text(client.get(f"/characters/{character.pk}/"))
        assert "Duplicate" not in page and "delete" not in page and "/download/" in page


def test_duplicate_takes_a_post(played):
    assert played.client(played.gm).get(f"/characters/{played.heroine.pk}/duplicate/").status_code == 405
    assert Character.objects.count() == 2


def test_the_gm_is_asked_before_a_character_is_deleted(played):
    gm = played.client(played.gm)
    page = text(gm.get(f"/characters/{played.heroine.pk}/delete/"))
    assert "<h1>Delete Ulrika?</h1>" in page and "This cannot be undone." in page
    assert "fights in" not in page  # in no encounter
    assert Character.objects.filter(pk=played.heroine.pk).exists()

    response = gm.post(f"/characters/{played.heroine.pk}/delete/", follow=True)

    assert response.redirect_chain[-1][0] == f"/campaigns/{played.campaign.pk}/"
    assert "Ulrika is deleted." in text(response)
    assert not Character.objects.filter(pk=played.heroine.pk).exists()
    assert gm.get(f"/characters/{played.heroine.pk}/").status_code == 404


def test_a_deleted_characters_combatant_stays_in_its_fight_without_a_sheet(played):
    encounter = EncounterFactory(campaign=played.campaign, name="Ford")
    added = commands.add_combatant(encounter, played.gm, character=played.heroine.pk).result["combatant"]
    Encounter.objects.filter(pk=encounter.pk).update(status=Encounter.Status.ACTIVE)
    gm = played.client(played.gm)
    page = text(gm.get(f"/characters/{played.heroine.pk}/delete/"))
    assert "Ulrika fights in" in page and "Ford" in page and "without a sheet" in page

    gm.post(f"/characters/{played.heroine.pk}/delete/")

    combatant = Combatant.objects.get(pk=added)
    assert (combatant.name, combatant.character_id, combatant.max_wounds) == ("Ulrika", None, 13)
    assert gm.get(f"/encounters/{encounter.pk}/").status_code == 200
