"""Tell an encounter's viewers it changed. Runs after commit; a broken channel layer never fails a command."""

import logging
from contextlib import contextmanager
from contextvars import ContextVar

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)

# The changes told while `held()` runs: [(encounter id, version)], or None when they go out at once.
waiting_changes = ContextVar("waiting_changes", default=None)


def group_name(encounter_id):
    return f"encounter-{encounter_id}"


@contextmanager
def held():
    """The changes told inside the block go out as it ends, whether or not it raises: a command's answer reads the
    new version first and hands that read to the live views (combat/live.py, `read_for_answer`), which then start
    the push from it instead of reading the same version a second time beside it."""
    waiting = []
    token = waiting_changes.set(waiting)
    try:
        yield
    finally:
        waiting_changes.reset(token)
        for change in waiting:
            encounter_changed(*change)


def encounter_changed(encounter_id, version):
    waiting = waiting_changes.get()
    if waiting is not None:
        waiting.append((encounter_id, version))
        return
    try:
        layer = get_channel_layer()
        async_to_sync(layer.group_send)(group_name(encounter_id), {"type": "encounter.changed", "version": version})
    except Exception:
        # Delivery is at most once anyway: clients resync on reconnect, so a lost broadcast only delays them.
        logger.exception("Could not broadcast version %s of encounter %s", version, encounter_id)
