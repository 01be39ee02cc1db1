from dataclasses import dataclass

import pytest

from combat import commands
from rules.models import Armour, Weapon
from tests.factories import CampaignFactory, CharacterFactory, EncounterFactory, UserFactory
from tests.fights import Clients, Running

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
class Table(Clients):
    gm: object
    anna: object
    bruno: object
    campaign: object
    ulrika: object  # anna's character
    brother: object  # bruno's character


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


@dataclass
class Fight(Running):
    """A running Symbaroum encounter: Ulrika (anna's, sword, leather) and Brother Ansgar (bruno's, bow), against
    a goblin NPC (spear, 4 fixed damage with 1d8; leather, 2 fixed armour) and a hidden troll."""

    table: Table
    encounter: object
    ulrika: object
    ansgar: object
    goblin: object
    troll: object


def armed(character, weapons=(), armour=()):
    character.weapons.set(Weapon.objects.filter(system="symbaroum", name__in=weapons))
    character.armour.set(Armour.objects.filter(system="symbaroum", name__in=armour))
    return character


@pytest.fixture
def planned_fight(symbaroum_table):
    """`fight` before it starts: the combatants in the order they joined, each with their Quick as initiative."""
    table = symbaroum_table
    armed(table.ulrika, ["Sword"], ["Leather Armour"])
    ansgar = table.brother
    ansgar.characteristics = {**ATTRIBUTES, "Accurate": 12, "Quick": 10, "Strong": 10}
    ansgar.max_wounds = 10
    ansgar.save()
    armed(ansgar, ["Bow"], [])
    goblin = armed(
        CharacterFactory(campaign=table.campaign, name="Goblin", is_npc=True, max_wounds=8,
                         characteristics={**ATTRIBUTES, "Accurate": 10, "Quick": 12, "Strong": 8}),
        ["Spear"], ["Leather Armour"],
    )  # fmt: skip
    troll = armed(
        CharacterFactory(campaign=table.campaign, name="Troll", is_npc=True, max_wounds=20,
                         characteristics={**ATTRIBUTES, "Strong": 20}),
        ["Great Axe"], [],
    )  # fmt: skip
    encounter = EncounterFactory(campaign=table.campaign, name="Ambush at the ford")
    gm = table.gm
    for character in (table.ulrika, ansgar, goblin):
        commands.add_combatant(encounter, gm, character=character.pk)
    commands.add_combatant(encounter, gm, character=troll.pk, hidden=True)
    # Each took its place by Quick as it joined (seed 001 "Turn Order" › "Initiative"); the GM has put them back in
    # the order they joined, so that every test knows whose turn comes when.
    for place, character in enumerate((table.ulrika, ansgar, goblin, troll)):
        encounter.combatants.filter(character=character).update(position=place)
    rows = {c.name: c for c in encounter.combatants.all()}
    return Fight(table, encounter, rows["Ulrika"], rows["Brother Ansgar"], rows["Goblin"], rows["Troll"])


@pytest.fixture
def fight(planned_fight):
    planned_fight.gm("start")
    planned_fight.encounter.refresh_from_db()
    return planned_fight
