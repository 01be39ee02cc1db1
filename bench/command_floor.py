"""The command floor: the project's own command path, with no live view behind it.

Served as the project is (bench/common.py `start_server`, config/asgi.py's HTTP application: the GM's POST runs the
real command, its transaction, its answer and the telling of its change over the project's channel layer), but each
phone's socket, in place of its viewer's live view, joins the encounter's group and sends the floor's fixed
fragment (bench/floor.py) at the version each change tells. No read, render or sharing of a view: what it costs
above the floor is the command's, and what the project costs above it is its live views'.

`bench/live_fanout.py --command-floor` serves it as a third subject, by turns with the project and the floor.
"""

import os


def application_for_the_server():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from channels.db import database_sync_to_async
    from channels.generic.websocket import AsyncWebsocketConsumer
    from channels.routing import ProtocolTypeRouter, URLRouter
    from common import fragment
    from django.urls import path

    from combat.broadcast import ServerLoop, group_name
    from combat.live import version_of
    from config.asgi import django_asgi_app

    current_version = database_sync_to_async(version_of)

    class FixedFragmentConsumer(AsyncWebsocketConsumer):
        async def connect(self):
            encounter_id = self.scope["url_route"]["kwargs"]["encounter_id"]
            self.group = group_name(encounter_id)
            await self.accept()
            await self.channel_layer.group_add(self.group, self.channel_name)
            await self.send(text_data=fragment(await current_version(encounter_id)))

        async def disconnect(self, code):
            await self.channel_layer.group_discard(self.group, self.channel_name)

        async def encounter_changed(self, event):
            await self.send(text_data=fragment(event["version"]))

    sockets = URLRouter([path("ws/encounters/<int:encounter_id>/", FixedFragmentConsumer.as_asgi())])
    return ServerLoop(ProtocolTypeRouter({"http": django_asgi_app, "websocket": sockets}))


application = application_for_the_server()
