from django.contrib import admin
from django.core.exceptions import ValidationError
from django.forms.models import BaseInlineFormSet

from rules import models


class ReferenceDataAdmin(admin.ModelAdmin):
    list_display = ["name", "system", "customised", "source"]
    list_filter = ["system", "customised"]
    search_fields = ["name", "description"]

    def save_model(self, request, obj, form, change):
        obj.customised = True
        super().save_model(request, obj, form, change)


class RollTableAdmin(ReferenceDataAdmin):
    """Tables read with a d100: edit the ranges in the list; overlapping rows are refused."""

    list_display = ["range_label", "name", "system", "customised"]
    list_display_links = ["name"]
    ordering = ["system", "low"]


@admin.register(models.ConditionDefinition)
class ConditionDefinitionAdmin(ReferenceDataAdmin):
    list_display = [*ReferenceDataAdmin.list_display, "stacks"]


@admin.register(models.Characteristic)
class CharacteristicAdmin(ReferenceDataAdmin):
    list_display = ["name", "full_name", "system", "order", "customised"]


@admin.register(models.Skill)
class SkillAdmin(ReferenceDataAdmin):
    list_display = ["name", "characteristic", "advanced", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "advanced", "characteristic__name"]


@admin.register(models.Property)
class PropertyAdmin(ReferenceDataAdmin):
    list_display = ["name", "kind", "applies_to", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "kind", "applies_to"]


@admin.register(models.Weapon)
class WeaponAdmin(ReferenceDataAdmin):
    list_display = ["name", "kind", "group", "damage_label", "reach", "range", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "kind", "group"]
    filter_horizontal = ["properties"]


@admin.register(models.Armour)
class ArmourAdmin(ReferenceDataAdmin):
    list_display = ["name", "locations", "protection_label", "impeding", "system", "customised"]
    filter_horizontal = ["properties"]


@admin.register(models.HitLocation)
class HitLocationAdmin(RollTableAdmin):
    list_display = [*RollTableAdmin.list_display, "location"]


class NonOverlappingRows(BaseInlineFormSet):
    """Rows entered together must not overlap each other either (each row's clean() sees only saved rows)."""

    def clean(self):
        super().clean()
        rows = sorted(
            (form.cleaned_data["low"], form.cleaned_data["high"], form.cleaned_data.get("name", ""))
            for form in self.forms
            if form.cleaned_data and not form.cleaned_data.get("DELETE") and "low" in form.cleaned_data
        )
        for (_, high, name), (low, _, other) in zip(rows, rows[1:], strict=False):
            if low <= high:
                raise ValidationError(f"{other} overlaps {name}.")


@admin.register(models.HouseRule)
class HouseRuleAdmin(ReferenceDataAdmin):
    list_display = ["name", "key", "group", "status", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "group", "status"]
    search_fields = [*ReferenceDataAdmin.search_fields, "full_text"]
    ordering = ["system", "order"]
    fields = ["system", "name", "key", "group", "status", "order", "description", "full_text", "source", "customised"]
