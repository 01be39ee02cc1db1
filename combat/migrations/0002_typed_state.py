"""Encounter state became one typed structure per game system (systems/<key>/state.py): the once-per-turn Advantage
spends, stored as "<spend>_turn" keys named after admin-editable rows, move into one declared field."""

from django.db import migrations, models


def typed(pools):
    pools = dict(pools or {})
    spends = {key.removesuffix("_turn"): pools.pop(key) for key in list(pools) if key.endswith("_turn")}
    if spends:
        pools["spends_this_turn"] = spends
    return pools


def forwards(apps, schema_editor):
    Encounter = apps.get_model("combat", "Encounter")
    LogEntry = apps.get_model("combat", "LogEntry")
    for encounter in Encounter.objects.exclude(pools={}):
        encounter.pools = typed(encounter.pools)
        encounter.save(update_fields=["pools"])
    for entry in LogEntry.objects.filter(undo_state__isnull=False):
        state = entry.undo_state
        if state.get("encounter", {}).get("pools"):
            state["encounter"]["pools"] = typed(state["encounter"]["pools"])
            entry.save(update_fields=["undo_state"])


class Migration(migrations.Migration):
    dependencies = [("combat", "0001_initial")]
    operations = [
        migrations.AlterField(
            model_name="encounter",
            name="pools",
            field=models.JSONField(
                blank=True, default=dict, help_text="The game system's state (see Encounter.state)."
            ),
        ),
        migrations.RunPython(forwards, migrations.RunPython.noop),
    ]
