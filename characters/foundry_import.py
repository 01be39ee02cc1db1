"""Importing a Foundry VTT actor: which game's reader reads the file, the draft carried signed between the upload
and the GM's confirmation, and the one transaction that stores it.

The upload is read into a `Draft` (characters/foundry.py) and shown for review; the draft goes back with the review
form signed (salted with the campaign and the user, so it opens only there and for them, and for an hour), and the
answers to each unmatched item are checked against what that user may choose before anything is stored.
"""

from dataclasses import dataclass

from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import capfirst

import systems
from characters.backup import in_words
from characters.foundry import ROW_KINDS, Draft, FoundryError, foundry_system_id, name_among
from characters.models import Character, CharacterSkill
from rules.models import Armour, Skill, Weapon

SALT = "foundry-import"
DRAFT_MAX_AGE = 3600  # seconds a review stays good: long enough to read it, short enough that a stale tab is refused
CREATE, MAP, LEAVE_OUT = "create", "map", "leave"
MAP_TO = "map:"  # the review's value for "it is <name>": the prefix, then the name
ROWS = {"weapon": Weapon, "armour": Armour, "skill": Skill}


def is_foundry_actor(data):
    return foundry_system_id(data) is not None


def read(data, campaign):
    """The Draft of the actor `data` holds, read by the campaign's game; FoundryError in words if it is another
    game's (or one the tracker cannot read)."""
    game = systems.get(campaign.system)
    system_id = foundry_system_id(data)
    if system_id == "":  # an export older than `_stats`: its shape tells its game
        fields = data["system"] if isinstance(data.get("system"), dict) else data["data"]
        system_id = next(
            (
                other.foundry_system_id
                for other in systems.REGISTRY.values()
                if other.foundry_system_id and other.fits_foundry_shape(fields)
            ),
            None,
        )
    if system_id != game.foundry_system_id or system_id is None:
        made_for = next(
            (other for other in systems.REGISTRY.values() if system_id and other.foundry_system_id == system_id), None
        )
        if made_for is None:
            games = " and ".join(other.short_label for other in systems.REGISTRY.values() if other.foundry_system_id)
            of_game = (
                f"a Foundry VTT {system_id[:40]} character"
                if system_id
                else "a Foundry VTT actor of a game this tracker does not read"
            )
            raise FoundryError(
                f"This is {of_game}: this tracker reads {games} characters; this campaign plays {game.short_label}."
            )
        raise FoundryError(
            f"This is a Foundry VTT {made_for.short_label} character; this campaign plays {game.short_label}."
        )
    return game.read_foundry_actor(data)


def seal(draft, campaign, user):
    return signing.dumps(draft.as_data(), salt=f"{SALT}:{campaign.pk}:{user.pk}", compress=True)


def unseal(token, campaign, user):
    """The Draft a review form carried, or FoundryError when it was changed, made elsewhere, or is too old."""
    try:
        data = signing.loads(token or "", salt=f"{SALT}:{campaign.pk}:{user.pk}", max_age=DRAFT_MAX_AGE)
    except signing.SignatureExpired:
        raise FoundryError("This review is more than an hour old: upload the file again.") from None
    except signing.BadSignature:
        raise FoundryError("This review form was changed or belongs elsewhere: upload the file again.") from None
    return Draft.from_data(data)


@dataclass
class Answer:
    """What the reviewer chose for one unmatched item: create it, map it to `name`, or leave it out."""

    choice: str
    name: str = ""


def may_create(item, by_gm):
    """Whether "create" is offered for `item`: never when the file's item cannot be made as it stands, and a new
    weapon, armour or skill joins the rules data, which only the GM adds to."""
    return not getattr(item, "cannot_create", "") and (by_gm or item.kind not in ROW_KINDS)


def answers(draft, form, campaign, by_gm):
    """Each unmatched item's Answer by its place in `draft.items`, from the review form; FoundryError in words for a
    missing or impossible one."""
    game = systems.get(campaign.system)
    found = {}
    for index, item in enumerate(draft.items):
        if item.match is not None:
            continue
        choice = form.get(f"item-{index}", "")
        if choice == CREATE:
            if getattr(item, "cannot_create", ""):
                raise FoundryError(f"{item.name} cannot be made as the file has it: {item.cannot_create}.")
            if not may_create(item, by_gm):
                raise FoundryError(
                    f"Only the GM creates a new {item.kind} ({item.name}): rules data is shared by every campaign of "
                    "the game. Pick an existing one or leave it out."
                )
            found[index] = Answer(CREATE)
        elif choice.startswith(MAP_TO):
            name = choice.removeprefix(MAP_TO)
            if name not in game.foundry_choices(item.kind):
                raise FoundryError(f"Pick which {item.kind} {item.name} is, or choose another way for it.")
            found[index] = Answer(MAP, name)
        elif choice == LEAVE_OUT:
            found[index] = Answer(LEAVE_OUT)
        else:
            raise FoundryError(f"Choose what to do with {item.name}: create it, pick an existing one, or leave it out.")
    return found


