from django.http import JsonResponse

from characters.models import ApiToken


class BearerTokenMiddleware:
    """`Authorization: Bearer <token>` authenticates API calls; such calls carry no cookie, so no CSRF."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        header = request.headers.get("Authorization", "")
        if header.startswith("Bearer "):
            user = ApiToken.user_for(header.removeprefix("Bearer ").strip())
            if user is None:
                return JsonResponse({"ok": False, "error": "Invalid API token."}, status=401)
            request.user = user
            request._dont_enforce_csrf_checks = True
        return self.get_response(request)
