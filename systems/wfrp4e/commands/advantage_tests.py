"""Batter and Trick (seed 002 "Benefits of Advantage"): Group Advantage spends that are Special Actions settled by
an Opposed Test, Strength for a Batter and Agility for a Trick. The spender pays from their side's pool, both
sides test, and the engine says what the result does (rules/engine/wfrp4e.py, advantage_test). With the house
rules' D20 tests, the test is resolved like their other opposed tests in combat (seed 000 "Other opposed Tests").
"""

from django import forms

from combat.commands.fields import DieField, OneOfField
from combat.commands.spine import Args, CombatantField, CommandError
from combat.models import Encounter
from rules.engine import wfrp4e
from rules.engine import wfrp4e_house as house
from rules.engine.probability import percent
from rules.models import ConditionDefinition
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import actions, command, d20_attack, turn
from systems.wfrp4e.commands.conditions import change_condition
from systems.wfrp4e.commands.group_advantage import (
    SIDE_LABEL,
    add_to_pool,
    pending_effort,
    pool_of,
    pools,
    take_effort,
)
from systems.wfrp4e.models import AdvantageSpend

__all__ = ["batter_or_trick"]

CHARACTERISTIC_LABELS = {"S": "Strength", "Ag": "Agility"}


class AdvantageTestArgs(Args):
    spend = OneOfField(choices=[("batter", "Batter"), ("trick", "Trick")])
    initiator = CombatantField(receives=False)
    opponent = CombatantField()
    condition = OneOfField(
        required=False,
        choices=[("", "—"), *((name, name) for name in wfrp4e.TRICK_CONDITIONS)],
        help_text="Trick: the Condition a win inflicts, when the GM allows it.",
    )
    initiator_roll = DieField(100, help_text="The spender's d100; rolled when empty.")
    opponent_roll = DieField(100, help_text="The opponent's d100; rolled when empty.")
    d20 = DieField(20, help_text="House rules' D20 tests: the player's D20; rolled when empty.")

    def clean(self):
        data = super().clean()
        initiator, opponent = data.get("initiator"), data.get("opponent")
        if self.errors or initiator is None or opponent is None:
            return data
        if initiator.pk == opponent.pk:
            raise forms.ValidationError("Pick an opponent other than the one who spends the Advantage.")
        if data.get("condition") and data["spend"] != "trick":
            raise forms.ValidationError("Only a Trick inflicts a chosen Condition; a Batter knocks the opponent Prone.")
        sheets = self.context.sheets_of(initiator, opponent)
        for combatant in (initiator, opponent):
            if combatant.pk not in sheets:
                raise forms.ValidationError(f"{combatant.name} has no character sheet to test with.")
        return data


def cost_of(encounter, spend):
    """The spend's cost as the admin keeps it (seed 002 by default)."""
    row = AdvantageSpend.objects.filter(system=encounter.system, key=spend).first()
    if row is None:
        raise CommandError(f"{spend.title()} is not among this table's Advantage spends.")
    return row.name, wfrp4e.advantage_spend_cost(spend, spends={spend: row.as_row()})


def condition_named(context, name):
    definition = ConditionDefinition.objects.filter(system=context.encounter.system, name=name).first()
    if definition is None:
        raise CommandError(f"The {name} condition is missing from this game system's conditions.")
    return definition.name


def test_targets(context, spend, initiator, opponent, effort):
    """(the spender's target, the opponent's): Strength or Agility, the spender's with their side's Additional
    Effort, the opponent's with Defend's bonus as written (opposing it is a defensive Test)."""
    characteristic = wfrp4e.ADVANTAGE_TESTS[spend]
    sheets = context.sheets_of(initiator, opponent)
    mine = sheets[initiator.pk].character.characteristic(characteristic) + effort
    theirs = sheets[opponent.pk].character.characteristic(characteristic)
    if not d20_attack.opposes_by_d20(context.encounter):
        theirs += actions.defend_bonus(context.encounter, opponent, characteristic)
    return mine, theirs


def before_rolling(context, spend, initiator, opponent):
    """(the spender's exact chance to win, their target, the opponent's) before anyone rolls."""
    effort = pending_effort(context.encounter, pool_of(initiator.side))
    mine, theirs = test_targets(context, spend, initiator, opponent, effort)
    return d20_attack.win_chance(context.encounter, initiator, opponent, mine, theirs), mine, theirs


