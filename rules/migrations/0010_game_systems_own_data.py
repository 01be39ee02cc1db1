"""Each game system's own reference data moves to its app (systems/<key>/): the tables are renamed, rows and ids
kept, and the apps' first migrations take the models over without touching the database. The game-system field
reads its choices from the registered systems."""

import rules.systems
from django.db import migrations, models

MOVED = {
    "wfrp4e": ["fumble", "advantagespend", "criticalwound", "criticaltable"],
    "symbaroum": ["feat", "manoeuvre", "trap", "building"],
    "wfrp3e": ["actioncard", "talent", "conditioncard", "criticalwoundcard"],
}
GENERIC = ["armour", "characteristic", "conditiondefinition", "hitlocation", "houserule", "property", "skill", "weapon"]


class Migration(migrations.Migration):
    dependencies = [
        ("rules", "0009_action_card_sight"),
    ]

    operations = [
        *(
            migrations.AlterField(
                model_name=name,
                name="system",
                field=models.CharField(choices=rules.systems.choices, db_index=True, max_length=20),
            )
            for name in GENERIC
        ),
        migrations.SeparateDatabaseAndState(
            database_operations=[
                migrations.AlterModelTable(name=name, table=f"{app}_{name}")
                for app, names in MOVED.items()
                for name in names
            ],
            state_operations=[migrations.DeleteModel(name=name) for names in MOVED.values() for name in names],
        ),
    ]
