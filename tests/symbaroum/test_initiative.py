"""Symbaroum's turn order from the outside: initiative by Quick and Vigilant (the variant's Agility and Vigilance),
acting later before the start, Delay the Initiative, Quick Strike and Take the Initiative."""

import pytest

from combat import commands
from combat.commands import CommandError, CommandForbidden
from rules.engine.dice import Dice, TypedDice
from tests.factories import CharacterFactory, EncounterFactory
from tests.symbaroum.conftest import ATTRIBUTES


def order(fight):
    return [c.name for c in sorted(fight.encounter.combatants.all(), key=lambda c: (c.position, c.pk))]


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_initiative_is_quick_then_vigilant_then_a_logged_d20_roll_off(planned_fight):
    # Goblin Quick 12; Ulrika and the troll both Quick 11, Vigilant 10; Ansgar Quick 10.
    outcome = planned_fight.gm("roll_initiative", dice=TypedDice(Dice(), {20: [4, 18]}))
    assert order(planned_fight)[0] == "Goblin" and order(planned_fight)[-1] == "Brother Ansgar"
    rolls = outcome.result["roll_offs"]
    winner = max(rolls, key=lambda pk: rolls[pk])
    assert order(planned_fight)[1] == planned_fight.encounter.combatants.get(pk=winner).name
    assert "Tied on initiative 11: " in outcome.message and " rolled 18" in outcome.message
    assert "(a d20 each, the higher acting first)." in outcome.message


def test_a_new_initiative_equal_on_quick_and_vigilant_rolls_off_for_its_place(planned_fight):
    fight = planned_fight
    fight.gm("roll_initiative", dice=TypedDice(Dice(), {20: [4, 18]}))
    # The troll's 12 ties the goblin's Quick 12 and Vigilant 10: the goblin rolls 3, the troll 15.
    outcome = fight.gm("set_initiative", combatant=fight.troll.pk, value=12, dice=TypedDice(Dice(), {20: [3, 15]}))
    assert order(fight)[:2] == ["Troll", "Goblin"]
    assert "Tied on initiative 12: Goblin rolled 3, Troll rolled 15 (a d20 each" in outcome.message


def test_the_variant_ranks_a_sheet_by_agility_and_vigilance(planned_fight):
    planned_fight.encounter.house_rules = ["variant"]
    planned_fight.encounter.save()
    brother = planned_fight.table.brother
    brother.characteristics = {"Agility": 15, "Vigilance": 10}
    brother.save()
    # Everyone afresh: the initiative he joined with came from the sheet before this change.
    planned_fight.gm("roll_initiative", everyone=True, dice=TypedDice(Dice(), {20: [4, 18]}))
    assert order(planned_fight)[:2] == ["Brother Ansgar", "Goblin"]


def test_a_player_chooses_on_her_phone_to_act_later_before_the_start(planned_fight):
    fight, anna = planned_fight, planned_fight.table.anna
    phone = page(fight, anna)
    assert f'id="act-later-{fight.ulrika.pk}"' in phone and "Act later" in phone
    assert "Troll" not in phone  # hidden: never offered to a player
    outcome = fight.run(anna, "act_later", combatant=fight.ulrika.pk, after=fight.goblin.pk)
    assert order(fight) == ["Brother Ansgar", "Goblin", "Ulrika", "Troll"]
    assert outcome.message == "Ulrika chooses to act after Goblin."


def test_acting_later_is_refused_for_someone_else_an_earlier_place_and_after_the_start(planned_fight):
    fight = planned_fight
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "act_later", combatant=fight.ulrika.pk, after=fight.goblin.pk)
    with pytest.raises(CommandError, match="only choose a later place"):
        fight.gm("act_later", combatant=fight.goblin.pk, after=fight.ulrika.pk)
    with pytest.raises(CommandError, match="no combatant"):
        fight.run(fight.table.anna, "act_later", combatant=fight.ulrika.pk, after=fight.troll.pk)
    fight.gm("start")
    with pytest.raises(CommandError, match="settled once the encounter has started"):
        fight.gm("act_later", combatant=fight.ulrika.pk, after=fight.goblin.pk)
    assert order(fight) == ["Ulrika", "Brother Ansgar", "Goblin", "Troll"]
    assert 'id="act-later-' not in page(fight, fight.table.anna)


