"""House-rule toggles (seed 000): loaded with their text, chosen per campaign and encounter, shown to everyone."""

import pytest

from characters.models import Campaign
from combat import commands
from combat.commands import CommandError
from combat.models import Encounter
from rules.house_rules import normalise, toggle_keys
from rules.models import HouseRule

pytestmark = pytest.mark.django_db


def test_every_heading_of_the_document_is_loaded_in_its_group(rules_data):
    groups = list(dict.fromkeys(HouseRule.objects.filter(system="wfrp4e").values_list("group", flat=True)))
    assert groups == [
        "Combat",
        "Conditions",
        "Weapon Properties",
        "Armor Properties",
        "Craftsmanship",
        "Creature Traits",
    ]
    momentum = HouseRule.objects.get(system="wfrp4e", key="momentum")
    assert momentum.name == "Momentum" and momentum.is_toggle
    assert "a Turn on which you earned none ends with 1 Momentum lost" in momentum.description
    assert HouseRule.objects.get(system="wfrp4e", key="grappling").status == "todo"
    assert not HouseRule.objects.get(system="wfrp4e", key="accurate").is_toggle  # "Same as book"
    assert HouseRule.objects.get(system="wfrp4e", key="deadly_conditions").status == "new"
    keys = toggle_keys("wfrp4e")
    assert {"tests", "defenceless", "momentum", "bleeding", "deadly_conditions", "penetrating", "partial"} <= set(keys)
    assert "grappling" not in keys and "size" not in keys


def test_names_are_read_by_key_or_heading_and_all_means_every_toggle(rules_data):
    assert normalise("wfrp4e", ["Momentum", "deadly_conditions"]) == ["momentum", "deadly_conditions"]
    assert normalise("wfrp4e", ["all"]) == toggle_keys("wfrp4e")
    with pytest.raises(ValueError, match="Unknown house rule\\(s\\): Grappling, flying"):
        normalise("wfrp4e", ["Grappling", "flying"])  # [TODO] rules are not toggles


def test_an_encounter_created_with_house_rules_has_them_all_on(table):
    token = table.token(table.gm)
    response = table.client(table.gm).post(
        "/api/encounters/",
        {"name": "Bridge", "system": "wfrp4e", "houserules": ["all"]},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    assert response.status_code == 201, response.content
    assert response.json()["houserules"] == toggle_keys("wfrp4e")
    bad = table.client(table.gm).post(
        "/api/encounters/",
        {"name": "Bridge", "system": "wfrp4e", "houserules": ["flying"]},
        content_type="application/json",
    )
    assert bad.status_code == 400 and "Unknown house rule(s): flying" in bad.json()["error"]
    assert Campaign.objects.filter(name="Bridge").count() == 1  # the refused one created nothing


def test_the_gm_switches_campaign_rules_and_players_only_read_them(table):
    url = f"/campaigns/{table.campaign.pk}/house-rules/"
    page = table.client(table.anna).get(url).content.decode()
    assert "Momentum" in page and "ends with 1 Momentum lost" in page and 'type="checkbox"' not in page
    assert table.client(table.anna).post(url, {"rules": ["momentum"]}).status_code == 403
    assert table.client(table.outsider).get(url).status_code == 404  # to an outsider the campaign does not exist
    response = table.client(table.gm).post(url, {"rules": ["momentum", "bleeding"]})
    assert response.status_code == 302
    table.campaign.refresh_from_db()
    assert table.campaign.house_rules == ["momentum", "bleeding"]
    table.client(table.gm).post(url, {"rules": ["all"]})
    table.campaign.refresh_from_db()
    assert table.campaign.house_rules == toggle_keys("wfrp4e")
    # New encounters of the campaign start with its rules.
    table.client(table.gm).post(f"/campaigns/{table.campaign.pk}/encounters/new/", {"name": "Next"})
    assert Encounter.objects.get(name="Next").house_rules == toggle_keys("wfrp4e")


def test_encounter_rules_change_by_command_logged_and_undoable_and_are_shown_with_their_text(table):
    encounter = table.encounter
    outcome = commands.set_house_rules(encounter, table.gm, rules=["momentum", "Deadly Conditions"])
    assert encounter.house_rules == ["momentum", "deadly_conditions"]
    assert outcome.message == "House rules on: Momentum, Deadly Conditions."
    with pytest.raises(CommandError, match="Unknown house rule"):
        commands.set_house_rules(encounter, table.gm, rules=["flying"])
    page = table.client(table.anna).get(f"/encounters/{encounter.pk}/house-rules/").content.decode()
    assert "risks death, 10 % per Deadly Condition" in page and 'class="tag on">on' in page
    gm_page = table.client(table.gm).get(f"/encounters/{encounter.pk}/house-rules/").content.decode()
    assert 'value="momentum" checked' in gm_page
    # The GM's form posts every checked box; nothing checked switches all off.
    client = table.client(table.gm)
    client.post(f"/encounters/{encounter.pk}/do/set_house_rules/", {"rules": ["momentum", "bleeding"]})
    encounter.refresh_from_db()
    assert encounter.house_rules == ["momentum", "bleeding"]
    commands.undo(encounter, table.gm)
    encounter.refresh_from_db()
    assert encounter.house_rules == ["momentum", "deadly_conditions"]
    assert api_forbidden(table)


def api_forbidden(table):
    response = table.client(table.anna).post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        {"command": "set_house_rules", "args": {"rules": []}},
        content_type="application/json",
    )
    return response.status_code == 403


def test_a_campaign_created_with_house_rules_has_every_toggle_on(table):
    client = table.client(table.outsider)
    response = client.post("/campaigns/new/", {"name": "Our table", "system": "wfrp4e", "house_rules": "all"})
    campaign = Campaign.objects.get(name="Our table")
    assert response.status_code == 302 and campaign.gm == table.outsider
    assert campaign.house_rules == toggle_keys("wfrp4e")
    client.post("/campaigns/new/", {"name": "As written", "system": "wfrp4e"})
    assert Campaign.objects.get(name="As written").house_rules == []
    client.post("/campaigns/new/", {"name": "", "system": "chess"})
    assert not Campaign.objects.filter(system="chess").exists()
    assert normalise("wfrp4e", ["house rules"]) == toggle_keys("wfrp4e")
    assert normalise("wfrp4e", ["WFRP4e_House"]) == toggle_keys("wfrp4e")  # "<system>_house" names them all
    with pytest.raises(ValueError, match="Unknown house rule"):
        normalise("symbaroum", ["wfrp4e_house"])  # another game's house rules are not this game's
    assert 'id="new-campaign"' in client.get("/").content.decode()
