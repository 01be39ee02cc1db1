"""Momentum per combatant, the house rule that replaces Group Advantage (seed 000 "Combat" › "Momentum").

Each combatant's Momentum, and what was earned when, live in the encounter's state, so undo restores them with the
rest. The attack works out what it earns (attack.advantage_gains), a Charge's Momentum among it.
"""

from combat.commands.fields import OneOfField, WholeNumberField
from combat.commands.spine import CombatantArgs, CombatantListField, CommandError
from rules.engine import wfrp4e_house
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import command, turn
from systems.wfrp4e.commands.engaged import engaged_with
from systems.wfrp4e.commands.group_advantage import turn_key

__all__ = ["gain_momentum", "spend_momentum"]

SPENDS = {
    "attack": "+10 to the attacking skill per Momentum",
    "disengage": "Disengage: spend all, having more than every Engaged opponent",
    "talent": "Use Disarm, Dual Wielder or Strike to Stun at 0 levels (2 Momentum, with Move and Action)",
}


def uses_momentum(encounter):
    return encounter.plays(toggles.MOMENTUM)


def of(encounter, combatant):
    """The combatant's Momentum."""
    return encounter.state.momentum.get(str(combatant.pk), 0)


def set_to(encounter, combatant, value):
    if value:
        encounter.state.momentum[str(combatant.pk)] = value
    else:
        encounter.state.momentum.pop(str(combatant.pk), None)


def current_action(encounter):
    """The Action a gain belongs to: the one under way, or once the turn's Actions are all spent, the last of them.
    Seed 000 "Momentum" ties each gain to an Action, so a spent turn opens no further one to earn in."""
    state = turn.turn_state(encounter)
    return f"{turn_key(encounter)}:{min(state['actions'], state['allowed'] - 1)}"


def can_earn(encounter, combatant):
    """At most one Momentum per Action: False when this action already earned one."""
    return encounter.state.momentum_actions.get(str(combatant.pk)) != current_action(encounter)


def earn(encounter, combatant):
    """+1 Momentum, at most one per Action; returns False when this action already earned one."""
    if not can_earn(encounter, combatant):
        return False
    encounter.state.momentum_actions[str(combatant.pk)] = current_action(encounter)
    encounter.state.momentum_earned[str(combatant.pk)] = turn_key(encounter)
    set_to(encounter, combatant, of(encounter, combatant) + 1)
    return True


def end_of_turn(context, combatant):
    """Momentum decays by 1 at the end of a turn that earned none; returns a note for the log."""
    encounter = context.encounter
    earned = encounter.state.momentum_earned.get(str(combatant.pk)) == turn_key(encounter)
    before = of(encounter, combatant)
    after = wfrp4e_house.momentum_end_of_turn(before, earned)
    if after == before:
        return ""
    set_to(encounter, combatant, after)
    return f"{combatant.name} loses 1 Momentum (none earned this turn)."


class GainMomentumArgs(CombatantArgs):
    reason = OneOfField(choices=list(wfrp4e_house.MOMENTUM_GAINS.items()))


@command(GainMomentumArgs, requires=[toggles.MOMENTUM], rule="Momentum")
def gain_momentum(context, combatant, reason):
    if not earn(context.encounter, combatant):
        state = turn.turn_state(context.encounter)
        spent = ", and the turn has no Action left to earn more in" if state["actions"] >= state["allowed"] else ""
        raise CommandError(f"{combatant.name} already gained Momentum in this Action (at most 1 per Action){spent}.")
    now = of(context.encounter, combatant)
    return f"{combatant.name} gains 1 Momentum ({wfrp4e_house.MOMENTUM_GAINS[reason]}): {now}.", {
        "combatant": combatant.pk,
        "momentum": now,
    }


class SpendMomentumArgs(CombatantArgs):
    use = OneOfField(choices=list(SPENDS.items()))
    engaged = CombatantListField(
        receives=False, help_text="Disengage: who is engaged with them; left out, those the tracker has."
    )
    amount = WholeNumberField(required=False, min_value=1, max_value=100, help_text="For an attack.")
    talent = OneOfField(required=False, choices=[(t, t) for t in wfrp4e_house.MOMENTUM_TALENTS])


@command(SpendMomentumArgs, requires=[toggles.MOMENTUM], rule="Momentum")
def spend_momentum(context, combatant, use, amount, talent, engaged):
    have = of(context.encounter, combatant)
    if use == "attack":
        cost = amount or 1
        effect = f"+{wfrp4e_house.momentum_attack_bonus(cost)} to the attack"
    elif use == "disengage":
        # The GM's form names nobody: the tracker's Engaged pairs are the opponents to outdo.
        engaged_ids = engaged_with(context.encounter, combatant)
        opponents = engaged or [c for c in context.combatants if c.pk in engaged_ids]
        theirs = {c.pk: of(context.encounter, c) for c in opponents}
        if not wfrp4e_house.can_disengage_with_momentum(have, list(theirs.values())):
            if have < 1:
                raise CommandError(f"{combatant.name} has no Momentum to spend.")
            leader = max(opponents, key=lambda c: theirs[c.pk])
            raise CommandError(
                f"{combatant.name} needs more Momentum than every engaged opponent ({theirs[leader.pk]}): "
                f"{combatant.name} has {have}, {leader.name} {theirs[leader.pk]}."
            )
        cost = have
        effect = "disengages without a free attack"
    else:
        if not talent:
            raise CommandError(f"Name the talent: {', '.join(wfrp4e_house.MOMENTUM_TALENTS)}.")
        if context.encounter.active_id != combatant.pk:
            raise CommandError(f"A talent is used with Move and Action on {combatant.name}'s own turn.")
        cost = wfrp4e_house.MOMENTUM_TALENT_COST
        context.may_spend(combatant, "move")
        context.may_spend(combatant, "action")
        turn.use(context.encounter, "move")
        turn.use(context.encounter, "action")
        effect = f"uses {talent} at 0 levels (Move and Action)"
    if cost < 1 or cost > have:
        raise CommandError(f"{combatant.name} has {have} Momentum; that needs {max(cost, 1)}.")
    set_to(context.encounter, combatant, have - cost)
    return f"{combatant.name} spends {cost} Momentum: {effect}. {have - cost} left.", {
        "combatant": combatant.pk,
        "spent": cost,
        "momentum": have - cost,
    }
