from django.db import models

from rules.systems import GameSystem


class ReferenceData(models.Model):
    """Rows loaded from rules/data/<system>/; `customised` marks an admin's edit the loader must keep."""

    system = models.CharField(max_length=20, choices=GameSystem.choices, db_index=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    source = models.CharField(max_length=200, blank=True, help_text="Seed file and heading this entry comes from.")
    customised = models.BooleanField(
        default=False, help_text="Edited in admin: `loadrules` keeps this row unless run with --force."
    )

    class Meta:
        abstract = True
        ordering = ["system", "name"]
        constraints = [
            models.UniqueConstraint(fields=["system", "name"], name="%(class)s_unique_per_system"),
        ]

    def __str__(self):
        return f"{self.name} ({self.get_system_display()})"


class ConditionDefinition(ReferenceData):
    stacks = models.BooleanField(default=True, help_text="Can a combatant have more than one of it?")
