from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

import systems
from characters import access, backup, joining
from characters.forms import ApiTokenForm, NotesForm
from characters.models import ApiToken, Campaign, Character
from combat.models import Encounter
from rules import house_rules


@login_required
def home(request):
    campaigns = (
        Campaign.objects.filter(Q(gm=request.user) | Q(players=request.user))
        .select_related("gm")
        .prefetch_related("encounters")
        .distinct()
    )
    return render(request, "characters/home.html", {"campaigns": campaigns, "systems": systems.offered()})


@login_required
@require_POST
def new_campaign(request):
    """The user becomes the GM of a new campaign; "house rules" switches every toggle of its system on."""
    name, system = request.POST.get("name", "").strip(), request.POST.get("system", "")
    offered = dict(systems.offered())
    if not name or len(name) > 120 or system not in offered:
        messages.error(
            request,
            "Give the campaign a name (at most 120 characters) and one of the game systems offered: "
            f"{', '.join(offered.values())}.",
        )
        return redirect("home")
    rules = house_rules.toggle_keys(system) if request.POST.get("house_rules") else []
    campaign = Campaign.objects.create(name=name, system=system, gm=request.user, house_rules=rules)
    messages.success(request, f"{campaign.name} is ready. Invite your players with a join link.")
    return redirect(campaign)


@login_required
def campaign(request, pk):
    campaign = access.campaign_for(request.user, pk, Campaign.objects.select_related("gm"))
    is_gm = campaign.gm_id == request.user.pk
    characters = campaign.characters.select_related("player")
    if not is_gm:
        characters = characters.filter(is_npc=False)
    return render(
        request,
        "characters/campaign.html",
        {
            "campaign": campaign,
            "is_gm": is_gm,
            "characters": characters,
            "encounters": campaign.encounters.all(),
            "groups": campaign.combatant_groups.all() if is_gm else (),
            "parts": systems.get(campaign.system).partials,
            **(joining.invitations(request, campaign) if is_gm else {}),
        },
    )


@login_required
def export_campaign(request, pk):
    """The GM's download of the campaign: the file `manage.py importcampaign` restores."""
    campaign = access.campaign_for(request.user, pk)
    if campaign.gm_id != request.user.pk:
        raise PermissionDenied("Only the GM downloads the campaign.")
    filename = f"{slugify(campaign.name) or 'campaign'}-{campaign.pk}.json"
    return HttpResponse(
        backup.as_json(backup.export_campaign(campaign)),
        content_type="application/json",
        headers={"Content-Disposition": content_disposition_header(True, filename)},
    )


@login_required
@require_POST
def claim(request, pk):
    # NPCs and other campaigns' characters are not shown to the player: they answer like missing ones.
    character = get_object_or_404(
        Character.objects.select_related("campaign"), pk=pk, is_npc=False, campaign__players=request.user
    )
    campaign = character.campaign
    if character.player_id not in (None, request.user.pk):
        messages.error(request, f"{character.name} already belongs to another player.")
    else:
        character.player = request.user
        character.save(update_fields=["player"])
        messages.success(request, f"{character.name} is yours.")
    return redirect(campaign)


@never_cache  # the answer that makes a token holds its raw value
@login_required
@require_http_methods(["GET", "POST"])
def api_token(request):
    """The user's API tokens, and a new one made. Its raw value is shown on this answer only: just its hash is kept."""
    form, made, raw = ApiTokenForm(request.user), None, None
    if request.method == "POST":
        form = ApiTokenForm(request.user, request.POST)
        if form.is_valid():
            made = form.cleaned_data["name"]
            raw = ApiToken.issue(request.user, name=made, scope=form.cleaned_data["scope"], expires=form.expires())
            form = ApiTokenForm(request.user)
    tokens = request.user.api_tokens.live()
    return render(request, "characters/api_token.html", {"form": form, "made": made, "raw": raw, "tokens": tokens})


@login_required
@require_POST
def revoke_api_token(request, pk):
    token = get_object_or_404(ApiToken, pk=pk, user=request.user)
    token.revoke()
    messages.success(request, f"Token {token.name} revoked: whatever uses it is refused from now on.")
    return redirect("api-token")


@login_required
def sheet(request, pk):
    character, role = access.character_for(request.user, pk)
    fighting = (
        character.combatants.filter(encounter__status=Encounter.Status.ACTIVE)
        .select_related("encounter")
        .prefetch_related("conditions__definition")
    )
    if role != access.GM:
        fighting = fighting.filter(hidden=False)
    system = systems.get(character.system)
    return render(
        request,
        "characters/sheet.html",
        {
            "character": character,
            "sheet": system.sheets([character.pk]).get(character.pk),
            "parts": system.partials,
            # Only a sheet stored before sheets were checked can have any; the GM is the one who can mend it.
            "problems": system.sheet_schema.problems(character) if role == access.GM else [],
            "is_gm": role == access.GM,
            "notes_form": NotesForm(instance=character),
            "fighting": fighting,
        },
    )


@login_required
@require_POST
def edit_notes(request, pk):
    character, _ = access.character_for(request.user, pk)
    form = NotesForm(request.POST, instance=character)
    if form.is_valid():
        form.save()
        messages.success(request, "Notes saved.")
    else:
        messages.error(request, "Notes not saved: " + " ".join(form.errors.get("notes", [])))
    return redirect("sheet", pk=character.pk)


@login_required
def campaign_house_rules(request, pk):
    """The campaign's house rules: what new encounters start with. Players read them; the GM switches them."""
    campaign = access.campaign_for(request.user, pk)
    is_gm = campaign.gm_id == request.user.pk
    if request.method == "POST":
        if not is_gm:
            raise PermissionDenied("Only the GM changes the house rules.")
        try:
            campaign.house_rules = house_rules.normalise(campaign.system, request.POST.getlist("rules"))
        except ValueError as exc:
            messages.error(request, str(exc))
        else:
            campaign.save(update_fields=["house_rules"])
            messages.success(request, f"House rules saved: {len(campaign.house_rules)} on.")
        return redirect("campaign-house-rules", pk=campaign.pk)
    return render(
        request,
        "rules/house_rules.html",
        {
            "owner": campaign,
            "groups": house_rules.grouped(campaign.system, campaign.house_rules),
            "editable": is_gm,
            "action": request.path,
            "back": campaign.get_absolute_url(),
        },
    )
