"""Characters made in the app: a player makes their own, the GM makes player characters and NPCs; the system's
sheet form either way, without the GM's notes for a player."""

import pytest

from characters.models import Character, CharacterSkill
from rules.models import Characteristic, Skill, Weapon
from tests.factories import CampaignFactory

pytestmark = pytest.mark.django_db


def sheet_form(system, **changes):
    """What the create page posts for a fresh character of the system: one skill where the system has skills."""
    skill = Skill.objects.filter(system=system).order_by("name").first()
    data = {
        "name": "Katarina",
        "max_wounds": 11,
        "fate": 1, "fortune": 1, "resilience": 1, "resolve": 1,  # WFRP 4e's, ignored by the others
        "traits_text": "",
        "weapons": list(Weapon.objects.filter(system=system).order_by("name").values_list("pk", flat=True)[:1]),
        **{f"characteristic_{c.name}": 4 for c in Characteristic.objects.filter(system=system)},
        "skills-TOTAL_FORMS": "1" if skill else "0", "skills-INITIAL_FORMS": "0",
        "skills-0-skill": skill.pk if skill else "", "skills-0-advances": "2",
    }  # fmt: skip
    data.update(changes)
    return data


def text(response):
    return response.content.decode()


def test_the_campaign_page_offers_each_their_own_way_to_make_characters(played):
    page = text(played.client(played.anna).get(f"/campaigns/{played.campaign.pk}/"))
    assert "Create your character" in page and "New NPC" not in page
    page = text(played.client(played.gm).get(f"/campaigns/{played.campaign.pk}/"))
    assert ">New character<" in page and ">New NPC<" in page and "Create your character" not in page


def test_a_player_makes_their_own_character_and_the_gm_keeps_the_sheet_afterwards(played):
    anna = played.client(played.anna)
    page = text(anna.get(f"/campaigns/{played.campaign.pk}/characters/new/"))
    assert "<h1>New character</h1>" in page and "Save character" in page
    assert "your GM keeps this sheet up to date" in page
    assert "gm_notes" not in page and "Played by" not in page

    # Neither the GM's notes nor NPC-ness nor another player can be smuggled in.
    form = sheet_form(played.system, gm_notes="Smuggled", is_npc="on", player=played.bruno.pk)
    response = anna.post(f"/campaigns/{played.campaign.pk}/characters/new/", form, follow=True)

    katarina = Character.objects.get(name="Katarina")
    assert response.redirect_chain[-1][0] == f"/characters/{katarina.pk}/"
    assert "Katarina is yours. From now on the GM keeps the sheet." in text(response)
    assert (katarina.player, katarina.is_npc, katarina.gm_notes) == (played.anna, False, "")
    assert katarina.max_wounds == 11 and set(katarina.characteristics.values()) == {4}
    assert katarina.campaign == played.campaign
    has_skills = Skill.objects.filter(system=played.system).exists()
    assert CharacterSkill.objects.filter(character=katarina, advances=2).count() == (1 if has_skills else 0)
    # Once made, the sheet is the GM's to change, as for every character.
    assert anna.get(f"/characters/{katarina.pk}/edit/").status_code == 403


def test_the_system_form_saves_its_own_points_on_a_new_character(played):
    changes, expected = {
        "wfrp4e": ({"fortune": 3}, {"points": {"fortune": 3}}),
        "symbaroum": (
            {"experience": 6, "abilities_text": "Iron Fist Adept"},
            {"abilities": {"Iron Fist": "Adept"}, "points": {"experience": 6}},
        ),
        "wfrp3e": (
            {"power": 4, "specialisations_text": "Coordination: Dodge"},
            {"points": {"power": 4, "specialisations": {"Coordination": ["Dodge"]}}},
        ),
    }[played.system]
    form = sheet_form(played.system, **changes)
    played.client(played.anna).post(f"/campaigns/{played.campaign.pk}/characters/new/", form)
    katarina = Character.objects.get(name="Katarina")
    for field, value in expected.items():
        stored = getattr(katarina, field)
        assert ({key: stored[key] for key in value} if isinstance(value, dict) else stored) == value


