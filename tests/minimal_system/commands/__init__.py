"""The one command of Duel d20: a strike."""

from combat.commands.fields import DieField
from combat.commands.spine import CombatantField, CommandError, OwnCombatantArgs
from combat.commands.spine import command as spine_command
from rules.models import ConditionDefinition

KEY = "duel"
DAZED = "Dazed"  # a strike rolled at 1 leaves the striker dazed for a round


class StrikeArgs(OwnCombatantArgs):
    target = CombatantField()
    d20 = DieField(20, required=False, help_text="Left out: the tracker rolls.")


@spine_command(StrikeArgs, systems=(KEY,), gm_only=False)
def strike(context, combatant, target, d20):
    """Roll a d20 under the striker's Skill: a hit takes a hit point; a 1 also dazes the striker for a round."""
    if context.encounter.active_id != combatant.pk:
        raise CommandError(f"It is not {combatant.name}'s turn.")
    skill = combatant.character.characteristic("Skill") if combatant.character_id else 10
    roll = d20 or context.dice.d(20)
    hit = roll <= skill
    if hit:
        target.wounds = max(0, target.wounds - 1)
        context.touch(target)
    if roll == 1:
        context.add_condition(combatant, ConditionDefinition.objects.get(system=KEY, name=DAZED), remaining=1)
    words = f"hits {target.name} ({target.wounds} hit points left)" if hit else f"misses {target.name}"
    return f"{combatant.name} rolls {roll} against {skill} and {words}.", {
        "combatant": combatant.pk,
        "target": target.pk,
        "roll": roll,
        "hit": hit,
    }
