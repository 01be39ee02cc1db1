"""Campaign backup: `manage.py exportcampaign` / `importcampaign` and the GM's download."""

import json
from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.core.management.color import no_style
from django.db import connection

from characters.models import ApiToken, Campaign, Character, JoinLink
from combat import commands
from combat.models import Combatant, ConditionInstance, Encounter, LogEntry
from rules.loading import every_model, load
from rules.models import ConditionDefinition, Weapon
from tests.factories import CharacterFactory, EncounterFactory, equip
from tests.wfrp4e.conftest import ANDERS, ORC

User = get_user_model()


@pytest.fixture
def campaign_in_play(table):
    """The table's campaign mid-fight: full sheets, an attack, Advantage, conditions with timers, house rules,
    hidden NPCs, a second encounter; its last command removed a condition, so undoing it recreates one."""
    gm, encounter = table.gm, table.encounter
    anders = equip(
        table.anders.character,
        ANDERS,
        {"Melee (Basic)": 10, "Dodge": 5, "Ranged (Blackpowder)": 5},
        ("Hand Weapon", "Pistol"),
        ("Mail Shirt", "Leather Jack"),
    )
    Character.objects.filter(pk=anders.pk).update(
        points={"fate": 2, "fortune": 2, "resilience": 1, "resolve": 1},
        notes="Owes Bruno 3 shillings.",
        gm_notes="A cultist's son.",
    )
    orc = CharacterFactory(campaign=table.campaign, name="Orc Boy", is_npc=True, traits={"Armour": 1})
    equip(orc, ORC, {"Melee (Basic)": 10, "Dodge": 5}, ("Hand Weapon", "Shield"), ("Leather Jack",))
    orc_in_fight = commands.add_combatant(encounter, gm, character=orc.pk).result["combatant"]
    table.campaign.house_rules = ["tests", "momentum"]
    table.campaign.save()
    EncounterFactory(campaign=table.campaign, name="Bridge toll", house_rules=["bleeding"])
    commands.start(encounter, gm)
    commands.attack(
        encounter, gm, attacker=table.anders.pk, target=orc_in_fight, weapon="Hand Weapon", defence="Melee (Basic)",
        attacker_roll=23, defender_roll=45,
    )  # fmt: skip
    commands.add_condition(encounter, gm, combatant=orc_in_fight, condition="Bleeding", count=2, remaining=3)
    commands.add_condition(encounter, gm, combatant=table.anders.pk, condition="Fatigued")
    commands.apply_damage(encounter, gm, combatant=table.hidden_goblin.pk, amount=3)
    commands.next_turn(encounter, gm)
    commands.remove_condition(encounter, gm, combatant=orc_in_fight, condition="Bleeding")
    return table


def campaign_models():
    """Every model of the campaign apps (many-to-many tables included) but API tokens, which a backup never holds."""
    found = [*apps.get_app_config("characters").get_models(True), *apps.get_app_config("combat").get_models(True)]
    return [model for model in found if model is not ApiToken]


def stored_rows():
    """Every campaign row, field by field; many-to-many links without their own ids, which an import renumbers."""
    rows = {}
    for model in campaign_models():
        if model._meta.auto_created:
            columns = [field.attname for field in model._meta.fields if not field.primary_key]
            rows[model._meta.label] = sorted(model.objects.values_list(*columns))
        else:
            rows[model._meta.label] = list(model.objects.order_by("pk").values())
    return rows


def empty_campaign_tables():
    """What a fresh database looks like to an import: no campaign rows, and their id counters back at 1."""
    tables = [model._meta.db_table for model in campaign_models()]
    connection.ops.execute_sql_flush(connection.ops.sql_flush(no_style(), tables, reset_sequences=True))


def export(campaign, *options):
    out = StringIO()
    call_command("exportcampaign", str(campaign.pk), *options, stdout=out)
    return out.getvalue()


