"""The WFRP 3e demo: a campaign seeded once, with a sheet for each demo player's character, the creatures and a
henchmen group whose wound threshold is its Toughness times its size, and a fight under way."""

import pytest
from django.core.management import call_command
from django.test import Client

from characters.models import Campaign
from systems.wfrp3e import demo

pytestmark = pytest.mark.django_db


def test_seeddemo_seeds_the_campaign_once(rules_data, capsys):
    call_command("seeddemo")
    call_command("seeddemo")
    assert f"Kept the demo campaign '{demo.CAMPAIGN}'" in capsys.readouterr().out
    campaign = Campaign.objects.get(system="wfrp3e")
    assert campaign.name == demo.CAMPAIGN and campaign.encounters.count() == 1
    players = campaign.characters.filter(is_npc=False)
    assert sorted(c.player.username for c in players) == ["anna", "bruno", "clara", "dieter"]
    assert campaign.characters.filter(is_npc=True, combatants__isnull=False).distinct().count() == 3
    mob = campaign.characters.get(name="Goblin Mob")
    assert mob.traits["Henchmen"] == 5 and mob.max_wounds == 10
    assert demo.seed() == (campaign, False)


def test_each_demo_character_has_a_sheet(rules_data):
    campaign, created = demo.seed()
    assert created
    gm, anna = Client(), Client()
    gm.force_login(campaign.gm)
    anna.force_login(campaign.players.get(username="anna"))
    pages = {c.name: gm.get(f"/characters/{c.pk}/").content.decode() for c in campaign.characters.all()}
    assert all("<h3>Characteristics</h3>" in page and "Stance meter" in page for page in pages.values())
    assert '<span class="tag">Hand Weapons</span>' in pages["Grimnir Hammerson"]
    assert "trained 2" in pages["Grimnir Hammerson"] and "Favour <strong>4</strong>" in pages["Brother Lukas"]
    assert "Henchmen group of <strong>5</strong>" in pages["Goblin Mob"]
    katarina = campaign.characters.get(name="Katarina Vogel")
    assert "Power <strong>4</strong>" in anna.get(f"/characters/{katarina.pk}/").content.decode()


def test_the_demo_fight_is_under_way_with_the_sorcerer_hidden(rules_data):
    campaign, _ = demo.seed()
    encounter = campaign.encounters.get(name=demo.ENCOUNTER)
    assert encounter.status == "active" and encounter.round == 1
    order = [(c.name, c.initiative, c.hidden) for c in encounter.combatants.all()]
    assert order[0] == ("Lise Amsel", 3, False)
    assert ("Chaos Sorcerer Veyl", 2, True) in order and order[-1] == ("Goblin Mob", 0, False)
    mob = encounter.combatants.get(name="Goblin Mob")
    assert mob.max_wounds == 10
    anna = Client()
    anna.force_login(campaign.players.get(username="anna"))
    phone = anna.get(f"/encounters/{encounter.pk}/").content.decode()
    assert "Katarina Vogel" in phone and "Veyl" not in phone
