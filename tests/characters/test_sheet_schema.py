"""A character's sheet is checked by its game's one schema at every door: a character file, a campaign backup, the
admin and the sheet form. A sheet stored before that check, holding what no screen reads, shows the GM the problem
while the fight, the API and the phones go on."""

import json
from io import StringIO

import pytest
from asgiref.sync import async_to_sync
from django.core.management import CommandError, call_command
from django.test import Client

from characters.models import Campaign, Character, CharacterSkill
from combat import commands
from combat.models import Encounter
from config.converters import LARGEST_ID
from rules.models import Characteristic
from tests.characters.conftest import SYSTEMS
from tests.characters.test_character_json import download, upload
from tests.combat.test_consumers import connect
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

# (system, the character record's fields to change, words the refusal must hold). The words name the field as the
# sheet does.
CRAFTED = [
    ("symbaroum", {"points": {"corruption_temporary": "2"}}, 'Temporary corruption should be a whole number'),
    ("symbaroum", {"points": {"corruption_temporary": [1]}}, "Temporary corruption should be a whole number"),
    ("symbaroum", {"points": {"experience": "lots"}}, "Experience should be a whole number from 0 to 999"),
    ("symbaroum", {"points": {"ammunition": -1}}, "Ammunition should be a whole number from 0 to 999, not -1."),
    ("symbaroum", {"points": {"carried": 10**30}}, "Other gear&#x27;s Encumbrance should be a whole number"),
    ("symbaroum", {"points": {"special_ammunition": {"Fire arrow": "x"}}}, "Special ammunition: "),
    ("symbaroum", {"points": {"gold": 5}}, "counters this game does not keep: "),
    ("symbaroum", {"abilities": {"Iron Fist": "Legendary"}}, "should each have a level: Novice, Adept, Master"),
    ("symbaroum", {"traits": {"Robust": 4}}, "should each have a level from I to III, or none"),
    ("wfrp3e", {"points": {"wounds": "2"}}, "Wounds should be a whole number from 0 to 999"),
    ("wfrp3e", {"points": {"stress": [1]}}, "Stress should be a whole number"),
    ("wfrp3e", {"points": {"specialisations": {"Coordination": "Dodge"}}}, "should each have a list of specialisa"),
    ("wfrp3e", {"points": {"insanities": {"Paranoia": "forever"}}}, "should each have temporary or permanent"),
    ("wfrp3e", {"points": {"diseases": ["Grave Rot"]}}, "Diseases should be names, each with temporary or perma"),
    ("wfrp4e", {"points": {"corruption": 3}}, "counters this game does not keep: "),
    *((system, {"characteristics": {"Ag": "35"}}, "each have a whole number from 0 to 200") for system in SYSTEMS),
    *((system, {"traits": {"Champion": "lots"}}, "Traits: ") for system in SYSTEMS),
    *((system, {"abilities": ["Iron Fist"]}, "Abilities should be names") for system in SYSTEMS),
    *((system, {"max_wounds": 10**30}, "has what no sheet holds (wounds)") for system in SYSTEMS),
]  # fmt: skip
# The admin's own number field refuses wounds beyond any number before the sheet is checked.
ADMIN_CASES = [case for case in CRAFTED if "max_wounds" not in case[1]]


def cases(chosen):
    return pytest.mark.parametrize(
        ("played", "fields", "words"),
        [pytest.param(*case, id=f"{case[0]}-{case[2][:30]}") for case in chosen],
        indirect=["played"],
    )


def crafted(file, fields):
    record = file["objects"][0]["fields"]
    for name, value in fields.items():
        record[name] = {**record[name], **value} if isinstance(value, dict) and name != "abilities" else value
    return file


@cases(CRAFTED)
def test_a_crafted_character_file_is_refused_naming_the_field(played, fields, words):
    gm = played.client(played.gm)
    before = (Character.objects.count(), CharacterSkill.objects.count())

    answer = upload(gm, played.campaign, crafted(download(gm, played.heroine), fields)).content.decode()

    assert words in answer and "Nothing was imported." in answer
    assert (Character.objects.count(), CharacterSkill.objects.count()) == before


