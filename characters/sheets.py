"""Character sheets made, changed, copied, deleted, downloaded and uploaded in the app.

The GM makes player characters and NPCs and alone changes a sheet afterwards; a player makes their own character
(then the GM takes over its sheet, and the player keeps their notes) and downloads or imports their own."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.http import require_POST

import systems
from characters import access, backup, foundry, foundry_import
from characters.forms import RowChoiceField, SkillFormSet
from characters.models import Character
from combat import commands
from combat.models import Encounter
from combat.words import copy_name

MAX_FILE_BYTES = 1_000_000  # a character file is a few kilobytes; anything near this is not one


@login_required
def new_character(request, pk, npc=False):
    campaign = access.campaign_for(request.user, pk)
    is_gm = campaign.gm_id == request.user.pk
    if npc and not is_gm:
        raise PermissionDenied("Only the GM makes NPCs.")
    character = Character(campaign=campaign, is_npc=npc, player=None if is_gm else request.user)
    form, skills = _sheet_forms(request, character, is_gm)
    if is_gm and not npc:
        form.fields["player"] = RowChoiceField(
            campaign.players.order_by("username"),
            required=False,
            label="Played by",
            empty_label="Nobody yet: a player claims it",
        )
    if request.method == "POST" and _valid(form, skills):
        with transaction.atomic():
            if "player" in form.fields:
                character.player = form.cleaned_data["player"]
            _save(form, skills)
        if is_gm:
            messages.success(request, f"{character.name} is ready.")
        else:
            messages.success(request, f"{character.name} is yours. From now on the GM keeps the sheet.")
        return redirect("sheet", pk=character.pk)
    kind = "NPC" if npc else "character"
    return _sheet_page(request, form, skills, is_gm, f"New {kind}", f"Save {kind}", campaign.get_absolute_url())


@login_required
def edit_character(request, pk):
    character, _ = access.character_for(request.user, pk, allowed=(access.GM,))
    form, skills = _sheet_forms(request, character, is_gm=True)
    if request.method == "POST" and _valid(form, skills):
        with transaction.atomic():
            fight = points_for_the_fight(character, form)
            _save(form, skills)
            if fight:
                combatant, points = fight
                commands.execute(combatant.encounter, request.user, "set_points", {"combatant": combatant.pk, **points})
        messages.success(request, f"{character.name} saved.")
        return redirect("sheet", pk=character.pk)
    cancel = reverse("sheet", args=[character.pk])
    return _sheet_page(request, form, skills, True, f"Edit {character.name}", "Save", cancel)


def _sheet_page(request, form, skills, is_gm, heading, button, cancel):
    """The sheet form's page, for a new character and an edited one."""
    context = {"character": form.instance, "form": form, "skills": skills, "is_gm": is_gm}
    return render(request, "characters/edit.html", {**context, "heading": heading, "button": button, "cancel": cancel})


def _sheet_forms(request, character, is_gm):
    """The system's sheet form and, if it has skills, the skills formset; a player never sees the GM's notes."""
    system = character.campaign.system
    data = request.POST if request.method == "POST" else None
    form = systems.get(system).character_form(data, instance=character)
    if not is_gm:
        del form.fields["gm_notes"]
    skills = SkillFormSet(data, instance=character, form_kwargs={"system": system}) if form.has_skills else None
    return form, skills


def _valid(form, skills):
    return form.is_valid() and (skills is None or skills.is_valid())


def _save(form, skills):
    form.save()
    if skills is not None:
        skills.save()


def points_for_the_fight(character, form):
    """While the character fights, changed counters go through its encounter's `set_points` command (logged and
    undoable there) instead of straight into the sheet: returns (combatant, points) for the caller to run, or None."""
    stored = Character.objects.get(pk=character.pk)
    points = {
        kind: form.cleaned_data[kind]
        for kind in form.counters
        if form.cleaned_data.get(kind) is not None and form.cleaned_data[kind] != stored.point(kind)
    }
    fighting = list(character.combatants.filter(encounter__status=Encounter.Status.ACTIVE).select_related("encounter"))
    if not (points and fighting):
        return None
    kept = {kind: stored.points[kind] for kind in points if isinstance(stored.points, dict) and kind in stored.points}
    form.instance.points = {**{k: v for k, v in form.instance.points.items() if k not in points}, **kept}
    return fighting[0], points


@login_required
@require_POST
def duplicate_character(request, pk):
    """A copy of every field, skill and piece of gear, unclaimed, an NPC if the original is one."""
    character, _ = access.character_for(request.user, pk, allowed=(access.GM,))
    taken = set(character.campaign.characters.values_list("name", flat=True))
    name = copy_name(character.name, taken, Character._meta.get_field("name").max_length)
    try:
        copy = backup.import_character(
            backup.export_character(character, with_gm_notes=True), character.campaign, name=name
        )
    except backup.BackupError as error:
        messages.error(request, f"{character.name} could not be copied: {error}")
        return redirect("sheet", pk=character.pk)
    messages.success(request, f"{copy.name} is a copy of {character.name}.")
    return redirect("sheet", pk=copy.pk)


