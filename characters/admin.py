from django.contrib import admin

from characters.forms import RowsChoiceField
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

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        # Weapons and armour by id, as the sheet form takes them: an id beyond any row's is refused, not a 500.
        return super().formfield_for_manytomany(db_field, request, **{"form_class": RowsChoiceField, **kwargs})


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Tokens are made by their owner (the API token page, createapitoken): here they are seen, cut short and revoked
    (the action). The raw value is never stored, and its hash is not shown either."""

    list_display = ["name", "user", "scope", "created", "last_used", "expires", "revoked"]
    list_filter = ["scope"]
    search_fields = ["name", "user__username"]
    list_select_related = ["user"]
    fields = ["name", "user", "scope", "created", "last_used", "expires", "revoked"]
    # A revoked token stays revoked: another live token may have taken its name since.
    readonly_fields = ["name", "user", "scope", "created", "last_used", "revoked"]
    actions = ["revoke"]

    def has_add_permission(self, request):
        return False

    @admin.action(description="Revoke the chosen tokens")
    def revoke(self, request, queryset):
        self.message_user(request, f"{queryset.revoke()} token(s) revoked.")


@admin.register(JoinLink)
class JoinLinkAdmin(admin.ModelAdmin):
    list_display = ["campaign", "created", "expires", "revoked"]
    list_filter = ["campaign__system"]
    search_fields = ["campaign__name"]
    list_select_related = ["campaign"]
    readonly_fields = ["token", "created"]
