"""The demo campaigns `make run` starts with: a WFRP 4e ambush with four player characters and six NPCs, a
Symbaroum expedition with four player characters and five creatures fighting on the road, and a WFRP 3e fight of
four player characters against two creatures and a henchmen group. Each campaign also keeps a few statted
creatures in no fight, its library for the GM to add several of at once."""

import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q

from characters.models import Campaign, Character, CharacterSkill
from combat import commands
from combat.models import Encounter
from rules import house_rules
from rules.engine.dice import Dice
from rules.models import Armour, Skill, Weapon

CAMPAIGN = "The Reikland Road"
ENCOUNTER = "Ambush at the ford"
HOUSE_ENCOUNTER = "Bridge toll (house rules)"
# Demo logins for a local, throwaway database; printed by `make run`.
LOGINS = [
    ("admin", "admin"),
    ("gm", "gm"),
    ("anna", "anna"),
    ("bruno", "bruno"),
    ("clara", "clara"),
    ("dieter", "dieter"),
]

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
        character.fate, character.fortune, character.resilience, character.resolve = points
        character.save()


def ensure_users():
    User = get_user_model()
    users = {}
    for username, password in LOGINS:
        user, created = User.objects.get_or_create(username=username)
        if created:
            user.set_password(password)
            user.is_staff = user.is_superuser = username == "admin"
            user.save()
        users[username] = user
    return users


@transaction.atomic
def seed(rng=None):
    """Create the demo campaign once; returns (campaign, created)."""
    users = ensure_users()
    existing = Campaign.objects.filter(name=CAMPAIGN, gm=users["gm"]).first()
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