def chance_of_batter_or_trick(context, spend, initiator, opponent, **rolls):
    """The GM's form shows the spender's chance to win before anyone rolls."""
    chance, mine, theirs = before_rolling(context, spend, initiator, opponent)
    return f"{initiator.name} wins {percent(chance)} %", {"chance": percent(chance), "targets": [mine, theirs]}


@command(AdvantageTestArgs, refuses=[toggles.MOMENTUM], rule="Group Advantage", preview=chance_of_batter_or_trick)
def batter_or_trick(context, spend, initiator, opponent, condition, initiator_roll, opponent_roll, d20):
    encounter = context.encounter
    if encounter.status != Encounter.Status.ACTIVE:
        raise CommandError(f"{spend.title()} is a Special Action, taken on someone's turn.")
    context.may_spend(initiator, "action")  # a Special Action is the initiator's Action
    name, cost = cost_of(encounter, spend)
    side = pool_of(initiator.side)
    if cost > pools(encounter)[side]:
        raise CommandError(f"{SIDE_LABEL[side]} have {pools(encounter)[side]} Advantage; {name} costs {cost}.")
    characteristic = wfrp4e.ADVANTAGE_TESTS[spend]
    effort = take_effort(encounter, initiator)  # the spender's Additional Effort goes on this Test
    mine, theirs = test_targets(context, spend, initiator, opponent, effort)
    label = CHARACTERISTIC_LABELS[characteristic]
    if d20_attack.opposes_by_d20(encounter):
        d20 = d20 or context.dice.d(20)
        roller = d20_attack.roller_of(initiator, opponent)
        result = house.opposed(wfrp4e.skill_bonus(mine), wfrp4e.skill_bonus(theirs), d20, roller=roller)
        winner = "attacker" if result.hit else "defender"
        rolls = f"{label} {mine} vs {theirs}, D20 {d20} ({roller} rolls): OSL {result.opposed_sl:+d}"
        details = {"d20": d20, "roller": roller, "opposed_sl": result.opposed_sl}
    else:
        initiator_roll = initiator_roll or context.dice.d(100)
        opponent_roll = opponent_roll or context.dice.d(100)
        winner = wfrp4e.opposed_winner(mine, initiator_roll, theirs, opponent_roll)
        initiator_sl, opponent_sl = wfrp4e.test_sl(mine, initiator_roll), wfrp4e.test_sl(theirs, opponent_roll)
        rolls = (
            f"{label} {initiator_roll:02d} vs {mine} ({initiator_sl:+d} SL) against "
            f"{opponent_roll:02d} vs {theirs} ({opponent_sl:+d} SL)"
        )
        details = {
            "initiator_roll": initiator_roll,
            "opponent_roll": opponent_roll,
            "initiator_sl": initiator_sl,
            "opponent_sl": opponent_sl,
        }
    outcome = wfrp4e.advantage_test(spend, winner, condition)
    add_to_pool(encounter, side, -cost)
    verdict = {"attacker": f"{initiator.name} wins", "defender": f"{opponent.name} wins"}.get(winner, "a stalemate")
    lines = [f"{initiator.name} spends {cost} Advantage on {name} against {opponent.name}: {rolls}; {verdict}"]
    if effort:
        lines.append(f"Additional Effort: +{effort}% to {initiator.name}'s Test")
    if outcome.opponent_gains:
        change_condition(context, opponent, condition_named(context, outcome.opponent_gains), 1)
        lines.append(f"{opponent.name} gains {outcome.opponent_gains}")
    gainer = {"initiator": initiator, "opponent": opponent}.get(outcome.advantage_to)
    if gainer is initiator and effort:  # "Additional Effort": that Test never earns its maker Advantage
        lines.append(f"no Advantage for {initiator.name} from a Test made with Additional Effort")
        gainer = None
    if gainer is not None:
        add_to_pool(encounter, pool_of(gainer.side), 1)
        lines.append(f"{SIDE_LABEL[pool_of(gainer.side)]} +1 Advantage")
    if encounter.active_id == initiator.pk:
        note = turn.use(encounter, "action")
        lines.append(f"{initiator.name}'s Action is over" + (f" ({note})" if note else ""))
    current = pools(encounter)
    lines.append(f"Allies {current['ally']}, Adversaries {current['adversary']}")
    return "; ".join(lines) + ".", {
        "spend": spend,
        "spent": cost,
        "won": winner == "attacker",
        "winner": {"attacker": initiator.pk, "defender": opponent.pk}.get(winner),
        "condition": outcome.opponent_gains,
        "advantage_to": pool_of(gainer.side) if gainer else None,
        "additional_effort": effort,
        **details,
        **current,
    }
