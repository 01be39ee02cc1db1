"""The WFRP 3e engine's assists and shields (seed 003 "Maneuvers" 1, 5) and the dice of the situation (seed 003
"Advantages", "Disadvantages")."""

import pytest

from rules.engine import wfrp3e


def test_each_assist_leaves_one_fortune_die_and_they_add_up():
    assert [wfrp3e.assist_fortune(n) for n in range(4)] == [0, 1, 2, 3]
    with pytest.raises(ValueError):
        wfrp3e.assist_fortune(-1)


def test_the_assists_source_names_each_assister():
    assert wfrp3e.assist_source([]) is None
    assert wfrp3e.assist_source(["Gunther", "Magda"]) == (wfrp3e.FORTUNE, 2, "assist: Gunther, Magda")


def test_an_advantage_is_a_fortune_die_and_a_disadvantage_a_misfortune_die_each():
    sources = wfrp3e.situation_sources(["opponent_prone", "outnumber"], ["darkness"])
    # In the lists' order, however they were ticked.
    assert sources == [
        (wfrp3e.FORTUNE, 2, "Outnumber the opponent, Opponent prone"),
        (wfrp3e.MISFORTUNE, 1, "Utter darkness"),
    ]
    assert wfrp3e.situation_sources() == []
    assert len(wfrp3e.ADVANTAGES) == len(wfrp3e.DISADVANTAGES) == 10


def test_one_not_on_the_list_is_refused():
    with pytest.raises(ValueError, match="not on the list: darkness"):
        wfrp3e.situation_sources(["darkness"])


def test_the_tracker_sees_a_prone_or_incapacitated_opponent():
    assert wfrp3e.known_advantages() == []
    assert wfrp3e.known_advantages(target_prone=True) == [wfrp3e.OPPONENT_PRONE]
    assert wfrp3e.known_advantages(True, True) == [wfrp3e.OPPONENT_PRONE, wfrp3e.OPPONENT_INCAPACITATED]


def test_block_needs_a_shield_carried_and_slung():
    assert wfrp3e.block_refusal("Dodge", False) == ""
    assert wfrp3e.block_refusal("Block", False) == wfrp3e.NO_SHIELD
    assert wfrp3e.block_refusal("block", True, shield_slung=False) == wfrp3e.SHIELD_UNSLUNG
    assert wfrp3e.block_refusal("Block", True) == ""
