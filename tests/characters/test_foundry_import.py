"""A Foundry VTT actor export through the campaign's import form: told apart from the tracker's own files, shown for
review, stored only on confirmation; who may do what, and files refused in words with nothing stored."""

import json
import re
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

import systems
from characters.models import Character, CharacterSkill
from rules.models import Armour, Skill, Weapon
from tests.factories import CampaignFactory, UserFactory

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parent.parent / "fixtures" / "foundry"


def export(name="wfrp4e-character"):
    return json.loads((FIXTURES / f"{name}.json").read_text())


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def table(rules_data):
    gm, anna, outsider = (UserFactory(username=name) for name in ("gm", "anna", "outsider"))
    campaign = CampaignFactory(name="Reikland", gm=gm)
    campaign.players.add(anna)
    return gm, anna, outsider, campaign


def upload(client, campaign, content, name="actor.json"):
    raw = content if isinstance(content, bytes) else json.dumps(content).encode()
    return client.post(
        f"/campaigns/{campaign.pk}/characters/import/",
        {"file": SimpleUploadedFile(name, raw, "application/json")},
        follow=True,
    )


def review_form(response):
    """The review page's hidden draft and its unmatched items' indexes by name."""
    page = response.content.decode()
    draft = re.search(r'name="draft" value="([^"]+)"', page)[1]
    legends = re.findall(r'<fieldset class="stack" id="item-(\d+)">\s*<legend>\w+: ([^<]+?)(?: \d+)?</legend>', page)
    return draft, {name: int(index) for index, name in legends}


def confirm(client, campaign, draft, **answers):
    return client.post(f"/campaigns/{campaign.pk}/characters/import/foundry/", {"draft": draft, **answers}, follow=True)


def counts():
    return Character.objects.count(), Weapon.objects.count(), Armour.objects.count(), Skill.objects.count()


def test_the_gm_reviews_then_imports_with_new_mapped_and_left_out_items(table):
    gm, _, _, campaign = table
    client = logged_in(gm)
    before = counts()
    review = upload(client, campaign, export())
    page = review.content.decode()
    assert review.status_code == 200 and "Import Ulrika Magdova from Foundry VTT" in page
    assert "WS 36" in page and "Wounds 13" in page and "Fate 2" in page
    assert "This game&#x27;s Spear does +SB+4 (Polearm); the file&#x27;s does +SB+5 (Polearm)" in page
    assert counts() == before  # nothing stored before the confirmation
    draft, unmatched = review_form(review)
    assert set(unmatched) == {
        "Lore (History)", "Zweihander", "Spear", "Broken Bottle", "Brigandine", "Very Strong",
    }  # fmt: skip

    done = confirm(
        client, campaign, draft,
        **{f"item-{unmatched['Zweihander']}": "create", f"item-{unmatched['Spear']}": "map:Spear",
           f"item-{unmatched['Broken Bottle']}": "leave", f"item-{unmatched['Lore (History)']}": "map:Lore",
           f"item-{unmatched['Brigandine']}": "leave", f"item-{unmatched['Very Strong']}": "create"},
    )  # fmt: skip

    character = Character.objects.get(campaign=campaign)
    assert done.redirect_chain[-1][0] == f"/characters/{character.pk}/"
    assert (
        "Ulrika Magdova is imported from Foundry VTT. New weapons/armour/skills made: Zweihander."
        in done.content.decode()
    )
    assert (character.player, character.is_npc, character.max_wounds) == (None, False, 13)
    assert character.characteristics["S"] == 38 and character.points["fortune"] == 2
    assert sorted(character.weapons.values_list("name", flat=True)) == ["Dagger", "Hand Weapon", "Spear", "Zweihander"]
    assert list(character.armour.values_list("name", flat=True)) == ["Leather Jack"]
    assert sorted(character.skills.values_list("skill__name", "advances")) == [
        ("Dodge", 10), ("Lore", 5), ("Melee (Basic)", 15), ("Perception", 5), ("Ranged (Bow)", 0),
    ]  # fmt: skip
    assert character.abilities == {"Strike to Stun": "1", "Very Strong": "2"}
    zweihander = Weapon.objects.get(system="wfrp4e", name="Zweihander")
    assert (zweihander.damage, zweihander.group, zweihander.kind) == (6, "Two-Handed", "melee")
    assert Weapon.objects.get(system="wfrp4e", name="Spear").damage == 4  # an existing row is never changed


