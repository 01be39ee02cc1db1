from django.contrib import admin

from rules.admin import ReferenceDataAdmin
from systems.symbaroum import models


@admin.register(models.Feat)
class FeatAdmin(ReferenceDataAdmin):
    list_display = ["name", "homebrew", "system", "order", "customised"]
    ordering = ["system", "order"]


@admin.register(models.Manoeuvre)
class ManoeuvreAdmin(ReferenceDataAdmin):
    list_display = ["name", "key", "test", "system", "customised"]
    ordering = ["system", "order"]


@admin.register(models.Trap)
class TrapAdmin(ReferenceDataAdmin):
    list_display = ["name", "damage_dice", "set_by", "holds_victim", "system", "customised"]


@admin.register(models.Building)
class BuildingAdmin(ReferenceDataAdmin):
    list_display = ["name", "health", "breakpoint", "fortification", "system", "customised"]
    ordering = ["system", "order"]
