"""Free attacks (seed 001 "Free Attack"): earned by a trigger (a fumbled attack, a perfect defence, an enemy
withdrawing or running past, a Long weapon's first turn of melee...), at most one per trigger and turn for each
attacker, and kept waiting on the GM screen until the GM has it made or lets it pass."""

from combat.commands.fields import TextField, WholeNumberField
from combat.commands.spine import Args, CombatantField, CommandError
from combat.models import Encounter
from systems.symbaroum.commands import command
from systems.symbaroum.commands.sides import refuse_allies
from systems.symbaroum.commands.turn import refuse_helpless

__all__ = ["let_free_attack_pass", "grant_free_attack"]
# Who can make no attack at all, not even a reaction: knocked out, or winded and incapacitated (seed 001 "Hit
# Locations"). Dying and dead are refused as for any act (turn.refuse_helpless).
CANNOT_STRIKE = ("Unconscious", "Winded")


def grant(context, attacker, target, trigger, advantage=False, retarget=False):
    """Give `attacker` a free attack on `target`, made with the Advantage when `advantage`, at another target if
    the GM likes when `retarget` (a Rapid Fire shot); returns the log note ("" when this trigger already gave one
    this turn)."""
    state = context.encounter.state
    once = f"{attacker.pk}:{trigger}:{context.encounter.round}"
    if once in state.free_attack_triggers:
        return ""
    state.free_attack_triggers = [*state.free_attack_triggers, once]
    state.free_attack_seq += 1
    waiting = {"id": state.free_attack_seq, "attacker": attacker.pk, "target": target.pk, "trigger": trigger}
    waiting.update({"advantage": True} if advantage else {}, **({"retarget": True} if retarget else {}))
    state.free_attacks.append(waiting)
    with_advantage = ", with the Advantage" if advantage else ""
    return f"{context.named(attacker)} gets a free attack on {context.named(target)} ({trigger}{with_advantage})"


def take(context, pk, attacker=None, target=None):
    """The waiting free attack `pk`, taken off the list; CommandError when there is none."""
    state = context.encounter.state
    waiting = next((f for f in state.free_attacks if f["id"] == pk), None)
    if waiting is None:
        raise CommandError(f"There is no free attack {pk} waiting.")
    other_target = target and target.pk != waiting["target"] and not waiting.get("retarget")
    if (attacker and attacker.pk != waiting["attacker"]) or other_target:
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


class GrantArgs(Args):
    attacker = CombatantField(help_text="Who gets the free attack.")
    target = CombatantField(help_text="Whom it is made on.")
    reason = TextField(required=False, help_text="What triggers it (an ability...); the GM's call when empty.")


@command(GrantArgs, rule="Granting a free attack")
def grant_free_attack(context, attacker, target, reason):
    """The GM gives a free attack the tracker did not see coming (seed 001 "Free Attack": some abilities and
    situations trigger one); it waits with the others, one per trigger and round for each attacker."""
    if context.encounter.status == Encounter.Status.ENDED:
        raise CommandError("The encounter is over: no more free attacks.")
    if attacker.pk == target.pk:
        raise CommandError(f"{attacker.name} cannot have a free attack on themself.")
    refuse_helpless(context, attacker)
    counts = context.condition_counts(attacker)
    out = next((name for name in CANNOT_STRIKE if counts.get(name)), None)
    if out:
        raise CommandError(f"{context.named(attacker)} is {out.lower()} and can make no attack.")
    if context.condition_counts(target).get("Dead"):
        raise CommandError(f"{context.named(target)} is dead: there is nobody left to attack.")
    refuse_allies(context, attacker, [target])
    trigger = reason.strip() or "the GM's call"
    note = grant(context, attacker, target, trigger)
    if not note:
        raise CommandError(f"{context.named(attacker)} already has a free attack for {trigger} this round.")
    return f"{note}.", {"free_attack": context.encounter.state.free_attack_seq}
