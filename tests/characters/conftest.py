"""A campaign of each game system with a full sheet, for the tests of making, copying and moving characters."""

from dataclasses import dataclass

import pytest

from characters.models import Character, CharacterSkill
from rules.models import Armour, Characteristic, Skill, Weapon
from tests.factories import CampaignFactory, CharacterFactory, UserFactory
from tests.fights import Clients

SYSTEMS = ("wfrp4e", "symbaroum", "wfrp3e")
# What each system keeps beyond the generic sheet, as a full sheet of it holds it.
OWN_FIELDS = {
    "wfrp4e": {"points": {"fate": 2, "fortune": 1, "resilience": 3, "resolve": 1}},
    "symbaroum": {
        "points": {"corruption_temporary": 1, "corruption_permanent": 2, "experience": 4, "ammunition": 3},
        "abilities": {"Iron Fist": "Adept", "Witchsight": "Novice"},
    },
    "wfrp3e": {
        "points": {
            "wounds": 2, "fatigue": 4, "power": 5, "specialisations": {"Coordination": ["Dodge"]},
            "insanities": {"Night Terrors": "temporary"}, "diseases": {"Bloody Flux": "permanent"},
        },
    },
}  # fmt: skip


@dataclass
class Campaign(Clients):
    """A campaign of one system: its GM, two players, an outsider, anna's fully written character and an NPC."""

    system: str
    gm: object
    anna: object
    bruno: object
    outsider: object
    campaign: object
    heroine: object  # anna's
    npc: object


def full_sheet(campaign, name, **fields):
    system = campaign.system
    character = CharacterFactory(
        campaign=campaign,
        name=name,
        max_wounds=13,
        characteristics={c.name: 3 + i for i, c in enumerate(Characteristic.objects.filter(system=system))},
        traits={"Champion": 2, "Night Vision": True},
        notes="Owes the ferryman.",
        gm_notes="Secretly a cultist.",
        **OWN_FIELDS[system],
        **fields,
    )
    for advances, skill in enumerate(Skill.objects.filter(system=system).order_by("name")[:2], start=1):
        CharacterSkill.objects.create(character=character, skill=skill, advances=advances)
    character.weapons.set(Weapon.objects.filter(system=system).order_by("name")[:2])
    character.armour.set(Armour.objects.filter(system=system).order_by("name")[:1])
    return character


@pytest.fixture(params=SYSTEMS)
def played(request, db, rules_data):
    gm, anna, bruno, outsider = (UserFactory(username=name) for name in ("gm", "anna", "bruno", "outsider"))
    campaign = CampaignFactory(name="Home", system=request.param, gm=gm)
    campaign.players.add(anna, bruno)
    heroine = full_sheet(campaign, "Ulrika", player=anna)
    npc = full_sheet(campaign, "Grukk", is_npc=True)
    return Campaign(request.param, gm, anna, bruno, outsider, campaign, heroine, npc)


def sheet_of(character):
    """Everything on a character's sheet but who plays it and where: fields, skills, weapons, armour."""
    character = Character.objects.get(pk=character.pk)
    fields = {
        field.name: getattr(character, field.name)
        for field in Character._meta.concrete_fields
        if field.name not in ("id", "campaign", "player")
    }
    skills = sorted(character.skills.values_list("skill__name", "advances"))
    weapons = sorted(character.weapons.values_list("name", flat=True))
    armour = sorted(character.armour.values_list("name", flat=True))
    return fields, skills, weapons, armour
