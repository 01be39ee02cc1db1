"""One websocket per viewer at /ws/encounters/<id>/, and per table screen at /ws/table/<token>/ (docs/architecture.md
"Live updates").

A socket gets the viewer's whole live view on connect and on a resync, and after that the parts that changed since
what it sent last (combat/live.py), as htmx out-of-band swaps. A socket that missed a version gets the whole view.
"""

import asyncio
import logging
import time
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from combat.batching import Batched
from combat.broadcast import group_name
from combat.live import live_views
from combat.permissions import table_link_encounter
from combat.rendering import CSRF_PLACEHOLDER
from config.converters import LARGEST_ID

FORBIDDEN = 4403
RESYNC_INTERVAL = 1.0  # seconds between resyncs a viewer may ask for
# Redis keeps group membership in memory only: a restarted Redis has forgotten every group, and a socket whose
# consumer did not notice (its read did not fail during the outage) would stay open but hear nothing. Each consumer
# joins its group again this often and catches up on any version it missed meanwhile.
REJOIN_INTERVAL = 5.0
# A channel-layer read that fails (Redis restarting) is tried again after this long, doubling up to the most; the
# socket stays open meanwhile and the rejoin above catches it up.
LAYER_RETRY_FIRST, LAYER_RETRY_MOST = 0.1, 2.0

logger = logging.getLogger(__name__)


views_together = Batched(database_sync_to_async(live_views.views_for))
view_on_connect = Batched(database_sync_to_async(live_views.connect))
current_version = database_sync_to_async(live_views.current_version)
table_view = database_sync_to_async(live_views.for_table)
live_table_link = database_sync_to_async(table_link_encounter)


