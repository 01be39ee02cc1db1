"""Fumbles that outlast the attack (seed 002 "Criticals and Fumbles (cont)").

The attack records each fumble's lasting effect on the fumbler in the encounter's state (`fumble_effects`) and
the tracker honours it: acting last next round moves the fumbler to the end of that round's order; the -10 goes
on their first Action test next round; a lost Move or Action is taken from their next turn as it starts; a Torn
Muscle stays listed as a Critical Wound. The 91-00 row leaves the GM a choice, kept as an open prompt: name the
ally in range the blow hits (`resolve_fumble` with `ally`), or, with nobody to hit, the fumbler is Stunned.
"""

from dataclasses import asdict

from combat.commands import ordering
from combat.commands.fields import WholeNumberField
from combat.commands.prompts import PromptArgs, close
from combat.commands.spine import CombatantField, CommandError
from combat.words import counted
from rules.engine import wfrp4e
from rules.engine.initiative import acting_last
from systems.wfrp4e.commands import command, turn
from systems.wfrp4e.commands.attack_outcome import AllyHit
from systems.wfrp4e.commands.conditions import change_condition, prompt
from systems.wfrp4e.sheet import LOCATION_LABELS

__all__ = ["resolve_fumble"]

NEXT_ROUND = ("act_last", "action_penalty")
NEXT_TURN = {"lose_move": "move", "miss_action": "action"}
LABELS = {
    "act_last": "acts last in round {round}",
    "action_penalty": "{penalty} to the Action in round {round}",
    "lose_move": "loses the next Move",
    "miss_action": "misses the next Action",
    "torn_muscle": f"{wfrp4e.TORN_MUSCLE}: a Critical Wound",
}


def ally_hit(weapon_damage, fumbled_roll, hit_locations):
    """The 91-00 row's blow on an ally: the units die of the fumbled roll is its SL, the reversed roll its
    location; `weapon_damage` None when the tracker does not know the fumbler's weapon (a defender)."""
    return AllyHit(
        damage=None if weapon_damage is None else wfrp4e.fumbled_hit_damage(weapon_damage, fumbled_roll),
        sl=wfrp4e.units_die(fumbled_roll),
        location=wfrp4e.hit_location(fumbled_roll, table=hit_locations),
    )


def record(context, fumbler, fumble):
    """Keep the lasting effect of a fumble (an attack's FumbleRoll, the attacker's or the defender's)."""
    effect = fumble.effect
    encounter = context.encounter
    if effect == "hit_ally":
        hit = fumble.ally_hit
        location = LOCATION_LABELS[hit.location].lower()
        damage = f"{hit.damage} damage" if hit.damage is not None else f"weapon Damage {hit.sl:+d} SL"
        prompt(
            context, fumbler, answer="resolve_fumble", kind="fumble", condition="Fumble", side=fumbler.side,
            **asdict(hit),
            reason=f"Fumble: hits an ally in range ({damage}, {location}), or is Stunned if there is none",
        )  # fmt: skip
    elif effect is not None:
        applies_in = encounter.round + 1 if effect in NEXT_ROUND else None
        encounter.state.fumble_effects.append({"combatant": fumbler.pk, "effect": effect, "round": applies_in})


def action_penalty(encounter, combatant):
    """The fumble's -10 this round's Action takes (0 without one)."""
    due = any(
        e["combatant"] == combatant.pk and e["effect"] == "action_penalty" and e["round"] == encounter.round
        for e in encounter.state.fumble_effects
    )
    return wfrp4e.FUMBLED_ACTION_PENALTY if due else 0


def spend_action_penalty(encounter, combatant):
    """The Action took its -10: one penalty is used up."""
    effects = encounter.state.fumble_effects
    spent = next(
        e
        for e in effects
        if e["combatant"] == combatant.pk and e["effect"] == "action_penalty" and e["round"] == encounter.round
    )
    effects.remove(spent)


def take_action_penalty(encounter, combatant):
    """For commands that are the combatant's Action and change state at once (a spell, a test they start): the
    fumble's -10 if one is due, used up. Returns it (0 without one)."""
    penalty = action_penalty(encounter, combatant)
    if penalty:
        spend_action_penalty(encounter, combatant)
    return penalty