@pytest.mark.parametrize("played", ["wfrp4e", "wfrp3e"], indirect=True)  # Symbaroum keeps abilities, not skills
@pytest.mark.parametrize(
    ("skill", "words"),
    [({"advances": -1}, "skill advances"), ({"advances": "x"}, "not what the sheet holds"), ({"skill": 7}, "named")],
)
def test_a_crafted_skill_is_refused(played, skill, words):
    gm = played.client(played.gm)
    file = download(gm, played.heroine)
    skills = [record for record in file["objects"] if record["model"] == "characters.characterskill"]
    skills[0]["fields"].update(skill)
    before = Character.objects.count()
    answer = upload(gm, played.campaign, file).content.decode()
    assert words in answer and "Nothing was imported." in answer
    assert Character.objects.count() == before


@pytest.mark.parametrize("played", SYSTEMS, indirect=True)
@pytest.mark.parametrize("items", [[[7]], [["wfrp4e"]], [[None, None]], "Dagger"])
def test_crafted_items_are_refused(played, items):
    gm = played.client(played.gm)
    file = download(gm, played.heroine)
    file["objects"][0]["fields"]["weapons"] = items
    before = Character.objects.count()
    answer = upload(gm, played.campaign, file).content.decode()
    assert "Nothing was imported." in answer and ("damaged" in answer or "does not have: weapon" in answer)
    assert Character.objects.count() == before


def exported(campaign):
    out = StringIO()
    call_command("exportcampaign", str(campaign.pk), stdout=out)
    return json.loads(out.getvalue())


def restored(data, tmp_path):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(data))
    call_command("importcampaign", str(path), stdout=StringIO())


@cases(CRAFTED)
def test_a_campaign_backup_with_a_crafted_sheet_is_refused_whole(played, fields, words, tmp_path):
    data = exported(played.campaign)
    heroine = next(
        row for row in data["objects"] if row["model"] == "characters.character" and row["pk"] == played.heroine.pk
    )
    crafted({"objects": [heroine]}, fields)
    Campaign.objects.all().delete()

    with pytest.raises(CommandError) as refused:
        restored(data, tmp_path)

    assert "nothing was changed" in str(refused.value)
    assert words.replace("&#x27;", "'") in str(refused.value)
    assert not Campaign.objects.exists() and not Character.objects.exists()


def encounter_with_a_log(table):
    commands.add_condition(table.encounter, table.gm, combatant=table.orc.pk, condition="Bleeding")
    commands.start(table.encounter, table.gm)
    return exported(table.campaign)


def undo_states(data):
    return [row["fields"]["undo_state"] for row in data["objects"] if row["model"] == "combat.logentry"]


@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        (lambda state: state["conditions"][0].update(definition_id=5), "undo step should name each condition"),
        (lambda state: state.update(conditions="Bleeding"), "undo step should name each condition"),
        (lambda state: state["combatants"][0].update(wounds="many"), "value must be an integer"),
        (lambda state: state["combatants"][0].update(max_wounds=10**30), "Ensure this value is less than"),
        (lambda state: state["combatants"][0].update(encounter_id="Ford"), "by something other than its id"),
        (lambda state: state["combatants"][0].pop("wounds"), "should hold encounter_id"),
        (lambda state: state["characters"][0].update(points=[1]), "The sheet's counters should be names"),
        (lambda state: state.update(encounter=[]), "does not hold an encounter's state"),
        (lambda state: state["encounter"].update(round="two"), "value must be an integer"),
    ],
)
def test_a_campaign_backup_with_a_crafted_undo_step_is_refused_whole(table, spoil, words, tmp_path):
    data = encounter_with_a_log(table)
    state = next(state for state in undo_states(data) if state and state["conditions"] and state["characters"])
    spoil(state)
    Campaign.objects.all().delete()

    with pytest.raises(CommandError) as refused:
        restored(data, tmp_path)

    assert "nothing was changed" in str(refused.value) or "The file is damaged" in str(refused.value)
    assert words in str(refused.value)
    assert not Campaign.objects.exists() and not Encounter.objects.exists()


