"""The Symbaroum demo: a running fight on the Davokar road the GM and the players can open at once."""

from django.test import Client

from combat.models import Encounter
from systems.symbaroum import demo


def test_the_demo_fight_runs_with_the_troll_hidden_from_the_players(rules_data):
    campaign, created = demo.seed()
    assert created
    encounter = Encounter.objects.get(campaign=campaign, name=demo.ENCOUNTER)
    assert encounter.status == "active" and encounter.combatants.count() == 8
    gm, anna = Client(), Client()
    gm.force_login(campaign.gm)
    anna.force_login(campaign.players.get(username="anna"))
    url = f"/encounters/{encounter.pk}/"
    gm_page, phone = gm.get(url).content.decode(), anna.get(url).content.decode()
    assert 'id="attack-form"' in gm_page and "Arch Troll Grumm" in gm_page and "<th>Toughness</th>" in gm_page
    assert "Arch Troll Grumm" not in phone and "Ulrika Vinterdotter" in phone
    assert encounter.house_rules == campaign.house_rules and "feats" in encounter.house_rules
    assert 'name="manoeuvre"' in gm_page and "<h3>Feats</h3>" in phone