def starts_turn(context, combatant):
    """A lost Move or Action goes with the fumbler's next turn, used up as it starts; returns a log note."""
    encounter = context.encounter
    effects = encounter.state.fumble_effects
    parts = []
    for effect, part in NEXT_TURN.items():
        taken = next((e for e in effects if e["combatant"] == combatant.pk and e["effect"] == effect), None)
        if taken:
            effects.remove(taken)
            parts.append(part)
    if not parts:
        return ""
    turn.lose(encounter, parts)
    return f"{combatant.name} loses this turn's {' and '.join(p.title() for p in parts)} to a fumble."


def round_starts(context):
    """Last round's fumblers who acted last go back to their initiative's place (Slow fighters still last), and
    those who fumbled a 21-40 act last in this round (after anyone else made to act last); passed penalties lapse.
    Returns log notes."""
    encounter = context.encounter
    state = encounter.state
    lapsed = [e for e in state.fumble_effects if e["round"] is not None and e["round"] < encounter.round]
    state.fumble_effects = [e for e in state.fumble_effects if e not in lapsed]
    notes = ordering.back_to_initiative(context, [e["combatant"] for e in lapsed if e["effect"] == "act_last"])
    last = {e["combatant"] for e in state.fumble_effects if e["effect"] == "act_last" and e["round"] == encounter.round}
    order = acting_last(context.system.slow_last(context, [c.pk for c in context.ordered()]), last)
    by_pk = {c.pk: c for c in context.combatants}
    ordering.renumber(context, [by_pk[pk] for pk in order])
    if last:
        names = ", ".join(by_pk[pk].name for pk in order if pk in last)
        notes.append(f"{names} act{'s' if len(last) == 1 else ''} last this round after a fumble.")
    return notes


def labels(encounter):
    """{combatant id: [what their fumbles still do]} for the tracker and the phone."""
    shown = {}
    for e in encounter.state.fumble_effects:
        text = LABELS[e["effect"]].format(round=e["round"], penalty=wfrp4e.FUMBLED_ACTION_PENALTY)
        shown.setdefault(e["combatant"], []).append(text)
    return shown


class ResolveFumbleArgs(PromptArgs):
    ally = CombatantField(required=False, help_text="The ally in range the blow hits; empty: the fumbler is Stunned.")
    damage = WholeNumberField(
        required=False, min_value=0, max_value=1000, help_text="The blow's Damage, when the prompt has none."
    )


@command(ResolveFumbleArgs, rule="Fumbles")
def resolve_fumble(context, prompt, ally, damage):
    """The GM's choice on a 91-00 fumble: the ally the blow hits, or Stunned for the fumbler."""
    entry = prompt
    if entry["kind"] != "fumble":
        raise CommandError(f"Open test {entry['id']} is not a fumble: resolve it with resolve_test.")
    fumbler = context.combatant(entry["combatant"])
    if ally is None:
        close(context, entry)
        change_condition(context, fumbler, "Stunned", 1)
        return f"{fumbler.name} hits themself in the face instead and gains a Stunned Condition.", {
            "prompt": entry["id"],
            "stunned": fumbler.pk,
        }
    if ally.pk == fumbler.pk:
        raise CommandError(f"Name an ally of {fumbler.name}'s, or leave the ally out: then {fumbler.name} is Stunned.")
    if ally.side != fumbler.side:
        raise CommandError(f"{context.named(ally)} is not on {fumbler.name}'s side.")
    damage = entry["damage"] if damage is None else damage
    if damage is None:
        raise CommandError(
            f"The tracker does not know {fumbler.name}'s weapon: give the blow's damage "
            f"(weapon Damage {entry['sl']:+d} SL)."
        )
    close(context, entry)
    sheet = context.sheet_of(ally)
    location = entry["location"]
    toughness_bonus, armour = (sheet.toughness_bonus, sheet.armour[location]) if sheet else (0, 0)
    wounds = wfrp4e.wounds_suffered(damage, toughness_bonus, armour)
    if wounds:
        ally.wounds = max(0, ally.wounds - wounds)
        context.touch(ally)
    return (
        f"{fumbler.name}'s fumble hits {ally.name} in the {LOCATION_LABELS[location].lower()} for {damage} damage, "
        f"{counted(wounds, 'wound')} (TB {toughness_bonus} + AP {armour}).",
        {"prompt": entry["id"], "ally": ally.pk, "damage": damage, "wounds": wounds, "location": location},
    )
