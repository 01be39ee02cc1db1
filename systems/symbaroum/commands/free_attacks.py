"""Free attacks (seed 001 "Free Attack"): earned by a trigger (a fumbled attack, a perfect defence, an enemy
withdrawing or running past, a Long weapon's first turn of melee...), at most one per trigger and turn for each
attacker, and kept waiting on the GM screen until the GM has it made or lets it pass."""

from combat.commands.fields import WholeNumberField
from combat.commands.spine import Args, CommandError
from systems.symbaroum.commands import command

__all__ = ["let_free_attack_pass"]


def grant(context, attacker, target, trigger, advantage=False):
    """Give `attacker` a free attack on `target`, made with the Advantage when `advantage`; returns the log note
    ("" when this trigger already gave one this turn)."""
    state = context.encounter.state
    once = f"{attacker.pk}:{trigger}:{context.encounter.round}"
    if once in state.free_attack_triggers:
        return ""
    state.free_attack_triggers = [*state.free_attack_triggers, once]
    state.free_attack_seq += 1
    waiting = {"id": state.free_attack_seq, "attacker": attacker.pk, "target": target.pk, "trigger": trigger}
    state.free_attacks.append({**waiting, "advantage": True} if advantage else waiting)
    with_advantage = ", with the Advantage" if advantage else ""
    return f"{context.named(attacker)} gets a free attack on {context.named(target)} ({trigger}{with_advantage})"


def take(context, pk, attacker=None, target=None):
    """The waiting free attack `pk`, taken off the list; CommandError when there is none."""
    state = context.encounter.state
    waiting = next((f for f in state.free_attacks if f["id"] == pk), None)
    if waiting is None:
        raise CommandError(f"There is no free attack {pk} waiting.")
    if (attacker and attacker.pk != waiting["attacker"]) or (target and target.pk != waiting["target"]):
        raise CommandError("That free attack belongs to someone else: leave attacker and target empty.")
    state.free_attacks = [f for f in state.free_attacks if f["id"] != pk]
    return waiting


def reset_triggers(encounter):
    """A new round: every trigger may give its free attack again."""
    encounter.state.free_attack_triggers = []


class FreeAttackArgs(Args):
    free_attack = WholeNumberField()


@command(FreeAttackArgs, rule="Letting a free attack pass")
def let_free_attack_pass(context, free_attack):
    waiting = take(context, free_attack)
    names = {c.pk: c.name for c in context.combatants}
    return f"{names.get(waiting['attacker'], 'Someone')} lets the free attack ({waiting['trigger']}) pass.", {
        "free_attack": free_attack
    }
