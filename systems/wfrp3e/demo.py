"""The WFRP 3e demo campaign: four player characters against a beastman and a goblin mob at the old mill, a
sorcerer waiting hidden."""

from django.db import transaction

from characters import demo
from characters.models import Campaign, Character, CharacterSkill
from combat import commands
from combat.models import Encounter
from rules.models import Skill

CAMPAIGN = "The Gathering Storm"
ENCOUNTER = "Beastmen at the old mill"
# The fight's initiative, as the Agility checks' successes the table might have rolled; the sorcerer waits hidden.
INITIATIVE = {
    "Katarina Vogel": 2,
    "Brother Lukas": 1,
    "Lise Amsel": 3,
    "Grimnir Hammerson": 1,
    "Beastman Gor Skarr": 2,
    "Chaos Sorcerer Veyl": 2,
    "Goblin Mob": 0,
}
HIDDEN = "Chaos Sorcerer Veyl"
# (player or None for a creature, name, wound threshold, characteristics, skills trained with their level, traits,
# points). Made up but plausible starting characters, each hero with a deck of their own (the creatures play any
# card, as the GM chooses); creatures carry their aggression, cunning and expertise (seed
# 003 "Enemies") as traits. A henchmen group is one character with the trait Henchmen and how many it numbers; its
# wound threshold is its Toughness times that number (seed 003 "Henchmen"), worked out in seed_wfrp3e.
CHARACTERS = [
    (
        "anna",
        "Katarina Vogel",
        8,
        {"St": 2, "To": 3, "Ag": 3, "Int": 4, "WP": 4, "Fel": 2},
        {"Channeling": 1, "Spellcraft": 1, "Education": 1},
        {},
        {
            "power": 4, "conservative_steps": 2, "reckless_steps": 2, "specialisations": {"Channeling": ["Reckless"]},
            "action_cards": ["Melee Strike", "Dodge", "Assess the Situation", "Magic Dart"],
            "talents": ["Wind Attuned", "Keen Senses"],
        },
    ),
    (
        "bruno",
        "Brother Lukas",
        11,
        {"St": 4, "To": 3, "Ag": 2, "Int": 2, "WP": 4, "Fel": 3},
        {"Piety": 1, "Invocation": 1, "Weapon Skill": 1},
        {},
        {
            "power": 4, "conservative_steps": 3, "reckless_steps": 1, "insanities": {"Night Terrors": "temporary"},
            "action_cards": ["Melee Strike", "Parry", "Rally the Troops", "Blessing of Courage"],
            "talents": ["Devoted", "Iron Will"],
        },
    ),
    (
        "clara",
        "Lise Amsel",
        10,
        {"St": 3, "To": 3, "Ag": 4, "Int": 3, "WP": 2, "Fel": 3},
        {"Ballistic Skill": 1, "Ride": 1, "Observation": 1},
        {},
        {
            "fatigue": 1, "specialisations": {"Ballistic Skill": ["Crossbow"], "Coordination": ["Dodge"]},
            "action_cards": ["Melee Strike", "Ranged Shot", "Dodge", "Assess the Situation"],
            "talents": ["Sure Footed", "Keen Senses"],
        },
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
            "action_cards": ["Melee Strike", "Reckless Cleave", "Guarded Blow", "Parry"],
            "talents": ["Battle Hardened", "Respected Name"],
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
def seed():
    """Create the WFRP 3e demo campaign once, with its running fight; returns (campaign, created)."""
    users, existing = demo.users_and_campaign(CAMPAIGN)
    if existing:
        return existing, False
    campaign = Campaign.objects.create(name=CAMPAIGN, system="wfrp3e", gm=users["gm"])
    campaign.players.add(*(users[entry[0]] for entry in CHARACTERS if entry[0]))
    for username, name, threshold, characteristics, skills, traits, points in CHARACTERS:
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
    encounter(campaign, users["gm"])
    return campaign, True


def encounter(campaign, gm):
    """The party against a beastman and a goblin mob at the mill, the sorcerer hidden, round 1 begun."""
    encounter = Encounter.objects.create(campaign=campaign, name=ENCOUNTER)
    for character in campaign.characters.filter(name__in=INITIATIVE).order_by("pk"):
        added = commands.add_combatant(encounter, gm, character=character.pk, hidden=character.name == HIDDEN)
        commands.set_initiative(encounter, gm, combatant=added.result["combatant"], value=INITIATIVE[character.name])
    commands.start(encounter, gm)
