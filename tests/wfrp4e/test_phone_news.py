"""What someone else's command just did to a player's character shows on their phone, as the log words it, unless
the line names a combatant hidden from them; their own commands are answered by the flash instead."""

import pytest

from combat.models import Combatant

pytestmark = pytest.mark.django_db


def news(fight):
    table = fight.table
    html = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    marker = f'id="my-news-{fight.anders.pk}">'
    return html.split(marker)[1].split("</p>")[0] if marker in html else None


def test_an_orcs_blow_shows_on_the_phone_of_the_one_it_hits(fight):
    assert news(fight) is None
    fight.attack(attacker=fight.orc, target=fight.anders, attacker_roll=12, defender_roll=88)
    logged = fight.table.encounter.log.first().message
    assert logged.startswith("Orc Boy") and news(fight) == f"What just happened to you: {logged}"


def test_a_blow_from_a_hidden_attacker_is_not_told(fight):
    Combatant.objects.filter(pk=fight.orc.pk).update(hidden=True)
    fight.attack(attacker=fight.orc, target=fight.anders, attacker_roll=12, defender_roll=88)
    assert news(fight) is None


def test_the_players_own_attack_is_not_news(fight):
    fight.attack(attacker_roll=12, defender_roll=88)
    assert news(fight) is None


def test_an_opponent_is_told_and_whoever_acts_is_not(fight):
    from combat import commands

    table = fight.table
    table.encounter.pools = {**table.encounter.pools, "adversary": 3}
    table.encounter.save()
    commands.batter_or_trick(table.encounter, table.gm, spend="batter", initiator=fight.orc.pk,
                             opponent=fight.anders.pk, initiator_roll=20, opponent_roll=90)  # fmt: skip
    assert news(fight).startswith("What just happened to you: Orc Boy spends 1 Advantage on Batter against Anders")
    commands.undo(table.encounter, table.gm)
    table.encounter.refresh_from_db()
    table.encounter.pools = {**table.encounter.pools, "ally": 3}
    table.encounter.save()
    commands.batter_or_trick(table.encounter, table.gm, spend="batter", initiator=fight.anders.pk,
                             opponent=fight.orc.pk, initiator_roll=20, opponent_roll=90)  # fmt: skip
    assert news(fight) is None  # the GM ran Anders's own Batter: the one who acts is not told by news
