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


@admin.register(models.Fumble)
class FumbleAdmin(RollTableAdmin):
    list_display = [*RollTableAdmin.list_display, "wounds"]


@admin.register(models.AdvantageSpend)
class AdvantageSpendAdmin(ReferenceDataAdmin):
    list_display = ["name", "key", "cost", "minimum", "once_per_turn", "system", "customised"]
    ordering = ["system", "order"]


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


class CriticalWoundInline(admin.TabularInline):
    model = models.CriticalWound
    formset = NonOverlappingRows
    fields = ["low", "high", "name", "wounds", "description", "system", "source"]
    extra = 3


@admin.register(models.CriticalTable)
class CriticalTableAdmin(ReferenceDataAdmin):
    list_display = ["name", "locations", "system", "customised"]
    inlines = [CriticalWoundInline]


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


@admin.register(models.HouseRule)
class HouseRuleAdmin(ReferenceDataAdmin):
    list_display = ["name", "key", "group", "status", "system", "customised"]
    list_filter = [*ReferenceDataAdmin.list_filter, "group", "status"]
    search_fields = [*ReferenceDataAdmin.search_fields, "full_text"]
    ordering = ["system", "order"]
    fields = ["system", "name", "key", "group", "status", "order", "description", "full_text", "source", "customised"]


@admin.register(models.ActionCard)
class ActionCardAdmin(ReferenceDataAdmin):
    list_display = ["name", "type", "skill", "recharge", "difficulty", "sight", "system", "customised"]
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
