"""The turn's parts Symbaroum's special actions take (seed 001 "Special Actions" › "Stand Up", "Use/Apply Elixir")."""

from rules.engine import symbaroum_actions as actions


def test_standing_up_costs_the_movement_action_on_a_pass_and_the_whole_turn_otherwise():
    assert actions.stand_up_cost(test_passed=True) == ("movement",)
    assert actions.stand_up_cost(test_passed=False) == ("movement", "combat")


def test_a_failed_test_stands_only_when_the_combat_action_is_still_there():
    assert actions.stands_up(True, combat_action_free=False)
    assert actions.stands_up(False, combat_action_free=True)
    assert not actions.stands_up(False, combat_action_free=False)


def test_an_elixir_on_oneself_is_a_movement_action_on_somebody_else_a_combat_action():
    assert actions.elixir_cost(on_oneself=True) == "movement"
    assert actions.elixir_cost(on_oneself=False) == "combat"