def import_file(path):
    out = StringIO()
    call_command("importcampaign", str(path), stdout=out)
    return out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_campaign_exported_and_imported_into_an_empty_database_is_equal_and_plays_on(campaign_in_play, tmp_path):
    table = campaign_in_play
    before = stored_rows()
    assert all(before[model._meta.label] for model in (ConditionInstance, LogEntry, Character))
    backup_file = tmp_path / "reikland.json"
    assert "Wrote campaign 'Reikland'" in export(table.campaign, "-o", str(backup_file))

    empty_campaign_tables()
    assert not any(stored_rows().values())
    message = import_file(backup_file)

    assert f"Imported campaign 'Reikland' (id {table.campaign.pk}): 3 characters, 2 encounters." in message
    assert "Created users" not in message  # gm, anna and bruno are still here: the campaign is theirs again
    assert stored_rows() == before
    assert export(table.campaign) == backup_file.read_text()

    encounter = Encounter.objects.get(pk=table.encounter.pk)
    orc = Combatant.objects.get(encounter=encounter, name="Orc Boy")
    assert "Bleeding" not in {c.name for c in orc.conditions.all()}
    commands.undo(encounter, table.gm)
    bleeding = orc.conditions.get()
    assert (bleeding.name, bleeding.count, bleeding.remaining) == ("Bleeding", 2, 3)

    # New rows take fresh ids after the imported ones in every table.
    late = commands.add_combatant(encounter, table.gm, name="Late goblin", max_wounds=8).result["combatant"]
    commands.add_condition(encounter, table.gm, combatant=late, condition="Prone")
    campaign = Campaign.objects.create(name="Next campaign", system="wfrp4e", gm=table.gm)
    equip(CharacterFactory(campaign=campaign), ANDERS, {"Dodge": 5}, ("Hand Weapon",))
    Encounter.objects.create(campaign=campaign, name="Next fight")
    assert LogEntry.objects.filter(encounter=encounter).count() == len(before["combat.LogEntry"]) + 3


def test_users_the_database_lacks_are_created_without_a_password(campaign_in_play, tmp_path):
    table = campaign_in_play
    backup_file = tmp_path / "reikland.json"
    export(table.campaign, "-o", str(backup_file))
    Campaign.objects.all().delete()
    User.objects.filter(username__in=["gm", "anna"]).delete()

    message = import_file(backup_file)

    assert "Created users without a password: anna, gm." in message
    campaign = Campaign.objects.get(pk=table.campaign.pk)
    assert campaign.gm.username == "gm" and not campaign.gm.has_usable_password()
    assert sorted(campaign.players.values_list("username", flat=True)) == ["anna", "bruno"]
    assert campaign.players.get(username="bruno") == table.bruno  # kept, with their password
    assert Character.objects.get(name="Anders").player.username == "anna"
    assert LogEntry.objects.filter(user__username="gm").count() == LogEntry.objects.count()


def test_rules_rows_with_other_ids_are_found_by_name_also_by_undo(campaign_in_play, tmp_path):
    table = campaign_in_play
    backup_file = tmp_path / "reikland.json"
    export(table.campaign, "-o", str(backup_file))
    Campaign.objects.all().delete()
    old_bleeding = ConditionDefinition.objects.get(system="wfrp4e", name="Bleeding").pk
    for model in reversed(every_model()):
        model.objects.all().delete()
    load()
    assert ConditionDefinition.objects.get(system="wfrp4e", name="Bleeding").pk != old_bleeding

    import_file(backup_file)

    anders = Character.objects.get(name="Anders")
    assert sorted(anders.weapons.values_list("name", flat=True)) == ["Hand Weapon", "Pistol"]
    assert sorted(anders.armour.values_list("name", flat=True)) == ["Leather Jack", "Mail Shirt"]
    assert {s.skill.name: s.advances for s in anders.skills.all()} == {
        "Melee (Basic)": 10, "Dodge": 5, "Ranged (Blackpowder)": 5,
    }  # fmt: skip
    assert [c.name for c in ConditionInstance.objects.all()] == ["Fatigued"]
    commands.undo(table.encounter, table.gm)
    assert sorted(c.name for c in ConditionInstance.objects.all()) == ["Bleeding", "Fatigued"]


def test_the_file_names_no_secrets_and_no_rules_ids(campaign_in_play):
    table = campaign_in_play
    ApiToken.issue(table.gm)
    link = JoinLink.issue(table.campaign)
    data = json.loads(export(table.campaign))
    assert (data["format"], data["version"]) == ("wfrp-combat-tracker campaign", 2)
    text = json.dumps(data)
    assert "pbkdf2" not in text and "password" not in text and ApiToken.objects.get().digest not in text
    assert link.token not in text
    anders = next(row for row in data["objects"] if row["fields"].get("name") == "Anders")
    assert ["wfrp4e", "Pistol"] in anders["fields"]["weapons"] and anders["fields"]["player"] == ["anna"]
    removal = next(row for row in data["objects"] if row["fields"].get("command") == "remove_condition")
    assert {"definition_id": ["wfrp4e", "Bleeding"]}.items() <= removal["fields"]["undo_state"]["conditions"][0].items()


def test_a_file_from_before_join_links_is_imported_without_its_old_join_token(campaign_in_play, tmp_path):
    data = json.loads(export(campaign_in_play.campaign))
    campaign_row = next(row for row in data["objects"] if row["model"] == "characters.campaign")
    campaign_row["fields"]["join_token"] = "an-old-invitation"
    data["version"] = 1  # join tokens were written by the first version
    Campaign.objects.all().delete()

    import_file(backup_with(data, tmp_path / "old.json"))

    assert Campaign.objects.get().name == "Reikland"
    assert not JoinLink.objects.exists()  # invitations are not restored: the GM sends new ones


