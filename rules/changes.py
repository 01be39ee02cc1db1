"""Reference data edited in the admin or by `loadrules` reaches every live screen of its game. Once the change
commits, each encounter of that system not yet ended runs `show_rules_changes`: a new version, in order with the
others, whose push redraws what the rows show, the phones' stat blocks too (combat/live.py). A row made anew
changes nothing shown yet, so only edits and deletions count."""

import logging
import threading

from django.db import transaction

logger = logging.getLogger(__name__)
MOST_NAMED = 3  # rows named in the log line; the rest are counted

# {system: {"weapon Sword", ...}} changed in this thread's transaction, told once it commits.
waiting = threading.local()


def note_change(sender, instance, created=False, raw=False, **kwargs):
    if created or raw:
        return
    changes = getattr(waiting, "changes", None)
    if changes is None:
        changes = waiting.changes = {}
    changes.setdefault(instance.system, set()).add(f"{sender._meta.verbose_name} {instance.name}")
    transaction.on_commit(show_changes)


def show_changes():
    """Each changed system's encounters get their new version; a later on_commit of the same transaction finds
    nothing left to tell."""
    from combat import commands
    from combat.commands.rules_data import RULES_CHANGED
    from combat.models import Encounter

    changes, waiting.changes = getattr(waiting, "changes", None) or {}, {}
    for system, rows in changes.items():
        named = sorted(rows)
        words = ", ".join(named[:MOST_NAMED]) + (
            f" and {len(named) - MOST_NAMED} more" if len(named) > MOST_NAMED else ""
        )
        running = Encounter.objects.filter(campaign__system=system).exclude(status=Encounter.Status.ENDED)
        for encounter in running.select_related("campaign__gm"):
            try:
                commands.execute(encounter.pk, encounter.campaign.gm, RULES_CHANGED, {"changed": words[:200]})
            except Exception:  # one encounter's refusal or a gone row: the others still get theirs
                logger.exception("Could not show the rules change to encounter %s", encounter.pk)


def follow_reference_data():
    """Connect `note_change` to every kind of reference data, the generic ones and each system's own."""
    from django.apps import apps
    from django.db.models.signals import post_delete, post_save

    from rules.models import ReferenceData

    for model in apps.get_models():
        if issubclass(model, ReferenceData):
            post_save.connect(note_change, sender=model, dispatch_uid=f"rules-changed-{model._meta.label}")
            post_delete.connect(note_change, sender=model, dispatch_uid=f"rules-deleted-{model._meta.label}")
