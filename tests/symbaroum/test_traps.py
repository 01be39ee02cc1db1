"""Traps in a fight from the outside (seed 001 "Alternate Rules" › "Traps"): setting one on one's own turn with a
Cunning test (a trapper's Combat Action, the whole turn for the untrained, whom a 20 catches in their own trap), who
may set a mine or an improvised trap, a set trap sprung on a victim (its damage against armour; a mine's burst on those
engaged with them too; a holding trap stops their moving), and the try to get free once each turn; the GM's panel of
traps set, the player's tools on the phone, undo."""

import pytest

from combat.commands import CommandError, CommandForbidden, TurnRefused
from systems.symbaroum import toggles
from tests.symbaroum.test_stand_up import page, used

pytestmark = pytest.mark.django_db


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def trained(fight, *abilities):
    ulrika = fight.table.ulrika
    ulrika.abilities = {**ulrika.abilities, **{name: "Novice" for name in abilities}}
    ulrika.save()


@pytest.fixture
def trapping(fight):
    fight.encounter.house_rules = [toggles.TRAPS.key]
    fight.encounter.save()
    fight.turn_of(fight.ulrika)
    return fight


def set_mechanical(fight):
    return fight.gm("set_trap", combatant=fight.ulrika.pk, trap="Mechanical Trap", d20=3)


def test_setting_a_trap_needs_the_rule(fight):
    fight.turn_of(fight.ulrika)
    with pytest.raises(CommandError, match="Traps"):
        fight.gm("set_trap", combatant=fight.ulrika.pk, trap="Mechanical Trap", d20=3)


def test_the_untrained_set_a_mechanical_trap_with_the_whole_turn(trapping):
    outcome = set_mechanical(trapping)
    assert outcome.result == {"d20": 3, "outcome": "set", "trap": 1}
    assert "Combat Action and Movement Action" in outcome.message and used(trapping) == (1, 1)
    [entry] = trapping.state().traps
    assert (entry["trap"], entry["dice"], entry["holds"], entry["setter"]) == ("Mechanical Trap", "1d10", True,
                                                                               trapping.ulrika.pk)  # fmt: skip
    gm = page(trapping, trapping.table.gm)
    assert 'id="traps-panel"' in gm and "<strong>Mechanical Trap</strong> by Ulrika · 1d10 · holds" in gm
    assert "Mechanical Trap</strong> by" not in page(trapping, trapping.table.anna)  # the GM's panel only


def test_a_trapper_sets_one_with_the_combat_action(trapping):
    trained(trapping, "Trapper")
    set_mechanical(trapping)
    assert used(trapping) == (1, 0)


def test_mines_and_improvised_traps_need_the_training(trapping):
    with pytest.raises(CommandError, match="Only one with Trapper or Pyrotechnics can set an Alchemical Mine"):
        trapping.gm("set_trap", combatant=trapping.ulrika.pk, trap="Alchemical Mine", d20=3)
    with pytest.raises(CommandError, match="Only one with Trapper can set an Improvised Trap"):
        trapping.gm("set_trap", combatant=trapping.ulrika.pk, trap="Improvised Trap", d20=3)
    trained(trapping, "Pyrotechnics")
    assert trapping.gm("set_trap", combatant=trapping.ulrika.pk, trap="Alchemical Mine", d20=3).result["trap"] == 1
    trapping.gm("undo")
    trained(trapping, "Trapper")
    with pytest.raises(CommandError, match="give its dice"):
        trapping.gm("set_trap", combatant=trapping.ulrika.pk, trap="Improvised Trap", d20=3)
    improvised = trapping.gm("set_trap", combatant=trapping.ulrika.pk, trap="Improvised Trap", damage_dice="1d8", d20=3)
    assert "1d8 damage" in improvised.message


def test_the_player_rolls_cunning_on_her_phone_and_a_failure_sets_nothing(trapping):
    trapping.run(trapping.table.anna, "set_trap", combatant=trapping.ulrika.pk, trap="Mechanical Trap")
    [entry] = trapping.prompts()
    assert (entry["kind"], entry["target"], entry["chance"]) == ("set_trap", 10, 50)
    failed = trapping.run(trapping.table.anna, "roll_test", prompt=entry["id"], d20=14)
    assert failed.result["outcome"] == "failed" and trapping.state().traps == []


