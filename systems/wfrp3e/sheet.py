"""A WFRP 3e character's sheet worked out from a character: characteristics, skills with their training and
specialisations, the wound threshold, wounds and critical wounds, fatigue and stress beside the characteristic each
is measured against, the stance meter, power or favour with its equilibrium, insanities and diseases, and the size
of a henchmen group. The sheet page reads a character through this one place.

Training a skill is CharacterSkill.advances (its level). The rest lives in Character.points: the counters of
POINTS, and three mappings by name, SPECIALISATIONS ({skill: [specialisation, ...]}), INSANITIES and DISEASES
({name: "temporary" or "permanent"}).
"""

from dataclasses import dataclass

from characters.models import CharacterSkill
from combat.prepared import Read
from combat.reads import CHARACTER_IDS
from rules.engine import wfrp3e
from rules.models import Skill
from systems.sheet_reads import characteristics_of, characters_with_sheets
from systems.sheet_schema import Count, Named, Names, SheetSchema
from systems.wfrp3e.commands import KEY
from systems.wfrp3e.models import ActionCard, Talent

# The counters, with what a new character starts with. The stance meter's steps on each side are a plausible
# starting meter (the seed gives none). "power" is a wizard's power or a priest's favour, whichever the character
# channels.
POINTS = {
    "wounds": 0,
    "critical_wounds": 0,
    "fatigue": 0,
    "stress": 0,
    "conservative_steps": 2,
    "reckless_steps": 2,
    "power": 0,
}
SPECIALISATIONS = "specialisations"
INSANITIES = "insanities"
DISEASES = "diseases"
# The tokens on each insanity ({name: count}), which its checks' successes must exceed (seed 003 "Impairments &
# Wounds" › Insane, Permanent); an insanity without an entry has none.
INSANITY_TOKENS = "insanity_tokens"
PERMANENT, TEMPORARY = "permanent", "temporary"
# The character's own deck: the action cards and talents they have, by name. A sheet without one is offered every
# card and talent of the game, as before decks were kept.
ACTION_CARDS, TALENTS = "action_cards", "talents"


def names_of(model):
    return lambda: set(model.objects.filter(system=KEY).values_list("name", flat=True))


SHEET_SCHEMA = SheetSchema(
    points={
        "wounds": Count("Wounds"),
        "critical_wounds": Count("Critical wounds"),
        "fatigue": Count("Fatigue"),
        "stress": Count("Stress"),
        "conservative_steps": Count("Conservative steps"),
        "reckless_steps": Count("Reckless steps"),
        "power": Count("Power or favour"),
        SPECIALISATIONS: Named(
            "Specialisations",
            "a list of specialisations",
            lambda names: isinstance(names, list) and all(isinstance(n, str) and n.strip() for n in names),
        ),
        INSANITIES: Named("Insanities", f"{TEMPORARY} or {PERMANENT}", lambda kind: kind in (TEMPORARY, PERMANENT)),
        INSANITY_TOKENS: Named(
            "Insanity tokens", "a count of tokens", lambda n: type(n) is int and 0 <= n <= wfrp3e.MAX_POOL_DICE
        ),
        DISEASES: Named("Diseases", f"{TEMPORARY} or {PERMANENT}", lambda kind: kind in (TEMPORARY, PERMANENT)),
        ACTION_CARDS: Names("Action cards", "action card", names_of(ActionCard)),
        TALENTS: Names("Talents", "talent", names_of(Talent)),
    }
)

# Seed 003 "Spellcaster Conditions": a wizard gathers power through Channeling, a priest favour through Piety.
POWER_WORDS = {"Channeling": "Power", "Piety": "Favour"}
# Seed 003 "Henchmen": a group fights as one; the trait's rating is how many it numbers.
HENCHMEN = "Henchmen"
# Seed 003 "Fear & Terror Checks": a creature's rating is the challenge dice of the check on first meeting it.
FEAR, TERROR = "Fear", "Terror"
# An enemy's armour and guard written as traits ("Defence 1, Soak 2"): what an attack on it meets when the attacker's
# form leaves them empty, as a player cannot know them.
DEFENCE, SOAK = "Defence", "Soak"
# A shield carried, written as a trait ("Shield"): the Block defence needs one on the arm (seed 003 "Maneuvers" 5).
SHIELD = "Shield"


def deck(character, key):
    """The names of the character's (or None's) own action cards or talents (`key`: ACTION_CARDS, TALENTS), in the
    sheet's order, or None when the sheet keeps no such deck and every one of the game is theirs."""
    points = character.points if character is not None else None
    if not isinstance(points, dict) or points.get(key) is None:
        return None
    return SHEET_SCHEMA.points[key].readable(points[key])


def in_deck(character, key, names):
    """Those of `names` in the character's deck of `key`, in their order: all of them without a deck."""
    held = deck(character, key)
    return list(names) if held is None else [name for name in names if name in held]


def carries_shield(character):
    """Whether the character (or None) carries a shield: a "Shield" trait on the sheet."""
    traits = character.traits if character is not None else None
    return isinstance(traits, dict) and bool(traits.get(SHIELD))


@dataclass(frozen=True)
class SheetValue:
    name: str
    value: int
    label: str = ""


