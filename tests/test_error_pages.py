"""The pages a user meets when something is missing, not theirs or refused: the site's own words, never Django's
stock pages."""

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_missing_page_says_so_in_the_sites_words(client):
    client.force_login(UserFactory())
    response = client.get("/characters/999999/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "Nothing here" in page and "your campaigns" in page
    assert "Not Found" not in page and "The requested resource" not in page


def test_a_refusal_gives_its_reason(client, table):
    client.force_login(table.anna)
    response = client.get(f"/campaigns/{table.campaign.pk}/export/")
    assert response.status_code == 403
    assert "Only the GM downloads the campaign." in response.content.decode()


def test_a_stale_form_is_asked_again_in_plain_words(table):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(table.gm)
    response = browser.post("/campaigns/new/", {"name": "Forged", "system": "wfrp4e"})
    assert response.status_code == 403
    page = response.content.decode()
    assert "Reload the page and send it again" in page and "CSRF verification failed" not in page
