"""Encounters in Django admin are for looking only: an edit here would bypass the command spine (no log entry, no
version, no live update, nothing to undo), so every change goes through the GM screen or the API instead."""

from django.contrib import admin

from combat.models import Combatant, ConditionInstance, Encounter, LogEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class CombatantInline(admin.TabularInline):
    model = Combatant
    extra = 0
    fields = ["name", "side", "initiative", "position", "wounds", "max_wounds", "hidden"]
    has_add_permission = ReadOnlyAdmin.has_add_permission
    has_change_permission = ReadOnlyAdmin.has_change_permission
    has_delete_permission = ReadOnlyAdmin.has_delete_permission


@admin.register(Encounter)
class EncounterAdmin(ReadOnlyAdmin):
    list_display = ["name", "campaign", "status", "round", "version", "created"]
    list_filter = ["campaign__system", "status"]
    search_fields = ["name", "campaign__name"]
    inlines = [CombatantInline]


@admin.register(Combatant)
class CombatantAdmin(ReadOnlyAdmin):
    list_display = ["name", "encounter", "side", "initiative", "wounds", "max_wounds", "hidden"]
    list_filter = ["encounter__campaign__system", "side", "hidden"]
    search_fields = ["name", "encounter__name"]
    list_select_related = ["encounter"]


@admin.register(ConditionInstance)
class ConditionInstanceAdmin(ReadOnlyAdmin):
    list_display = ["definition", "combatant", "count", "remaining"]
    list_filter = ["definition__system", "definition"]
    search_fields = ["combatant__name", "definition__name"]
    list_select_related = ["definition", "combatant"]


@admin.register(LogEntry)
class LogEntryAdmin(ReadOnlyAdmin):
    list_display = ["version", "encounter", "command", "message", "user", "undone", "created"]
    list_filter = ["encounter__campaign__system", "command", "undone"]
    search_fields = ["message", "encounter__name", "user__username"]
    list_select_related = ["encounter", "user"]
