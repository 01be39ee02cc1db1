"""The floor of a live update: the project's stack with none of its own work, to measure the project against.

Served as the project is (uvicorn, the project's settings, HTTP handler and middleware, its channel layer,
bench/common.py `start_server`) but with no database, no command, no read and no render: the GM's POST to
`/api/encounters/<id>/commands/` only bumps a version (a Redis counter, so both workers agree on it) and group-sends
one fixed 1,500-byte fragment carrying it, which each phone's consumer forwards as it came. A GET of
`/api/encounters/<id>/` answers the version; a phone's socket at `/ws/encounters/<id>/` gets the fragment at the
current version on connect, as the project's first view. Every other request answers the version too, so
`common.answering` sees the server up.

`bench/live_fanout.py` serves this beside the project and runs the two by turns: its figures are ratios to these.
Alone it prints the floor's own figures, measured as live_fanout.py measures the project:

    .venv/bin/python bench/floor.py --phones 10,100 --turns 20
"""

import os

from common import fragment

VERSION_KEY = "bench-floor-version"
GROUP = "floor"


# The project's middleware, but for the one that reads the database (the API token's lookup).
READS_THE_DATABASE = {"characters.middleware.BearerTokenMiddleware"}


def application_for_the_server():
    """The floor's ASGI application, built in the server: the project's settings, its HTTP handler and middleware
    (the view runs in the request's thread as the project's do), its channel layer and its server loop, which a
    change is handed to as the project's commands hand theirs (combat/broadcast.py)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    import asyncio

    import redis
    from channels.generic.websocket import AsyncWebsocketConsumer
    from channels.layers import get_channel_layer
    from channels.routing import ProtocolTypeRouter, URLRouter
    from django.conf import settings
    from django.core.asgi import get_asgi_application
    from django.http import JsonResponse
    from django.urls import path, re_path
    from django.views.decorators.csrf import csrf_exempt

    from combat import broadcast

    counter = redis.Redis.from_url(settings.REDIS_URL)

    def current_version():
        return int(counter.get(VERSION_KEY) or 0)

    @csrf_exempt
    def command(request, encounter_id):
        version = counter.incr(VERSION_KEY)
        message = {"type": "floor.changed", "html": fragment(version)}
        asyncio.run_coroutine_threadsafe(get_channel_layer().group_send(GROUP, message), broadcast.server_loop)
        return JsonResponse({"version": version})

    def state(request, encounter_id=None):
        return JsonResponse({"version": current_version()})

    class FloorConsumer(AsyncWebsocketConsumer):
        groups = [GROUP]

        async def connect(self):
            await self.accept()
            await self.send(text_data=fragment(await asyncio.to_thread(current_version)))

        async def floor_changed(self, event):
            await self.send(text_data=event["html"])

    global urlpatterns
    urlpatterns = [
        path("api/encounters/<int:encounter_id>/commands/", command),
        path("api/encounters/<int:encounter_id>/", state),
        re_path(r"", state),  # whatever else: common.answering asks a page to see the server up
    ]
    settings.ROOT_URLCONF = __name__
    settings.MIDDLEWARE = [name for name in settings.MIDDLEWARE if name not in READS_THE_DATABASE]
    return broadcast.ServerLoop(
        ProtocolTypeRouter(
            {
                "http": get_asgi_application(),
                "websocket": URLRouter([re_path(r"^ws/encounters/\d+/$", FloorConsumer.as_asgi())]),
            }
        )
    )


if __name__ == "__main__":
    from live_fanout import main

    main(floor_only=True)
else:  # imported by uvicorn
    application = application_for_the_server()