def test_a_20_springs_it_on_the_untrained_setter(trapping):
    outcome = trapping.gm("set_trap", combatant=trapping.ulrika.pk, trap="Mechanical Trap", d20=20)
    assert outcome.result["outcome"] == "sprung" and "springs in Ulrika's face" in outcome.message
    [entry] = trapping.prompts()  # her leather's roll against the trap's 5 (1d10, fixed)
    assert (entry["kind"], entry["dice"]) == ("trap_armour", "1d4")
    trapping.run(trapping.table.anna, "roll_test", prompt=entry["id"], total=2)
    assert trapping.fresh(trapping.ulrika).wounds == 15 - 3 and "Trapped" in conditions(trapping, trapping.ulrika)


def test_a_sprung_trap_hurts_and_holds_until_a_strong_test_frees(trapping):
    set_mechanical(trapping)
    sprung = trapping.gm("spring_trap", trap=1, victim=trapping.goblin.pk)
    # 1d10 fixed at 5, less the goblin's leather fixed at 2.
    assert "5 damage against 2 armour: Goblin takes 3" in sprung.message and "caught fast" in sprung.message
    assert trapping.fresh(trapping.goblin).wounds == 5 and trapping.state().traps == []
    trapping.turn_of(trapping.goblin)
    with pytest.raises(TurnRefused, match="caught in a trap"):
        trapping.gm("mark_action", part="movement", used=True)
    page_now = page(trapping, trapping.table.gm)
    assert 'id="get-free-form"' in page_now
    still = trapping.gm("get_free", combatant=trapping.goblin.pk, d20=12)  # Strong 8
    assert still.result == {"d20": 12, "passed": False} and "Trapped" in conditions(trapping, trapping.goblin)
    with pytest.raises(CommandError, match="again on their next turn"):
        trapping.gm("get_free", combatant=trapping.goblin.pk, d20=3)
    assert 'id="get-free-form"' not in page(trapping, trapping.table.gm)
    trapping.turn_of(trapping.goblin)
    assert trapping.gm("get_free", combatant=trapping.goblin.pk, d20=3).result["passed"] is True
    assert "Trapped" not in conditions(trapping, trapping.goblin) and trapping.state().trapped == {}


def test_a_caught_player_is_asked_to_get_free_as_her_turn_starts(trapping):
    set_mechanical(trapping)
    trapping.gm("spring_trap", trap=1, victim=trapping.ulrika.pk, armour=4)
    assert trapping.fresh(trapping.ulrika).wounds == 14  # 5 less her 4
    trapping.turn_of(trapping.ulrika)
    [entry] = [p for p in trapping.prompts() if p["kind"] == "get_free"]
    assert (entry["combatant"], entry["target"]) == (trapping.ulrika.pk, 15)
    freed = trapping.run(trapping.table.anna, "roll_test", prompt=entry["id"], d20=9)
    assert freed.result["passed"] is True and "Trapped" not in conditions(trapping, trapping.ulrika)


def test_a_mine_bursts_on_those_engaged_with_its_victim_and_holds_nobody(trapping):
    trained(trapping, "Trapper")
    trapping.gm("set_trap", combatant=trapping.ulrika.pk, trap="Alchemical Mine", d20=3)
    trapping.turn_of(trapping.ansgar)
    trapping.gm("engage", target=trapping.goblin.pk)
    burst = trapping.gm("spring_trap", trap=1, victim=trapping.goblin.pk)
    # 1d12 fixed at 6: the goblin's leather stops 2, Brother Ansgar wears none.
    assert "Goblin takes 4" in burst.message and "Brother Ansgar takes 6" in burst.message
    assert trapping.fresh(trapping.ansgar).wounds == 4 and "Trapped" not in conditions(trapping, trapping.goblin)


def test_springing_a_trap_is_undone(trapping):
    set_mechanical(trapping)
    trapping.gm("spring_trap", trap=1, victim=trapping.goblin.pk)
    trapping.gm("undo")
    assert trapping.fresh(trapping.goblin).wounds == 8 and len(trapping.state().traps) == 1
    assert "Trapped" not in conditions(trapping, trapping.goblin)
    with pytest.raises(CommandError, match="There is no trap 7 set"):
        trapping.gm("spring_trap", trap=7, victim=trapping.goblin.pk)


