from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from characters.models import Campaign
from combat import commands, reads, rendering, views_state
from combat.creation import EncounterCreationError, create_encounter, group_members
from combat.live import execute_for_answer
from combat.models import Encounter
from combat.rendering import live_fragments
from rules import house_rules as rules


def encounter_or_404(pk):
    try:
        return reads.encounter(pk)
    except Encounter.DoesNotExist:
        raise Http404("No such encounter.") from None


def viewer(request, pk, with_sheets=False):
    view = views_state.build(encounter_or_404(pk), request.user, with_sheets=with_sheets)
    if view is None:  # an outsider: another campaign's encounter answers as a missing one does
        raise Http404("No such encounter.")
    return view


@login_required
def encounter(request, pk):
    view = viewer(request, pk, with_sheets=True)
    return render_page(request, view, view.system.attack_panel(view, request.GET) if view.is_gm else None)


def render_page(request, view, panel):
    context = {"view": view, "encounter": view.encounter, "attack": panel}
    if view.is_gm:
        context["characters"] = view.encounter.campaign.characters.all()
    return rendering.page(request, view, context)


def command_args(post):
    """Form fields become command arguments; empty inputs mean 'not given'."""
    return {
        key: ",".join(post.getlist(key))
        for key in post
        if key not in {"csrfmiddlewaretoken", "expected_version"} and ",".join(post.getlist(key)) != ""
    }


@login_required
@require_POST
def run_command(request, pk, name):
    encounter, data, allow = encounter_or_404(pk), None, None
    try:
        outcome, data = execute_for_answer(
            encounter, request.user, name, command_args(request.POST), request.POST.get("expected_version")
        )
        flash, level = outcome.message, "success"
    except Encounter.DoesNotExist:  # an outsider's command: the encounter answers as a missing one does
        raise Http404("No such encounter.") from None
    except commands.CommandForbidden as exc:
        raise PermissionDenied(str(exc)) from None
    except commands.CommandError as exc:
        flash, level = str(exc), "error"
        if isinstance(exc, commands.TurnRefused) and exc.overrulable:
            allow = {"url": request.path, "args": sorted(command_args(request.POST).items())}
    fresh = views_state.build(encounter, request.user, data=data)
    flash = fresh.told(flash)  # a player's answer names NPCs as the GM lets the players know them
    if not request.htmx:
        getattr(messages, level)(request, flash)
        return redirect(encounter)
    return HttpResponse(live_fragments(fresh, request, flash={"text": flash, "level": level, "allow": allow}))


@login_required
def house_rules(request, pk):
    """The encounter's house rules with their text; the GM's form posts to the set_house_rules command."""
    view = viewer(request, pk)
    encounter = view.encounter
    return render(
        request,
        "rules/house_rules.html",
        {
            "owner": encounter,
            "groups": rules.grouped(encounter.system, encounter.house_rules),
            "editable": view.is_gm,
            "action": reverse("command", args=[encounter.pk, "set_house_rules"]),
            "back": encounter.get_absolute_url(),
        },
    )


@login_required
@require_POST
def new_encounter(request, campaign_pk):
    campaign = get_object_or_404(Campaign, pk=campaign_pk, gm=request.user)
    group = request.POST.get("group", "")
    try:
        members = group_members(campaign, group) if group else ()
        created = create_encounter(request.user, request.POST.get("name", ""), campaign_id=campaign.pk, members=members)
    except EncounterCreationError as exc:
        messages.error(request, str(exc))
        return redirect(campaign)
    return redirect(created)
