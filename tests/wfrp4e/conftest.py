"""The `fight` fixture: a started WFRP 4e encounter where Anders and an orc have full sheets."""

from dataclasses import dataclass

import pytest

from combat import commands
from combat.models import Combatant
from tests.factories import CharacterFactory, equip

ANDERS = {"WS": 42, "BS": 31, "S": 38, "T": 41, "I": 35, "Ag": 33, "Dex": 28, "Int": 30, "WP": 34, "Fel": 29}
ORC = {"WS": 41, "BS": 25, "S": 35, "T": 45, "I": 25, "Ag": 30, "Dex": 20, "Int": 20, "WP": 30, "Fel": 20}


@dataclass
class Fight:
    table: object
    anders: Combatant  # Melee (Basic) 52, Hand Weapon 7 damage; Ranged (Blackpowder) 36 with a Pistol
    orc: Combatant  # Melee (Basic) 51, Dodge 35; TB 4, AP 1 on arms and body

    def attack(self, attacker=None, target=None, **args):
        attacker, target = attacker or self.anders, target or self.orc
        args = {"weapon": "Hand Weapon", "defence": "Melee (Basic)", **args}
        return commands.attack(self.table.encounter, self.table.gm, attacker=attacker.pk, target=target.pk, **args)

    def fresh(self, combatant):
        return Combatant.objects.get(pk=combatant.pk)

    def pools(self):
        self.table.encounter.refresh_from_db()
        return self.table.encounter.pools.get("ally", 0), self.table.encounter.pools.get("adversary", 0)


def equip_anders(character):
    equip(
        character,
        ANDERS,
        {"Melee (Basic)": 10, "Dodge": 5, "Ranged (Blackpowder)": 5},
        ("Hand Weapon", "Pistol"),
        ("Mail Shirt", "Leather Jack"),
    )


@pytest.fixture
def fight(table):
    equip_anders(table.anders.character)
    orc = CharacterFactory(campaign=table.campaign, name="Orc Boy", is_npc=True, max_wounds=12)
    equip(orc, ORC, {"Melee (Basic)": 10, "Dodge": 5}, ("Hand Weapon", "Shield"), ("Leather Jack",))
    pk = commands.add_combatant(table.encounter, table.gm, character=orc.pk).result["combatant"]
    commands.start(table.encounter, table.gm)
    return Fight(table, Combatant.objects.get(pk=table.anders.pk), Combatant.objects.get(pk=pk))
