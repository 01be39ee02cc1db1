"""The viewer's encounter screen and live partials, rendered as htmx out-of-band swaps: the same partials as the first
page load.

Everything here is rendered with a placeholder for the CSRF token, so a part drawn for one viewer or request is the
same for the next: the GM's rows are reused (`{% reuse %}`) on a page load and a command's answer as they do on a push
(templates/combat/gm.html), where a token that changes with each request would miss it every time. The viewer's own
token goes in as the HTML leaves: here for a request, in combat/consumers.py for a websocket. The GM's rows carry a
stand-in for the version too, so a row is reused whole from one version to the next; it is filled in here.
"""

from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string

from combat.permissions import GM, TABLE

CSRF_PLACEHOLDER = "csrf-token-of-the-viewer"
VERSION_PLACEHOLDER = "version-of-the-render"


SCREENS = {GM: "combat/gm.html", TABLE: "combat/table.html"}  # every other viewer: a player's phone


def page_template(view):
    return SCREENS.get(view.role, "combat/player.html")


def draw(template_name, view, context, request=None, fill_version=True):
    """`template_name` with the stand-ins in its context; the version filled in (unless not `fill_version`), the CSRF
    token not yet."""
    stand_ins = {"csrf_token": CSRF_PLACEHOLDER, "version_placeholder": VERSION_PLACEHOLDER}
    html = render_to_string(template_name, {**context, **stand_ins}, request=request)
    return html.replace(VERSION_PLACEHOLDER, str(view.encounter.version)) if fill_version else html


def render_for(request, template_name, view, context):
    """`template_name` rendered for `request`, with its CSRF token put in."""
    return draw(template_name, view, context, request).replace(CSRF_PLACEHOLDER, get_token(request))


def page(request, view, context):
    return HttpResponse(render_for(request, page_template(view), view, context))


def live_fragments(view, request=None, flash=None, fill_version=True):
    """Without a request (a websocket push) the forms carry CSRF_PLACEHOLDER, for each socket to put its viewer's
    token in; without `fill_version`, the GM rows keep VERSION_PLACEHOLDER for the push to fill in (combat/live.py)."""
    context = {"view": view, "encounter": view.encounter, "oob": True, "flash": flash}
    template_name = f"{page_template(view)}#live"
    if request is None:
        return draw(template_name, view, context, fill_version=fill_version)
    return render_for(request, template_name, view, context)
