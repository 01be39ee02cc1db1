from django.contrib import admin

from combat.models import Combatant, ConditionInstance, Encounter, LogEntry


class CombatantInline(admin.TabularInline):
    model = Combatant
    extra = 0
    fields = ["name", "side", "initiative", "position", "wounds", "max_wounds", "advantage", "hidden"]


@admin.register(Encounter)
class EncounterAdmin(admin.ModelAdmin):
    list_display = ["name", "campaign", "status", "round", "version", "created"]
    list_filter = ["campaign__system", "status"]
    search_fields = ["name", "campaign__name"]
    inlines = [CombatantInline]
    readonly_fields = ["version"]


@admin.register(Combatant)
class CombatantAdmin(admin.ModelAdmin):
    list_display = ["name", "encounter", "side", "initiative", "wounds", "max_wounds", "hidden"]
    list_filter = ["encounter__campaign__system", "side", "hidden"]
    search_fields = ["name", "encounter__name"]
    list_select_related = ["encounter"]


@admin.register(ConditionInstance)
class ConditionInstanceAdmin(admin.ModelAdmin):
    list_display = ["definition", "combatant", "count", "remaining"]
    list_filter = ["definition__system", "definition"]
    search_fields = ["combatant__name", "definition__name"]
    list_select_related = ["definition", "combatant"]


@admin.register(LogEntry)
class LogEntryAdmin(admin.ModelAdmin):
    list_display = ["version", "encounter", "command", "message", "user", "undone", "created"]
    list_filter = ["encounter__campaign__system", "command", "undone"]
    search_fields = ["message", "encounter__name", "user__username"]
    list_select_related = ["encounter", "user"]
    readonly_fields = [f.name for f in LogEntry._meta.fields]
