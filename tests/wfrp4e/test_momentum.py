"""Momentum per combatant (seed 000 "Momentum"), replacing Group Advantage when the house rule is on."""

import pytest

from combat import commands
from combat.commands import CommandError
from combat.views_state import as_json, build
from systems.wfrp4e.commands.turn import turn_state
from tests.factories import CombatantFactory, EncounterFactory, give_momentum, momentum

pytestmark = pytest.mark.django_db


@pytest.fixture
def momentum_table(table):
    commands.set_house_rules(table.encounter, table.gm, rules=["momentum"])
    commands.start(table.encounter, table.gm)  # the hidden goblin acts first, then Gunther, Anders, the orc
    return table


def momentum_of(combatant):
    return momentum(combatant)


def gain(table, combatant, reason="inflicted"):
    return commands.gain_momentum(table.encounter, table.gm, combatant=combatant.pk, reason=reason)


def test_momentum_replaces_group_advantage(momentum_table):
    table = momentum_table
    view = build(table.encounter, table.anna)
    assert view.pools is None and view.momentum
    with pytest.raises(CommandError, match="Momentum house rule instead of Group Advantage"):
        commands.gain_advantage(table.encounter, table.gm, side="ally", reason="winning")
    gain(table, table.anders)
    state = as_json(build(table.encounter, table.anna))
    assert next(c for c in state["combatants"] if c["name"] == "Anders")["momentum"] == 1
    phone = table.client(table.anna).get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert f'id="my-momentum-{table.anders.pk}">1</strong>' in phone


def test_without_the_house_rule_there_is_no_momentum(table):
    with pytest.raises(CommandError, match="Momentum is a house rule this encounter does not use"):
        gain(table, table.anders)


def test_at_most_one_momentum_per_action(momentum_table):
    table = momentum_table
    gain(table, table.orc)
    with pytest.raises(CommandError, match="at most 1 per Action"):
        gain(table, table.orc, reason="charge")
    gain(table, table.anders)  # someone else may
    commands.mark_turn(table.encounter, table.gm, part="action", used=True)  # the turn's only Action is spent
    with pytest.raises(CommandError, match="at most 1 per Action\\), and the turn has no Action left"):
        gain(table, table.orc)
    commands.next_turn(table.encounter, table.gm)  # a new turn, a new Action
    gain(table, table.orc)
    assert momentum_of(table.orc) == 2


def test_assessing_after_the_turns_only_action_earned_momentum_gives_no_second_one(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["momentum"])
    while table.encounter.active_id != fight.anders.pk:
        commands.next_turn(table.encounter, table.gm)
    # 23 vs 52 (+3 SL) against the orc's 45 vs 51 (+1): a hit, +1 Momentum, and the turn's only Action is spent.
    fight.attack(attacker_roll=23, defender_roll=45)
    assert momentum_of(fight.anders) == 1 and turn_state(table.encounter)["actions"] == 1
    with pytest.raises(CommandError, match="Anders already gained Momentum .* no Action left"):
        gain(table, fight.anders, reason="assess")
    assert momentum_of(fight.anders) == 1


def test_momentum_decays_at_the_end_of_a_turn_that_earned_none(momentum_table):
    table = momentum_table
    commands.next_turn(table.encounter, table.gm)  # Gunther's turn
    give_momentum(table.gunther, 1)
    gain(table, table.gunther)
    commands.mark_turn(table.encounter, table.gm, part="action", used=True)
    outcome = commands.next_turn(table.encounter, table.gm)  # he earned on his turn: no decay
    assert momentum_of(table.gunther) == 2 and "loses 1 Momentum" not in outcome.message
    for _ in range(3):  # the orc, round 2: the goblin, Gunther again
        commands.next_turn(table.encounter, table.gm)
    outcome = commands.next_turn(table.encounter, table.gm)  # Gunther's second turn ends with nothing earned
    assert table.encounter.active_id == table.anders.pk
    assert "Gunther loses 1 Momentum (none earned this turn)." in outcome.message
    assert momentum_of(table.gunther) == 1
    commands.undo(table.encounter, table.gm)
    assert momentum_of(table.gunther) == 2