def test_a_creature_comes_in_as_an_npc_and_a_name_taken_gets_an_imported_row(table):
    gm, _, _, campaign = table
    client = logged_in(gm)
    actor = export("wfrp4e-creature")
    actor["items"].append(json.loads(json.dumps(actor["items"][-1])))
    actor["items"][-1]["system"]["damage"]["value"] = "SB+7"  # a Hand Weapon unlike the rules row's
    draft, unmatched = review_form(upload(client, campaign, actor))
    answers = {f"item-{index}": "create" for index in unmatched.values()}
    done = confirm(client, campaign, draft, **answers)
    orc = Character.objects.get(campaign=campaign)
    assert orc.is_npc and orc.traits == {"Champion": True, "Night Vision": True}
    assert (
        "New weapons/armour/skills made: Natural Armour 2, Creature Weapon +8, Hand Weapon (imported)."
        in done.content.decode()
    )
    assert sorted(orc.weapons.values_list("name", "damage")) == [
        ("Creature Weapon +8", 8), ("Hand Weapon", 4), ("Hand Weapon (imported)", 7),
    ]  # fmt: skip
    assert list(orc.armour.values_list("name", "points")) == [("Natural Armour 2", 2)]


def test_an_older_export_is_told_by_its_shape(table):
    gm, _, _, campaign = table
    client = logged_in(gm)
    draft, unmatched = review_form(upload(client, campaign, export("wfrp4e-old-character")))
    assert unmatched == {}
    confirm(client, campaign, draft)
    assert Character.objects.get(campaign=campaign).characteristics["WS"] == 40


def test_a_player_imports_as_their_own_and_may_not_create_rules_rows(table):
    _, anna, _, campaign = table
    client = logged_in(anna)
    review = upload(client, campaign, export())
    assert "rules data is shared by every campaign" in review.content.decode()
    draft, unmatched = review_form(review)
    before = counts()
    answers = {f"item-{i}": "leave" for i in unmatched.values()}
    refused = confirm(client, campaign, draft, **{**answers, f"item-{unmatched['Zweihander']}": "create"})
    assert refused.status_code == 400 and counts() == before
    assert "Only the GM creates a new weapon (Zweihander)" in refused.content.decode()
    confirm(client, campaign, draft, **{**answers, f"item-{unmatched['Very Strong']}": "create"})
    character = Character.objects.get(campaign=campaign)
    assert (character.player, character.is_npc, character.abilities) == (anna, False, {
        "Strike to Stun": "1", "Very Strong": "2",
    })  # fmt: skip
    assert counts()[1:] == before[1:]


def test_the_creature_review_of_a_player_is_refused_only_for_unanswered_items(table):
    _, anna, _, campaign = table
    client = logged_in(anna)
    draft, unmatched = review_form(upload(client, campaign, export("wfrp4e-creature")))
    refused = confirm(client, campaign, draft)
    assert refused.status_code == 400 and "Choose what to do with" in refused.content.decode()
    assert not Character.objects.exists()


def test_a_tampered_or_another_campaigns_draft_is_refused(table):
    gm, _, _, campaign = table
    client = logged_in(gm)
    draft, _ = review_form(upload(client, campaign, export("wfrp4e-old-character")))
    tampered = confirm(client, campaign, draft[:-3] + "abc")
    assert "This review form was changed or belongs elsewhere" in tampered.content.decode()
    elsewhere = CampaignFactory(gm=gm)
    moved = confirm(client, elsewhere, draft)
    assert "This review form was changed or belongs elsewhere" in moved.content.decode()
    assert not Character.objects.exists()