class EncounterConsumer(AsyncWebsocketConsumer):
    last_resync = -RESYNC_INTERVAL
    open = True  # until the socket is gone
    pending_resync = None
    keeping_in_group = None
    following = False  # whether live_views renders this socket's viewer's view ahead (LiveViews.follow)

    async def connect(self):
        self.encounter_id = int(self.scope["url_route"]["kwargs"]["encounter_id"])
        self.group = group_name(self.encounter_id)
        self.sent_version = -1
        self.shown = {}  # {part id: key} of what this socket has sent (combat/live.py)
        self.csrf_token = self.scope.get("cookies", {}).get(settings.CSRF_COOKIE_NAME) or ""
        session = self.scope["session"]
        # No session cookie: nobody is logged in. An id beyond any row's: no such encounter. Neither asks the database.
        if session.session_key is None or self.encounter_id > LARGEST_ID:
            await self.close(code=FORBIDDEN)
            return
        # Accepted before the viewer is looked up and their view read and rendered, so a burst of connects is never
        # kept waiting in the handshake; a visitor who is not logged in or an outsider is closed with FORBIDDEN right
        # after, before being sent anything.
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.user, rendered = await view_on_connect((self.encounter_id, session))
        if await self.send_view(rendered, everything=True, again=True, page_shows=self.page_version()):
            live_views.follow(self.encounter_id, self.user)
            self.following = True
            self.keeping_in_group = asyncio.create_task(self.stay_in_group())

    async def stay_in_group(self):
        while True:
            await asyncio.sleep(REJOIN_INTERVAL)
            try:
                await self.channel_layer.group_add(self.group, self.channel_name)
                await self.catch_up()
            except OSError as error:
                if not self.open:  # the phone went away meanwhile (ASGI servers raise an OSError for that)
                    return
                logger.warning("Could not rejoin the group of encounter %s: %s", self.encounter_id, error)
            except Exception:  # Redis or the database away for a moment: try again at the next beat
                logger.warning("Could not rejoin the group of encounter %s", self.encounter_id, exc_info=True)

    async def catch_up(self):
        """The whole view, when a version went by unheard."""
        version = await current_version(self.encounter_id)
        if version is not None and version > self.sent_version:
            # At the version looked up: the sockets catching up together share its read, none looks it up again.
            await self.refresh(at_least=version, everything=True)

    @property
    def channel_receive(self):
        return self._receive_from_layer

    @channel_receive.setter
    def channel_receive(self, layer_receive):
        """Channels sets this to the layer's read for our channel; a read that raises would end the consumer and
        drop the phone's socket, so it is retried instead, with a growing pause."""

        async def receive_retrying():
            pause = LAYER_RETRY_FIRST
            while True:
                try:
                    return await layer_receive()
                except Exception:
                    logger.warning("Channel layer read failed; retrying in %.1f s", pause, exc_info=True)
                    await asyncio.sleep(pause)
                    pause = min(pause * 2, LAYER_RETRY_MOST)

        self._receive_from_layer = receive_retrying

    async def __call__(self, scope, receive, send):
        """The consumer's side tasks end with it, also when it crashes (a channel-layer read that failed while
        Redis was away): an orphaned rejoin would keep a dead socket in the group and the consumer in memory. So
        does its viewer's place among those whose views are rendered ahead (LiveViews.follow)."""
        try:
            await super().__call__(scope, receive, send)
        finally:
            if self.following:
                live_views.unfollow(self.encounter_id, self.user)
            for task in (self.pending_resync, self.keeping_in_group):
                if task:
                    task.cancel()

    async def dispatch(self, message):
        """As Channels dispatches, without its trip to the database thread before every message to close stale
        connections: each of this consumer's database calls already does that (database_sync_to_async), and a
        burst of connects or a change to many sockets queued one trip more per socket there."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def disconnect(self, code):
        self.open = False
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        """Viewers only listen; any message from them asks for a full resync, at most one a second: a socket
        that floods gets one deferred resync for all it sent meanwhile, never a render per message."""
        if self.pending_resync and not self.pending_resync.done():
            return
        wait = self.last_resync + RESYNC_INTERVAL - time.monotonic()
        if wait > 0:
            self.pending_resync = asyncio.create_task(self.resync(after=wait))
        else:
            await self.resync()

    async def resync(self, after=0):
        await asyncio.sleep(after)
        self.last_resync = time.monotonic()
        await self.refresh(everything=True, again=True)

    async def encounter_changed(self, event):
        version = event["version"]
        if version > self.sent_version:
            # The parts that changed, unless a version was missed on the way: then the whole view (send_view).
            await self.refresh(at_least=version)

    def page_version(self):
        """The version the page was drawn at (`?shows=` on the socket's URL), or None."""
        shows = parse_qs(self.scope.get("query_string", b"").decode()).get("shows", [""])[0]
        return int(shows) if shows.isdigit() else None

    async def refresh(self, at_least=None, everything=False, again=False):
        """The view at `at_least` or newer (the current version when None), sent: rendered already in this process
        for this viewer, it goes at once; else it is read and rendered on the database thread, with the other
        sockets' that wait for theirs."""
        asked = (self.encounter_id, self.user, at_least, self.sent_version)
        rendered = None if at_least is None else live_views.ready_view(*asked)
        await self.send_view(rendered or await views_together(asked), everything, again)

    async def send_view(self, rendered, everything=False, again=False, page_shows=None):
        """Send the `rendered` view (`everything`) or what changed in it; a version already sent only `again` (a
        connect, or the viewer asking), so a rejoin and a change message that race never send the same version
        twice. A page that `page_shows` this very version already has it all: nothing is sent, only noted as shown.
        No view (the viewer may not see the encounter, or it is gone) closes the socket: False then.

        A view more than one version past the last one sent goes whole: a part that changed in the skipped version
        and back in this one would otherwise stay on the page marked with its older version, where the GM's own,
        late answer for the skipped version could still replace it."""
        if rendered is None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await self.close(code=FORBIDDEN)
            return False
        if rendered.version <= self.sent_version and not again:
            return True
        everything = everything or rendered.version > self.sent_version + 1
        self.sent_version = max(self.sent_version, rendered.version)
        messages = rendered.messages(self.shown, everything)
        if rendered.version == page_shows:
            return True
        for message in messages:
            await self.send(text_data=message.replace(CSRF_PLACEHOLDER, self.csrf_token))
        return True


class TableConsumer(EncounterConsumer):
    """A table screen's socket: no session, its link's token in the URL. An unknown, revoked or expired token is
    refused before the handshake; once the link is revoked or expires, its next push or rejoin (every
    REJOIN_INTERVAL) closes the socket with FORBIDDEN. The token reaches the encounter its link names, no other."""

    async def connect(self):
        self.token = self.scope["url_route"]["kwargs"]["token"]
        self.sent_version = -1
        self.shown = {}
        self.csrf_token = ""  # a table screen sends no command
        self.encounter_id = await live_table_link(self.token)
        if self.encounter_id is None:
            await self.close(code=FORBIDDEN)
            return
        self.group = group_name(self.encounter_id)
        await self.accept()
        await self.channel_layer.group_add(self.group, self.channel_name)
        if await self.send_view(
            await table_view(self.token), everything=True, again=True, page_shows=self.page_version()
        ):
            self.keeping_in_group = asyncio.create_task(self.stay_in_group())

    async def catch_up(self):
        if await live_table_link(self.token) is None:
            await self.send_view(None)
        else:
            await super().catch_up()

    async def refresh(self, at_least=None, everything=False, again=False):
        await self.send_view(await table_view(self.token, at_least), everything, again)
