"""Only complete game systems are offered for a new campaign, on the home page and through the API: all three are
complete today, so an unfinished one is registered (or one is marked unfinished) for the test."""

import pytest
from django.urls import get_resolver

import systems
from characters.models import Campaign
from systems.base import System
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


class Draft(System):
    key = "draft"
    label = "A draft system"
    short_label = "Draft"


@pytest.fixture
def unfinished(monkeypatch):
    """A draft system registered while unfinished, and WFRP 3e marked unfinished."""
    get_resolver().url_patterns  # the URLs look up each registered system's pages: read them before the draft joins
    monkeypatch.setitem(systems.REGISTRY, Draft.key, Draft())
    monkeypatch.setattr(systems.get("wfrp3e"), "complete", False)


@pytest.fixture
def gm(client):
    user = UserFactory(username="new-gm")
    client.force_login(user)
    return user


def test_the_home_page_offers_the_complete_systems_only(client, gm, unfinished):
    page = client.get("/").content.decode()
    assert '<option value="wfrp4e">' in page and '<option value="symbaroum">' in page
    assert 'value="wfrp3e"' not in page and 'value="draft"' not in page


def test_every_complete_registered_system_is_offered_and_no_other(client, gm):
    page = client.get("/").content.decode()
    for key, system in systems.REGISTRY.items():
        assert (f'<option value="{key}">' in page) == system.complete, key


@pytest.mark.parametrize("system", ["wfrp3e", "draft", "chess", ""])
def test_a_new_campaign_of_a_system_not_offered_is_refused_in_words(client, gm, unfinished, system):
    response = client.post("/campaigns/new/", {"name": "Storm", "system": system}, follow=True)
    assert "one of the game systems offered: Symbaroum, Warhammer Fantasy Roleplay 4e." in response.content.decode()
    assert not Campaign.objects.exists()


def test_a_new_campaign_of_an_offered_system_is_made(client, gm, unfinished):
    client.post("/campaigns/new/", {"name": "Road", "system": "symbaroum"})
    assert Campaign.objects.get().system == "symbaroum"


@pytest.mark.parametrize("system", ["wfrp3e", "draft"])
def test_the_api_refuses_an_encounter_of_a_system_not_offered(client, gm, unfinished, system):
    response = client.post("/api/encounters/", {"name": "Mill", "system": system}, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "system must be one of: symbaroum, wfrp4e."
    assert not Campaign.objects.exists()
