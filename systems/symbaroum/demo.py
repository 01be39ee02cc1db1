"""The Symbaroum demo campaign: an expedition of four player characters meeting goblins, a robber and a hidden
troll on the Davokar road, with a few creatures in no fight, the GM's library."""

import random

from django.db import transaction
from django.db.models import Q

from characters import demo
from characters.models import Campaign, Character
from combat import commands
from combat.models import Encounter
from rules import house_rules
from rules.engine.dice import Dice
from rules.models import Armour, Weapon

CAMPAIGN = "Into Davokar"
ENCOUNTER = "Goblins on the Davokar road"
# The creatures in the demo fight: the troll waits hidden until the GM reveals it.
FOES = ("Goblin Gnarr", "Goblin Skrik", "Robber Henk", "Arch Troll Grumm")
# The table's homebrew and the optional rules it plays (seed 001); the variant's words stay off.
HOUSE_RULES = [
    "ammunition_countdown",
    "critical_damage",
    "perfect_hits",
    "feats",
    "hit_locations",
    "manoeuvres",
    "reclaiming",
    "rolled_trait_values",
]
# (player or None for a creature, name, Toughness, attributes, weapons, armour, abilities, traits, points).
# Player characters spread 80 points over the eight attributes; made-up but plausible.
CHARACTERS = [
    (
        "anna",
        "Ulrika Vinterdotter",
        10,
        {"Accurate": 15, "Cunning": 10, "Discreet": 13, "Persuasive": 5, "Quick": 11, "Resolute": 7, "Strong": 9,
         "Vigilant": 10},
        ["Longbow", "Dagger"],
        ["Leather Armour"],
        {"Marksman": "Adept", "Hunter's Instinct": "Novice", "Rapid Fire": "Novice"},
        {},
        {"corruption_permanent": 1, "experience": 3, "ammunition": 3},
    ),
    (
        "bruno",
        "Brother Ansgar",
        10,
        {"Accurate": 7, "Cunning": 13, "Discreet": 9, "Persuasive": 10, "Quick": 10, "Resolute": 15, "Strong": 5,
         "Vigilant": 11},
        ["Staff"],
        ["Witch Gown"],
        {"Theurgy": "Adept", "Lay on Hands": "Novice", "Medicus": "Novice"},
        {},
        {"corruption_temporary": 1, "corruption_permanent": 2, "experience": 2},
    ),
    (
        "clara",
        "Elsa Korsvinge",
        10,
        {"Accurate": 11, "Cunning": 10, "Discreet": 15, "Persuasive": 13, "Quick": 10, "Resolute": 9, "Strong": 7,
         "Vigilant": 5},
        ["Fencing Sword", "Throwing Knife"],
        ["Woven Silk"],
        {"Backstab": "Adept", "Acrobatics": "Novice", "Trapper": "Novice"},
        {},
        {"experience": 5, "ammunition": 2},
    ),
    (
        "dieter",
        "Gerhard Ironhand",
        15,
        {"Accurate": 13, "Cunning": 7, "Discreet": 5, "Persuasive": 9, "Quick": 10, "Resolute": 10, "Strong": 15,
         "Vigilant": 11},
        ["Halberd", "Sword"],
        ["Chain Shirt"],
        {"Polearm Mastery": "Adept", "Iron Fist": "Novice", "Man-at-arms": "Novice"},
        {},
        {"experience": 1},
    ),
    (
        None,
        "Goblin Gnarr",
        10,
        {"Accurate": 10, "Cunning": 9, "Discreet": 13, "Persuasive": 5, "Quick": 13, "Resolute": 7, "Strong": 7,
         "Vigilant": 10},
        ["Spear"],
        [],
        {},
        {},
        {},
    ),
    (
        None,
        "Goblin Skrik",
        10,
        {"Accurate": 9, "Cunning": 10, "Discreet": 13, "Persuasive": 5, "Quick": 13, "Resolute": 7, "Strong": 7,
         "Vigilant": 10},
        ["Sling", "Knife"],
        [],
        {},
        {},
        {},
    ),
    (
        None,
        "Robber Henk",
        11,
        {"Accurate": 11, "Cunning": 9, "Discreet": 10, "Persuasive": 7, "Quick": 10, "Resolute": 9, "Strong": 11,
         "Vigilant": 13},
        ["Sword", "Shield"],
        ["Leather Armour"],
        {"Shield Fighter": "Novice"},
        {},
        {},
    ),
    (
        None,
        "Cultist Varda",
        10,
        {"Accurate": 9, "Cunning": 13, "Discreet": 10, "Persuasive": 11, "Quick": 10, "Resolute": 15, "Strong": 5,
         "Vigilant": 7},
        ["Dagger"],
        ["Woven Silk"],
        {"Sorcery": "Adept", "Unholy Aura": "Novice"},
        {},
        {"corruption_permanent": 8},
    ),
    # The campaign's creature library, in no fight: goblins, a robber and a blight-touched hound to add by the handful.
    (
        None,
        "Goblin",
        10,
        {"Accurate": 10, "Cunning": 9, "Discreet": 13, "Persuasive": 5, "Quick": 13, "Resolute": 7, "Strong": 7,
         "Vigilant": 10},
        ["Spear"],
        [],
        {},
        {},
        {},
    ),
    (
        None,
        "Robber",
        11,
        {"Accurate": 11, "Cunning": 9, "Discreet": 10, "Persuasive": 7, "Quick": 10, "Resolute": 9, "Strong": 11,
         "Vigilant": 13},
        ["Sword", "Shield"],
        ["Leather Armour"],
        {},
        {},
        {},
    ),
    (
        None,
        "Blight Hound",
        10,
        {"Accurate": 11, "Cunning": 5, "Discreet": 10, "Persuasive": 5, "Quick": 13, "Resolute": 7, "Strong": 10,
         "Vigilant": 15},
        ["Unarmed"],
        [],
        {},
        {"Natural Weapon": 1},
        {},
    ),
    (
        None,
        "Arch Troll Grumm",
        22,
        {"Accurate": 11, "Cunning": 5, "Discreet": 7, "Persuasive": 5, "Quick": 9, "Resolute": 10, "Strong": 18,
         "Vigilant": 10},
        ["Unarmed"],
        [],
        {},
        {"Robust": 2, "Regeneration": 2, "Natural Weapon": 2},
        {},
    ),
]  # fmt: skip


