"""The models of wfrp4e's reference data, taken over from the rules app with their tables (renamed by
rules 0010): the database is not touched here, except to move the content types (so admin permissions follow)."""

import django.db.models.deletion
import rules.systems
from django.db import migrations, models


MODELS = ["advantagespend", "criticaltable", "fumble", "criticalwound"]


def move_content_types(apps, schema_editor, old="rules", new="wfrp4e"):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label=old, model__in=MODELS).update(app_label=new)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, old="wfrp4e", new="rules")


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
                    name="AdvantageSpend",
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
                        ("key", models.SlugField(max_length=40)),
                        (
                            "cost",
                            models.PositiveSmallIntegerField(
                                blank=True, help_text="Empty: the spender chooses.", null=True
                            ),
                        ),
                        (
                            "minimum",
                            models.PositiveSmallIntegerField(default=1, help_text="Least a chosen cost may be."),
                        ),
                        ("once_per_turn", models.BooleanField(default=False)),
                        ("order", models.PositiveSmallIntegerField(default=0)),
                    ],
                    options={
                        "ordering": ["system", "order"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="advantagespend_unique_per_system"),
                            models.UniqueConstraint(
                                fields=("system", "key"), name="advantage_spend_key_unique_per_system"
                            ),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="CriticalTable",
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
                        ("locations", models.JSONField(default=list)),
                    ],
                    options={
                        "ordering": ["system", "name"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="criticaltable_unique_per_system")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Fumble",
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
                        ("low", models.PositiveSmallIntegerField()),
                        ("high", models.PositiveSmallIntegerField()),
                        (
                            "wounds",
                            models.PositiveSmallIntegerField(default=0, help_text="Wounds lost, ignoring TB and AP."),
                        ),
                    ],
                    options={
                        "ordering": ["system", "low"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="fumble_unique_per_system")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="CriticalWound",
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
                        ("low", models.PositiveSmallIntegerField()),
                        ("high", models.PositiveSmallIntegerField()),
                        (
                            "wounds",
                            models.PositiveSmallIntegerField(default=1, help_text="Extra Wounds the critical deals."),
                        ),
                        (
                            "table",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="wounds",
                                to="wfrp4e.criticaltable",
                            ),
                        ),
                    ],
                    options={
                        "ordering": ["table", "low"],
                        "constraints": [
                            models.UniqueConstraint(fields=("table", "name"), name="critical_wound_unique_per_table")
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
