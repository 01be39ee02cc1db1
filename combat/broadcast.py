"""Tell an encounter's viewers it changed. Runs after commit; a broken channel layer never fails a command."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

logger = logging.getLogger(__name__)


def group_name(encounter_id):
    return f"encounter-{encounter_id}"


def encounter_changed(encounter_id, version):
    try:
        layer = get_channel_layer()
        async_to_sync(layer.group_send)(group_name(encounter_id), {"type": "encounter.changed", "version": version})
    except Exception:
        # Delivery is at most once anyway: clients resync on reconnect, so a lost broadcast only delays them.
        logger.exception("Could not broadcast version %s of encounter %s", version, encounter_id)
