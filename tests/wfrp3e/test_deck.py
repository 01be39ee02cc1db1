"""A character's own deck of action cards and talents: kept on the sheet, edited on the GM's form and carried in the
character file, each checked by the sheet's schema; the fight offers a character only their own, and a sheet without
a deck every card and talent of the game."""

import html

import pytest

from characters.models import Character
from combat.commands.spine import CommandError
from tests.characters.test_character_json import download, upload
from tests.factories import CampaignFactory
from tests.wfrp3e.test_phone_actions import form
from tests.wfrp3e.test_sheet import edit_form

pytestmark = pytest.mark.django_db


def save_deck(table, cards, talents):
    wizard = table.wizard
    data = edit_form(wizard, action_cards_text=cards, talents_text=talents)
    return table.client(table.gm).post(f"/characters/{wizard.pk}/edit/", data)


def test_the_gm_form_keeps_the_deck_as_the_game_spells_it_and_empty_means_every_card(wfrp3e_table):
    assert save_deck(wfrp3e_table, "melee strike, Dodge, dodge", "keen senses").status_code == 302
    wizard = Character.objects.get(pk=wfrp3e_table.wizard.pk)
    assert wizard.points["action_cards"] == ["Melee Strike", "Dodge"] and wizard.points["talents"] == ["Keen Senses"]
    page = wfrp3e_table.client(wfrp3e_table.gm).get(f"/characters/{wizard.pk}/edit/").content.decode()
    assert 'value="Melee Strike, Dodge"' in page and 'value="Keen Senses"' in page
    sheet = wfrp3e_table.client(wfrp3e_table.anna).get(f"/characters/{wizard.pk}/").content.decode()
    deck = sheet.split('id="deck"')[1].split("</section>")[0]
    assert "<p>Melee Strike, Dodge</p>" in deck and "<p>Keen Senses</p>" in deck
    assert save_deck(wfrp3e_table, "", "").status_code == 302
    points = Character.objects.get(pk=wizard.pk).points
    assert "action_cards" not in points and "talents" not in points


def test_a_card_the_game_has_not_is_refused_in_words_and_changes_nothing(wfrp3e_table):
    before = Character.objects.filter(pk=wfrp3e_table.wizard.pk).values().get()
    page = html.unescape(save_deck(wfrp3e_table, "Melee Strike, Fireball", "").content.decode())
    assert '"Fireball" is no action card of this game' in page
    assert Character.objects.filter(pk=wfrp3e_table.wizard.pk).values().get() == before


def test_the_character_file_carries_the_deck_and_its_schema_refuses_an_unknown_card(wfrp3e_table):
    gm = wfrp3e_table.client(wfrp3e_table.gm)
    elsewhere = CampaignFactory(system="wfrp3e", gm=wfrp3e_table.gm)
    save_deck(wfrp3e_table, "Melee Strike, Dodge", "Iron Will")
    file = download(gm, wfrp3e_table.wizard)
    upload(gm, elsewhere, file)
    copy = Character.objects.get(campaign=elsewhere)
    assert copy.points["action_cards"] == ["Melee Strike", "Dodge"] and copy.points["talents"] == ["Iron Will"]
    file["objects"][0]["fields"]["points"]["action_cards"] = ["Melee Strike", "Fireball"]
    answer = html.unescape(upload(gm, elsewhere, file).content.decode())
    assert 'Action cards: "Fireball": no action card of this game.' in answer
    assert Character.objects.filter(campaign=elsewhere).count() == 1


def set_deck(character, cards, talents):
    character.points = {**character.points, "action_cards": cards, "talents": talents}
    character.save()


def test_the_phone_offers_only_her_own_cards_and_talents_and_she_plays_no_other(fight):
    set_deck(fight.magda.character, ["Melee Strike", "Dodge"], ["Keen Senses"])
    page = fight.page(fight.table.anna)
    cards = form(page, f"phone-action-{fight.magda.pk}")
    assert "<option>Melee Strike</option>" in cards and "<option>Dodge</option>" in cards
    assert "Magic Dart" not in cards and "Ranged Shot" not in cards
    talents = form(page, "use-talent")
    assert "<option>Keen Senses</option>" in talents and "Iron Will" not in talents
    with pytest.raises(CommandError, match="Magda has no Magic Dart among their action cards"):
        fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Magic Dart", target=fight.orc.pk)
    with pytest.raises(CommandError, match="Magda has no Iron Will among their talents"):
        fight.run(fight.table.anna, "use_talent", combatant=fight.magda.pk, talent="Iron Will")
    # The GM plays what the table agrees on, as for a creature without a deck.
    fight.gm("use_talent", combatant=fight.magda.pk, talent="Iron Will")


def test_a_sheet_without_a_deck_is_offered_every_card(fight):
    cards = form(fight.page(fight.table.anna), f"phone-action-{fight.magda.pk}")
    assert "<option>Magic Dart</option>" in cards and "<option>Ranged Shot</option>" in cards
