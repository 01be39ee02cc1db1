from django.contrib import admin

from characters.models import ApiToken, Campaign, Character, CharacterSkill, JoinLink


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "system", "gm", "created"]
    list_filter = ["system"]
    search_fields = ["name", "gm__username"]
    filter_horizontal = ["players"]


class CharacterSkillInline(admin.TabularInline):
    model = CharacterSkill
    autocomplete_fields = ["skill"]
    extra = 1


@admin.register(Character)
class CharacterAdmin(admin.ModelAdmin):
    inlines = [CharacterSkillInline]
    filter_horizontal = ["weapons", "armour"]
    list_display = ["name", "campaign", "player", "is_npc", "max_wounds"]
    list_filter = ["campaign__system", "is_npc"]
    search_fields = ["name", "campaign__name", "player__username"]
    list_select_related = ["campaign", "player"]


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ["user", "created"]
    search_fields = ["user__username"]
    readonly_fields = ["digest", "created"]


@admin.register(JoinLink)
class JoinLinkAdmin(admin.ModelAdmin):
    list_display = ["campaign", "created", "expires", "revoked"]
    list_filter = ["campaign__system"]
    search_fields = ["campaign__name"]
    list_select_related = ["campaign"]
    readonly_fields = ["token", "created"]
