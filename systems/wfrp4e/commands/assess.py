"""Assess (seed 002 "Benefits of Advantage" › Assess; seed 000 "Momentum"): the combatant's Action is a Skill Test
to win a tactical edge. As written a success gains their side 2 Advantage, 3 with 6 SL or more; with the Momentum
house rule a success earns them 1 Momentum, at most one per Action."""

from combat.commands.fields import DieField, TextField
from combat.commands.spine import CommandError, OwnCombatantArgs
from rules.engine import wfrp4e
from systems.wfrp4e.commands import command, group_advantage, momentum, turn
from systems.wfrp4e.commands.conditions import condition_modifier
from systems.wfrp4e.commands.house_tests import skill_of

__all__ = ["assess"]


class AssessArgs(OwnCombatantArgs):
    skill = TextField(max_length=60, help_text="The Skill used to Assess: Perception, Intuition, Leadership...")
    roll = DieField(100, help_text="The d100; rolled when empty.")


def assess_target(context, combatant, skill, effort=None):
    """The Assess Test's target: the Skill (or its Characteristic untrained) with the conditions in force and the
    Additional Effort the side bought for its next Test (seed 002 "Additional Effort"; `effort` when taken)."""
    if effort is None:
        effort = group_advantage.pending_effort(context.encounter, group_advantage.pool_of(combatant.side))
    return skill_of(context, combatant, skill) + condition_modifier(context, combatant) + effort


@command(AssessArgs, rule="Assess")
def assess(context, combatant, skill, roll):
    encounter = context.encounter
    context.may_spend(combatant, "action")
    effort = group_advantage.take_effort(encounter, combatant)
    target = assess_target(context, combatant, skill, effort)
    roll = roll or context.dice.d(100)
    success, sl = wfrp4e.test_success(target, roll), wfrp4e.test_sl(target, roll)
    line = f"{combatant.name} Assesses with {skill}: {roll:02d} vs {target}, {sl:+d} SL"
    result = {"combatant": combatant.pk, "roll": roll, "target": target, "success": success, "sl": sl}
    if effort:
        line += f" (Additional Effort +{effort}%)"
        result["additional_effort"] = effort
    if not success:
        line += ": nothing gained"
    elif effort:
        line += ": a Test made with Additional Effort gains no Advantage"
    elif momentum.uses_momentum(encounter):
        if momentum.earn(encounter, combatant):
            line += f": +1 Momentum ({momentum.of(encounter, combatant)})"
            result["momentum"] = momentum.of(encounter, combatant)
        else:
            line += ": no more Momentum in this Action"
    elif group_advantage.uses_group_advantage(encounter):
        side = group_advantage.pool_of(combatant.side)
        gained = wfrp4e.advantage_gain("assess", sl=sl)
        group_advantage.add_to_pool(encounter, side, gained)
        line += f": {group_advantage.SIDE_LABEL[side]} +{gained} Advantage"
        result["gained"] = gained
    else:
        raise CommandError("This encounter plays neither Group Advantage nor Momentum: an Assess gains nothing.")
    if encounter.active_id == combatant.pk:
        note = turn.use(encounter, "action")
        line += f" ({note})" if note else ""
    return line + ".", result
