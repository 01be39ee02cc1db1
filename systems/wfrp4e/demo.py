"""The WFRP 4e demo campaign: an ambush at a ford with four player characters and six NPCs, the same table
under its house rules at a bridge, and a few statted creatures in no fight, the GM's library."""

import random

from django.db import transaction

from characters import demo
from characters.models import Campaign, Character, CharacterSkill
from combat import commands
from combat.models import Encounter
from rules.engine.dice import Dice
from rules.models import Armour, Skill, Weapon
from systems.wfrp4e.sheet import POINTS

CAMPAIGN = "The Reikland Road"
ENCOUNTER = "Ambush at the ford"
HOUSE_ENCOUNTER = "Bridge toll (house rules)"
# Demo logins for a local, throwaway database; printed by `make run`.
PLAYER_CHARACTERS = [
    (
        "anna",
        "Anders Sigmarsson",
        14,
        {"WS": 42, "BS": 31, "S": 38, "T": 41, "I": 35, "Ag": 33, "Dex": 28, "Int": 30, "WP": 34, "Fel": 29},
    ),
    (
        "bruno",
        "Günther Ackermann",
        11,
        {"WS": 28, "BS": 30, "S": 27, "T": 31, "I": 41, "Ag": 36, "Dex": 35, "Int": 45, "WP": 47, "Fel": 33},
    ),
    (
        "clara",
        "Elsa Brandt",
        13,
        {"WS": 38, "BS": 44, "S": 31, "T": 35, "I": 38, "Ag": 40, "Dex": 32, "Int": 36, "WP": 42, "Fel": 37},
    ),
    (
        "dieter",
        "Brunhilde Steelbrow",
        16,
        {"WS": 48, "BS": 25, "S": 40, "T": 46, "I": 29, "Ag": 27, "Dex": 30, "Int": 29, "WP": 45, "Fel": 22},
    ),
]
NPCS = [
    (
        "Orc Boy Grukk",
        12,
        {"WS": 41, "BS": 25, "S": 35, "T": 45, "I": 25, "Ag": 30, "Dex": 20, "Int": 20, "WP": 30, "Fel": 20},
    ),
    (
        "Orc Boy Snag",
        12,
        {"WS": 40, "BS": 25, "S": 36, "T": 44, "I": 24, "Ag": 31, "Dex": 20, "Int": 20, "WP": 30, "Fel": 20},
    ),
    (
        "Orc Big 'Un Mogg",
        16,
        {"WS": 48, "BS": 25, "S": 42, "T": 48, "I": 30, "Ag": 30, "Dex": 22, "Int": 22, "WP": 35, "Fel": 22},
    ),
    (
        "Goblin Nikkit",
        8,
        {"WS": 30, "BS": 35, "S": 25, "T": 30, "I": 40, "Ag": 35, "Dex": 30, "Int": 25, "WP": 25, "Fel": 20},
    ),
    (
        "Goblin Skab",
        8,
        {"WS": 29, "BS": 36, "S": 24, "T": 30, "I": 40, "Ag": 35, "Dex": 30, "Int": 25, "WP": 25, "Fel": 20},
    ),
    (
        "Bandit captain Ulrike",
        13,
        {"WS": 45, "BS": 40, "S": 33, "T": 34, "I": 42, "Ag": 38, "Dex": 33, "Int": 35, "WP": 36, "Fel": 40},
    ),
]

# The campaign's creature library: statted NPCs in no fight, for the GM to add several at once ("3 × Orc").
CREATURES = [
    ("Orc", 12, {"WS": 40, "BS": 25, "S": 35, "T": 45, "I": 25, "Ag": 30, "Dex": 20, "Int": 20, "WP": 30, "Fel": 20}),
    ("Goblin", 8, {"WS": 28, "BS": 35, "S": 25, "T": 30, "I": 40, "Ag": 35, "Dex": 30, "Int": 25, "WP": 25, "Fel": 20}),
    ("Gor Beastman", 15, {"WS": 42, "BS": 20, "S": 40, "T": 42, "I": 35, "Ag": 35, "Dex": 20, "Int": 20, "WP": 25,
                          "Fel": 15}),
]  # fmt: skip


