"""Who may see and change a character sheet: its campaign's GM, and the player who owns it."""

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404

from characters.models import Campaign, Character

GM, OWNER = "gm", "owner"


def campaign_for(user, pk, queryset=None):
    """The campaign, to its GM and players; to anyone else it answers as a missing one does, so ids cannot be
    probed."""
    campaign = get_object_or_404(queryset if queryset is not None else Campaign.objects.all(), pk=pk)
    if not campaign.is_member(user):
        raise Http404("No such campaign.")
    return campaign


def sheet_role(character, user):
    if character.campaign.gm_id == user.pk:
        return GM
    if not character.is_npc and character.player_id == user.pk:
        return OWNER
    return None


def character_for(user, pk, allowed=(GM, OWNER), queryset=None):
    """The character and the user's role on it; 403 for a fellow player's character, and 404 for what the user
    cannot know exists (no such character, an NPC, another campaign's), so ids cannot be probed."""
    queryset = queryset if queryset is not None else Character.objects.all()
    character = get_object_or_404(queryset.select_related("campaign", "player"), pk=pk)
    role = sheet_role(character, user)
    if role is None and (character.is_npc or not character.campaign.players.filter(pk=user.pk).exists()):
        raise Http404("No such character.")
    if role not in allowed:
        raise PermissionDenied("That character sheet is not yours.")
    return character, role