@transaction.atomic
def seed():
    """Create the Symbaroum demo campaign once; returns (campaign, created)."""
    users, existing = demo.users_and_campaign(CAMPAIGN)
    if existing:
        return existing, False
    campaign = Campaign.objects.create(
        name=CAMPAIGN,
        system="symbaroum",
        gm=users["gm"],
        house_rules=house_rules.normalise("symbaroum", HOUSE_RULES),
    )
    campaign.players.add(*(users[entry[0]] for entry in CHARACTERS if entry[0]))
    for username, name, toughness, attributes, weapons, armour, abilities, traits, points in CHARACTERS:
        character = Character.objects.create(
            campaign=campaign,
            name=name,
            player=users[username] if username else None,
            is_npc=username is None,
            max_wounds=toughness,
            characteristics=attributes,
            abilities=abilities,
            traits=traits,
            points=points,
        )
        character.weapons.set(Weapon.objects.filter(system="symbaroum", name__in=weapons))
        character.armour.set(Armour.objects.filter(system="symbaroum", name__in=armour))
    encounter(campaign, users["gm"])
    return campaign, True


def encounter(campaign, gm):
    """The party against goblins and a robber on the road, the troll hidden, initiative rolled and round 1 begun."""
    encounter = Encounter.objects.create(campaign=campaign, name=ENCOUNTER, house_rules=list(campaign.house_rules))
    dice = Dice(random.Random(11))
    fighters = campaign.characters.filter(Q(is_npc=False) | Q(name__in=FOES)).order_by("pk")
    for character in fighters:
        commands.add_combatant(
            encounter, gm, character=character.pk, hidden=character.name.startswith("Arch Troll"), dice=dice
        )
    commands.roll_initiative(encounter, gm, dice=dice)
    commands.start(encounter, gm)