# Skills (advances), weapons, armour and Fate/Fortune/Resilience/Resolve: made-up but plausible.
KIT = {
    "Anders Sigmarsson": (
        {"Melee (Basic)": 10, "Dodge": 5, "Athletics": 5, "Endurance": 5, "Perception": 5, "Cool": 5},
        ["Hand Weapon", "Shield", "Dagger"],
        ["Mail Shirt", "Leather Jack", "Open Helm"],
        (3, 3, 1, 1),
    ),
    "Günther Ackermann": (
        {"Language (Magick)": 10, "Channelling": 10, "Dodge": 5, "Melee (Basic)": 3, "Perception": 5},
        ["Dagger"],
        ["Leather Jerkin"],
        (2, 2, 2, 2),
    ),
    "Elsa Brandt": (
        {"Ranged (Bow)": 10, "Melee (Basic)": 5, "Dodge": 8, "Stealth": 10, "Perception": 10},
        ["Longbow", "Hand Weapon"],
        ["Leather Jack", "Leather Leggings"],
        (2, 2, 1, 1),
    ),
    "Brunhilde Steelbrow": (
        {"Melee (Two-Handed)": 10, "Melee (Basic)": 8, "Endurance": 10, "Cool": 10, "Dodge": 3},
        ["Great Weapon", "Hand Weapon"],
        ["Mail Coat", "Helm", "Breastplate"],
        (2, 2, 3, 3),
    ),
    "Orc Boy Grukk": (
        {"Melee (Basic)": 10, "Dodge": 5, "Intimidate": 10},
        ["Hand Weapon", "Shield"],
        ["Leather Jack"],
        None,
    ),
    "Orc Boy Snag": (
        {"Melee (Basic)": 10, "Dodge": 5, "Intimidate": 10},
        ["Hand Weapon", "Shield"],
        ["Leather Jack"],
        None,
    ),
    "Orc Big 'Un Mogg": (
        {"Melee (Basic)": 15, "Melee (Two-Handed)": 10, "Dodge": 5, "Intimidate": 15},
        ["Great Weapon", "Hand Weapon"],
        ["Mail Shirt", "Leather Jack", "Open Helm"],
        None,
    ),
    "Goblin Nikkit": (
        {"Melee (Polearm)": 5, "Ranged (Bow)": 10, "Dodge": 10, "Stealth": 10},
        ["Spear", "Shortbow"],
        [],
        None,
    ),
    "Goblin Skab": (
        {"Melee (Polearm)": 5, "Ranged (Bow)": 10, "Dodge": 10, "Stealth": 10},
        ["Spear", "Shortbow"],
        [],
        None,
    ),
    "Orc": ({"Melee (Basic)": 10, "Intimidate": 10}, ["Hand Weapon", "Shield"], ["Leather Jack"], None),
    "Goblin": ({"Ranged (Bow)": 10, "Dodge": 10, "Stealth": 10}, ["Spear", "Shortbow"], [], None),
    "Gor Beastman": ({"Melee (Basic)": 12, "Dodge": 5, "Intimidate": 5}, ["Hand Weapon", "Shield"], [], None),
    "Bandit captain Ulrike": (
        {"Melee (Fencing)": 10, "Ranged (Blackpowder)": 5, "Dodge": 10, "Leadership": 10, "Cool": 5},
        ["Rapier", "Pistol"],
        ["Leather Jack", "Leather Leggings"],
        None,
    ),
}


def equip(character):
    """Give a demo character the skills, gear and points of KIT (reference data comes from `loadrules`)."""
    skills, weapons, armour, points = KIT[character.name]
    for name, advances in skills.items():
        skill = Skill.objects.get(system=character.system, name=name)
        CharacterSkill.objects.create(character=character, skill=skill, advances=advances)
    character.weapons.set(Weapon.objects.filter(system=character.system, name__in=weapons))
    character.armour.set(Armour.objects.filter(system=character.system, name__in=armour))
    if points:
        character.points = dict(zip(POINTS, points))
        character.save()


@transaction.atomic
def seed(rng=None):
    """Create the demo campaign once; returns (campaign, created)."""
    users, existing = demo.users_and_campaign(CAMPAIGN)
    if existing:
        return existing, False
    campaign = Campaign.objects.create(name=CAMPAIGN, system="wfrp4e", gm=users["gm"])
    campaign.players.add(*(users[username] for username, *_ in PLAYER_CHARACTERS))
    characters = [
        Character.objects.create(
            campaign=campaign, name=name, player=users[username], max_wounds=wounds, characteristics=stats
        )
        for username, name, wounds, stats in PLAYER_CHARACTERS
    ] + [
        Character.objects.create(campaign=campaign, name=name, is_npc=True, max_wounds=wounds, characteristics=stats)
        for name, wounds, stats in NPCS
    ]
    creatures = [
        Character.objects.create(campaign=campaign, name=name, is_npc=True, max_wounds=wounds, characteristics=stats)
        for name, wounds, stats in CREATURES
    ]
    for character in characters + creatures:
        equip(character)
    encounter = Encounter.objects.create(campaign=campaign, name=ENCOUNTER)
    gm = users["gm"]
    dice = Dice(rng or random.Random(7))
    for character in characters:
        commands.add_combatant(
            encounter, gm, character=character.pk, hidden=character.name.startswith("Bandit"), dice=dice
        )
    commands.roll_initiative(encounter, gm, dice=dice)
    commands.start(encounter, gm)
    house_rules_encounter(campaign, gm, characters, dice)
    return campaign, True


def house_rules_encounter(campaign, gm, characters, dice):
    """The same table under its house rules (seed 000): D20 tests, Momentum, conditions with timers."""
    encounter = Encounter.objects.create(campaign=campaign, name=HOUSE_ENCOUNTER)
    commands.set_house_rules(encounter, gm, rules=["all"])
    fighters = [c for c in characters if not c.is_npc or c.name.startswith(("Goblin", "Bandit"))]
    ids = {
        c.name: commands.add_combatant(encounter, gm, character=c.pk, dice=dice).result["combatant"] for c in fighters
    }
    commands.add_condition(encounter, gm, combatant=ids["Goblin Skab"], condition="Ablaze")
    commands.add_condition(encounter, gm, combatant=ids["Bandit captain Ulrike"], condition="Bleeding", count=2)
    commands.roll_initiative(encounter, gm, dice=dice)
