"""The player's phone page from the outside: a player's top bar, the condition texts that open on a tap, and the
pinned strip's who-is-next."""

import pytest

from combat import commands
from rules.models import ConditionDefinition
from tests.factories import give_points

pytestmark = pytest.mark.django_db


def page(table, user):
    return table.client(user).get(f"/encounters/{table.encounter.pk}/").content.decode()


def test_a_players_top_bar_has_their_name_and_log_out_only(table):
    html = page(table, table.anna)
    bar = html.split('<header class="topbar">')[1].split("</header>")[0]
    assert "anna" in bar and "Log out" in bar
    assert "API token" not in bar and "/api-token" not in bar and "Admin" not in bar


def test_a_gm_keeps_the_api_token_on_the_top_bar(table):
    bar = page(table, table.gm).split('<header class="topbar">')[1].split("</header>")[0]
    assert "API token" in bar


def test_a_condition_chip_opens_on_its_description(table):
    commands.add_condition(table.encounter, table.gm, combatant=table.anders.pk, condition="Bleeding", remaining=2)
    html = page(table, table.anna)
    chip = html.split('<details class="chip condition-text"')[1].split("</details>")[0]
    assert "<summary>Bleeding <em>2 rounds left</em></summary>" in chip
    text = ConditionDefinition.objects.get(system="wfrp4e", name="Bleeding").description
    assert text and text[:40] in chip.replace("&#x27;", "'")


def test_the_strip_names_who_is_next_passing_over_the_hidden(table):
    commands.start(table.encounter, table.gm)  # the hidden goblin first, then Gunther, Anders, the orc
    commands.next_turn(table.encounter, table.gm)  # Gunther
    html = page(table, table.bruno)
    strip = html.split('id="strip"')[1].split("</section>")[0]
    assert "Your turn, Gunther!" in strip and 'id="up-next">Anders<' in strip
    assert "Sneaky Goblin" not in strip


def test_a_phone_says_where_its_character_acts_in_plain_english(table):
    commands.set_house_rules(table.encounter, table.gm, rules=["fortune_points"])
    give_points(table.anders.character_id, fortune=1)
    picker = page(table, table.anna).split('name="position"')[1].split("</select>")[0]
    assert [option.split(">")[1].split("<")[0] for option in picker.split("<option")[1:]] == ["1st", "2nd", "3rd"]
    commands.start(table.encounter, table.gm)  # the hidden goblin, Gunther, Anders, the orc: Anna sees three
    assert "Acts 2nd of 3" in page(table, table.anna)


def test_ordinals_read_as_english():
    from combat.words import ordinal

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111, 112)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th", "112th"
    ]  # fmt: skip
