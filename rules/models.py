from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models

from rules import systems

HIT_LOCATIONS = [
    ("head", "Head"),
    ("left_arm", "Left arm"),
    ("right_arm", "Right arm"),
    ("body", "Body"),
    ("left_leg", "Left leg"),
    ("right_leg", "Right leg"),
]


# Damage or protection rolled with dice, for systems that roll them (1d8, 1d12+1, 2d6).
dice_notation = RegexValidator(r"^[1-9]\d?d(4|6|8|10|12|20)([+-][1-9]\d?)?$", "Write dice like 1d8, 2d6 or 1d10+1.")


class ReferenceDataManager(models.Manager):
    def get_by_natural_key(self, system, name):
        return self.get(system=system, name=name)


class ReferenceData(models.Model):
    """Rows loaded from rules/data/<system>/; `customised` marks an admin's edit the loader must keep.

    Campaign rows and backups name a reference row by its natural key, (system, name), never by its id, which
    differs between databases."""

    # The fields `loadrules` matches a data-file entry to its row by (with `system`).
    match_fields = ("name",)

    system = models.CharField(max_length=20, choices=systems.choices, db_index=True)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    source = models.CharField(max_length=200, blank=True, help_text="Seed file and heading this entry comes from.")
    customised = models.BooleanField(
        default=False, help_text="Edited in admin: `loadrules` keeps this row unless run with --force."
    )

    objects = ReferenceDataManager()

    class Meta:
        abstract = True
        ordering = ["system", "name"]
        constraints = [
            models.UniqueConstraint(fields=["system", "name"], name="%(class)s_unique_per_system"),
        ]

    def __str__(self):
        return f"{self.name} ({self.get_system_display()})"

    def natural_key(self):
        return (self.system, self.name)


class RollRange(models.Model):
    """A row of a table read with a d100 roll: it answers rolls from `low` to `high` (100 is "00")."""

    low = models.PositiveSmallIntegerField()
    high = models.PositiveSmallIntegerField()

    class Meta:
        abstract = True

    def range_label(self):
        return f"{self.low:02d}–{self.high % 100:02d}"

    def siblings(self):
        """The other rows of the same table, which this row must not overlap."""
        return type(self).objects.filter(system=self.system).exclude(pk=self.pk)

    def clean(self):
        super().clean()
        if not 1 <= self.low <= self.high <= 100:
            raise ValidationError("A range runs from 1 to 100 (00), low first.")
        for other in self.siblings():
            if other.low <= self.high and self.low <= other.high:
                raise ValidationError(f"{self.range_label()} overlaps {other.name} ({other.range_label()}).")

    def as_row(self, **values):
        return {"low": self.low, "high": self.high, **values}


class ConditionDefinition(ReferenceData):
    stacks = models.BooleanField(default=True, help_text="Can a combatant have more than one of it?")
    start_of_round = models.TextField(blank=True, help_text="What happens at the start of each Round (seed 002).")
    end_of_round = models.TextField(blank=True, help_text="What happens at the end of each Round (seed 002).")


class Characteristic(ReferenceData):
    """WS, BS, S, ...: `name` is the abbreviation the sheets use."""

    full_name = models.CharField(max_length=60)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta(ReferenceData.Meta):
        ordering = ["system", "order"]


class Skill(ReferenceData):
    characteristic = models.ForeignKey(Characteristic, on_delete=models.PROTECT, related_name="skills")
    advanced = models.BooleanField(default=False, help_text="Cannot be used untrained.")
    specialisations = models.JSONField(
        default=list,
        blank=True,
        help_text='Narrower fields a character may train within it, in systems that have them: ["Dodge"].',
    )


class Property(ReferenceData):
    """A weapon or armour quality (a benefit) or flaw."""

    class Kind(models.TextChoices):
        QUALITY = "quality", "Quality"
        FLAW = "flaw", "Flaw"

    class AppliesTo(models.TextChoices):
        WEAPON = "weapon", "Weapons"
        ARMOUR = "armour", "Armour"
        BOTH = "both", "Weapons and armour"

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.QUALITY)
    applies_to = models.CharField(max_length=10, choices=AppliesTo.choices, default=AppliesTo.WEAPON)
    rated = models.BooleanField(
        default=False, help_text="Takes a rating from each weapon that has it (Shield 2, Blast 5, Reload 1)."
    )

    class Meta(ReferenceData.Meta):
        verbose_name_plural = "properties"


