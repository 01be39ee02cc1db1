"""Join links: the GM makes them last a chosen number of days and revokes them; a player follows one to join,
signing up on the way if new."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone

from characters.models import JoinLink
from tests.factories import CampaignFactory, UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()
NEWCOMER = {"username": "clara", "password1": "rapier-and-lantern", "password2": "rapier-and-lantern"}


@pytest.fixture
def campaign():
    campaign = CampaignFactory(name="Reikland", gm=UserFactory(username="gm"))
    campaign.players.add(UserFactory(username="anna"))
    return campaign


def client_of(username):
    client = Client()
    client.force_login(User.objects.get(username=username))
    return client


def campaign_page(campaign, username="gm"):
    return client_of(username).get(f"/campaigns/{campaign.pk}/").content.decode()


def test_the_gm_creates_a_link_lasting_the_days_chosen_and_sees_it_to_copy(campaign):
    page = campaign_page(campaign)
    assert "No join link works now" in page and '<option value="7" selected>7 days</option>' in page

    response = client_of("gm").post(f"/campaigns/{campaign.pk}/join-links/", {"days": "3"}, follow=True)

    link = JoinLink.objects.get()
    assert link.campaign == campaign and link.revoked is None
    assert abs(link.expires - (timezone.now() + timedelta(days=3))) < timedelta(minutes=1)
    page = response.content.decode()
    assert "New join link, valid for 3 days" in page
    assert f'value="http://testserver/join/{link.token}/"' in page
    assert "Expires 2\xa0days, 23\xa0hours from now" in page and "Copy" in page and "Revoke" in page


@pytest.mark.parametrize("days", ["2", "seven", "", "-7"])
def test_a_link_lasts_one_of_the_offered_durations(campaign, days):
    response = client_of("gm").post(f"/campaigns/{campaign.pk}/join-links/", {"days": days}, follow=True)
    assert "Choose how long the link lasts: 1, 3, 7, 14 or 30 days." in response.content.decode()
    assert not JoinLink.objects.exists()


def test_a_revoked_link_leaves_the_page_and_says_it_was_withdrawn(campaign):
    link, other = JoinLink.issue(campaign), JoinLink.issue(campaign, 30)

    response = client_of("gm").post(f"/campaigns/{campaign.pk}/join-links/{link.pk}/revoke/", follow=True)

    assert "Link revoked" in response.content.decode()
    assert link.token not in response.content.decode() and other.token in response.content.decode()
    link.refresh_from_db()
    assert link.revoked is not None
    answer = Client().get(f"/join/{link.token}/")
    assert answer.status_code == 410
    assert "This invitation was withdrawn by the GM" in answer.content.decode()
    assert "Reikland" not in answer.content.decode()
    assert Client().post(f"/join/{link.token}/", NEWCOMER).status_code == 410
    assert not User.objects.filter(username="clara").exists()


def test_an_expired_link_says_to_ask_for_a_new_one_and_lets_no_one_in(campaign):
    link = JoinLink.issue(campaign)
    link.expires = timezone.now() - timedelta(minutes=1)
    link.save()
    assert link.token not in campaign_page(campaign)

    outsider = UserFactory(username="outsider")
    for client in (Client(), client_of("outsider")):
        answer = client.get(f"/join/{link.token}/")
        assert answer.status_code == 410
        assert "This join link has expired. Ask the GM who sent it for a new one." in answer.content.decode()
        assert client.post(f"/join/{link.token}/", NEWCOMER).status_code == 410
    assert not campaign.players.filter(pk=outsider.pk).exists()
    assert not User.objects.filter(username="clara").exists()


def test_an_unknown_token_is_not_found(campaign):
    JoinLink.issue(campaign)
    assert Client().get("/join/no-such-token/").status_code == 404
    assert client_of("anna").post("/join/no-such-token/").status_code == 404


def test_only_the_gm_makes_or_revokes_links_and_outsiders_learn_nothing(campaign):
    link = JoinLink.issue(campaign)
    other_campaign = CampaignFactory(name="Elsewhere", gm=UserFactory(username="other_gm"))
    UserFactory(username="outsider")
    create, revoke = f"/campaigns/{campaign.pk}/join-links/", f"/campaigns/{campaign.pk}/join-links/{link.pk}/revoke/"

    assert client_of("anna").post(create, {"days": "7"}).status_code == 403
    assert client_of("anna").post(revoke).status_code == 403
    for outsider in ("outsider", "other_gm"):
        assert client_of(outsider).post(create, {"days": "7"}).status_code == 404
        assert client_of(outsider).post(revoke).status_code == 404
    # Another GM names their own campaign and this campaign's link: not theirs, so not there.
    assert client_of("other_gm").post(f"/campaigns/{other_campaign.pk}/join-links/{link.pk}/revoke/").status_code == 404
    assert Client().post(create, {"days": "7"})["Location"].startswith("/accounts/login/")
    assert client_of("gm").get(create).status_code == 405
    link.refresh_from_db()
    assert JoinLink.objects.count() == 1 and link.revoked is None


def test_a_new_visitor_signs_up_through_the_link_and_lands_in_the_campaign(campaign, settings):
    settings.SIGNUP_OPEN = False  # an invitation is how a closed tracker lets players in
    link = JoinLink.issue(campaign)
    client = Client()
    page = client.get(f"/join/{link.token}/").content.decode()
    assert "Join Reikland?" in page and "run by gm" in page
    assert 'name="password2"' in page and "Create account" in page
    assert f'href="/accounts/login/?next=/join/{link.token}/"' in page

    response = client.post(f"/join/{link.token}/", NEWCOMER, follow=True)

    assert response.redirect_chain == [(f"/campaigns/{campaign.pk}/", 302)]
    assert "You joined Reikland. Claim a character below or create your own." in response.content.decode()
    clara = User.objects.get(username="clara")
    assert response.context["user"] == clara and campaign.players.filter(pk=clara.pk).exists()


def test_a_bad_sign_up_through_the_link_says_why_and_joins_no_one(campaign):
    link = JoinLink.issue(campaign)
    response = Client().post(f"/join/{link.token}/", {**NEWCOMER, "password1": "password", "password2": "password"})
    assert response.status_code == 200 and "This password is too common." in response.content.decode()
    assert "Join Reikland?" in response.content.decode()
    assert not User.objects.filter(username="clara").exists()


def test_someone_with_an_account_logs_in_through_the_link_and_joins_with_one_click(campaign):
    UserFactory(username="bruno")
    link = JoinLink.issue(campaign)
    client = Client()
    response = client.post(
        "/accounts/login/", {"username": "bruno", "password": "secret-pass", "next": f"/join/{link.token}/"}
    )
    assert response["Location"] == f"/join/{link.token}/"
    page = client.get(f"/join/{link.token}/").content.decode()
    assert "Join as a player" in page and 'name="password1"' not in page
    assert not campaign.players.filter(username="bruno").exists()  # looking changes nothing

    response = client.post(f"/join/{link.token}/", follow=True)

    assert campaign.players.filter(username="bruno").exists()
    assert "You joined Reikland." in response.content.decode()


def test_the_gm_is_told_they_run_it_and_a_player_already_in_lands_on_it(campaign):
    link = JoinLink.issue(campaign)
    response = client_of("gm").get(f"/join/{link.token}/", follow=True)
    assert response.redirect_chain == [(f"/campaigns/{campaign.pk}/", 302)]
    assert "You run Reikland: this is the link your players follow to join." in response.content.decode()
    assert not campaign.players.filter(username="gm").exists()
    assert client_of("gm").post(f"/join/{link.token}/")["Location"] == f"/campaigns/{campaign.pk}/"
    assert not campaign.players.filter(username="gm").exists()

    assert client_of("anna").post(f"/join/{link.token}/")["Location"] == f"/campaigns/{campaign.pk}/"
    assert campaign.players.filter(username="anna").count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_join_link_a_campaign_had_before_keeps_working_for_a_week():
    before, after = [("characters", "0005_join_links")], [("characters", "0007_remove_campaign_join_token")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    try:
        old_models = executor.loader.project_state(before).apps
        gm = old_models.get_model("auth", "User").objects.create(username="gm")
        old_models.get_model("characters", "Campaign").objects.create(
            name="Reikland", system="wfrp4e", gm_id=gm.pk, join_token="sent-last-month"
        )

        MigrationExecutor(connection).migrate(after)

        link = JoinLink.objects.get(token="sent-last-month")
        assert link.campaign.name == "Reikland" and link.revoked is None
        assert abs(link.expires - (timezone.now() + timedelta(days=7))) < timedelta(minutes=1)
    finally:  # the database the next tests use has every migration
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