def test_a_stale_review_is_refused(table, monkeypatch):
    gm, _, _, campaign = table
    client = logged_in(gm)
    draft, _ = review_form(upload(client, campaign, export("wfrp4e-old-character")))
    monkeypatch.setattr("characters.foundry_import.DRAFT_MAX_AGE", -1)
    assert "more than an hour old" in confirm(client, campaign, draft).content.decode()
    assert not Character.objects.exists()


def test_outsiders_and_another_campaigns_gm_get_404(table):
    gm, _, outsider, campaign = table
    other_gm = CampaignFactory().gm
    draft, _ = review_form(upload(logged_in(gm), campaign, export()))
    for user in (outsider, other_gm):
        client = logged_in(user)
        assert client.post(f"/campaigns/{campaign.pk}/characters/import/foundry/", {"draft": draft}).status_code == 404
        file = SimpleUploadedFile("a.json", json.dumps(export()).encode())
        assert client.post(f"/campaigns/{campaign.pk}/characters/import/", {"file": file}).status_code == 404
    assert not Character.objects.exists()


def test_a_foundry_file_of_the_other_game_is_refused_naming_both(table, monkeypatch):
    gm, _, _, campaign = table
    monkeypatch.setattr(systems.get("symbaroum"), "foundry_system_id", "symbaroum")
    actor = export()
    actor["_stats"]["systemId"] = "symbaroum"
    answer = upload(logged_in(gm), campaign, actor)
    assert "This is a Foundry VTT Symbaroum character; this campaign plays WFRP 4e." in (answer.content.decode())
    assert not Character.objects.exists()


def nested(depth):
    return b'{"name": "x", "type": "character", "items": [], "system": ' + b"[" * depth + b"]" * depth + b"}"


@pytest.mark.parametrize(
    "content, words",
    [
        (
            {**export(), "_stats": {"systemId": "dnd5e"}},
            "This is a Foundry VTT dnd5e character: this tracker reads Symbaroum and WFRP 4e characters",
        ),
        (
            {**export()["items"][7], "_stats": {"systemId": "wfrp4e"}},
            "This is a Foundry VTT item (a weapon), not a character: export the actor instead.",
        ),
        (b"\xff\xfe not json", "That file is not JSON: choose a character file from this tracker or a Foundry VTT"),
        (b"[1, 2", "That file is not JSON"),
        (nested(100_000), "That file is not JSON"),
        (b" " * 9_000_000, "far too big"),
        ({**export(), "items": "sword"}, "The actor's items should be a list"),
        ({**export(), "name": "x" * 500}, "The character's name should be a text"),
        ({**export(), "type": ["character"]}, "not a character file of this tracker"),
    ],
)
def test_bad_files_are_refused_in_words_and_nothing_is_stored(table, content, words):
    gm, _, _, campaign = table
    before = counts()
    answer = upload(logged_in(gm), campaign, content)
    assert answer.status_code == 200
    assert words in answer.content.decode().replace("&#x27;", "'")
    assert counts() == before and not CharacterSkill.objects.exists()


def test_a_real_sized_export_with_descriptions_is_read(table):
    gm, _, _, campaign = table
    actor = export()
    for item in actor["items"]:
        item["system"]["description"]["value"] = "<p>" + "A long description. " * 6000 + "</p>"
    assert 1_000_000 < len(json.dumps(actor)) < 3_000_000
    assert "Import Ulrika Magdova from Foundry VTT" in upload(logged_in(gm), campaign, actor).content.decode()


def test_a_rules_row_deleted_since_the_review_is_refused_in_words(table):
    gm, _, _, campaign = table
    client = logged_in(gm)
    draft, _ = review_form(upload(client, campaign, export("wfrp4e-old-character")))
    Armour.objects.filter(system="wfrp4e", name="Leather Jack").delete()
    refused = confirm(client, campaign, draft)
    assert refused.status_code == 400
    assert "The armour Leather Jack is no longer in this game" in refused.content.decode().replace("&#x27;", "'")
    assert not Character.objects.exists()