@pytest.fixture
def manoeuvres(fight):
    fight.encounter.house_rules = ["manoeuvres", "feats"]
    fight.encounter.save()
    return fight


def test_delay_the_initiative_lets_someone_go_first_for_this_round_only(manoeuvres):
    fight = manoeuvres
    outcome = fight.run(fight.table.anna, "delay_initiative", combatant=fight.ulrika.pk, before=fight.goblin.pk)
    assert order(fight) == ["Brother Ansgar", "Goblin", "Ulrika", "Troll"]
    assert fight.encounter.active_id == fight.ansgar.pk
    assert "acts after Goblin this round" in outcome.message
    fight.gm("next_turn")  # Goblin
    assert fight.encounter.active_id == fight.goblin.pk
    fight.gm("next_turn")  # Ulrika, right after
    assert fight.encounter.active_id == fight.ulrika.pk
    fight.gm("next_turn")  # Troll
    fight.gm("next_turn")  # round 2: back to the usual order
    assert fight.encounter.round == 2 and fight.encounter.active_id == fight.ulrika.pk
    assert order(fight) == ["Ulrika", "Brother Ansgar", "Goblin", "Troll"]


def test_delay_is_refused_off_turn_after_acting_backwards_and_without_the_rule(manoeuvres):
    fight = manoeuvres
    with pytest.raises(CommandError, match="only on their own turn"):
        fight.gm("delay_initiative", combatant=fight.goblin.pk, before=fight.troll.pk)
    fight.gm("mark_action", part="movement", used=True)
    with pytest.raises(CommandError, match="already acted"):
        fight.gm("delay_initiative", combatant=fight.ulrika.pk, before=fight.goblin.pk)
    fight.encounter.house_rules = []
    fight.encounter.save()
    with pytest.raises(CommandError, match="Manoeuvres"):
        fight.gm("delay_initiative", combatant=fight.ulrika.pk, before=fight.goblin.pk)


def test_quick_strike_puts_the_strikers_first_next_round_in_their_usual_order(manoeuvres):
    fight = manoeuvres
    outcome = fight.run(fight.table.bruno, "quick_strike", combatant=fight.ansgar.pk, pay_with="corruption")
    assert "acts first in round 2" in outcome.message
    fight.gm("quick_strike", combatant=fight.troll.pk, pay_with="corruption")
    assert order(fight) == ["Ulrika", "Brother Ansgar", "Goblin", "Troll"]  # this round stays as it is
    for _ in range(4):
        fight.gm("next_turn")
    assert order(fight) == ["Brother Ansgar", "Troll", "Ulrika", "Goblin"]
    assert fight.encounter.active_id == fight.ansgar.pk
    assert fight.fresh(fight.ansgar).character.points["corruption_permanent"] == 1
    for _ in range(4):
        fight.gm("next_turn")
    assert order(fight) == ["Ulrika", "Brother Ansgar", "Goblin", "Troll"]  # round 3: as usual


def test_quick_strike_declared_before_the_start_moves_round_one_at_once(planned_fight):
    fight = planned_fight
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    outcome = fight.run(fight.table.anna, "quick_strike", combatant=fight.ulrika.pk, pay_with="experience")
    assert "1 Experience" in outcome.message
    fight.gm("quick_strike", combatant=fight.goblin.pk, pay_with="corruption")
    assert order(fight) == ["Ulrika", "Goblin", "Brother Ansgar", "Troll"]
    with pytest.raises(CommandError, match="already strikes first"):
        fight.gm("quick_strike", combatant=fight.goblin.pk, pay_with="corruption")
    with pytest.raises(CommandError, match="NPCs pay for feats with Corruption only"):
        fight.gm("quick_strike", combatant=fight.troll.pk, pay_with="experience")