def test_the_gm_makes_an_npc_and_a_player_character_for_a_player(played):
    gm = played.client(played.gm)
    page = text(gm.get(f"/campaigns/{played.campaign.pk}/npcs/new/"))
    assert "<h1>New NPC</h1>" in page and "GM notes" in page and "Played by" not in page
    gm.post(f"/campaigns/{played.campaign.pk}/npcs/new/", sheet_form(played.system, name="Ogre", gm_notes="Hungry"))
    ogre = Character.objects.get(name="Ogre")
    assert (ogre.is_npc, ogre.player, ogre.gm_notes) == (True, None, "Hungry")

    page = text(gm.get(f"/campaigns/{played.campaign.pk}/characters/new/"))
    assert "<h1>New character</h1>" in page and "Played by" in page
    assert ">bruno<" in page and ">outsider<" not in page  # only the campaign's players
    gm.post(f"/campaigns/{played.campaign.pk}/characters/new/", sheet_form(played.system, player=played.bruno.pk))
    katarina = Character.objects.get(name="Katarina")
    assert (katarina.is_npc, katarina.player) == (False, played.bruno)
    gm.post(f"/campaigns/{played.campaign.pk}/characters/new/", sheet_form(played.system, name="Nobody's"))
    assert Character.objects.get(name="Nobody's").player is None  # unclaimed, for a player to claim


def test_the_gm_cannot_give_a_character_to_someone_outside_the_campaign(played):
    form = sheet_form(played.system, player=played.outsider.pk)
    response = played.client(played.gm).post(f"/campaigns/{played.campaign.pk}/characters/new/", form)
    assert response.status_code == 200 and "Select a valid choice" in text(response)
    assert not Character.objects.filter(name="Katarina").exists()


def test_a_player_cannot_make_an_npc(played):
    anna = played.client(played.anna)
    assert anna.get(f"/campaigns/{played.campaign.pk}/npcs/new/").status_code == 403
    assert anna.post(f"/campaigns/{played.campaign.pk}/npcs/new/", sheet_form(played.system)).status_code == 403
    assert not Character.objects.filter(name="Katarina").exists()


def test_no_one_makes_characters_in_a_campaign_they_are_not_in(played):
    elsewhere = CampaignFactory(system=played.system)
    for who in (played.anna, played.gm):
        client = played.client(who)
        assert client.get(f"/campaigns/{elsewhere.pk}/characters/new/").status_code == 404
        assert client.post(f"/campaigns/{elsewhere.pk}/characters/new/", sheet_form(played.system)).status_code == 404
        assert client.post(f"/campaigns/{elsewhere.pk}/npcs/new/", sheet_form(played.system)).status_code == 404
    outsider = played.client(played.outsider)
    assert outsider.get(f"/campaigns/{played.campaign.pk}/characters/new/").status_code == 404
    assert not Character.objects.filter(name="Katarina").exists()


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"name": ""}, "Give the character a name."),
        ({"name": "   "}, "Give the character a name."),
        ({"max_wounds": -1}, "must be 0 or more."),
        ({"characteristic": 201}, "runs from 0 to 200."),
        ({"characteristic": -1}, "runs from 0 to 200."),
        ({"characteristic": "strong"}, "is a whole number."),
    ],
)
def test_bad_input_is_shown_on_the_form_and_makes_nothing(played, changes, message):
    if "characteristic" in changes:
        first = Characteristic.objects.filter(system=played.system).first()
        changes = {f"characteristic_{first.name}": changes["characteristic"]}
    for who, path in ((played.anna, "characters"), (played.gm, "npcs")):
        response = played.client(who).post(
            f"/campaigns/{played.campaign.pk}/{path}/new/", sheet_form(played.system, **changes)
        )
        assert response.status_code == 200 and message in text(response)
    assert Character.objects.count() == 2
