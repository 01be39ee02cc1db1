from django.http import JsonResponse

from characters.models import ApiToken

API_PREFIX = "/api/"


class BearerTokenMiddleware:
    """`Authorization: Bearer <token>` authenticates calls to the JSON API, and nowhere else: the admin and the pages'
    forms ignore the header, so a token that leaks cannot drive them. `request.api_token` is the token that
    authenticated the call, or None; combat/api.py decides what it may do and spares it the CSRF check."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.api_token = None
        header = request.headers.get("Authorization", "")
        if request.path_info.startswith(API_PREFIX) and header.startswith("Bearer "):
            token, refusal = ApiToken.authenticate(header.removeprefix("Bearer ").strip())
            if refusal:
                return JsonResponse({"ok": False, "error": refusal}, status=401)
            token.note_use()
            request.user, request.api_token = token.user, token
        return self.get_response(request)