@dataclass(frozen=True)
class SheetSkill:
    name: str
    characteristic: str
    training: int
    specialisations: tuple


@dataclass(frozen=True)
class Affliction:
    """An insanity or a disease, temporary until a failed check at the end of an act makes it permanent."""

    name: str
    permanent: bool


def readable_named(character, key):
    """The sheet's mapping `key` (INSANITIES, INSANITY_TOKENS, DISEASES...), only the entries its schema can read."""
    return SHEET_SCHEMA.points[key].readable(character.named(key))


class Sheet:
    def __init__(self, character, characteristics=None, skills=None):
        self.character = character
        rows = characteristics if characteristics is not None else characteristic_rows()
        skills = skills if skills is not None else skill_rows()
        self.characteristics = [SheetValue(row.name, character.characteristic(row.name), row.full_name) for row in rows]
        self.skills = trained_skills(character, skills)

        def point(key):
            return character.point(key, POINTS[key])

        self.wounds, self.critical_wounds = point("wounds"), point("critical_wounds")
        self.fatigue, self.stress = point("fatigue"), point("stress")
        self.conservative_steps, self.reckless_steps = point("conservative_steps"), point("reckless_steps")
        self.power = point("power")
        self.wound_threshold = wound_threshold(character)
        self.toughness = character.characteristic("To")
        self.willpower = character.characteristic("WP")
        self.power_word = power_word({skill.name for skill in self.skills})
        self.equilibrium = self.willpower  # seed 003 "Spellcaster Conditions" › "Equilibrium"
        self.insanities = afflictions(character.named(INSANITIES))
        self.diseases = afflictions(character.named(DISEASES))
        self.henchmen = character.trait_rating(HENCHMEN)
        self.fear, self.terror = character.trait_rating(FEAR), character.trait_rating(TERROR)
        self.defence, self.soak = character.trait_rating(DEFENCE), character.trait_rating(SOAK)
        self.action_cards, self.talents = deck(character, ACTION_CARDS), deck(character, TALENTS)


@dataclass(frozen=True)
class FightingTraits:
    """What the encounter screens show of a sheet on every push beyond the character's own fields: whether they
    channel power or favour, and a creature's dread and henchmen group (systems/wfrp3e/view.py)."""

    power_word: str
    henchmen: int
    fear: int
    terror: int


# (character id, skill) for each skill that channels power or favour the encounter's characters have trained.
CHANNELLING_SKILLS = Read(
    CharacterSkill,
    "{character} IN ({in_encounter}) AND {skill__system} = {wfrp3e} AND {skill__name} IN ({power_words})",
    values=["character", "skill__name"],
    in_encounter=CHARACTER_IDS,
    wfrp3e=KEY,
    power_words=list(POWER_WORDS),
)


def fighting_traits(encounter_id, characters):
    """{character id: FightingTraits} of `characters`, the encounter's, read with it: one statement for whether each
    has trained a skill that channels power or favour, where a whole sheet takes four."""
    channelled = {}
    for character_id, skill in CHANNELLING_SKILLS(encounter_id):
        channelled.setdefault(character_id, set()).add(skill)
    return {
        c.pk: FightingTraits(
            power_word(channelled.get(c.pk, set()) | set(c.named(SPECIALISATIONS))),
            c.trait_rating(HENCHMEN),
            c.trait_rating(FEAR),
            c.trait_rating(TERROR),
        )
        for c in characters
    }


def power_word(trained):
    """The word for what a character trained (or specialised) in Channeling or Piety gathers, else an empty one."""
    return next((word for skill, word in POWER_WORDS.items() if skill in trained), "")


def wound_threshold(character):
    """A henchmen group's threshold is its Toughness times its members (seed 003 "Henchmen"); anyone else's is the
    sheet's own."""
    members, toughness = character.trait_rating(HENCHMEN), character.characteristic("To")
    if members and toughness:
        return wfrp3e.henchmen_wound_threshold(toughness, members)
    return character.max_wounds


def starting_wounds(character, threshold):
    """A fight's wounds count down from the threshold, so the wounds the sheet has already taken (seed 003
    "Impairments & Wounds") come off it before the first blow."""
    return max(0, threshold - character.point("wounds", POINTS["wounds"]))


def trained_skills(character, skills):
    """The skills the character has training or a specialisation in, by name; `skills` maps each skill's name to
    its rules.Skill row (for the characteristic of a skill known only by a specialisation)."""
    training = {entry.skill.name: entry.advances for entry in character.skill_list}
    specialised = character.named(SPECIALISATIONS)
    return [
        SheetSkill(name, skills[name].characteristic.name, training.get(name, 0), tuple(specialised.get(name, ())))
        for name in sorted(training.keys() | specialised.keys())
        if name in skills
    ]


def afflictions(stored):
    return [Affliction(name, kind == PERMANENT) for name, kind in sorted((stored or {}).items())]


def characteristic_rows():
    return characteristics_of(KEY)


SKILLS = Read(Skill, "{system} = %s", related=["characteristic"])


def skill_rows():
    return {skill.name: skill for skill in SKILLS(KEY)}


def sheets(character_ids):
    characteristics, skills = characteristic_rows(), skill_rows()
    characters = characters_with_sheets(character_ids, carried=False)
    return {c.pk: Sheet(c, characteristics, skills) for c in characters}
