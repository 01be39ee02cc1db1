"""HTTP and websocket routing (docs/architecture.md "Live updates")."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402  (needs Django set up first)
from channels.sessions import SessionMiddlewareStack  # noqa: E402

from combat.broadcast import ServerLoop  # noqa: E402
from combat.origin import SameOriginValidator  # noqa: E402
from combat.routing import websocket_urlpatterns  # noqa: E402

application = ServerLoop(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            # The consumer finds the session's user itself, with its other reads (combat/live.py, LiveViews.connect).
            "websocket": SameOriginValidator(SessionMiddlewareStack(URLRouter(websocket_urlpatterns))),
        }
    )
)