def test_a_campaign_backup_with_huge_wounds_is_refused_in_words(table, tmp_path):
    data = exported(table.campaign)
    combatant = next(row for row in data["objects"] if row["model"] == "combat.combatant")
    combatant["fields"]["max_wounds"] = 10**30
    Campaign.objects.all().delete()
    with pytest.raises(CommandError, match="Combatant .* has what no sheet holds"):
        restored(data, tmp_path)
    assert not Campaign.objects.exists()


def admin_post(played, character, extra=(), **json_fields):
    admin = UserFactory(username="admin", is_staff=True, is_superuser=True)
    client = Client()
    client.force_login(admin)
    CharacterSkill.objects.filter(character=character).delete()
    data = {
        "name": character.name,
        "campaign": character.campaign_id,
        "player": character.player_id or "",
        "max_wounds": character.max_wounds,
        "notes": "", "gm_notes": "",
        **{name: json.dumps(getattr(character, name)) for name in ("characteristics", "traits", "points", "abilities")},
        **{name: json.dumps(value) for name, value in json_fields.items()},
        "skills-TOTAL_FORMS": 0, "skills-INITIAL_FORMS": 0, "skills-MIN_NUM_FORMS": 0, "skills-MAX_NUM_FORMS": 1000,
        "_save": "Save",
        **dict(extra),
    }  # fmt: skip
    return client.post(f"/admin/characters/character/{character.pk}/change/", data)


@cases(ADMIN_CASES)
def test_the_admin_refuses_a_crafted_sheet_in_the_same_words(played, fields, words):
    merged = {
        name: {**getattr(played.heroine, name), **value} if isinstance(value, dict) else value
        for name, value in fields.items()
    }
    before = Character.objects.values().get(pk=played.heroine.pk)

    answer = admin_post(played, played.heroine, **merged)

    assert answer.status_code == 200 and words in answer.content.decode()
    assert Character.objects.values().get(pk=played.heroine.pk) == before


@pytest.mark.parametrize("played", SYSTEMS, indirect=True)
def test_the_admin_saves_a_good_sheet(played):
    answer = admin_post(played, played.heroine, notes="Keeps a diary.")
    assert answer.status_code == 302


@pytest.mark.parametrize("played", ["wfrp4e"], indirect=True)
def test_the_admin_refuses_a_weapon_beyond_any_id_in_words(played):
    before = list(played.heroine.weapons.all())
    answer = admin_post(played, played.heroine, extra={"weapons": [LARGEST_ID + 1], "armour": [10**30]})
    assert answer.status_code == 200 and "is not one of the available choices" in answer.content.decode()
    assert list(Character.objects.get(pk=played.heroine.pk).weapons.all()) == before != []


@pytest.mark.parametrize("played", ["symbaroum", "wfrp3e"], indirect=True)
def test_the_sheet_forms_counters_take_their_limits_from_the_schema(played):
    gm = played.client(played.gm)
    page = gm.get(f"/characters/{played.heroine.pk}/edit/").content.decode()
    assert 'max="999"' in page and 'min="0"' in page


@pytest.mark.parametrize("played", SYSTEMS, indirect=True)
@pytest.mark.parametrize("huge", [LARGEST_ID + 1, 10**30])
def test_a_sheet_forms_weapon_beyond_any_id_is_refused_in_words(played, huge):
    gm = played.client(played.gm)
    form = gm.get(f"/characters/{played.heroine.pk}/edit/").context["form"]
    data = {
        name: value for name, value in form.initial.items() if value is not None and name not in ("weapons", "armour")
    }
    data.update({f"characteristic_{c.name}": 30 for c in Characteristic.objects.filter(system=played.system)})
    data.update({"name": "Ulrika", "max_wounds": 13, "weapons": [huge], "armour": [huge]})
    data.update({"skills-TOTAL_FORMS": 0, "skills-INITIAL_FORMS": 0})
    weapons = list(played.heroine.weapons.all())

    answer = gm.post(f"/characters/{played.heroine.pk}/edit/", data)

    if form.has_gear:
        assert answer.status_code == 200
        assert "is not one of the available choices" in answer.content.decode()
    else:  # a game without weapons has no such field: what is sent for it is no part of the sheet
        assert answer.status_code == 302
    assert list(Character.objects.get(pk=played.heroine.pk).weapons.all()) == weapons


