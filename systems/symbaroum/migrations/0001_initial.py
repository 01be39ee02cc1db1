"""The models of symbaroum's reference data, taken over from the rules app with their tables (renamed by
rules 0010): the database is not touched here, except to move the content types (so admin permissions follow)."""

import django.core.validators
import rules.systems
from django.db import migrations, models


MODELS = ["building", "feat", "manoeuvre", "trap"]


def move_content_types(apps, schema_editor, old="rules", new="symbaroum"):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label=old, model__in=MODELS).update(app_label=new)


def move_content_types_back(apps, schema_editor):
    move_content_types(apps, schema_editor, old="symbaroum", new="rules")


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
                    name="Building",
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
                        ("health", models.PositiveIntegerField()),
                        (
                            "breakpoint",
                            models.PositiveIntegerField(help_text="Damage within one turn that breaches it at once."),
                        ),
                        (
                            "fortification",
                            models.PositiveSmallIntegerField(help_text="Its Toughness: damage must get past it."),
                        ),
                        ("order", models.PositiveSmallIntegerField(default=0)),
                    ],
                    options={
                        "ordering": ["system", "order"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="building_unique_per_system"),
                            models.UniqueConstraint(fields=("system", "key"), name="building_key_unique_per_system"),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Feat",
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
                        ("homebrew", models.BooleanField(default=False, help_text="The table's own, not the book's.")),
                        ("order", models.PositiveSmallIntegerField(default=0)),
                    ],
                    options={
                        "ordering": ["system", "order"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="feat_unique_per_system")
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Manoeuvre",
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
                            "test",
                            models.CharField(
                                blank=True, help_text="The test it takes, e.g. [Strong←Strong].", max_length=60
                            ),
                        ),
                        ("order", models.PositiveSmallIntegerField(default=0)),
                    ],
                    options={
                        "ordering": ["system", "order"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="manoeuvre_unique_per_system"),
                            models.UniqueConstraint(fields=("system", "key"), name="manoeuvre_key_unique_per_system"),
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="Trap",
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
                            "damage_dice",
                            models.CharField(
                                blank=True,
                                help_text="Empty: as its description says.",
                                max_length=12,
                                validators=[
                                    django.core.validators.RegexValidator(
                                        "^[1-9]\\d?d(4|6|8|10|12|20)([+-][1-9]\\d?)?$",
                                        "Write dice like 1d8, 2d6 or 1d10+1.",
                                    )
                                ],
                            ),
                        ),
                        (
                            "set_by",
                            models.CharField(
                                help_text="Who may set it: anyone, or the abilities it needs.", max_length=80
                            ),
                        ),
                        (
                            "holds_victim",
                            models.BooleanField(default=False, help_text="It holds the victim in place until freed."),
                        ),
                    ],
                    options={
                        "ordering": ["system", "name"],
                        "abstract": False,
                        "constraints": [
                            models.UniqueConstraint(fields=("system", "name"), name="trap_unique_per_system")
                        ],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
