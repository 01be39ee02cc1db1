from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

import systems
from characters import joining, sheets
from characters import views as character_views
from combat import api, group_views, table_views
from combat import views as combat_views
from config import app_shell, converters  # noqa: F401  (converters registers <id:...>)

urlpatterns = [
    path("", character_views.home, name="home"),
    path("manifest.webmanifest", app_shell.manifest, name="manifest"),
    path("sw.js", app_shell.worker, name="service-worker"),
    path("offline/", app_shell.offline, name="offline"),
    path("accounts/login/", joining.LoginView.as_view(), name="login"),
    path("accounts/signup/", joining.signup, name="signup"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/token/", character_views.api_token, name="api-token"),
    path("accounts/token/<id:pk>/revoke/", character_views.revoke_api_token, name="api-token-revoke"),
    path("campaigns/new/", character_views.new_campaign, name="new-campaign"),
    path("campaigns/<id:pk>/", character_views.campaign, name="campaign"),
    path("campaigns/<id:pk>/export/", character_views.export_campaign, name="campaign-export"),
    path("campaigns/<id:pk>/house-rules/", character_views.campaign_house_rules, name="campaign-house-rules"),
    path("campaigns/<id:pk>/characters/new/", sheets.new_character, name="new-character"),
    path("campaigns/<id:pk>/npcs/new/", sheets.new_character, {"npc": True}, name="new-npc"),
    path("campaigns/<id:pk>/characters/import/", sheets.import_character, name="import-character"),
    path("campaigns/<id:pk>/characters/import/foundry/", sheets.confirm_foundry_import, name="import-foundry"),
    path("campaigns/<id:campaign_pk>/encounters/new/", combat_views.new_encounter, name="new-encounter"),
    path("campaigns/<id:pk>/join-links/", joining.create_link, name="join-link-create"),
    path("campaigns/<id:pk>/join-links/<id:link_pk>/revoke/", joining.revoke_link, name="join-link-revoke"),
    path("join/<str:token>/", joining.join, name="join"),
    path("characters/<id:pk>/claim/", character_views.claim, name="claim"),
    path("characters/<id:pk>/", character_views.sheet, name="sheet"),
    path("characters/<id:pk>/notes/", character_views.edit_notes, name="sheet-notes"),
    path("characters/<id:pk>/edit/", sheets.edit_character, name="sheet-edit"),
    path("characters/<id:pk>/duplicate/", sheets.duplicate_character, name="sheet-duplicate"),
    path("characters/<id:pk>/delete/", sheets.delete_character, name="sheet-delete"),
    path("characters/<id:pk>/download/", sheets.download_character, name="sheet-download"),
    path("encounters/<id:pk>/", combat_views.encounter, name="encounter"),
    path("encounters/<id:pk>/do/<str:name>/", combat_views.run_command, name="command"),
    path("encounters/<id:pk>/house-rules/", combat_views.house_rules, name="encounter-house-rules"),
    path("encounters/<id:pk>/duplicate/", group_views.duplicate, name="encounter-duplicate"),
    path("encounters/<id:pk>/save-group/", group_views.save_as_group, name="encounter-save-group"),
    path("encounters/<id:pk>/table-links/", table_views.table_links, name="table-links"),
    path("encounters/<id:pk>/table-links/new/", table_views.create_table_link, name="table-link-create"),
    path(
        "encounters/<id:pk>/table-links/<id:link_pk>/revoke/", table_views.revoke_table_link, name="table-link-revoke"
    ),
    path("table/<str:token>/", table_views.table_screen, name="table-screen"),
    path("groups/<id:pk>/delete/", group_views.delete_group, name="group-delete"),
    path("api/encounters/", api.encounters, name="api-encounters"),
    path("api/encounters/<id:pk>/", api.encounter_state, name="api-encounter"),
    path("api/encounters/<id:pk>/commands/", api.encounter_command, name="api-command"),
    path("admin/", admin.site.urls),
    *systems.urlpatterns(),
]
