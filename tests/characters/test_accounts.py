import pytest
from django.test import Client

from characters.models import ApiToken, Character, JoinLink
from tests.factories import CharacterFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_login_and_logout(table):
    client = Client()
    response = client.post("/accounts/login/", {"username": "gm", "password": "secret-pass"})
    assert response.status_code == 302
    assert "Reikland" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert client.get("/").status_code == 302


def test_wrong_password_is_refused_with_a_message():
    UserFactory(username="gm")
    response = Client().post("/accounts/login/", {"username": "gm", "password": "nope"})
    assert response.status_code == 200 and "didn't match" in response.content.decode()


def test_gm_sees_the_join_link_and_a_new_player_joins_and_claims_a_character(table):
    free = CharacterFactory(campaign=table.campaign, name="Elsa")
    join_url = f"/join/{JoinLink.issue(table.campaign).token}/"
    page = table.client(table.gm).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    assert join_url in page

    newcomer = UserFactory(username="clara")
    client = table.client(newcomer)
    assert "Join Reikland?" in client.get(join_url).content.decode()
    assert not table.campaign.players.filter(pk=newcomer.pk).exists()  # GET changes nothing
    client.post(join_url)
    assert table.campaign.players.filter(pk=newcomer.pk).exists()

    client.post(f"/characters/{free.pk}/claim/")
    assert Character.objects.get(pk=free.pk).player == newcomer


def test_claiming_is_refused_for_taken_characters_npcs_and_non_members(table):
    npc = CharacterFactory(campaign=table.campaign, name="Villain", is_npc=True)
    client = table.client(table.bruno)
    client.post(f"/characters/{table.anders.character_id}/claim/")
    client.post(f"/characters/{npc.pk}/claim/")
    assert Character.objects.get(pk=table.anders.character_id).player == table.anna
    assert Character.objects.get(pk=npc.pk).player is None
    free = CharacterFactory(campaign=table.campaign, name="Free")
    # An outsider cannot know the character exists: it answers like a missing one.
    assert table.client(table.outsider).post(f"/characters/{free.pk}/claim/").status_code == 404
    assert Character.objects.get(pk=free.pk).player is None


def test_api_token_page_issues_a_token_once(table):
    client = table.client(table.anna)
    html = client.post("/accounts/token/", {"name": "Dice bot", "scope": "full", "lasts": "never"}).content.decode()
    raw = html.split('id="api-token"')[0].rsplit('value="', 1)[1].split('"')[0]
    token, _ = ApiToken.authenticate(raw)
    assert token.user == table.anna and token.name == "Dice bot"
    assert raw not in client.get("/accounts/token/").content.decode()


def test_admin_lists_every_model_searchable_and_filterable_by_system(table):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("root", password="root-pass-123")
    client = Client()
    client.force_login(admin)
    for model in (
        "characters/campaign",
        "characters/character",
        "characters/apitoken",
        "characters/joinlink",
        "combat/encounter",
        "combat/combatant",
        "combat/conditioninstance",
        "combat/logentry",
        "rules/conditiondefinition",
    ):
        response = client.get(f"/admin/{model}/?q=a")
        assert response.status_code == 200, model
    assert "system" in client.get("/admin/combat/encounter/").content.decode().lower()
    assert client.get("/admin/combat/encounter/?campaign__system=wfrp4e").status_code == 200


def test_players_cannot_reach_the_admin(table):
    response = table.client(table.anna).get("/admin/")
    assert response.status_code == 302 and "login" in response["Location"]
