"""Who may see or change an encounter: its campaign's GM, or a player of the campaign."""

from types import SimpleNamespace

from django.contrib import auth
from django.db.models import Exists, OuterRef

from characters.models import Campaign
from combat.models import Encounter

GM = "gm"
PLAYER = "player"


def role(encounter, user, player_ids=None):
    """GM, PLAYER or None; `player_ids`, the campaign's players when already read, saves asking the database."""
    if not getattr(user, "is_authenticated", False):
        return None
    if encounter.campaign.gm_id == user.pk:
        return GM
    if player_ids is not None:
        return PLAYER if user.pk in player_ids else None
    if encounter.campaign.players.filter(pk=user.pk).exists():
        return PLAYER
    return None


def session_user(session):
    """The user logged in to `session`, or AnonymousUser, checked as Django checks a request's (a logout, an
    expired session or a changed password ends it). A session signed with a SECRET_KEY_FALLBACKS key would be
    cycled here, where the new key never reaches the browser, logging it out: none are configured."""
    return auth.get_user(SimpleNamespace(session=session))


def version_and_role(encounter_id, user):
    """The encounter's version and the user's role in it, asked afresh in one statement (a websocket's connect);
    (None, None) when the encounter is gone."""
    if not getattr(user, "is_authenticated", False):
        return None, None
    plays = Campaign.players.through.objects.filter(campaign=OuterRef("campaign"), user=user.pk)
    found = (
        Encounter.objects.filter(pk=encounter_id)
        .annotate(plays=Exists(plays))
        .values_list("version", "campaign__gm_id", "plays")
        .first()
    )
    if found is None:
        return None, None
    version, gm_id, is_player = found
    return version, GM if gm_id == user.pk else PLAYER if is_player else None
