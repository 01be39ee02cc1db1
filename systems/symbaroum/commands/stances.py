"""Full Defence and Full Offence (seed 001 "Alternate Rules" › "Manoeuvres" › "Full Defence", "Full Offense"; seed
004 "Maneuvers"): a stance the active combatant takes on their turn and keeps until their next one; and the second
chances that a stance and Careful Aiming give the test deciding an attack, from whichever side rolls it."""

from combat.commands.fields import OneOfField
from combat.commands.spine import CommandError
from rules.engine import symbaroum
from systems.symbaroum import toggles
from systems.symbaroum.commands import command
from systems.symbaroum.commands.turn import ActingArgs, turn_key

__all__ = ["take_stance"]

STANCES = {"full_defence": "Full Defence", "full_offense": "Full Offence"}
WHAT_IT_GIVES = {
    "full_defence": "a second chance to pass every Defence test and no attacks until their next turn",
    "full_offense": "a second chance to pass melee attacks this turn, a second chance to fail Defence tests until "
    "their next turn",
}


def stance_of(state, combatant):
    """The stance entry `combatant` keeps, or None."""
    return next((s for s in state.stances if s["combatant"] == combatant.pk), None)


class StanceArgs(ActingArgs):
    stance = OneOfField(choices=list(STANCES.items()))


@command(StanceArgs, gm_only=False, requires=[toggles.MANOEUVRES], rule="Full Defence or Full Offence")
def take_stance(context, combatant, stance):
    """The active combatant stakes everything on defence or on attack until their next turn."""
    encounter = context.encounter
    if encounter.active_id != combatant.pk:
        raise CommandError(f"{combatant.name} takes {STANCES[stance]} on their own turn only.")
    kept = stance_of(encounter.state, combatant)
    if kept:
        raise CommandError(f"{combatant.name} is already in {STANCES[kept['stance']]} until their next turn.")
    entry = {"combatant": combatant.pk, "stance": stance, "turn": turn_key(encounter)}
    encounter.state.stances = [*encounter.state.stances, entry]
    return f"{combatant.name} goes into {STANCES[stance]}: {WHAT_IT_GIVES[stance]}.", {"stance": stance}


def end(context, combatant):
    """The combatant's turn begins: the stance they took last turn is over."""
    state = context.encounter.state
    state.stances = [s for s in state.stances if s["combatant"] != combatant.pk]


def refuse_attack(context, attacker):
    kept = stance_of(context.encounter.state, attacker)
    if kept and kept["stance"] == "full_defence":
        raise CommandError(f"{attacker.name} is in Full Defence until their next turn: no attacks.")


def second_chances(context, kind, attacker, target, ranged, manoeuvre=None):
    """(to_pass, to_fail) for whoever rolls the attack's test (`kind` "attack": the attacker, "defence": the
    target). Careful Aiming and Full Offence (in its own turn) help the attack, the target's Full Defence helps its
    defence and its Full Offence hurts it; what helps one side hurts the other side's roll."""
    if not context.encounter.plays(toggles.MANOEUVRES):
        return False, False
    state = context.encounter.state
    attacking = ["careful_aiming"] if manoeuvre == "careful_aiming" else []
    own = stance_of(state, attacker)
    if own and own["stance"] == "full_offense" and own["turn"] == turn_key(context.encounter):
        attacking.append(own["stance"])
    theirs = stance_of(state, target)
    defending = [theirs["stance"]] if theirs else []
    attack_pass, attack_fail = symbaroum.manoeuvre_second_chances(
        attacking, "ranged_attack" if ranged else "melee_attack"
    )
    defence_pass, defence_fail = symbaroum.manoeuvre_second_chances(defending, "defence")
    if kind == "attack":
        return attack_pass or defence_fail, attack_fail or defence_pass
    return defence_pass or attack_fail, defence_fail or attack_pass