def review(draft, campaign, by_gm, form=None):
    """What the review page shows of an unmatched item: its choices and the one selected, which is the reviewer's
    own when the page comes back with an error (`form`), else the row of the same name, else create (or leave out
    where creating is not theirs or not possible)."""
    game = systems.get(campaign.system)
    unmatched = []
    for index, item in enumerate(draft.items):
        if item.match is not None:
            continue
        choices = game.foundry_choices(item.kind)
        creatable = may_create(item, by_gm)
        same_name = name_among(choices, item.name)
        usual = MAP_TO + same_name if same_name else CREATE if creatable else LEAVE_OUT
        unmatched.append({
            "index": index, "item": item, "details": described(item.details), "choices": choices,
            "may_create": creatable, "cannot_create": getattr(item, "cannot_create", ""),
            "chosen": form.get(f"item-{index}", usual) if form is not None else usual,
        })  # fmt: skip
    return unmatched


def readable(key):
    return str(key).replace("_", " ").capitalize()


def described(details):
    """An item's `details` in words, empty values skipped: "Kind melee · Damage 6 · Properties Damaging, Hack"."""
    words = []
    for key, value in details.items():
        if value in (None, "", False, [], {}):
            continue
        if value is True:
            words.append(readable(key))
        elif isinstance(value, dict):
            listed = [name if rating in (None, True, 0, "") else f"{name} {rating}" for name, rating in value.items()]
            words.append(f"{readable(key)} {', '.join(listed)}")
        elif isinstance(value, list | tuple):
            words.append(f"{readable(key)} {', '.join(map(str, value))}")
        else:
            words.append(f"{readable(key)} {value}")
    return " · ".join(words)


def counters(draft, campaign):
    """The draft's counters as (label, value in words), labelled as the game's sheet labels them."""
    schema = systems.get(campaign.system).sheet_schema.points
    shown = []
    for key, value in draft.points.items():
        label = schema[key].label if key in schema else readable(key)
        if isinstance(value, dict):
            value = ", ".join(f"{name} {held}" for name, held in value.items())
        shown.append((label, value))
    return shown


def wounds_label(campaign):
    """The game's word for a sheet's wounds as its sheet form names them (Toughness in one game), else Wounds."""
    form = systems.get(campaign.system).character_form(instance=Character(campaign=campaign))
    label = form.fields["max_wounds"].label
    default = capfirst(Character._meta.get_field("max_wounds").verbose_name)
    return "Wounds" if label == default else label


def namesakes(draft, campaign, owner):
    """Whether the campaign already has a character of the draft's name: any, for the GM; for a player, one of their
    own (the GM's NPCs are not theirs to learn of)."""
    characters = Character.objects.filter(campaign=campaign, name__iexact=draft.name)
    return (characters if owner is None else characters.filter(player=owner)).exists()


def rules_row(kind, name, campaign):
    row = ROWS[kind].objects.filter(system=campaign.system, name=name).first()
    if row is None:  # deleted from the rules data since the review
        raise FoundryError(f"The {kind} {name} is no longer in this game's rules data: choose again.")
    return row


def save(draft, campaign, owner, chosen):
    """The character the Draft describes, with the chosen items, in one transaction: new rules rows are made by the
    game (never an existing row changed), the sheet is checked as at every door (`Character.full_clean`). Returns
    (character, names of new rules rows). FoundryError in words, nothing stored, when the sheet cannot hold it."""
    game = systems.get(campaign.system)
    with transaction.atomic():
        created = []
        rows = {kind: [] for kind in ROW_KINDS}
        skills = {}
        traits, abilities = dict(draft.traits), dict(draft.abilities)
        for index, item in enumerate(draft.items):
            answer = chosen.get(index, Answer(MAP, item.match or ""))
            if answer.choice == LEAVE_OUT:
                continue
            if answer.choice == CREATE and item.kind in ROW_KINDS:
                try:
                    name = game.create_foundry_item(item)
                except ValidationError as error:
                    raise FoundryError(in_words(f"The new {item.kind} {item.name}", error)) from None
                created.append(name)
            elif answer.choice == CREATE:
                name = item.name
            else:
                name = answer.name
            game.foundry_item_saved(draft, item, name)
            if item.kind == "skill":
                row = rules_row(item.kind, name, campaign)
                # Two of the file's skills mapped to one row: the better trained counts.
                advances = max(item.value or 0, getattr(skills.get(row.pk), "advances", 0))
                skills[row.pk] = CharacterSkill(skill=row, advances=advances)
            elif item.kind in ROW_KINDS:
                rows[item.kind].append(rules_row(item.kind, name, campaign))
            elif item.kind == "trait":
                traits[name] = item.value
            else:
                abilities[name] = str(item.value) if item.value not in (None, "") else "Yes"
        character = Character(
            campaign=campaign,
            name=draft.name,
            player=owner,
            is_npc=draft.is_npc and owner is None,
            max_wounds=draft.max_wounds,
            characteristics=draft.characteristics,
            points=draft.points,
            traits=traits,
            abilities=abilities,
            notes=draft.notes,
        )
        try:
            character.full_clean(validate_unique=False, validate_constraints=False)
        except ValidationError as error:
            raise FoundryError(in_words("The character", error)) from None
        character.save()
        character.weapons.set(rows["weapon"])
        character.armour.set(rows["armour"])
        for skill in skills.values():
            skill.character = character
        CharacterSkill.objects.bulk_create(skills.values())
    return character, created
