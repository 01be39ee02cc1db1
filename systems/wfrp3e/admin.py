from django.contrib import admin

from rules.admin import ReferenceDataAdmin
from systems.wfrp3e import models


@admin.register(models.ActionCard)
class ActionCardAdmin(ReferenceDataAdmin):
    list_display = ["name", "type", "skill", "recharge", "difficulty", "sight", "preparation", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "type"]


@admin.register(models.Talent)
class TalentAdmin(ReferenceDataAdmin):
    list_display = ["name", "type", "constant", "recharge", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "type"]


@admin.register(models.ConditionCard)
class ConditionCardAdmin(ReferenceDataAdmin):
    list_display = ["name", "duration", "cancels", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "duration"]


@admin.register(models.CriticalWoundCard)
class CriticalWoundCardAdmin(ReferenceDataAdmin):
    list_display = ["name", "severity", "system", "customised"]
