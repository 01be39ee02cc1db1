from dataclasses import dataclass

import pytest
from django.test import Client

from tests.factories import CampaignFactory, CharacterFactory, UserFactory

# A Symbaroum sheet as stored: attributes under the core book's names.
ATTRIBUTES = {
    "Accurate": 13,
    "Cunning": 10,
    "Discreet": 7,
    "Persuasive": 5,
    "Quick": 11,
    "Resolute": 9,
    "Strong": 15,
    "Vigilant": 10,
}


@dataclass
class Table:
    gm: object
    anna: object
    bruno: object
    campaign: object
    ulrika: object  # anna's character
    brother: object  # bruno's character

    def client(self, user):
        client = Client()
        client.force_login(user)
        return client


@pytest.fixture
def symbaroum_table(db, rules_data):
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign = CampaignFactory(name="Davokar", system="symbaroum", gm=gm)
    campaign.players.add(anna, bruno)
    ulrika = CharacterFactory(
        campaign=campaign,
        name="Ulrika",
        player=anna,
        max_wounds=15,
        characteristics=dict(ATTRIBUTES),
        points={"corruption_temporary": 1, "corruption_permanent": 2, "experience": 4},
        abilities={"Iron Fist": "Adept"},
        traits={"Robust": 2},
    )
    brother = CharacterFactory(campaign=campaign, name="Brother Ansgar", player=bruno, characteristics={"Quick": 10})
    return Table(gm, anna, bruno, campaign, ulrika, brother)