def test_a_campaign_of_a_game_without_a_foundry_reader_refuses_the_export(table):
    gm = table[0]
    campaign = CampaignFactory(system="wfrp3e", gm=gm)
    answer = upload(logged_in(gm), campaign, export())
    assert "This is a Foundry VTT WFRP 4e character; this campaign plays WFRP 3e." in answer.content.decode()
    actor = export("wfrp4e-old-character")
    actor["data"] = {"attributes": {}}  # no game's shape
    answer = upload(logged_in(gm), campaign, actor)
    assert (
        "a Foundry VTT actor of a game this tracker does not read: this tracker reads Symbaroum and WFRP 4e "
        "characters; this campaign plays WFRP 3e." in answer.content.decode()
    )
    assert not Character.objects.exists()


def chosen_option(page, index):
    """The value of the option selected in unmatched item `index`'s one control."""
    select = re.search(rf'<select id="choice-{index}" name="item-{index}">(.*?)</select>', page, re.S)[1]
    return re.search(r'<option value="([^"]*)" selected>', select)[1]


def test_the_review_says_what_comes_in_and_selects_the_usual_answer(table):
    gm, anna, _, campaign = table
    page = upload(logged_in(gm), campaign, export()).content.decode().replace("&#x27;", "'")
    _, unmatched = review_form(upload(logged_in(gm), campaign, export()))
    assert chosen_option(page, unmatched["Spear"]) == "map:Spear"  # the row of the same name
    assert chosen_option(page, unmatched["Zweihander"]) == "create"
    assert "Kind melee · Group Two-Handed · Damage 6 · Adds strength bonus · Reach Long" in page
    assert "joins this game's rules data, shared by every campaign of this game on this site" in page
    assert "This campaign already has a character named" not in page
    player_page = upload(logged_in(anna), campaign, export()).content.decode()
    assert chosen_option(player_page, unmatched["Zweihander"]) == "leave"
    assert (
        'value="create"' not in re.search(rf'id="choice-{unmatched["Zweihander"]}".*?</select>', player_page, re.S)[0]
    )


def test_an_item_that_cannot_be_made_offers_no_create(table):
    gm, _, _, campaign = table
    actor = export()
    [zweihander] = [item for item in actor["items"] if item["name"] == "Zweihander"]
    zweihander["system"]["weaponGroup"]["value"] = "siege"
    review = upload(logged_in(gm), campaign, actor)
    page = review.content.decode()
    _, unmatched = review_form(review)
    assert "Cannot be made as the file has it: its group siege is none this tracker plays" in page
    assert '<option value="create"' not in page.split(f'name="item-{unmatched["Zweihander"]}"')[1].split("</select>")[0]
    assert chosen_option(page, unmatched["Zweihander"]) == "leave"


def test_a_second_import_of_a_name_is_warned_of_and_allowed(table):
    gm, anna, _, campaign = table
    client = logged_in(gm)
    draft, _ = review_form(upload(client, campaign, export("wfrp4e-old-character")))
    confirm(client, campaign, draft)
    name = Character.objects.get().name
    warning = f"This campaign already has a character named {name}; importing makes a second one."
    again = upload(client, campaign, export("wfrp4e-old-character"))
    assert warning in again.content.decode().replace("&#x27;", "'")
    confirm(client, campaign, review_form(again)[0])
    assert Character.objects.filter(name=name).count() == 2
    assert "already has a character named" not in upload(logged_in(anna), campaign, export()).content.decode()


def test_opening_the_confirm_address_sends_back_to_upload_again(table):
    gm, _, _, campaign = table
    answer = logged_in(gm).get(f"/campaigns/{campaign.pk}/characters/import/foundry/", follow=True)
    assert answer.redirect_chain[-1][0] == f"/campaigns/{campaign.pk}/"
    assert "The review was not sent: upload the file again." in answer.content.decode()
    assert logged_in(UserFactory()).get(f"/campaigns/{campaign.pk}/characters/import/foundry/").status_code == 404
