"""The viewer's live partials, rendered as htmx out-of-band swaps: the same partials as the first page load."""

from django.template.loader import render_to_string


def page_template(view):
    return "combat/gm.html" if view.is_gm else "combat/player.html"


def live_fragments(view, request=None, flash=None, csrf_token=None):
    """With no request (a websocket push), `csrf_token` is the viewer's CSRF cookie, so pushed forms still post."""
    context = {"view": view, "encounter": view.encounter, "oob": True, "flash": flash}
    if request is None:
        context["csrf_token"] = csrf_token or ""
    return render_to_string(f"{page_template(view)}#live", context, request=request)
