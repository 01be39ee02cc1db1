"""Symbaroum's own reference data (rules/data/symbaroum/), loaded by `loadrules` and edited in the admin."""

from django.core.exceptions import ValidationError
from django.db import models

from rules.models import ReferenceData, dice_notation


class Feat(ReferenceData):
    """A feat a hero pays for to pull off (Symbaroum, seed 001 "Alternate Rules" › "Feats")."""

    homebrew = models.BooleanField(default=False, help_text="The table's own, not the book's.")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta(ReferenceData.Meta):
        ordering = ["system", "order"]


class Manoeuvre(ReferenceData):
    """A tactical option open to every combatant (Symbaroum, seed 001 "Manoeuvres", seed 004 "Maneuvers"): `key`
    is what the engine and commands name it by."""

    key = models.SlugField(max_length=40)
    test = models.CharField(max_length=60, blank=True, help_text="The test it takes, e.g. [Strong←Strong].")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta(ReferenceData.Meta):
        ordering = ["system", "order"]
        constraints = [
            *ReferenceData.Meta.constraints,
            models.UniqueConstraint(fields=["system", "key"], name="manoeuvre_key_unique_per_system"),
        ]


class Trap(ReferenceData):
    """A kind of trap, with who may set it and what it does to its victim (Symbaroum, seed 001 "Traps")."""

    damage_dice = models.CharField(
        max_length=12, blank=True, validators=[dice_notation], help_text="Empty: as its description says."
    )
    set_by = models.CharField(max_length=80, help_text="Who may set it: anyone, or the abilities it needs.")
    holds_victim = models.BooleanField(default=False, help_text="It holds the victim in place until freed.")


class Building(ReferenceData):
    """A structure that can be damaged and breached (Symbaroum variant, seed 004 "Damage on Buildings"): `key`
    is the engine's name for it (rules.engine.symbaroum.BUILDINGS)."""

    key = models.SlugField(max_length=40)
    health = models.PositiveIntegerField()
    breakpoint = models.PositiveIntegerField(help_text="Damage within one turn that breaches it at once.")
    fortification = models.PositiveSmallIntegerField(help_text="Its Toughness: damage must get past it.")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta(ReferenceData.Meta):
        ordering = ["system", "order"]
        constraints = [
            *ReferenceData.Meta.constraints,
            models.UniqueConstraint(fields=["system", "key"], name="building_key_unique_per_system"),
        ]

    def clean(self):
        super().clean()
        if self.health is not None and self.breakpoint is not None and self.breakpoint > self.health:
            raise ValidationError({"breakpoint": "A Breakpoint cannot be more than the building's Health."})
