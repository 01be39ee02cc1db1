"""The JSON API (docs/architecture.md "JSON API"): session cookie with CSRF, or `Authorization: Bearer <token>`."""

import json
from functools import wraps

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import JsonResponse
from django.views import csrf
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods

from combat import commands, known, reads, views_state
from combat.creation import EncounterCreationError, create_encounter, visible_encounters
from combat.live import execute_for_answer
from combat.models import Encounter

# No command's arguments nest deeper than a list of lists inside "args"; the margin is for what clients wrap them in.
MOST_NESTED = 16
READ_ONLY_METHODS = ("GET", "HEAD")  # all a read-only token may send
STATUS_FOR = {
    commands.CommandForbidden: 403,
    commands.StaleVersion: 409,
    commands.TurnRefused: 400,
    commands.CommandError: 400,
}


def error(message, status):
    return JsonResponse({"ok": False, "error": message}, status=status)


def csrf_failure(request, reason=""):
    """CSRF_FAILURE_VIEW: the API answers in JSON like its other errors; the pages show templates/403_csrf.html."""
    if request.path_info.startswith("/api/"):
        return error(
            f"The CSRF check failed: {reason.rstrip('.')}. With a session login, send the X-CSRFToken header, "
            "or authenticate with 'Authorization: Bearer <token>'.",
            403,
        )
    return csrf.csrf_failure(request, reason)


def api_login_required(view):
    """Who calls, and what they may do. A bearer token (characters/middleware.py) needs no CSRF token: a browser never
    sends that header by itself, so another site cannot make a visitor's browser send it. A read-only token only
    reads. A call with the session cookie is checked for CSRF as the pages' forms are, then must be logged in."""

    @csrf_protect
    def by_session(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return error("Log in, or send 'Authorization: Bearer <token>'.", 401)
        return view(request, *args, **kwargs)

    @csrf_exempt  # CsrfViewMiddleware would check every call; by_session checks the session's
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        token = request.api_token
        if token is None:
            return by_session(request, *args, **kwargs)
        if token.read_only and request.method not in READ_ONLY_METHODS:
            return error("This token is read-only: it can read encounters but not change or create them.", 403)
        return view(request, *args, **kwargs)

    return wrapped


def json_body(request):
    """The body's JSON object, or a CommandError in words: a body over DATA_UPLOAD_MAX_MEMORY_SIZE bytes, or with lists
    and objects nested deeper than MOST_NESTED, is refused before anything reads it."""
    try:
        body = json.loads(request.body or b"{}")
    except RequestDataTooBig:
        raise commands.CommandError(
            f"The request body is larger than {settings.DATA_UPLOAD_MAX_MEMORY_SIZE} bytes."
        ) from None
    except RecursionError:
        raise too_deep() from None
    except (ValueError, UnicodeDecodeError):
        raise commands.CommandError("The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise commands.CommandError("The request body must be a JSON object.")
    if nesting(body) > MOST_NESTED:
        raise too_deep()
    return body


def too_deep():
    return commands.CommandError(f"The request body nests lists and objects more than {MOST_NESTED} deep.")


def nesting(value):
    """How deep lists and objects nest in a parsed JSON value (a plain value is 0 deep)."""
    deepest, waiting = 0, [(value, 1)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, depth)
            waiting.extend((inner, depth + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest


def no_encounter(pk):
    return error(f"There is no encounter {pk}.", 404)


def encounter_or_error(pk):
    """(encounter, None) or (None, a 404 response)."""
    try:
        return reads.encounter(pk), None
    except Encounter.DoesNotExist:
        return None, no_encounter(pk)


def viewer_state(pk, user):
    """(view, None) or (None, error response) for encounter `pk` as `user` sees it."""
    encounter, failure = encounter_or_error(pk)
    if failure:
        return None, failure
    view = views_state.build(encounter, user, for_screen=False)
    if view is None:  # an outsider: another campaign's encounter answers as a missing one does
        return None, no_encounter(pk)
    return view, None


@require_http_methods(["GET", "POST"])
@api_login_required
def encounters(request):
    if request.method == "GET":
        return JsonResponse(
            {"encounters": [{"id": e.pk, "name": e.name, "system": e.system} for e in visible_encounters(request.user)]}
        )
    try:
        body = json_body(request)
        encounter = create_encounter(
            request.user,
            name=body.get("name"),
            system=body.get("system"),
            house_rules=body.get("houserules", []),
            campaign_id=body.get("campaign"),
        )
    except (commands.CommandError, EncounterCreationError) as exc:
        return error(str(exc), 400)
    view, _ = viewer_state(encounter.pk, request.user)
    return JsonResponse(views_state.as_json(view), status=201)


@require_http_methods(["GET"])
@api_login_required
def encounter_state(request, pk):
    view, failure = viewer_state(pk, request.user)
    return failure or JsonResponse(views_state.as_json(view))


@require_http_methods(["POST"])
@api_login_required
def encounter_command(request, pk):
    try:
        body = json_body(request)
        if not isinstance(body.get("command"), str):
            raise commands.CommandError('Say which command to run: {"command": name, "args": {...}}.')
        # By id: the spine's locked read is the only read of the encounter before the command.
        outcome, data = execute_for_answer(
            pk, request.user, body["command"], body.get("args"), body.get("expected_version"), with_log=False
        )
    except Encounter.DoesNotExist:
        return no_encounter(pk)
    except commands.CommandError as exc:
        return error(views_state.told_to(pk, request.user, str(exc)), STATUS_FOR[type(exc)])
    view = views_state.build(outcome.encounter, request.user, data=data, for_screen=False)
    return JsonResponse(
        {
            "ok": True,
            "version": outcome.version,
            "result": known.disguise_all(outcome.result, view.disguised),
            "message": view.told(outcome.message),
            "state": views_state.as_json(view),
        }
    )
