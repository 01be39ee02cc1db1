"""Creating encounters: they belong to a campaign, created on the fly when the API caller names none."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from characters.models import Campaign
from combat.commands.fields import storable_text, whole_number
from combat.models import Encounter
from rules.house_rules import normalise
from rules.systems import GameSystem


class EncounterCreationError(Exception):
    pass


def visible_encounters(user):
    return (
        Encounter.objects.filter(Q(campaign__gm=user) | Q(campaign__players=user)).select_related("campaign").distinct()
    )


def create_encounter(user, name, system=None, house_rules=(), campaign_id=None):
    if not isinstance(name, str) or not name.strip():
        raise EncounterCreationError("Give the encounter a name.")
    if len(name) > 120:
        raise EncounterCreationError("The name can be at most 120 characters.")
    try:
        storable_text(name)
    except ValidationError as exc:
        raise EncounterCreationError(exc.messages[0]) from None
    if campaign_id is not None:
        pk = whole_number(campaign_id)
        campaign = Campaign.objects.filter(pk=pk, gm=user).first() if pk is not None else None
        if campaign is None:
            raise EncounterCreationError(f"You run no campaign {campaign_id}.")
        if system not in (None, campaign.system):
            raise EncounterCreationError(f"Campaign {campaign.name} plays {campaign.system}, not {system}.")
        system = campaign.system
    elif system not in GameSystem.values:
        raise EncounterCreationError(f"system must be one of: {', '.join(GameSystem.values)}.")
    try:
        house_rules = normalise(system, list(house_rules) if isinstance(house_rules, tuple) else house_rules)
    except ValueError as exc:
        raise EncounterCreationError(str(exc)) from None
    with transaction.atomic():
        if campaign_id is None:
            campaign = Campaign.objects.create(name=name.strip(), system=system, gm=user, house_rules=house_rules)
        return Encounter.objects.create(
            campaign=campaign, name=name.strip(), house_rules=house_rules or list(campaign.house_rules)
        )