SYMBAROUM_CAMPAIGN = "Into Davokar"
SYMBAROUM_ENCOUNTER = "Goblins on the Davokar road"
# The creatures in the demo fight: the troll waits hidden until the GM reveals it.
SYMBAROUM_FOES = ("Goblin Gnarr", "Goblin Skrik", "Robber Henk", "Arch Troll Grumm")
# The table's homebrew and the optional rules it plays (seed 001); the variant's words stay off.
SYMBAROUM_HOUSE_RULES = [
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
SYMBAROUM_CHARACTERS = [
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
def seed_symbaroum():
    """Create the Symbaroum demo campaign once; returns (campaign, created)."""
    users = ensure_users()
    existing = Campaign.objects.filter(name=SYMBAROUM_CAMPAIGN, gm=users["gm"]).first()
    if existing:
        return existing, False
    campaign = Campaign.objects.create(
        name=SYMBAROUM_CAMPAIGN,
        system="symbaroum",
        gm=users["gm"],
        house_rules=house_rules.normalise("symbaroum", SYMBAROUM_HOUSE_RULES),
    )
    campaign.players.add(*(users[entry[0]] for entry in SYMBAROUM_CHARACTERS if entry[0]))
    for username, name, toughness, attributes, weapons, armour, abilities, traits, points in SYMBAROUM_CHARACTERS:
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
    symbaroum_encounter(campaign, users["gm"])
    return campaign, True


def symbaroum_encounter(campaign, gm):
    """The party against goblins and a robber on the road, the troll hidden, initiative rolled and round 1 begun."""
    encounter = Encounter.objects.create(
        campaign=campaign, name=SYMBAROUM_ENCOUNTER, house_rules=list(campaign.house_rules)
    )
    dice = Dice(random.Random(11))
    fighters = campaign.characters.filter(Q(is_npc=False) | Q(name__in=SYMBAROUM_FOES)).order_by("pk")
    for character in fighters:
        commands.add_combatant(
            encounter, gm, character=character.pk, hidden=character.name.startswith("Arch Troll"), dice=dice
        )
    commands.roll_initiative(encounter, gm, dice=dice)
    commands.start(encounter, gm)


WFRP3E_CAMPAIGN = "The Gathering Storm"
WFRP3E_ENCOUNTER = "Beastmen at the old mill"
# The fight's initiative, as the Agility checks' successes the table might have rolled; the sorcerer waits hidden.
WFRP3E_INITIATIVE = {
    "Katarina Vogel": 2,
    "Brother Lukas": 1,
    "Lise Amsel": 3,
    "Grimnir Hammerson": 1,
    "Beastman Gor Skarr": 2,
    "Chaos Sorcerer Veyl": 2,
    "Goblin Mob": 0,
}
WFRP3E_HIDDEN = "Chaos Sorcerer Veyl"
# (player or None for a creature, name, wound threshold, characteristics, skills trained with their level, traits,
# points). Made up but plausible starting characters; creatures carry their aggression, cunning and expertise (seed
# 003 "Enemies") as traits. A henchmen group is one character with the trait Henchmen and how many it numbers; its
# wound threshold is its Toughness times that number (seed 003 "Henchmen"), worked out in seed_wfrp3e.
WFRP3E_CHARACTERS = [
    (
        "anna",
        "Katarina Vogel",
        8,
        {"St": 2, "To": 3, "Ag": 3, "Int": 4, "WP": 4, "Fel": 2},
        {"Channeling": 1, "Spellcraft": 1, "Education": 1},
        {},
        {"power": 4, "conservative_steps": 2, "reckless_steps": 2, "specialisations": {"Channeling": ["Reckless"]}},
    ),
    (
        "bruno",
        "Brother Lukas",
        11,
        {"St": 4, "To": 3, "Ag": 2, "Int": 2, "WP": 4, "Fel": 3},
        {"Piety": 1, "Invocation": 1, "Weapon Skill": 1},
        {},
        {"power": 4, "conservative_steps": 3, "reckless_steps": 1, "insanities": {"Night Terrors": "temporary"}},
    ),
    (
        "clara",
        "Lise Amsel",
        10,
        {"St": 3, "To": 3, "Ag": 4, "Int": 3, "WP": 2, "Fel": 3},
        {"Ballistic Skill": 1, "Ride": 1, "Observation": 1},
        {},
        {"fatigue": 1, "specialisations": {"Ballistic Skill": ["Crossbow"], "Coordination": ["Dodge"]}},
    ),
    (
        "dieter",
        "Grimnir Hammerson",
        13,
        {"St": 4, "To": 4, "Ag": 2, "Int": 2, "WP": 3, "Fel": 2},
        {"Weapon Skill": 2, "Resilience": 1},
        {},
        {
            "wounds": 2,
            "critical_wounds": 1,
            "stress": 1,
            "conservative_steps": 3,
            "reckless_steps": 2,
            "specialisations": {"Weapon Skill": ["Hand Weapons", "Parry"]},
        },
    ),
    (
        None,
        "Beastman Gor Skarr",
        12,
        {"St": 4, "To": 4, "Ag": 3, "Int": 1, "WP": 3, "Fel": 1},
        {"Weapon Skill": 1},
        {"Aggression": 2, "Cunning": 1, "Expertise": 1, "Fear": 1},
        {},
    ),
    (
        None,
        "Chaos Sorcerer Veyl",
        10,
        {"St": 2, "To": 3, "Ag": 3, "Int": 4, "WP": 5, "Fel": 3},
        {"Channeling": 2, "Spellcraft": 2},
        {"Aggression": 1, "Cunning": 3, "Expertise": 2, "Terror": 1},
        {"power": 5, "diseases": {"Nurgle's Rot": "permanent"}},
    ),
    (
        None,
        "Goblin Mob",
        None,  # its Toughness times its size
        {"St": 2, "To": 2, "Ag": 3, "Int": 2, "WP": 2, "Fel": 1},
        {"Weapon Skill": 1},
        {"Henchmen": 5, "Aggression": 1},
        {},
    ),
    # The campaign's creature library, in no fight: for the GM to add by the handful.
    (
        None,
        "Orc",
        12,
        {"St": 4, "To": 4, "Ag": 2, "Int": 1, "WP": 2, "Fel": 1},
        {"Weapon Skill": 1},
        {"Aggression": 2, "Expertise": 1},
        {},
    ),
    (
        None,
        "Ungor Beastman",
        9,
        {"St": 3, "To": 3, "Ag": 3, "Int": 1, "WP": 2, "Fel": 1},
        {"Weapon Skill": 1, "Ballistic Skill": 1},
        {"Aggression": 1, "Cunning": 1, "Expertise": 1},
        {},
    ),
    (
        None,
        "Goblin Band",
        None,  # its Toughness times its size
        {"St": 2, "To": 2, "Ag": 3, "Int": 2, "WP": 2, "Fel": 1},
        {"Ballistic Skill": 1},
        {"Henchmen": 4, "Cunning": 1},
        {},
    ),
]  # fmt: skip


@transaction.atomic
def seed_wfrp3e():
    """Create the WFRP 3e demo campaign once, with its running fight; returns (campaign, created)."""
    users = ensure_users()
    existing = Campaign.objects.filter(name=WFRP3E_CAMPAIGN, gm=users["gm"]).first()
    if existing:
        return existing, False
    campaign = Campaign.objects.create(name=WFRP3E_CAMPAIGN, system="wfrp3e", gm=users["gm"])
    campaign.players.add(*(users[entry[0]] for entry in WFRP3E_CHARACTERS if entry[0]))
    for username, name, threshold, characteristics, skills, traits, points in WFRP3E_CHARACTERS:
        group = traits.get("Henchmen")
        character = Character.objects.create(
            campaign=campaign,
            name=name,
            player=users[username] if username else None,
            is_npc=username is None,
            max_wounds=characteristics["To"] * group if group else threshold,
            characteristics=characteristics,
            traits=traits,
            points=points,
        )
        for skill, training in skills.items():
            CharacterSkill.objects.create(
                character=character, skill=Skill.objects.get(system="wfrp3e", name=skill), advances=training
            )
    wfrp3e_encounter(campaign, users["gm"])
    return campaign, True


def wfrp3e_encounter(campaign, gm):
    """The party against a beastman and a goblin mob at the mill, the sorcerer hidden, round 1 begun."""
    encounter = Encounter.objects.create(campaign=campaign, name=WFRP3E_ENCOUNTER)
    for character in campaign.characters.filter(name__in=WFRP3E_INITIATIVE).order_by("pk"):
        added = commands.add_combatant(encounter, gm, character=character.pk, hidden=character.name == WFRP3E_HIDDEN)
        commands.set_initiative(
            encounter, gm, combatant=added.result["combatant"], value=WFRP3E_INITIATIVE[character.name]
        )
    commands.start(encounter, gm)
