"""Fate, Fortune, Resilience and Resolve move from the generic sheet's columns into Character.points, and each
combatant's Momentum from its column into the encounter's state (Wfrp4eState.momentum), before those columns go.
The undo steps the log holds move the same way, so undoing a command of an earlier fight still restores them."""

from django.db import migrations

from systems.wfrp4e.version1 import POINTS, move_undo_step, sheet_points, with_momentum

KEY = "wfrp4e"


def move(apps, schema_editor):
    character_model = apps.get_model("characters", "Character")
    sheets = {}
    for character in character_model.objects.filter(campaign__system=KEY):
        values = {key: getattr(character, key) for key in POINTS}
        character.points = sheet_points(values, character.points)
        character.save(update_fields=["points"])
        sheets[character.pk] = character.points
    encounter_model = apps.get_model("combat", "Encounter")
    for encounter in encounter_model.objects.filter(campaign__system=KEY):
        momentum = {str(pk): value for pk, value in encounter.combatants.values_list("pk", "advantage")}
        encounter.pools = with_momentum(encounter.pools, momentum)
        encounter.save(update_fields=["pools"])
        for entry in encounter.log.filter(undo_state__isnull=False):
            if move_undo_step(entry.undo_state, sheets):
                entry.save(update_fields=["undo_state"])


class Migration(migrations.Migration):
    dependencies = [
        ("wfrp4e", "0001_initial"),
        ("characters", "0009_game_systems_own_data"),
        ("combat", "0004_log_args_may_be_empty"),
    ]
    run_before = [
        ("characters", "0010_sheet_points_are_the_systems"),
        ("combat", "0005_momentum_is_the_systems"),
    ]

    operations = [migrations.RunPython(move, migrations.RunPython.noop)]