def test_the_player_sets_traps_and_tries_to_get_free_from_her_phone_only(trapping):
    phone = page(trapping, trapping.table.anna)
    assert 'id="set-trap-form"' in phone and 'id="get-free-form"' not in phone
    assert 'id="set-trap-form"' not in page(trapping, trapping.table.bruno)
    with pytest.raises(Exception, match="not your character"):
        trapping.run(trapping.table.bruno, "set_trap", combatant=trapping.ulrika.pk, trap="Mechanical Trap")
    with pytest.raises(Exception):
        trapping.run(trapping.table.anna, "spring_trap", trap=1, victim=trapping.goblin.pk)


def test_spotting_then_jumping_a_trap_and_a_failed_jump_springs_it(trapping):
    set_mechanical(trapping)
    trapping.turn_of(trapping.ansgar)
    assert 'id="face-trap-1"' not in page(trapping, trapping.table.bruno)  # he knows of no trap yet
    with pytest.raises(CommandError, match="has not discovered trap 1: spot it first"):
        trapping.gm("face_trap", combatant=trapping.ansgar.pk, trap=1, how="jump", d20=3)
    # Vigilant 10 against Ulrika's Discreet 7.
    spotted = trapping.gm("face_trap", combatant=trapping.ansgar.pk, trap=1, how="spot", d20=13)
    assert spotted.result["passed"] is True and "discovers trap 1" in spotted.message
    assert 'id="face-trap-1"' in page(trapping, trapping.table.bruno)
    # Quick 10 against Ulrika's Cunning 10: a failure springs it on him (5 damage, no armour) and ends the move.
    jumped = trapping.gm("face_trap", combatant=trapping.ansgar.pk, trap=1, how="jump", d20=11)
    assert jumped.result["passed"] is False and "Brother Ansgar takes 5" in jumped.message
    assert "Trapped" in conditions(trapping, trapping.ansgar) and trapping.state().traps == []
    assert used(trapping) == (0, 1)


def test_the_player_rolls_to_jump_on_her_phone(trapping):
    set_mechanical(trapping)
    trapping.turn_of(trapping.ulrika)
    trapping.run(trapping.table.anna, "face_trap", combatant=trapping.ulrika.pk, trap=1, how="jump")
    [entry] = trapping.prompts()
    assert (entry["kind"], entry["target"]) == ("face_trap", 11)  # her Quick 11 against her own Cunning 10
    over = trapping.run(trapping.table.anna, "roll_test", prompt=entry["id"], d20=6)
    assert over.result["passed"] is True and len(trapping.state().traps) == 1


def test_going_around_costs_a_movement_action_and_disarming_needs_reach(trapping):
    set_mechanical(trapping)
    trapping.turn_of(trapping.ulrika)
    around = trapping.gm("face_trap", combatant=trapping.ulrika.pk, trap=1, how="around")
    assert "one more Movement Action" in around.message and used(trapping) == (0, 1)
    with pytest.raises(CommandError, match="Long weapon, and carries neither"):
        trapping.gm("face_trap", combatant=trapping.ulrika.pk, trap=1, how="disarm", d20=3)
    trapping.turn_of(trapping.ansgar)
    trapping.gm("face_trap", combatant=trapping.ansgar.pk, trap=1, how="spot", d20=2)
    # With his bow, Accurate 12 against Ulrika's Cunning 10.
    disarmed = trapping.gm("face_trap", combatant=trapping.ansgar.pk, trap=1, how="disarm", d20=12)
    assert disarmed.result["passed"] is True and trapping.state().traps == [] and used(trapping) == (1, 0)


def test_only_the_gm_asks_for_the_spotting_test(trapping):
    set_mechanical(trapping)
    with pytest.raises(CommandForbidden, match="The GM asks for the test to spot a trap"):
        trapping.run(trapping.table.anna, "face_trap", combatant=trapping.ulrika.pk, trap=1, how="spot")
