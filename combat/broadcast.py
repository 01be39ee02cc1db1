"""Tell an encounter's viewers it changed. Runs after commit; a broken channel layer never fails a command."""

import asyncio
import logging
from contextlib import contextmanager
from contextvars import Context, ContextVar
from functools import partial

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

# The changes told while `held()` runs: [(encounter id, version)], or None when they go out at once.
waiting_changes = ContextVar("waiting_changes", default=None)
# The event loop of the ASGI server in this process, once it has served something (ServerLoop), and the changes
# handed to it that it has not sent yet: a task the loop runs needs a reference kept until it is done.
server_loop = None
unsent = set()


def group_name(encounter_id):
    return f"encounter-{encounter_id}"


class ServerLoop:
    """ASGI middleware around the whole application (config/asgi.py): notes the loop the server runs on, so a
    command's thread hands its change to that loop and answers without waiting for the channel layer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        global server_loop
        server_loop = asyncio.get_running_loop()
        return await self.app(scope, receive, send)


@contextmanager
def held():
    """The changes told inside the block go out as it ends, whether or not it raises, or, inside another `held()`,
    wait for that one to end. A request's changes wait for its whole answer (AfterTheAnswer): the answer's read of
    the new version is kept for the live views first (combat/live.py, `read_for_answer`), which then start the push
    from it instead of reading the same version a second time beside it."""
    waiting = []
    token = waiting_changes.set(waiting)
    try:
        yield
    finally:
        waiting_changes.reset(token)
        for change in waiting:
            encounter_changed(*change)


class AfterTheAnswer:
    """Middleware, first of the sync ones (config/settings.py): the changes a request's commands make are told once
    its whole response is built. Told as each command ended, this process's own push to the encounter's sockets
    (their reads and renders, on Channels' database thread) began while the command's answer was still being built
    and took the interpreter lock from it: with 50 tables playing, building an API command's answer took 1.5 ms at
    the median and 5-9 ms at its p90-p95 (bench/many_tables.py). The price: the phones hear of the change as much
    later as the answer takes to build, about a millisecond for the API's."""

    sync_capable = True
    async_capable = False

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with held():
            return self.get_response(request)


def encounter_changed(encounter_id, version):
    """Tell the encounter's group (once the `held()` block around it ends, if any). Inside a server, the server's
    loop sends it while the command's thread goes on: under load, waiting for that loop and Redis was the longest
    wait of a command over the API (bench/many_tables.py). Elsewhere (management commands, tests that call a command
    directly or through the test client) it is sent before this returns."""
    waiting = waiting_changes.get()
    if waiting is not None:
        waiting.append((encounter_id, version))
        return
    try:
        loop = server_loop
        if loop is None or not loop.is_running():
            share_views(encounter_id, version)
            async_to_sync(tell)(encounter_id, version)
            return
        # Started in a context of its own: the command's thread's (asgiref's executors among it) would make the
        # sharing's trip to the database thread wait on that thread, which may be the one waiting for it.
        sending = Context().run(asyncio.run_coroutine_threadsafe, share_and_tell(encounter_id, version), loop)
        unsent.add(sending)
        sending.add_done_callback(partial(sent, encounter_id, version))
    except Exception:
        # Delivery is at most once anyway: clients resync on reconnect, so a lost broadcast only delays them.
        logger.exception("Could not broadcast version %s of encounter %s", version, encounter_id)


def share_views(encounter_id, version):
    """The views of the version other processes asked for, rendered here for them (combat/live.py `share`; imported
    here, as the live views stand on the commands that tell their changes through this module). Whatever fails
    here, the change is still told: the other processes then read the version themselves."""
    from combat.live import live_views

    try:
        live_views.share(encounter_id, version)
    except Exception:
        logger.warning("Could not share the views of version %s of encounter %s", version, encounter_id, exc_info=True)


async def share_and_tell(encounter_id, version):
    """On the server's loop: the views shared first, on Channels' database thread, where this process's sockets
    render theirs, so every process's sockets find them when told."""
    await database_sync_to_async(share_views)(encounter_id, version)
    await tell(encounter_id, version)


async def tell(encounter_id, version):
    await get_channel_layer().group_send(group_name(encounter_id), {"type": "encounter.changed", "version": version})


def sent(encounter_id, version, sending):
    unsent.discard(sending)
    if not sending.cancelled() and sending.exception() is not None:
        logger.error(
            "Could not broadcast version %s of encounter %s", version, encounter_id, exc_info=sending.exception()
        )
