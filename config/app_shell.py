"""The tracker as an installable app: its manifest, its service worker and the page that worker shows when the server
cannot be reached. None of them holds anything of a user's: the same bytes for everyone, logged in or not."""

import hashlib
from pathlib import Path

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_safe

# What a phone needs to draw any page and the offline page, cached when the worker installs. Only files that are the
# same for everyone: never a page, an API answer or anything else drawn for a user.
SHELL_STATIC = (
    "css/app.css",
    "vendor/htmx-2.0.11.min.js",
    "vendor/htmx-ext-ws-2.0.4.min.js",
    "js/live.js",
    "js/phone.js",
    "js/gm.js",
    "js/copy.js",
    "icons/icon-192.png",
    "icons/icon-512.png",
)


def offline_page():
    """Drawn without the request, so it can hold no user's name, token or data, whoever asks for it."""
    return render_to_string("app/offline.html")


def service_worker():
    """The worker's script, with the shell's real URLs (hashed names in production). Its cache is named after a
    digest of the shell's files and of the offline page, so a deploy (or, with `make run`'s plain names, an edit)
    that changes any of them installs a new shell and the worker's activation deletes the old one."""
    shell = [staticfiles_storage.url(path) for path in SHELL_STATIC]
    offline = reverse("offline")
    digest = hashlib.sha256(offline_page().encode())
    for path in SHELL_STATIC:
        digest.update(Path(finders.find(path)).read_bytes())
    context = {"cache_name": f"shell-{digest.hexdigest()[:12]}", "shell": [*shell, offline], "offline": offline}
    return render_to_string("app/sw.js", context)


@require_safe
def manifest(request):
    return HttpResponse(render_to_string("app/manifest.webmanifest"), content_type="application/manifest+json")


@require_safe
def worker(request):
    """Served at the site's root so that its scope is the whole site; never kept by the browser's HTTP cache, so a
    deploy reaches phones at their next page load."""
    response = HttpResponse(service_worker(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline(request):
    return HttpResponse(offline_page())
