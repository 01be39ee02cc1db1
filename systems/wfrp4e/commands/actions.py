"""Defend and Charge (seed 002 "Actions"): what the GM marks on a turn and the attack applies by itself.

Defending gives +20 to defensive Tests with the chosen Skill or Characteristic until the start of the defender's
next turn; with the house rules' D20 tests it is the "went Defensive" Advantage instead (seed 000 "Advantage and
Disadvantage"), since those tests take no modifiers. A Charge (a turn part, turn.py) gives +10 to the charger's
first melee attack after it; the attack takes it, and it lapses at the end of the charger's turn.
"""

from combat.commands.fields import TextField
from combat.commands.spine import Args, CommandError
from rules.engine import wfrp4e
from systems.wfrp4e.commands import command, d20_attack, turn

__all__ = ["defend"]


def defending_with(encounter, combatant):
    """The Skill or Characteristic `combatant` Defends with, or None."""
    return encounter.state.defending.get(str(combatant.pk))


def defend_bonus(encounter, combatant, skill):
    """+20 to a defensive d100 Test of `combatant` with `skill` while they Defend with it."""
    chosen = defending_with(encounter, combatant)
    return wfrp4e.DEFEND_BONUS if chosen and skill and chosen.lower() == skill.strip().lower() else 0


def charge_bonus(encounter, attacker, weapon):
    """+10 to the charger's melee attack while their Charge is unspent."""
    charging = encounter.state.charging.get(str(attacker.pk))
    return wfrp4e.CHARGE_BONUS if charging and weapon.kind == "melee" else 0


def stop_defending(encounter, combatant):
    """Defend lasts until the start of the defender's next turn; returns a note for the log."""
    skill = encounter.state.defending.pop(str(combatant.pk), None)
    return f"{combatant.name} no longer Defends with {skill}." if skill else ""


def charge_lapses(encounter, combatant):
    """A Charge not followed by a melee attack on the same turn is spent for nothing; returns a note."""
    if encounter.state.charging.pop(str(combatant.pk), None):
        return f"{combatant.name}'s Charge bonus lapses unused."
    return ""


class DefendArgs(Args):
    skill = TextField(max_length=60, help_text="The Skill or Characteristic to defend with: Dodge, Melee (Basic), Ag…")


@command(DefendArgs, rule="Defend")
def defend(context, skill):
    """The active combatant uses their Action to Defend with one of the skills they can oppose an attack with."""
    encounter = context.encounter
    combatant = next((c for c in context.combatants if c.pk == encounter.active_id), None)
    if combatant is None:
        raise CommandError("Nobody's turn is running.")
    sheet = context.sheet_of(combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} has no character sheet to defend with.")
    options = [name for name, _ in sheet.defence_options()]
    chosen = next((name for name in options if name.lower() == skill.strip().lower()), None)
    if chosen is None:
        raise CommandError(f"{combatant.name} cannot defend with {skill} (can use {', '.join(options)}).")
    context.may_spend(combatant, "action")
    note = turn.use(encounter, "action")
    encounter.state.defending[str(combatant.pk)] = chosen
    bonus = d20_attack.defend_bonus_words(encounter)
    return (
        f"{combatant.name} Defends with {chosen}: {bonus} to defend with it until their next turn"
        + (f" ({note})." if note else "."),
        {"combatant": combatant.pk, "skill": chosen},
    )
