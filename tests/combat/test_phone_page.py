"""The player's phone page from the outside: a player's top bar, the condition texts that open on a tap, and the
pinned strip's who-is-next."""

import pytest

from combat import commands
from rules.models import ConditionDefinition

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
