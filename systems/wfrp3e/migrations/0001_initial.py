"""The models of wfrp3e's reference data, taken over from the rules app with their tables (renamed by
rules 0010): the database is not touched here, except to move the content types (so admin permissions follow)."""

import django.db.models.deletion
import rules.systems
from django.db import migrations, models


MODELS = ["conditioncard", "criticalwoundcard", "talent", "actioncard"]


def move_content_types(apps, schema_editor, old="rules", new="wfrp3e"):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label=old, model__in=MODELS).update(app_label=new)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, old="wfrp3e", new="rules")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("rules", "0010_game_systems_own_data"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ConditionCard",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("system", models.CharField(choices=rules.systems.choices, db_index=True, max_length=20)),
                        ("name", models.CharField(max_length=100)),
                        ("description", models.TextField(blank=True)),
                        (
                            "source",
                            models.CharField(
                                blank=True, help_text="Seed file and heading this entry comes from.", max_length=200
                            ),
                        ),
                        (
                            "customised",
                            models.BooleanField(
                                default=False,
                                help_text="Edited in admin: `loadrules` keeps this row unless run with --force.",
                            ),
                        ),
                        (
                            "duration",
                            models.CharField(
                                choices=[
                                    ("brief", "Brief"),
                                    ("lingering", "Lingering"),
                                    ("dependent", "Dependent"),
                                    ("permanent", "Permanent"),
                                ],
                                max_length=10,
                            ),
                        ),
                        (
                            "cancels",
                            models.CharField(
                                blank=True, help_text="The condition card it cancels, if any.", max_length=100
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["system", "name"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="conditioncard_unique_per_system")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="CriticalWoundCard",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("system", models.CharField(choices=rules.systems.choices, db_index=True, max_length=20)),
                        ("name", models.CharField(max_length=100)),
                        ("description", models.TextField(blank=True)),
                        (
                            "source",
                            models.CharField(
                                blank=True, help_text="Seed file and heading this entry comes from.", max_length=200
                            ),
                        ),
                        (
                            "customised",
                            models.BooleanField(
                                default=False,
                                help_text="Edited in admin: `loadrules` keeps this row unless run with --force.",
                            ),
                        ),
                        ("severity", models.PositiveSmallIntegerField(default=1)),
                    ],
                    options={
                        "ordering": ["system", "severity", "name"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("system", "name"), name="criticalwoundcard_unique_per_system"
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Talent",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("system", models.CharField(choices=rules.systems.choices, db_index=True, max_length=20)),
                        ("name", models.CharField(max_length=100)),
                        ("description", models.TextField(blank=True)),
                        (
                            "source",
                            models.CharField(
                                blank=True, help_text="Seed file and heading this entry comes from.", max_length=200
                            ),
                        ),
                        (
                            "customised",
                            models.BooleanField(
                                default=False,
                                help_text="Edited in admin: `loadrules` keeps this row unless run with --force.",
                            ),
                        ),
                        (
                            "type",
                            models.CharField(
                                choices=[
                                    ("focus", "Focus"),
                                    ("reputation", "Reputation"),
                                    ("tactic", "Tactic"),
                                    ("faith", "Faith"),
                                    ("order", "Order"),
                                ],
                                max_length=12,
                            ),
                        ),
                        (
                            "constant",
                            models.BooleanField(default=False, help_text="Works while socketed, without recharging."),
                        ),
                        (
                            "recharge",
                            models.PositiveSmallIntegerField(
                                default=4, help_text="Recharge tokens put on it once used."
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["system", "name"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="talent_unique_per_system")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="ActionCard",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("system", models.CharField(choices=rules.systems.choices, db_index=True, max_length=20)),
                        ("name", models.CharField(max_length=100)),
                        ("description", models.TextField(blank=True)),
                        (
                            "source",
                            models.CharField(
                                blank=True, help_text="Seed file and heading this entry comes from.", max_length=200
                            ),
                        ),
                        (
                            "customised",
                            models.BooleanField(
                                default=False,
                                help_text="Edited in admin: `loadrules` keeps this row unless run with --force.",
                            ),
                        ),
                        (
                            "type",
                            models.CharField(
                                choices=[
                                    ("melee", "Melee"),
                                    ("ranged", "Ranged"),
                                    ("support", "Support"),
                                    ("spell", "Spell"),
                                    ("blessing", "Blessing"),
                                    ("defence", "Defence"),
                                ],
                                max_length=10,
                            ),
                        ),
                        (
                            "recharge",
                            models.PositiveSmallIntegerField(
                                default=0, help_text="Recharge tokens put on it once used."
                            ),
                        ),
                        (
                            "difficulty",
                            models.PositiveSmallIntegerField(
                                default=0, help_text="Challenge dice its check adds (0 to 4)."
                            ),
                        ),
                        (
                            "effects",
                            models.JSONField(
                                blank=True,
                                default=dict,
                                help_text='Each symbol line with its effect, in the card\'s order: {"success": "...", "2 boons": "..."}.',
                            ),
                        ),
                        (
                            "sight",
                            models.BooleanField(
                                default=False,
                                help_text="Its check needs the sense of sight: Blinded adds a challenge die to it.",
                            ),
                        ),
                        (
                            "skill",
                            models.ForeignKey(
                                blank=True,
                                help_text="The check it makes.",
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="rules.skill",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["system", "name"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="actioncard_unique_per_system")
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