def test_spending_momentum(momentum_table):
    table = momentum_table
    commands.next_turn(table.encounter, table.gm)  # Gunther
    give_momentum(table.gunther, 2)
    gain(table, table.gunther)
    outcome = commands.spend_momentum(table.encounter, table.gm, combatant=table.gunther.pk, use="attack", amount=2)
    assert "spends 2 Momentum: +20 to the attack. 1 left." in outcome.message
    with pytest.raises(CommandError, match="has 1 Momentum; that needs 2"):
        commands.spend_momentum(table.encounter, table.gm, combatant=table.gunther.pk, use="talent", talent="Disarm")
    gain(table, table.orc)
    with pytest.raises(CommandError, match="on Orc Grukk's own turn"):
        commands.spend_momentum(table.encounter, table.gm, combatant=table.orc.pk, use="talent", talent="Disarm")
    give_momentum(table.gunther, 2)
    outcome = commands.spend_momentum(
        table.encounter, table.gm, combatant=table.gunther.pk, use="talent", talent="Strike to Stun"
    )
    assert "uses Strike to Stun at 0 levels (Move and Action)" in outcome.message
    assert turn_state(table.encounter)["move"]
    outcome = commands.spend_momentum(table.encounter, table.gm, combatant=table.orc.pk, use="disengage")
    assert "spends 1 Momentum: disengages" in outcome.message and momentum_of(table.orc) == 0


def test_an_attack_spends_momentum_for_plus_ten_each_and_a_hit_earns_one(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["momentum"])
    give_momentum(fight.anders, 2)
    # 56 vs 52 + 20 = 72: +2 SL against the orc's 45 vs 51 (+1): a hit.
    outcome = fight.attack(attacker_roll=56, defender_roll=45, momentum=2)
    assert outcome.result["attack_target"] == 72 and outcome.result["hit"]
    assert "Anders +1 Momentum." in outcome.message and momentum_of(fight.anders) == 1
    with pytest.raises(CommandError, match="has 1 Momentum, not 3"):
        fight.attack(attacker_roll=56, defender_roll=45, momentum=3)


def test_disengaging_with_momentum_needs_more_than_every_engaged_opponent(momentum_table):
    table = momentum_table
    give_momentum(table.anders, 2)
    give_momentum(table.orc, 2)
    with pytest.raises(CommandError, match="needs more Momentum than every engaged opponent \\(2\\)"):
        commands.spend_momentum(
            table.encounter, table.gm, combatant=table.anders.pk, use="disengage", engaged=[table.orc.pk]
        )
    give_momentum(table.orc, 1)
    commands.spend_momentum(
        table.encounter, table.gm, combatant=table.anders.pk, use="disengage", engaged=[table.orc.pk]
    )
    assert momentum_of(table.anders) == 0


def test_disengaging_past_a_combatant_of_another_encounter_is_refused(momentum_table):
    table = momentum_table
    elsewhere = CombatantFactory(encounter=EncounterFactory(campaign=table.campaign))
    give_momentum(table.anders, 2)
    for stranger in (elsewhere.pk, 999_999):
        with pytest.raises(CommandError, match=f"There is no combatant {stranger} in this encounter."):
            commands.spend_momentum(
                table.encounter, table.gm, combatant=table.anders.pk, use="disengage", engaged=[table.orc.pk, stranger]
            )
    assert momentum_of(table.anders) == 2


def test_winning_an_initiated_opposed_test_earns_momentum(momentum_table):
    table = momentum_table
    commands.set_house_rules(table.encounter, table.gm, rules=["momentum", "tests", "other_opposed_tests"])
    outcome = commands.opposed_test(
        table.encounter, table.gm, initiator=table.orc.pk, opponent=table.anders.pk,
        initiator_skill="70", opponent_skill="20", d20=15,
    )  # fmt: skip
    assert "Orc Grukk +1 Momentum." in outcome.message and momentum_of(table.orc) == 1


def test_the_attack_preview_names_momentum_not_advantage(fight):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["momentum"])
    html = fight.table.client(fight.table.gm).post(
        f"/encounters/{fight.table.encounter.pk}/attack/",
        {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon", "defence": "Melee (Basic)",
         "attacker_roll": 23, "defender_roll": 45, "action": "preview"},
        HTTP_HX_REQUEST="true",
    ).content.decode()  # fmt: skip
    assert "The attacker +1 Momentum" in html and "Advantage (" not in html


def test_a_charge_earns_its_momentum_by_itself_even_when_the_attack_misses(fight):
    table = fight.table
    commands.set_house_rules(table.encounter, table.gm, rules=["momentum"])
    while table.encounter.active_id != fight.anders.pk:
        commands.next_turn(table.encounter, table.gm)
    commands.mark_turn(table.encounter, table.gm, part="charge", used=True)
    # 90 vs 52 + 10 for the Charge: a miss against the orc's 20 vs 51; the Charge still earns Momentum.
    outcome = fight.attack(attacker_roll=90, defender_roll=20)
    assert not outcome.result["hit"] and outcome.result["charge_bonus"] == 10
    assert outcome.result["gains"] == [{"side": None, "reason": "charge", "amount": 1}]
    assert "Anders +1 Momentum (Charge)." in outcome.message and momentum_of(fight.anders) == 1
    outcome = commands.next_turn(table.encounter, table.gm)
    assert "Anders loses 1 Momentum" not in outcome.message and momentum_of(fight.anders) == 1