class Weapon(ReferenceData):
    class Kind(models.TextChoices):
        MELEE = "melee", "Melee"
        RANGED = "ranged", "Ranged"

    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.MELEE)
    group = models.CharField(max_length=40, help_text="Basic, Fencing, Two-Handed, Bow, Blackpowder, ...")
    reach = models.CharField(max_length=40, blank=True, help_text="Melee: Personal ... Massive.")
    range = models.CharField(max_length=40, blank=True, help_text="Ranged, in yards (e.g. 50, or SB×3).")
    damage = models.SmallIntegerField(help_text="The number in the damage, e.g. 4 for +SB+4.")
    adds_strength_bonus = models.BooleanField(default=True, help_text="Damage is +SB plus the number.")
    damage_dice = models.CharField(
        max_length=12,
        blank=True,
        validators=[dice_notation],
        help_text="For systems that roll weapon damage (e.g. 1d8); empty for a fixed number.",
    )
    properties = models.ManyToManyField(Property, blank=True, related_name="weapons")
    ratings = models.JSONField(
        default=dict, blank=True, help_text='This weapon\'s rating of each rated property it has, e.g. {"Shield": 1}.'
    )

    def rating(self, property_name):
        """The weapon's own rating of a rated property (a Buckler's Shield 1 is not a Shield's Shield 2); 0
        without it."""
        return self.ratings.get(property_name, 0)

    def clean(self):
        super().clean()
        if not isinstance(self.ratings, dict) or not all(
            isinstance(name, str) and isinstance(value, int) and not isinstance(value, bool) and value > 0
            for name, value in self.ratings.items()
        ):
            raise ValidationError({"ratings": 'Give each rated property a whole number above 0: {"Shield": 2}.'})

    @property
    def damage_label(self):
        if self.damage_dice:
            return self.damage_dice
        sign = "+" if self.damage >= 0 else ""
        return f"+SB{sign}{self.damage}" if self.adds_strength_bonus else f"+{self.damage}"

    @property
    def skill_name(self):
        """The skill that wields it: Melee (Basic), Ranged (Bow), ..."""
        return f"{self.get_kind_display()} ({self.group})"


class Armour(ReferenceData):
    locations = models.JSONField(default=list, help_text=f"Locations covered: {', '.join(k for k, _ in HIT_LOCATIONS)}")
    points = models.PositiveSmallIntegerField(help_text="Armour Points on each location covered.")
    protection_dice = models.CharField(
        max_length=12,
        blank=True,
        validators=[dice_notation],
        help_text="For systems that roll armour (e.g. 1d4); empty for fixed points.",
    )
    impeding = models.PositiveSmallIntegerField(
        default=0, help_text="What wearing it takes off Defence and some tests, in systems that count it; 0 for none."
    )
    properties = models.ManyToManyField(Property, blank=True, related_name="armour")

    class Meta(ReferenceData.Meta):
        verbose_name_plural = "armour"

    @property
    def protection_label(self):
        return self.protection_dice or f"{self.points} AP"

    def clean(self):
        super().clean()
        known = dict(HIT_LOCATIONS)
        if not isinstance(self.locations, list) or not self.locations:
            raise ValidationError({"locations": "List the locations it covers."})
        unknown = [loc for loc in self.locations if loc not in known]
        if unknown:
            raise ValidationError({"locations": f"Unknown location(s): {', '.join(map(str, unknown))}."})


class HitLocation(RollRange, ReferenceData):
    """Seed 002 "Attack" › "2: Determine Hit Location", one row per location."""

    location = models.CharField(max_length=10, choices=HIT_LOCATIONS)

    class Meta(ReferenceData.Meta):
        ordering = ["system", "low"]

    def as_row(self):
        return super().as_row(location=self.location)


class HouseRule(ReferenceData):
    """A rule of the table's house-rules document (seed 000), named after its heading. Settled rules are toggles
    a campaign or encounter switches on; [TODO] rules and those "same as book" are shown as text only."""

    class Status(models.TextChoices):
        SETTLED = "settled", "Settled"
        CHANGED = "changed", "Changed"
        NEW = "new", "New"
        REMOVED = "removed", "Removed"
        SAME = "same", "Same as book"
        TODO = "todo", "To do"

    TOGGLES = (Status.SETTLED, Status.CHANGED, Status.NEW, Status.REMOVED)

    key = models.SlugField(max_length=60)
    group = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=Status.choices)
    order = models.PositiveSmallIntegerField(default=0)
    # The project ships only summaries in its own words; the document's wording is the table's to paste.
    full_text = models.TextField(
        blank=True, help_text="Paste your table's own wording here; the app shows it instead of the summary."
    )

    class Meta(ReferenceData.Meta):
        ordering = ["system", "order"]
        constraints = [
            *ReferenceData.Meta.constraints,
            models.UniqueConstraint(fields=["system", "key"], name="house_rule_key_unique_per_system"),
        ]

    @property
    def is_toggle(self):
        return self.status in self.TOGGLES

    @property
    def text(self):
        return self.full_text or self.description
