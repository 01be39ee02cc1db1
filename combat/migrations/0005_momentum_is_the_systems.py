"""A game's per-combatant count moves into its encounter state (the game's own migration moves the values); the undo steps stored in the log lose the column too, so they restore as the
snapshot now reads them."""

from django.db import migrations

# The snapshot's rows as they are after this migration (combat/snapshot.py at the time).
COMBATANT_FIELDS = {"id", "encounter_id", "character_id", "name", "side", "initiative", "position", "wounds",
                    "max_wounds", "hidden"}  # fmt: skip
CHARACTER_FIELDS = {"id", "points"}


def trim_undo_steps(apps, schema_editor):
    log = apps.get_model("combat", "LogEntry")
    for entry in log.objects.filter(undo_state__isnull=False).iterator():
        state = entry.undo_state
        if not isinstance(state, dict):
            continue
        changed = False
        for key, fields in (("combatants", COMBATANT_FIELDS), ("characters", CHARACTER_FIELDS)):
            for row in state.get(key) or []:
                extra = set(row) - fields if isinstance(row, dict) else set()
                for name in extra:
                    row.pop(name)
                changed = changed or bool(extra)
        if changed:
            entry.save(update_fields=["undo_state"])


class Migration(migrations.Migration):
    dependencies = [
        ("combat", "0004_log_args_may_be_empty"),
        ("characters", "0010_sheet_points_are_the_systems"),
    ]

    operations = [
        migrations.RunPython(trim_undo_steps, migrations.RunPython.noop),
        migrations.RemoveField(model_name="combatant", name="advantage"),
    ]
