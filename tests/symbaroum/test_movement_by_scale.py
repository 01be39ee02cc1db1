"""Movement by scale from the outside (seed 001 "Optional Rules" › "Movement by Scale"): a Movement Action is 5
squares of 2 metres (half when hobbled); a move of so many squares spends the Movement Actions it takes, at most the
turn's two; ending beside an enemy engages them; the GM screen shows each combatant's stride and the phone its own;
undo takes the move back."""

import pytest

from combat.commands import CommandError, TurnRefused
from systems.symbaroum import toggles
from tests.symbaroum.test_stand_up import page, used

pytestmark = pytest.mark.django_db


@pytest.fixture
def scaled(fight):
    fight.encounter.house_rules = [toggles.MOVEMENT_BY_SCALE.key]
    fight.encounter.save()
    fight.turn_of(fight.ulrika)
    return fight


def test_the_move_needs_the_rule(fight):
    fight.turn_of(fight.ulrika)
    with pytest.raises(CommandError, match="Movement by Scale"):
        fight.gm("move_squares", squares=3)


def test_five_squares_take_one_movement_action_and_six_take_two(scaled):
    one = scaled.gm("move_squares", squares=5)
    assert one.result["movements"] == 1 and "5 squares (10 m): a Movement Action" in one.message
    assert used(scaled) == (0, 1)
    scaled.gm("undo")
    two = scaled.gm("move_squares", squares=6)
    assert two.result["movements"] == 2 and used(scaled) == (0, 2)  # the Combat Action became a movement


def test_more_than_two_strides_is_refused_and_so_is_a_third_movement(scaled):
    with pytest.raises(CommandError, match="11 squares take 3 Movement Actions of 5 squares"):
        scaled.gm("move_squares", squares=11)
    scaled.gm("move_squares", squares=8)
    with pytest.raises(TurnRefused):
        scaled.gm("move_squares", squares=1)


def test_a_hobbled_fighter_covers_half_the_squares(scaled):
    scaled.gm("add_condition", combatant=scaled.ulrika.pk, condition="Hobbled")
    with pytest.raises(CommandError, match="5 squares take 3 Movement Actions of 2 squares"):
        scaled.gm("move_squares", squares=5)
    assert scaled.gm("move_squares", squares=4).result == {
        "mover": scaled.ulrika.pk, "squares": 4, "movements": 2, "stride": 2, "engaged": None,
    }  # fmt: skip


def test_ending_beside_an_enemy_engages_them(scaled):
    moved = scaled.gm("move_squares", squares=4, next_to=scaled.goblin.pk)
    assert moved.result["engaged"] == scaled.goblin.pk and "engages Goblin in melee" in moved.message
    assert f"{min(scaled.ulrika.pk, scaled.goblin.pk)}:{max(scaled.ulrika.pk, scaled.goblin.pk)}" in (
        scaled.state().melee_pairs
    )
    with pytest.raises(CommandError, match="on Ulrika's side"):
        scaled.gm("move_squares", squares=1, next_to=scaled.ansgar.pk)


def test_the_player_moves_on_her_phone_only_on_her_turn(scaled):
    assert scaled.run(scaled.table.anna, "move_squares", squares=3).result["movements"] == 1
    scaled.turn_of(scaled.ansgar)
    with pytest.raises(Exception, match="not your character|Brother Ansgar's turn"):
        scaled.run(scaled.table.anna, "move_squares", squares=3)


def test_the_screens_show_the_strides(scaled):
    scaled.gm("add_condition", combatant=scaled.goblin.pk, condition="Hobbled")
    gm = page(scaled, scaled.table.gm)
    assert 'id="strides-panel"' in gm and "Ulrika 5 sq (10 m)" in gm and "Goblin 2 sq (4 m)" in gm
    assert "10 squares (20 m) left this turn" in gm and 'id="move-squares-form"' in gm
    phone = page(scaled, scaled.table.anna)
    assert "Movement Action: <strong>5 squares</strong> (10 m)" in phone and 'id="move-squares-form"' in phone
    assert "Troll" not in phone  # the hidden troll's stride is the GM's alone
    bruno = page(scaled, scaled.table.bruno)
    assert 'id="move-squares-form"' not in bruno


def test_without_the_rule_the_screens_show_no_squares(fight):
    fight.turn_of(fight.ulrika)
    assert "strides-panel" not in page(fight, fight.table.gm) and "squares" not in page(fight, fight.table.anna)
