from django.contrib import admin

from rules.models import ConditionDefinition


class ReferenceDataAdmin(admin.ModelAdmin):
    list_display = ["name", "system", "customised", "source"]
    list_filter = ["system", "customised"]
    search_fields = ["name", "description"]

    def save_model(self, request, obj, form, change):
        obj.customised = True
        super().save_model(request, obj, form, change)


@admin.register(ConditionDefinition)
class ConditionDefinitionAdmin(ReferenceDataAdmin):
    list_display = [*ReferenceDataAdmin.list_display, "stacks"]
