"""Alchemical weapons (seed 001 "Alternate Rules" › "Alchemical Weapons"): a fire tube, a grenade or a breaching pot
the user carries on their sheet, used with a Combat Action. Who may use which, and safely, is the engine's
(rules.engine.symbaroum_alternate.alchemical_use): a stationary fire tube needs Siege Expert (adept) at all, and
without the ability the seed names a use is risky: a 20 on the risk's d20 sets it off on the user instead.

The blast reaches the target and, for a weapon with Area Effect, everyone engaged in melee with them; each one hit
is an attack of its own from there on (attack.py): the attacking player's [Accurate←Defence] against each, or each
player's Defence against an NPC user, the weapon's damage and each one's armour. One caught in the blast beside the
target, or by a mishap, has no test: the damage and their armour only. A breaching pot (Wrecking) thrown at a building
damages it as any attack on a building does (buildings.py). The mine is set as a trap (traps.py)."""

from combat.commands.fields import DieField, OneOfField
from combat.commands.spine import CombatantField, CommandError
from rules.engine import symbaroum_alternate as alternate
from systems.symbaroum import toggles
from systems.symbaroum.commands import attack, buildings, command, turn
from systems.symbaroum.commands.harm import sheet_of
from systems.symbaroum.commands.melee import engaged_with
from systems.symbaroum.commands.special_actions import own_turn
from systems.symbaroum.commands.tests import ask, kept_d20, public_name
from systems.symbaroum.commands.turn import ActingArgs

__all__ = ["use_alchemical_weapon"]

THROWN = [(key, weapon.name) for key, weapon in alternate.ALCHEMICAL_WEAPONS.items() if key != "mine"]
AREA_EFFECT = "Area Effect"


class AlchemicalArgs(ActingArgs):
    weapon = OneOfField(choices=THROWN)
    target = CombatantField(help_text="Whom it is aimed at.")
    risk_d20 = DieField(20, help_text="The risk's d20 for a user without the ability, said aloud; empty: rolled.")


@command(AlchemicalArgs, gm_only=False, requires=[toggles.ALCHEMICAL_WEAPONS], rule="Using an alchemical weapon")
def use_alchemical_weapon(context, combatant, weapon, target, risk_d20):
    """Fire or throw an alchemical weapon at `target` (a Combat Action): the risk first, then an attack on each one
    the blast reaches."""
    kind = alternate.ALCHEMICAL_WEAPONS[weapon]
    user = combatant
    turn.refuse_helpless(context, user)
    own_turn(context, user, "Using an alchemical weapon")
    sheet = sheet_of(context, user)
    if sheet is None:
        raise CommandError(f"{user.name} has no character sheet: give the blast's damage with Dmg instead.")
    name, _, _ = attack.weapon_of(sheet, kind.name)  # refuses a weapon the sheet does not carry
    use = alternate.alchemical_use(kind, sheet.character.abilities)
    if use == "barred":
        raise CommandError(f"Only one with {alternate.ability_words(kind.needed)} can use the {name} at all.")
    if use == "safe" and risk_d20:
        raise CommandError(f"{user.name} has the ability to use the {name} safely: there is no risk to roll.")
    if target.pk == user.pk:
        raise CommandError(f"{user.name} cannot aim the {name} at themself.")
    d20 = (risk_d20 or context.dice.d(20)) if use == "risky" else None
    risk = "" if use == "safe" else f" (without {alternate.ability_words(kind.safe)}: risk d20 {d20})"
    area_effect = AREA_EFFECT in sheet.qualities_of(name)
    if d20 is not None and alternate.mishap(use, d20):
        turn.spend(context, user, "combat")
        ids = alternate.blast_area(user.pk, engaged_with(context.encounter.state, user.pk), area_effect)
        notes = [blast(context, user, context.combatant(pk), name) for pk in ids]
        return f"{user.name}'s {name} goes off in their own hands{risk}: " + "; ".join(notes), {
            "mishap": True,
            "hit": ids,
        }
    if buildings.building_of(context, target):
        message, result = buildings.struck(context, user, target, name, None, False, {})
        return f"{message[:-1]}{risk}.", {**result, "mishap": False}
    turn.spend(context, user, "combat")
    ids = alternate.blast_area(target.pk, engaged_with(context.encounter.state, target.pk), area_effect)
    notes = []
    for pk in ids:
        victim = context.combatant(pk)
        if buildings.building_of(context, victim):
            continue
        if pk == user.pk:
            notes.append(blast(context, user, victim, name))
        elif sheet_of(context, victim) is None:
            notes.append(f"{context.named(victim)} has no sheet: give their damage with Dmg")
        else:
            notes.append(aimed(context, user, victim, name, main=pk == target.pk))
    reach = "" if len(ids) == 1 else f", the blast reaching {len(ids)}"
    return f"{user.name} uses the {name} on {context.named(target)}{risk}{reach}: " + "; ".join(notes), {
        "mishap": False,
        "hit": ids,
    }


def aimed(context, user, victim, name, main):
    """An attack on one the blast reaches (attack.py's chain: the test, the damage, the armour). Steely Gaze and
    the like refuse the one aimed at; anyone else they keep out of the blast."""
    try:
        spec = attack.plan(context, user, victim, name, "normal", None, False, None, False)
    except CommandError as refused:
        if main:
            raise
        return str(refused).rstrip(".")
    spec = {**spec, "special_ammunition": name}  # no ordinary ammunition is counted for it
    spec["typed"] = {"damage": None, "armour": None, "location": None, "d12": None}
    if spec["roller"] is not None:
        roller = context.combatant(spec["roller"])
        test = "Attack" if spec["kind"] == "attack" else "Defence"
        reason = f"{test}: {public_name(user)}'s {name} → {public_name(victim)}"
        ask(context, roller, spec["kind"], reason, target=spec["goal"], second=spec["second"], attack=spec)
        return f"{roller.name}'s player rolls the {spec['kind']} test against {spec['goal']}"
    kept, rolled = kept_d20(context, spec["second"])
    message, _ = attack.after_test(context, spec, kept, rolled)
    return f"{context.named(victim)}: {message.rstrip('.')}"


def blast(context, user, victim, name):
    """The blast on one caught in it with no test (the user, in a mishap or beside the target): its damage against
    their armour."""
    if sheet_of(context, victim) is None or buildings.building_of(context, victim):
        return f"{context.named(victim)} is caught in it: give their damage with Dmg"
    dice = next((w.damage_dice for w in sheet_of(context, user).weapons if w.name == name), None) or "1d4"
    spec = {
        "attacker": user.pk, "target": victim.pk, "weapon": name, "dice": dice, "ranged": True, "distance": None,
        "aim": "normal", "part": None, "advantage": False, "free": True, "kind": "attack", "roller": None,
        "goal": 0, "second": None, "manoeuvre": None, "quality_damage": 0, "special_ammunition": name,
        "typed": {"damage": None, "armour": None, "location": None, "d12": None},
        "extras": {"dice": "", "flat": 0, "reasons": []},
    }  # fmt: skip
    message, _ = attack.damage_step(context, spec)
    return f"{context.named(victim)} is caught in the blast: {message.rstrip('.')}"
