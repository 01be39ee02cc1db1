"""A player character's death from the outside (seed 004 "Dead Player Characters"): when the table plays the rule,
the death test that kills takes the character out of the game, and the log, the GM's row and the player's phone
say how much Experience the player's next character starts with (the dead one's unspent Experience and what its
abilities cost); undo takes it back; without the rule nothing more happens than death."""

import pytest

from tests.symbaroum.test_dying import bring_down, death_test, roll_death_test, turn_of


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


@pytest.fixture
def dying(fight):
    fight.encounter.house_rules = ["dead_player_characters"]
    fight.encounter.save()
    bring_down(fight, fight.ulrika)
    turn_of(fight, fight.ulrika)
    return fight


def test_the_death_test_that_kills_her_takes_her_out_with_her_experience(dying):
    fight = dying
    outcome = roll_death_test(fight, d20=20)
    # Experience 4 unspent, Iron Fist at Adept: 30.
    assert outcome.message == (
        "Ulrika's death test: d20 20, a 20: Ulrika dies; Ulrika cannot remain in the game: their player may make a "
        "new character with 34 Experience (4 unspent, 30 in abilities)."
    )
    assert fight.state().fallen == [{"combatant": fight.ulrika.pk, "unspent": 4, "in_abilities": 30, "total": 34}]
    words = "dead, out of the game: a new character starts with 34 Experience"
    assert words in page(fight, fight.table.gm) and words in page(fight, fight.table.anna)
    assert words not in page(fight, fight.table.bruno)
    fight.gm("undo")
    assert fight.state().fallen == [] and death_test(fight)


def test_without_the_rule_she_only_dies(fight):
    bring_down(fight, fight.ulrika)
    turn_of(fight, fight.ulrika)
    outcome = roll_death_test(fight, d20=20)
    assert outcome.message == "Ulrika's death test: d20 20, a 20: Ulrika dies."
    assert fight.state().fallen == []