def test_take_the_initiative_is_a_resolute_test_on_the_phone_then_five_more_quick_and_haste(manoeuvres):
    fight, bruno = manoeuvres, manoeuvres.table.bruno
    fight.run(bruno, "take_the_initiative", combatant=fight.ansgar.pk)
    [entry] = fight.prompts()
    # His Resolute 9, on his phone with its chance.
    assert (entry["combatant"], entry["target"], entry["chance"]) == (fight.ansgar.pk, 9, 45)
    assert entry["kind"] == "take_the_initiative"
    phone = page(fight, bruno)
    assert f'id="prompt-{entry["id"]}"' in phone and "Take the Initiative (round 2): Resolute" in phone
    for _ in range(3):
        fight.gm("next_turn")
    with pytest.raises(CommandError, match="still open"):
        fight.gm("next_turn")
    answered = fight.run(bruno, "roll_test", prompt=entry["id"], d20=4)
    assert answered.result["passed"] is True
    fight.gm("next_turn")
    # Ansgar's Quick 10 + 5 = 15 passes the goblin's 12.
    assert order(fight) == ["Brother Ansgar", "Ulrika", "Goblin", "Troll"]
    # His haste: a second chance to fail in his tests this round, shown in the attack's chance.
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk)
    attack = fight.prompts()[-1]
    assert attack["second"] == "fail" and attack["chance"] < attack["target"] * 5
    for _ in range(4):
        fight.gm("next_turn")
    assert order(fight) == ["Ulrika", "Brother Ansgar", "Goblin", "Troll"]  # round 3: as usual


def test_an_npc_takes_the_initiative_on_the_gms_word_and_a_failure_still_brings_haste(manoeuvres):
    fight = manoeuvres
    with pytest.raises(CommandError, match="never rolls"):
        fight.gm("take_the_initiative", combatant=fight.troll.pk)
    with pytest.raises(CommandError, match="leave the outcome empty"):
        fight.gm("take_the_initiative", combatant=fight.ansgar.pk, outcome="pass")
    outcome = fight.gm("take_the_initiative", combatant=fight.goblin.pk, outcome="fail")
    assert "failed" in outcome.message and fight.prompts() == []
    for _ in range(4):
        fight.gm("next_turn")
    assert order(fight) == ["Ulrika", "Brother Ansgar", "Goblin", "Troll"]
    # Round 2: Ulrika defends against the hasty goblin: his second chance to fail is her second chance to pass.
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    assert fight.prompts()[-1]["second"] == "pass"


def test_starting_without_anyone_rolling_orders_by_quick_then_vigilant_then_a_d20(symbaroum_table):
    # Seed 001 "Turn Order" › "Initiative": the goblin's Quick 12 first; Ulrika and the troll tie on Quick 11 and
    # Vigilant 10, the troll rolls 18 against her 4; Ansgar's Quick 10 last.
    table = symbaroum_table
    ansgar = table.brother
    ansgar.characteristics = {**ATTRIBUTES, "Quick": 10}
    ansgar.save()
    goblin = CharacterFactory(campaign=table.campaign, name="Goblin", is_npc=True,
                              characteristics={**ATTRIBUTES, "Quick": 12})  # fmt: skip
    troll = CharacterFactory(campaign=table.campaign, name="Troll", is_npc=True, characteristics=dict(ATTRIBUTES))
    encounter = EncounterFactory(campaign=table.campaign, name="On the road")
    for character in (table.ulrika, ansgar, goblin):
        commands.add_combatant(encounter, table.gm, character=character.pk)
    joined = commands.add_combatant(encounter, table.gm, character=troll.pk, dice=TypedDice(Dice(), {20: [4, 18]}))
    assert "Tied on initiative 11: Ulrika rolled 4, Troll rolled 18 (a d20 each" in joined.message
    outcome = commands.start(encounter, table.gm)
    names = [c.name for c in encounter.combatants.order_by("position", "pk")]
    assert names == ["Goblin", "Troll", "Ulrika", "Brother Ansgar"]
    assert outcome.message.startswith("Round 1 begins: Goblin's turn.")
    encounter.refresh_from_db()
    assert encounter.active.name == "Goblin"
