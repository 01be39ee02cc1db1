"""The GM's copies of encounters: duplicating one, saving its combatants as a group of the campaign, deleting a
group. Starting an encounter from a group is the new-encounter form's (combat.views.new_encounter)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.views.decorators.http import require_POST

from combat.creation import EncounterCreationError, duplicate_encounter, save_group
from combat.models import CombatantGroup, Encounter


def as_gm(request, campaign):
    """Only the campaign's GM goes on: a player is refused, an outsider learns nothing exists."""
    if campaign.gm_id == request.user.pk:
        return
    if campaign.is_member(request.user):
        raise PermissionDenied("Only the GM does that.")
    raise Http404("Nothing here.")


def gm_encounter(request, pk):
    encounter = get_object_or_404(Encounter.objects.select_related("campaign"), pk=pk)
    as_gm(request, encounter.campaign)
    return encounter


@login_required
@require_POST
def duplicate(request, pk):
    copy = duplicate_encounter(gm_encounter(request, pk))
    messages.success(request, f"{copy.name} is ready: the same combatants at full wounds, not started yet.")
    return redirect(copy)


@login_required
@require_POST
def save_as_group(request, pk):
    encounter = gm_encounter(request, pk)
    try:
        group = save_group(encounter, request.POST.get("name", ""))
    except EncounterCreationError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, f"Saved the group {group.name} ({len(group.members)} combatants).")
    return redirect(encounter.campaign)


@login_required
@require_POST
def delete_group(request, pk):
    group = get_object_or_404(CombatantGroup.objects.select_related("campaign"), pk=pk)
    as_gm(request, group.campaign)
    group.delete()
    messages.success(request, f"Deleted the group {group.name}.")
    return redirect(group.campaign)
