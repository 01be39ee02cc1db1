from dataclasses import dataclass
from fractions import Fraction

import pytest

from characters.models import CharacterSkill
from combat import commands
from rules.models import Skill
from tests.factories import CampaignFactory, CharacterFactory, EncounterFactory, UserFactory
from tests.fights import Clients, Running

# The least chance the odds lists show: below it a count would read "0.0 %", as if it could not happen.
MAY_SHOW = Fraction(1, 2000)
CHARACTERISTICS = {"St": 4, "To": 3, "Ag": 3, "Int": 2, "WP": 3, "Fel": 2}


@dataclass
class Table(Clients):
    gm: object
    anna: object
    bruno: object
    campaign: object
    wizard: object  # anna's character


def trained(character, skill="Weapon Skill", advances=1):
    """The character trained in `skill`: its checks roll that many expertise dice, the only dice that show a comet
    (or a righteous success)."""
    CharacterSkill.objects.create(
        character_id=getattr(character, "character_id", None) or character.pk,
        skill=Skill.objects.get(system="wfrp3e", name=skill),
        advances=advances,
    )


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


@dataclass
class Fight(Running):
    """A running WFRP 3e encounter: Magda (anna's wizard, Ag 3, 4 fatigue against To 3, 5 power against WP 3),
    Gunther (bruno's fighter, Ag 4, fresh) and an orc NPC (Ag 2), in that order."""

    table: Table
    encounter: object
    magda: object
    gunther: object
    orc: object

    def points(self, combatant):
        combatant.character.refresh_from_db()
        return combatant.character.points

    def page(self, user):
        return self.table.client(user).get(f"/encounters/{self.encounter.pk}/").content.decode()


@pytest.fixture
def planned_fight(wfrp3e_table):
    table = wfrp3e_table
    gunther = CharacterFactory(
        campaign=table.campaign, name="Gunther", player=table.bruno, max_wounds=12,
        characteristics={**CHARACTERISTICS, "Ag": 4}, points={"fatigue": 0, "stress": 0},
    )  # fmt: skip
    orc = CharacterFactory(
        campaign=table.campaign, name="Orc", is_npc=True, max_wounds=10, characteristics={**CHARACTERISTICS, "Ag": 2}
    )
    encounter = EncounterFactory(campaign=table.campaign, name="Ambush on the Reik road")
    for character in (table.wizard, gunther, orc):
        commands.add_combatant(encounter, table.gm, character=character.pk)
    rows = {c.name: c for c in encounter.combatants.select_related("character")}
    return Fight(table, encounter, rows["Magda"], rows["Gunther"], rows["Orc"])


@pytest.fixture
def fight(planned_fight):
    planned_fight.gm("start")
    planned_fight.encounter.refresh_from_db()
    return planned_fight


@dataclass
class ActionFight(Running):
    """A WFRP 3e encounter under way, on Magda's turn: Magda (anna's, St 4, Channeling 2) against an orc NPC (To 4,
    12 wounds) and a henchmen group of three goblins (To 2)."""

    table: Table
    encounter: object
    magda: object
    orc: object
    goblins: object


@pytest.fixture
def action_fight(wfrp3e_table):
    table = wfrp3e_table
    orc = CharacterFactory(
        campaign=table.campaign, name="Orc", is_npc=True, max_wounds=12, characteristics={**CHARACTERISTICS, "To": 4}
    )
    goblins = CharacterFactory(
        campaign=table.campaign,
        name="Goblins",
        is_npc=True,
        max_wounds=6,
        characteristics={**CHARACTERISTICS, "To": 2},
        traits={"Henchmen": 3},
    )
    encounter = EncounterFactory(campaign=table.campaign, name="Ambush on the Reik")
    for character in (table.wizard, orc, goblins):
        commands.add_combatant(encounter, table.gm, character=character.pk)
    commands.start(encounter, table.gm)
    rows = {c.name: c for c in encounter.combatants.all()}
    return ActionFight(table, encounter, rows["Magda"], rows["Orc"], rows["Goblins"])
