from dataclasses import dataclass

import pytest
from django.test import Client

from characters.models import CharacterSkill
from rules.models import Skill
from tests.factories import CampaignFactory, CharacterFactory, UserFactory

CHARACTERISTICS = {"St": 4, "To": 3, "Ag": 3, "Int": 2, "WP": 3, "Fel": 2}


@dataclass
class Table:
    gm: object
    anna: object
    bruno: object
    campaign: object
    wizard: object  # anna's character

    def client(self, user):
        client = Client()
        client.force_login(user)
        return client


@pytest.fixture
def wfrp3e_table(db, rules_data):
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign = CampaignFactory(name="The Enemy Within", system="wfrp3e", gm=gm)
    campaign.players.add(anna, bruno)
    wizard = CharacterFactory(
        campaign=campaign,
        name="Magda",
        player=anna,
        max_wounds=9,
        characteristics=dict(CHARACTERISTICS),
        points={
            "wounds": 2, "critical_wounds": 1, "fatigue": 4, "stress": 1, "conservative_steps": 3,
            "reckless_steps": 1, "power": 5, "specialisations": {"Coordination": ["Dodge"]},
            "insanities": {"Night Terrors": "temporary"}, "diseases": {"Bloody Flux": "permanent"},
        },
    )  # fmt: skip
    CharacterSkill.objects.create(
        character=wizard, skill=Skill.objects.get(system="wfrp3e", name="Channeling"), advances=2
    )
    return Table(gm, anna, bruno, campaign, wizard)
