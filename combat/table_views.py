"""The table screen: a read-only view of a fight for a TV or projector, opened by a link the GM makes, without a login
(docs/architecture.md "Live updates")."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from characters.joining import days_asked, lasting
from combat import rendering, views_state
from combat.models import TableLink
from combat.permissions import GM, PLAYER, TABLE, TABLE_VIEWER, role
from combat.views import encounter_or_404


def table_screen(request, token):
    """The fight as the table may see it: what a player with no character of their own sees, live. A link unknown,
    revoked or expired answers in words, naming nothing of the encounter."""
    link = TableLink.objects.filter(token=token).first()
    if link is None or not link.live:
        return render(request, "combat/table_gone.html", {"link": link}, status=404 if link is None else 410)
    view = views_state.build(encounter_or_404(link.encounter_id), TABLE_VIEWER, TABLE)
    return rendering.page(request, view, {"view": view, "encounter": view.encounter, "token": link.token})


def encounter_run_by(user, pk):
    """The encounter, for its GM. A player is refused; to anyone else it does not exist."""
    encounter = encounter_or_404(pk)
    found = role(encounter, user)
    if found == GM:
        return encounter
    if found == PLAYER:
        raise PermissionDenied("Only the GM makes table screen links.")
    raise Http404("No such encounter.")


@login_required
def table_links(request, pk):
    """The GM's table screen links of an encounter: each live one to copy or revoke, and a form for a new one."""
    encounter = encounter_run_by(request.user, pk)
    links = list(encounter.table_links.live())
    for link in links:
        link.url = request.build_absolute_uri(link.get_absolute_url())
    context = {"encounter": encounter, "links": links, "link_days": TableLink.DAYS, "default": TableLink.DEFAULT_DAYS}
    return render(request, "combat/table_links.html", context)


@login_required
@require_POST
def create_table_link(request, pk):
    encounter = encounter_run_by(request.user, pk)
    days = days_asked(request, TableLink)
    if days is not None:
        link = TableLink.issue(days, encounter=encounter)
        messages.success(request, f"New table screen link, {lasting(link, days)}. Open it on the screen everyone sees.")
    return redirect("table-links", encounter.pk)


@login_required
@require_POST
def revoke_table_link(request, pk, link_pk):
    encounter = encounter_run_by(request.user, pk)
    get_object_or_404(TableLink, pk=link_pk, encounter=encounter).revoke()
    messages.success(request, "Link revoked: the screen showing it stops following the fight and says so.")
    return redirect("table-links", encounter.pk)
