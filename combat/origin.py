"""Websockets are opened only by the site's own pages: the browser's Origin must be this site's scheme, host and
port (or one of CSRF_TRUSTED_ORIGINS), as Django's CSRF check demands of a form post.

Channels' AllowedHostsOriginValidator compares the host alone, so a page served from any port of an allowed host
(another program on the GM's laptop, say) could open a socket with the viewer's session.
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def normalised(origin):
    """(scheme, host, port) of an origin such as "https://example.com", or None if it is not one."""
    try:
        parts = urlsplit(origin)
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    return parts.scheme, parts.hostname.lower(), port


def header(scope, name):
    for key, value in scope.get("headers", []):
        if key == name:
            return value.decode("latin1")
    return None


def site_origin(scope):
    """The origin of the page that belongs with this socket: same host and port, http for ws and https for wss."""
    host = header(scope, b"host")
    if not host or not validate_host(split_domain_port(host)[0], settings.ALLOWED_HOSTS):
        return None
    scheme = "https" if scope.get("scheme") == "wss" else "http"
    return normalised(f"{scheme}://{host}")


def allowed(scope):
    origin = normalised(header(scope, b"origin") or "")
    if origin is None:
        return False
    trusted = {normalised(o) for o in settings.CSRF_TRUSTED_ORIGINS}
    return origin == site_origin(scope) or origin in trusted


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if allowed(scope):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