@login_required
def delete_character(request, pk):
    """Asks first; the character's combatants stay in their encounters without a sheet (Combatant.character is
    set to null), so no fight loses a combatant mid-round."""
    character, _ = access.character_for(request.user, pk, allowed=(access.GM,))
    if request.method == "POST":
        character.delete()
        messages.success(request, f"{character.name} is deleted.")
        return redirect(character.campaign)
    encounters = Encounter.objects.filter(combatants__character=character).distinct().order_by("name")
    return render(request, "characters/delete.html", {"character": character, "encounters": encounters})


@login_required
def download_character(request, pk):
    character, role = access.character_for(request.user, pk)
    data = backup.export_character(character, with_gm_notes=role == access.GM)
    filename = f"{slugify(character.name) or 'character'}.json"
    return HttpResponse(
        backup.as_json(data),
        content_type="application/json",
        headers={"Content-Disposition": content_disposition_header(True, filename)},
    )


@login_required
@require_POST
def import_character(request, pk):
    """The GM's import keeps the file's NPC or player character, unclaimed; a player's becomes a character of theirs.
    A tracker's character file is stored at once; a Foundry VTT actor is shown for review first."""
    campaign = access.campaign_for(request.user, pk)
    owner = None if campaign.gm_id == request.user.pk else request.user
    upload = request.FILES.get("file")
    if upload is None:
        messages.error(request, "Choose a character file to import.")
        return redirect(campaign)
    if upload.size > foundry.MAX_FOUNDRY_BYTES:
        messages.error(request, "That file is far too big to be a character file.")
        return redirect(campaign)
    try:
        data = json.loads(upload.read())
        if foundry_import.is_foundry_actor(data):
            draft = foundry_import.read(data, campaign)
            return _foundry_review(request, campaign, draft, owner)
        if upload.size > MAX_FILE_BYTES:
            messages.error(request, "That file is far too big to be a character file.")
            return redirect(campaign)
        character = backup.import_character(data, campaign, owner=owner)
    except (ValueError, RecursionError):  # not JSON, not text
        messages.error(
            request,
            "That file is not JSON: choose a character file from this tracker or a Foundry VTT actor's Export Data. "
            "Nothing was imported.",
        )
        return redirect(campaign)
    except (backup.BackupError, foundry.FoundryError) as error:
        messages.error(request, f"{error} Nothing was imported.")
        return redirect(campaign)
    messages.success(request, f"{character.name} is imported.")
    return redirect("sheet", pk=character.pk)


@login_required
def confirm_foundry_import(request, pk):
    """The review's answers: the character the signed draft describes, stored with what the reviewer chose. Opened
    without them (a reload, a phone restoring the tab), it sends back to the campaign to upload again."""
    campaign = access.campaign_for(request.user, pk)
    if request.method != "POST":
        messages.error(request, "The review was not sent: upload the file again.")
        return redirect(campaign)
    owner = None if campaign.gm_id == request.user.pk else request.user
    try:
        draft = foundry_import.unseal(request.POST.get("draft"), campaign, request.user)
    except foundry.FoundryError as error:
        messages.error(request, f"{error} Nothing was imported.")
        return redirect(campaign)
    try:
        chosen = foundry_import.answers(draft, request.POST, campaign, by_gm=owner is None)
        character, created = foundry_import.save(draft, campaign, owner, chosen)
    except foundry.FoundryError as error:
        return _foundry_review(request, campaign, draft, owner, error=f"{error} Nothing is stored yet.")
    made = f" New weapons/armour/skills made: {', '.join(created)}." if created else ""
    messages.success(request, f"{character.name} is imported from Foundry VTT.{made}")
    return redirect("sheet", pk=character.pk)


def _foundry_review(request, campaign, draft, owner, error=""):
    """What the import will store, and a choice for each item the game's rules data lacks."""
    kept = [
        (label, [item for item in draft.items if item.match is not None and item.kind == kind])
        for kind, label in FOUNDRY_KINDS
    ]
    context = {
        "campaign": campaign,
        "draft": draft,
        "sealed": foundry_import.seal(draft, campaign, request.user),
        "wounds_label": foundry_import.wounds_label(campaign),
        "counters": foundry_import.counters(draft, campaign),
        "namesake": foundry_import.namesakes(draft, campaign, owner),
        "kept": [(label, items) for label, items in kept if items],
        "unmatched": foundry_import.review(draft, campaign, owner is None, request.POST if error else None),
        "is_gm": owner is None,
        "error": error,
    }
    return render(request, "characters/foundry_review.html", context, status=400 if error else 200)


FOUNDRY_KINDS = (
    ("skill", "Skills"), ("weapon", "Weapons"), ("armour", "Armour"), ("trait", "Traits"), ("talent", "Talents"),
    ("ability", "Abilities"),
)  # fmt: skip
