"""WFRP 4e's own reference data (rules/data/wfrp4e/), loaded by `loadrules` and edited in the admin."""

from django.db import models

from rules.models import ReferenceData, RollRange


class Fumble(RollRange, ReferenceData):
    """Seed 002 "Criticals and Fumbles (cont)"."""

    wounds = models.PositiveSmallIntegerField(default=0, help_text="Wounds lost, ignoring TB and AP.")

    class Meta(ReferenceData.Meta):
        ordering = ["system", "low"]

    def as_row(self):
        return super().as_row(name=self.name, text=self.description, wounds=self.wounds)


class AdvantageSpend(ReferenceData):
    """Seed 002 "Benefits of Advantage": `key` is what the spend_advantage command takes."""

    key = models.SlugField(max_length=40)
    cost = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Empty: the spender chooses.")
    minimum = models.PositiveSmallIntegerField(default=1, help_text="Least a chosen cost may be.")
    once_per_turn = models.BooleanField(default=False)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta(ReferenceData.Meta):
        ordering = ["system", "order"]
        constraints = [
            *ReferenceData.Meta.constraints,
            models.UniqueConstraint(fields=["system", "key"], name="advantage_spend_key_unique_per_system"),
        ]

    def as_row(self):
        return {
            "key": self.key,
            "name": self.name,
            "cost": self.cost,
            "minimum": self.minimum,
            "once_per_turn": self.once_per_turn,
        }


class CriticalTable(ReferenceData):
    """A critical wound table for the locations it covers (core rules: head, arms, body, legs)."""

    locations = models.JSONField(default=list)

    def rows(self):
        return [wound.as_row() for wound in self.wounds.all()]


class CriticalWoundManager(models.Manager):
    def get_by_natural_key(self, system, table, name):
        return self.get(system=system, table__name=table, name=name)


class CriticalWound(RollRange, ReferenceData):
    """Its name is unique per table, not per system."""

    match_fields = ("table", "name")

    table = models.ForeignKey(CriticalTable, on_delete=models.CASCADE, related_name="wounds")
    wounds = models.PositiveSmallIntegerField(default=1, help_text="Extra Wounds the critical deals.")
    conditions = models.JSONField(
        default=list, blank=True, help_text='Conditions it gives, e.g. [{"name": "Bleeding", "count": 2}].'
    )
    duration = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Rounds its conditions last; empty: until the GM removes them."
    )

    objects = CriticalWoundManager()

    class Meta:
        ordering = ["table", "low"]
        constraints = [
            models.UniqueConstraint(fields=["table", "name"], name="critical_wound_unique_per_table"),
        ]

    def natural_key(self):
        return (self.system, self.table.name, self.name)

    def siblings(self):
        return CriticalWound.objects.filter(table_id=self.table_id).exclude(pk=self.pk)

    def clean(self):
        """The import's schema for the row (systems/wfrp4e/critical_rows.py), then the range against the others."""
        from systems.wfrp4e.critical_rows import check_row

        values = {"low": self.low, "high": self.high, "name": self.name, "wounds": self.wounds,
                  "conditions": self.conditions, "duration": self.duration}  # fmt: skip
        self.conditions = check_row(values)["conditions"]
        super().clean()

    @classmethod
    def check_entry(cls, entry):
        """A data file's entry (`loadrules`) through the same schema; a ValidationError in words."""
        from systems.wfrp4e.critical_rows import check_row

        check_row({**entry, "conditions": entry.get("conditions"), "description": entry.get("description")},
                  where=f"Critical wound {entry.get('name')!r}")  # fmt: skip

    def as_row(self):
        return super().as_row(
            name=self.name, text=self.description, wounds=self.wounds, conditions=self.conditions,
            duration=self.duration,
        )  # fmt: skip