def rows_and_users():
    return stored_rows(), sorted(User.objects.values_list("username", flat=True))


def backup_with(data, path):
    path.write_text(json.dumps(data))
    return path


def first_combatant_with(data, **fields):
    """The backup with its first combatant's fields changed."""
    rows = [dict(row) for row in data["objects"]]
    index = next(i for i, row in enumerate(rows) if row["model"] == "combat.combatant")
    rows[index] = {**rows[index], "fields": {**rows[index]["fields"], **fields}}
    return {**data, "objects": rows}


@pytest.mark.parametrize(
    ("damage", "error"),
    [
        (lambda data: {"campaign": "Reikland"}, "This is not a campaign backup of this tracker."),
        (lambda data: {**data, "version": 3}, "This backup has format version 3; this tracker reads versions 1, 2."),
        (
            lambda data: {**data, "objects": [*data["objects"], {"model": "auth.user", "pk": 9, "fields": {}}]},
            "The backup has rows a campaign backup never holds: auth.user.",
        ),
        (
            lambda data: first_combatant_with(data, wounds="many"),
            "The backup could not be restored, nothing was changed: .*“many” value must be an integer",
        ),
        (
            lambda data: first_combatant_with(data, encounter=99999),
            "The backup could not be restored, nothing was changed: .*combat_combatant",
        ),
    ],
)
def test_a_file_that_is_not_a_backup_of_this_version_changes_nothing(campaign_in_play, tmp_path, damage, error):
    data = json.loads(export(campaign_in_play.campaign))
    Campaign.objects.all().delete()
    User.objects.filter(username="anna").delete()
    before = rows_and_users()
    with pytest.raises(CommandError, match=error):
        import_file(backup_with(damage(data), tmp_path / "backup.json"))
    assert rows_and_users() == before


def test_a_file_that_is_not_json_is_refused(db, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Reikland, the notes")
    with pytest.raises(CommandError, match="notes.txt is not a JSON file"):
        import_file(path)
    with pytest.raises(CommandError, match="Cannot read .*missing.json: No such file or directory"):
        import_file(tmp_path / "missing.json")


def test_missing_rules_data_asks_for_loadrules_and_changes_nothing(campaign_in_play, tmp_path):
    backup_file = tmp_path / "reikland.json"
    export(campaign_in_play.campaign, "-o", str(backup_file))
    Campaign.objects.all().delete()
    User.objects.filter(username="anna").delete()
    ConditionDefinition.objects.filter(name="Bleeding").delete()  # named only in the log's undo snapshots now
    Weapon.objects.filter(name="Pistol").delete()
    before = rows_and_users()
    with pytest.raises(CommandError) as refused:
        import_file(backup_file)
    assert str(refused.value) == (
        "This database lacks rules data the campaign uses (weapon Pistol (wfrp4e), condition definition Bleeding "
        "(wfrp4e)): run manage.py loadrules first."
    )
    assert rows_and_users() == before


def test_importing_where_the_campaigns_ids_are_taken_is_refused(campaign_in_play, tmp_path):
    backup_file = tmp_path / "reikland.json"
    export(campaign_in_play.campaign, "-o", str(backup_file))
    before = rows_and_users()
    taken = f"already has rows with the ids the campaign keeps \\(campaign {campaign_in_play.campaign.pk}; "
    with pytest.raises(CommandError, match=taken):
        import_file(backup_file)
    assert rows_and_users() == before


def test_exporting_an_unknown_campaign_is_refused(db):
    with pytest.raises(CommandError, match="There is no campaign 42."):
        call_command("exportcampaign", "42")


def test_the_gm_downloads_the_same_file_as_the_command(campaign_in_play):
    table = campaign_in_play
    url = f"/campaigns/{table.campaign.pk}/export/"
    assert url in table.client(table.gm).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    response = table.client(table.gm).get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="reikland-{table.campaign.pk}.json"'
    assert response.content.decode() + "\n" == export(table.campaign)


def test_a_campaign_name_makes_a_safe_file_name(table):
    Campaign.objects.filter(pk=table.campaign.pk).update(name='../"Enemy" Within; rm -rf')
    response = table.client(table.gm).get(f"/campaigns/{table.campaign.pk}/export/")
    assert response["Content-Disposition"] == f'attachment; filename="enemy-within-rm-rf-{table.campaign.pk}.json"'


def test_players_and_outsiders_cannot_download_the_campaign(campaign_in_play):
    table = campaign_in_play
    url = f"/campaigns/{table.campaign.pk}/export/"
    assert url not in table.client(table.anna).get(f"/campaigns/{table.campaign.pk}/").content.decode()
    assert table.client(table.anna).get(url).status_code == 403
    assert table.client(table.outsider).get(url).status_code == 404
    assert table.client(table.gm).get("/campaigns/999/export/").status_code == 404
