from django.contrib import admin

from rules.admin import NonOverlappingRows, ReferenceDataAdmin, RollTableAdmin
from systems.wfrp4e import models


@admin.register(models.Fumble)
class FumbleAdmin(RollTableAdmin):
    list_display = [*RollTableAdmin.list_display, "wounds"]


@admin.register(models.AdvantageSpend)
class AdvantageSpendAdmin(ReferenceDataAdmin):
    list_display = ["name", "key", "cost", "minimum", "once_per_turn", "system", "customised"]
    ordering = ["system", "order"]


class CriticalWoundInline(admin.TabularInline):
    model = models.CriticalWound
    formset = NonOverlappingRows
    fields = ["low", "high", "name", "wounds", "conditions", "duration", "description", "system", "source"]
    extra = 3


@admin.register(models.CriticalTable)
class CriticalTableAdmin(ReferenceDataAdmin):
    list_display = ["name", "locations", "system", "customised"]
    inlines = [CriticalWoundInline]
