"""The GM's WFRP 4e attack form (GET shows it for the chosen attacker and target, POST previews or applies) and
the critical wound tables' import page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string

from characters.models import Campaign
from combat import commands, views_state
from combat.live import execute_for_answer
from combat.rendering import live_fragments
from combat.views import render_page, viewer
from systems.wfrp4e import attack_panel, critical_rows
from systems.wfrp4e.commands import KEY
from systems.wfrp4e.models import CriticalTable

ATTACK_PARTIAL = "wfrp4e/gm.html#attack"  # the same partial the GM screen shows on its first load
TEST_ODDS_PARTIAL = "wfrp4e/gm.html#test_odds"
# The GM's forms of opposed tests that show their odds before the roll: command -> the form's id.
ODDS_FORMS = {"batter_or_trick": "batter-or-trick", "opposed_test": "opposed-test"}


@login_required
def attack(request, pk):
    """GET: the attack form for the chosen attacker and target. POST: preview the attack, or apply it."""
    view = viewer(request, pk)
    if not view.is_gm:
        raise PermissionDenied("Only the GM resolves attacks.")
    data = request.POST if request.method == "POST" else request.GET
    if view.encounter.system != KEY:
        raise Http404("The attack form resolves WFRP 4e attacks; this encounter plays another system.")
    panel = attack_panel.build(view, data)
    args = {key: data[key] for key in [*attack_panel.FIELDS, "wounds_override"] if data.get(key, "") != ""}
    for name in attack_panel.LIST_FIELDS:
        if hasattr(data, "getlist") and data.getlist(name):
            args[name] = ",".join(data.getlist(name))
    if request.method == "POST" and not panel.moved_on:  # a form drawn for an earlier turn is shown again first
        if data.get("action") == "apply":
            return apply_attack(request, view, panel, args)
        try:
            preview = commands.preview(view.encounter.pk, request.user, "attack", args)
        except commands.CommandError as exc:
            refused(panel, exc)
        else:
            if "asks" in preview.result:  # a player's dice are theirs to roll: their phone asks instead
                return apply_attack(request, view, panel, args)
            attack_panel.with_outcome(panel, preview)
    if not request.htmx:
        return render_page(request, view, panel)
    return render(request, ATTACK_PARTIAL, {"attack": panel, "view": view, "encounter": view.encounter})


def apply_attack(request, view, panel, args):
    """Apply the attack; the answer is the live view plus a fresh form (or the same one, with the error)."""
    try:
        outcome, data = execute_for_answer(
            view.encounter, request.user, "attack", args, request.POST.get("expected_version")
        )
        flash = {"text": outcome.message, "level": "success"}
    except commands.CommandError as exc:
        outcome, data, flash = None, None, {"text": str(exc), "level": "error"}
        refused(panel, exc)
    if not request.htmx:
        getattr(messages, flash["level"])(request, flash["text"])
        return redirect(view.encounter)
    fresh = views_state.build(view.encounter, request.user, data=data)
    if outcome:
        panel = attack_panel.build(fresh, {key: panel.values[key] for key in ("attacker", "target", "weapon")})
    context = {"attack": panel, "view": fresh, "encounter": fresh.encounter}
    return HttpResponse(
        live_fragments(fresh, request, flash=flash) + render_to_string(ATTACK_PARTIAL, context, request)
    )


def refused(panel, exc):
    """The form shows why the attack is refused, and offers the GM to allow anyway what the turn's budget refuses."""
    panel.error = str(exc)
    panel.overrulable = isinstance(exc, commands.TurnRefused) and exc.overrulable


@login_required
def test_odds(request, pk, name):
    """The chance to win of the opposed test a GM form describes (Batter, Trick, the house rules' opposed tests),
    before anyone rolls: the command's own preview of the choices the form shows."""
    view = viewer(request, pk)
    if not view.is_gm:
        raise PermissionDenied("Only the GM's forms show these odds.")
    if name not in ODDS_FORMS or view.encounter.system != KEY:
        raise Http404("No odds for that test here.")
    fields = commands.lookup(name, KEY).args.base_fields
    args = {key: value for key, value in request.GET.items() if key in fields and value != ""}
    try:
        text = f"Chance: {commands.preview(view.encounter.pk, request.user, name, args).message}"
    except commands.CommandError as exc:
        text = f"No odds yet: {exc}"
    return render(request, TEST_ODDS_PARTIAL, {"view": view, "form_id": ODDS_FORMS[name], "command": name,
                                               "odds_text": text})  # fmt: skip


@login_required
def critical_tables(request, pk):
    """The critical wound tables, each with its rows, for the campaign's GM and staff; and the form that imports one
    from a file, for staff alone: the tables are the game's, shared by every WFRP 4e campaign on the site, so one GM
    may not rewrite another's."""
    campaign = get_object_or_404(Campaign, pk=pk, system=KEY)
    if not (request.user.is_staff or campaign.is_member(request.user)):
        raise Http404("No such campaign.")
    if not (request.user.is_staff or campaign.gm_id == request.user.pk):
        raise PermissionDenied("Only the GM sees the critical tables.")
    if request.method == "POST" and not request.user.is_staff:
        raise PermissionDenied("Only the site's admins import critical tables: every WFRP 4e campaign shares them.")
    form = critical_rows.ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        table, rows = form.cleaned_data["table"], form.cleaned_data["rows"]
        critical_rows.replace_rows(table, rows)
        messages.success(request, f"The {table.name} critical table now has {len(rows)} rows.")
        return redirect(request.path)
    tables = CriticalTable.objects.filter(system=KEY).prefetch_related("wounds")
    context = {"campaign": campaign, "form": form, "tables": tables}
    return render(request, "wfrp4e/critical_tables.html", context, status=400 if form.errors else 200)