# A sheet stored before sheets were checked: what each game's screens read, made unreadable.
STORED_BADLY = {
    "characteristics": {"Ag": "lots", "WS": [1], "I": "30", "Qu": None, "Strong": "x", "Quick": "12"},
    "traits": {"Champion": "lots", "Robust": [2]},
    "abilities": {"Iron Fist": 5},
    "points": {
        "corruption_temporary": "2", "corruption_permanent": [1], "experience": "lots", "ammunition": "x",
        "carried": {}, "special_ammunition": ["Fire arrow"], "wounds": "2", "fatigue": [1], "stress": "x",
        "power": None, "specialisations": ["Dodge"], "insanities": "Paranoia", "diseases": {"Flux": 3},
    },
}  # fmt: skip


@pytest.mark.parametrize("played", SYSTEMS, indirect=True)
@pytest.mark.django_db(transaction=True)
def test_a_sheet_stored_badly_shows_the_gm_a_problem_and_the_fight_goes_on(played, rules_data):
    Character.objects.filter(pk=played.heroine.pk).update(**STORED_BADLY)
    encounter = Encounter.objects.create(campaign=played.campaign, name="Ford")
    gm, anna = played.client(played.gm), played.client(played.anna)
    for character in (played.heroine, played.npc):
        added = gm.post(f"/encounters/{encounter.pk}/do/add_combatant/", {"character": character.pk, "initiative": 9})
        assert added.status_code == 302, added
    for command in ("start", "next_turn", "next_turn", "next_turn"):
        assert gm.post(f"/encounters/{encounter.pk}/do/{command}/", headers={"HX-Request": "true"}).status_code == 200

    for client in (gm, anna):
        assert client.get(f"/encounters/{encounter.pk}/").status_code == 200
        assert client.get(f"/api/encounters/{encounter.pk}/").status_code == 200
        assert client.get(f"/characters/{played.heroine.pk}/").status_code == 200
    assert "Ulrika" in anna.get(f"/encounters/{encounter.pk}/").content.decode()

    sheet = gm.get(f"/characters/{played.heroine.pk}/").content.decode()
    assert "This sheet holds what no screen can read" in sheet
    assert "Characteristics: " in sheet and "Traits: " in sheet
    assert "This sheet holds what no screen can read" not in gm.get(f"/characters/{played.npc.pk}/").content.decode()
    # The GM mends it with the sheet form, which keeps what it can read and drops what its game does not keep.
    form = gm.get(f"/characters/{played.heroine.pk}/edit/").context["form"]
    data = {name: value for name, value in form.initial.items() if value is not None}
    data.update({f"characteristic_{c.name}": 30 for c in Characteristic.objects.filter(system=played.system)})
    data.update({"abilities_text": "", "weapons": [], "armour": [], "skills-TOTAL_FORMS": 0, "skills-INITIAL_FORMS": 0})
    assert gm.post(f"/characters/{played.heroine.pk}/edit/", data).status_code == 302
    assert "This sheet holds" not in gm.get(f"/characters/{played.heroine.pk}/").content.decode()

    async def phone_frame():
        socket, connected, _ = await connect(encounter.pk, played.anna)
        frame = await socket.receive_from(timeout=10)
        await socket.disconnect()
        return connected, frame

    connected, frame = async_to_sync(phone_frame)()
    assert connected and "Ulrika" in frame
