"""Creating encounters: they belong to a campaign, created on the fly when the API caller names none. An encounter
may start with members, fresh combatants copied from another encounter or from a group the GM saved."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

import systems
from characters.models import Campaign
from combat.commands.fields import LARGEST, storable_text, whole_number
from combat.models import Combatant, CombatantGroup, Encounter
from combat.words import copy_name
from rules.house_rules import normalise

NAME_LENGTH = Encounter._meta.get_field("name").max_length


class EncounterCreationError(Exception):
    pass


def visible_encounters(user):
    return (
        Encounter.objects.filter(Q(campaign__gm=user) | Q(campaign__players=user)).select_related("campaign").distinct()
    )


def create_encounter(user, name, system=None, house_rules=(), campaign_id=None, members=()):
    name = checked_name(name, "the encounter")
    if campaign_id is not None:
        pk = whole_number(campaign_id)
        campaign = Campaign.objects.filter(pk=pk, gm=user).first() if pk is not None else None
        if campaign is None:
            raise EncounterCreationError(f"You run no campaign {campaign_id}.")
        if system not in (None, campaign.system):
            raise EncounterCreationError(f"Campaign {campaign.name} plays {campaign.system}, not {system}.")
        system = campaign.system
    else:
        offered = [key for key, _ in systems.offered()]  # a list: a JSON list or object as `system` is not hashable
        if system not in offered:
            raise EncounterCreationError(f"system must be one of: {', '.join(offered)}.")
    try:
        house_rules = normalise(system, list(house_rules) if isinstance(house_rules, tuple) else house_rules)
    except ValueError as exc:
        raise EncounterCreationError(str(exc)) from None
    with transaction.atomic():
        if campaign_id is None:
            campaign = Campaign.objects.create(name=name, system=system, gm=user, house_rules=house_rules)
        return build_encounter(campaign, name, house_rules or campaign.house_rules, members)


def checked_name(name, what):
    """The name stripped, once it is one a GM may give `what` ("the encounter", "the group")."""
    if not isinstance(name, str) or not name.strip():
        raise EncounterCreationError(f"Give {what} a name.")
    if len(name.strip()) > NAME_LENGTH:
        raise EncounterCreationError(f"The name can be at most {NAME_LENGTH} characters.")
    try:
        storable_text(name)
    except ValidationError as exc:
        raise EncounterCreationError(exc.messages[0]) from None
    return name.strip()


def build_encounter(campaign, name, house_rules, members):
    """A planned encounter of `campaign` whose combatants are `members` (see `members_of`), in that order, each at
    full wounds with no initiative yet. A member whose character has left the campaign joins under its name alone."""
    encounter = Encounter.objects.create(campaign=campaign, name=name, house_rules=list(house_rules))
    wanted = {member["character"] for member in members if member["character"]}
    present = set(campaign.characters.filter(pk__in=wanted).values_list("pk", flat=True)) if wanted else set()
    Combatant.objects.bulk_create(
        Combatant(
            encounter=encounter,
            character_id=member["character"] if member["character"] in present else None,
            name=member["name"],
            side=member["side"],
            hidden=member["hidden"],
            max_wounds=member["max_wounds"],
            wounds=member["max_wounds"],
            position=place,
        )
        for place, member in enumerate(members)
    )
    return encounter


def members_of(encounter):
    """What a copy keeps of the encounter's combatants, in turn order: who, on which side, hidden or not, and their
    max wounds; never what the fight did to them."""
    return [
        {"character": c.character_id, "name": c.name, "side": c.side, "hidden": c.hidden, "max_wounds": c.max_wounds}
        for c in encounter.combatants.order_by("position", "pk")
    ]


def duplicate_encounter(encounter):
    """A new planned encounter of the same campaign, "<name> (copy)", with the same combatants and house rules."""
    taken = set(encounter.campaign.encounters.values_list("name", flat=True))
    with transaction.atomic():
        return build_encounter(
            encounter.campaign,
            copy_name(encounter.name, taken, NAME_LENGTH),
            encounter.house_rules,
            members_of(encounter),
        )


def save_group(encounter, name):
    """The encounter's combatants saved as a group of its campaign, named `name`."""
    name = checked_name(name, "the group")
    if encounter.campaign.combatant_groups.filter(name=name).exists():
        raise EncounterCreationError(f"There is already a group named {name}: give this one another name.")
    members = members_of(encounter)
    if not members:
        raise EncounterCreationError("Add combatants to the encounter before saving them as a group.")
    return CombatantGroup.objects.create(campaign=encounter.campaign, name=name, members=members)


def group_members(campaign, group_id):
    """The members of the campaign's saved group `group_id` (a form's digits), for a new encounter to start with."""
    pk = whole_number(group_id)
    group = campaign.combatant_groups.filter(pk=pk).first() if pk is not None and 0 < pk <= LARGEST else None
    if group is None:
        raise EncounterCreationError("There is no such group in this campaign: pick one from the list.")
    return group.members
