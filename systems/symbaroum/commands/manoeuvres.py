"""Manoeuvres made with an attack (seed 001 "Alternate Rules" › "Manoeuvres"; seed 004 "Maneuvers"), when the table
plays them. The GM names one with the attack; this module says whether it can be made now, spends what it costs,
sets its test and does what a hit or a miss does instead of, or besides, the weapon's damage. A hold lasts: at the
start of each of the holder's turns its test is asked again, and a failure frees the target with a free attack.

Full Defence and Full Offence are stances (stances.py), Poison on Weapons its own command (poison.py); Take the
Initiative and Delay the Initiative belong to the turn order."""

from combat.commands.spine import CommandError, OwnCombatantArgs
from rules.engine import symbaroum
from systems.base import Happenings
from systems.symbaroum import toggles
from systems.symbaroum.commands import afflictions, command, free_attacks, poison, stances, turn
from systems.symbaroum.commands.harm import give, sheet_of
from systems.symbaroum.commands.tests import answers, ask, kept_d20, passed_words, rolls_dice, second_chance

__all__ = ["release_hold"]

ATTACK_MANOEUVRES = {
    "careful_aiming": "Careful Aiming",
    "charge": "Charge",
    "disarm": "Disarm",
    "hold": "Hold",
    "knock_out": "Knock Out",
    "push_back": "Push Back",
    "tackle": "Tackle",
}
RANGED = {"careful_aiming"}  # the others are made in melee
# What costs the Movement Action besides the attack's Combat Action (Charge and Push Back take the whole turn).
TAKES_THE_MOVEMENT_ACTION = {"careful_aiming", "charge", "push_back"}
# A failed test gives the target a free attack, named by its trigger.
FREE_ATTACK_ON_A_MISS = {"charge": "Failed Charge", "disarm": "Failed Disarm", "push_back": "Failed Push Back"}
# A hit that does something else than the weapon's damage; Knock Out rolls the damage but only to compare it.
NO_DAMAGE_ROLL = {"disarm", "hold", "tackle"}
NO_WOUND = NO_DAMAGE_ROLL | {"knock_out"}


def robust_level(combatant):
    """The level (1 to 3) of the trait Robust on the combatant's character; 0 without it."""
    traits = combatant.character.traits if combatant.character_id else {}
    level = next((value for name, value in traits.items() if name.lower() == "robust"), 0)
    return level if type(level) is int and 0 <= level <= len(symbaroum.TRAIT_LEVELS) else 0


def tested_value(sheet, key):
    return sheet.defence if key == "defence" else sheet.attribute(key)


def opposed_goal(manoeuvre, attacker, target, mine, theirs, attacker_rolls, situation=0):
    """The target of the test that decides an attack or keeps a hold: [A←B] when the attacker's side rolls, the
    mirrored [B←A] when the target's player does; `situation` and Robust count for the attacker."""
    own_key, resisting_key = symbaroum.manoeuvre_test(manoeuvre)
    own, resisting = tested_value(mine, own_key), tested_value(theirs, resisting_key)
    bonus = situation + symbaroum.manoeuvre_robust_bonus(manoeuvre, robust_level(attacker), robust_level(target))
    if attacker_rolls:
        return symbaroum.test_target(own, resisting) + bonus
    return symbaroum.test_target(resisting, own) - bonus


def holds_of(context, holder):
    """The holds `holder` keeps on someone still in the fight."""
    here = {c.pk for c in context.combatants}
    return [h for h in context.encounter.state.holds if h["holder"] == holder.pk and h["target"] in here]


def refuse_while_holding(context, combatant):
    """Seed 001 "Manoeuvres" › "Hold": whoever keeps a hold does nothing else until they let go. CommandError
    when `combatant` holds someone."""
    holding = holds_of(context, combatant)
    if holding:
        held = ", ".join(context.named(context.combatant(h["target"])) for h in holding)
        raise CommandError(f"{combatant.name} is holding {held}: nothing else until the hold ends (Let go).")


def on_phones(combatant):
    """The combatant's name in a prompt's reason, which its player's phone shows: never a hidden one's."""
    return "someone" if combatant.hidden else combatant.name


def refuse(context, attacker, manoeuvre, ranged, advantage, free):
    """CommandError when `attacker` may not attack now, or not with this manoeuvre; changes nothing."""
    stances.refuse_attack(context, attacker)
    refuse_while_holding(context, attacker)
    if not manoeuvre:
        return
    name = ATTACK_MANOEUVRES[manoeuvre]
    if not context.encounter.plays(toggles.MANOEUVRES):
        raise CommandError("Manoeuvres are a house rule this encounter does not use: switch them on first.")
    if free:
        raise CommandError(f"A free attack is a plain attack: no {name}.")
    if context.encounter.active_id != attacker.pk:
        raise CommandError(f"{name} is made on {attacker.name}'s own turn.")
    if ranged != (manoeuvre in RANGED):
        raise CommandError(f"{name} needs a {'ranged' if manoeuvre in RANGED else 'melee'} weapon.")
    if manoeuvre == "knock_out" and not advantage:
        raise CommandError("Knock Out is made from an Advantage: tick Advantage (or attack a prone target).")
    used = turn.turn_used(context.encounter)
    if manoeuvre == "push_back" and (used["combat"] or used["movements"]):
        raise CommandError(f"Push Back must open the turn: {attacker.name} has already acted.")


def spend(context, attacker, manoeuvre):
    """What the manoeuvre costs besides the attack's Combat Action."""
    if manoeuvre in TAKES_THE_MOVEMENT_ACTION:
        turn.spend(context, attacker, "movement")


def after_test(context, spec, hit):
    """What the manoeuvre does once its test is decided: (log notes, whether the weapon's damage roll follows)."""
    manoeuvre = spec.get("manoeuvre")
    attacker, target = context.combatant(spec["attacker"]), context.combatant(spec["target"])
    notes = []
    if not hit and manoeuvre in FREE_ATTACK_ON_A_MISS:
        notes.append(free_attacks.grant(context, target, attacker, FREE_ATTACK_ON_A_MISS[manoeuvre]))
    if manoeuvre == "knock_out":
        notes.append(afflictions.knock_out_tried(context, attacker, target, hit))
    if hit and manoeuvre == "disarm":
        give(context, target, "Disarmed")
        notes.append(f"{context.named(target)} drops their weapon")
    if hit and manoeuvre == "hold":
        notes.append(start_hold(context, attacker, target))
    if manoeuvre == "tackle":
        notes += tackle(context, attacker, target, hit)
    if hit and manoeuvre not in NO_WOUND:
        notes.append(poison.on_hit(context, attacker, target, spec["weapon"]))
    return [n for n in notes if n], hit and manoeuvre not in NO_DAMAGE_ROLL


def damage_dealt(spec, dealt):
    """Seed 001 "Manoeuvres" › "Push Back": (damage taken, log note) of the hit."""
    if spec.get("manoeuvre") != "push_back":
        return dealt, ""
    return symbaroum.push_back_damage(dealt), f"pushed back {symbaroum.PUSH_BACK_METRES} m, half damage"


# --- Tackle ------------------------------------------------------------------------------------------------------


def tackle(context, attacker, target, hit):
    """Seed 001 "Manoeuvres" › "Tackle": a hit knocks the target down; either way the tackler tests Quick or falls."""
    notes = []
    if hit:
        give(context, target, "Prone")
        notes.append(f"{context.named(target)} goes down, prone")
    goal = symbaroum.test_target(sheet_of(context, attacker).attribute("quick"))
    second = second_chance(context, attacker)
    if rolls_dice(attacker):
        ask(context, attacker, "footing", "Quick: stay standing after the tackle", target=goal, second=second)
        notes.append(f"{attacker.name}'s player rolls Quick against {goal} to stay standing")
    else:
        kept, rolled = kept_d20(context, second)
        notes.append(footing(context, attacker, goal, kept, rolled))
    return notes


def footing(context, tackler, goal, kept, rolled):
    said = f"{tackler.name}'s Quick test, {passed_words(goal, kept, rolled)}"
    if symbaroum.test_passes(goal, kept):
        return f"{said}: stays standing"
    give(context, tackler, "Prone")
    return f"{said}: falls too, prone"


@answers("footing")
def answered_footing(context, entry, rolled):
    tackler = context.combatant(entry["combatant"])
    message = footing(context, tackler, entry["target"], rolled["kept"], rolled["d20s"])
    return f"{message}.", {"prompt": entry["id"], "d20": rolled["kept"]}


# --- Knock Out ---------------------------------------------------------------------------------------------------


def knock_out(context, spec):
    """Seed 001 "Manoeuvres" › "Knock Out": the hit wounds nobody; a d12 under its damage knocks the target out.
    The attacker's player rolls the d12, or the target's when an NPC attacks them; between NPCs the tracker."""
    attacker, target = context.combatant(spec["attacker"]), context.combatant(spec["target"])
    typed = spec["typed"].get("d12")
    roller = next((c for c in (attacker, target) if rolls_dice(c)), None)
    if roller is not None and typed is None:
        reason = f"Knock Out: under {spec['damage']} knocks {on_phones(target)} out"
        entry = ask(context, roller, "knock_out", reason, dice="1d12", attack=spec)
        return f"{roller.name}'s player rolls 1d12 against {spec['damage']}", {"prompt": entry["id"]}
    return knocked(context, spec, typed or context.dice.d(12))


def knocked(context, spec, d12):
    target = context.combatant(spec["target"])
    out = symbaroum.knocked_out(d12, spec["damage"])
    if out:
        give(context, target, "Unconscious")
    verdict = "is knocked out" if out else "stays conscious"
    return f"d12 {d12} against {spec['damage']} damage: {context.named(target)} {verdict}.", {
        "d12": d12,
        "knocked_out": out,
    }


@answers("knock_out")
def answered_knock_out(context, entry, rolled):
    message, result = knocked(context, entry["attack"], rolled["total"])
    return f"{entry['name']} rolls: {message}", {"prompt": entry["id"], **result}


# --- Hold --------------------------------------------------------------------------------------------------------


def start_hold(context, holder, target):
    state = context.encounter.state
    state.holds = [*state.holds, {"holder": holder.pk, "target": target.pk}]
    give(context, target, "Held")
    holder_name = context.named(holder)
    return f"{holder_name} holds {context.named(target)}, who cannot move; tested again each of {holder_name}'s turns"


def end_hold(context, hold):
    """The hold is over; the target stays Held only while someone else still holds it."""
    state = context.encounter.state
    state.holds = [h for h in state.holds if h != hold]
    if any(h["target"] == hold["target"] for h in state.holds):
        return
    held = next((c for c in context.conditions if c.combatant_id == hold["target"] and c.name == "Held"), None)
    if held is not None:
        context.reduce_condition(held)


def turn_started(context, combatant):
    """The combatant's stance ends as their turn begins, and each hold they keep is tested again; a hold on or by
    someone who has left the fight is simply over."""
    stances.end(context, combatant)
    here = {c.pk for c in context.combatants}
    for hold in context.encounter.state.holds:
        if not {hold["holder"], hold["target"]} <= here:
            end_hold(context, hold)
    return Happenings(notes=[keep_hold(context, hold) for hold in holds_of(context, combatant)])


def keep_hold(context, hold):
    """Seed 001 "Manoeuvres" › "Hold": the holder's [Strong←Strong] again, or the held player's mirror of it."""
    holder, target = context.combatant(hold["holder"]), context.combatant(hold["target"])
    holder_rolls = rolls_dice(holder) or not rolls_dice(target)
    roller, opponent = (holder, target) if holder_rolls else (target, holder)
    goal = opposed_goal("hold", holder, target, sheet_of(context, holder), sheet_of(context, target), holder_rolls)
    second = second_chance(context, roller, opponent, arms_of=holder)
    if rolls_dice(roller):
        aim = f"keep hold of {on_phones(target)}" if holder_rolls else f"break free of {on_phones(holder)}"
        reason = f"Hold: {aim}"
        ask(context, roller, "hold", reason, target=goal, second=second, hold=hold, holder_rolls=holder_rolls)
        return f"{roller.name}'s player rolls Strong against {goal} for the hold"
    kept, rolled = kept_d20(context, second)
    return held_on(context, hold, holder_rolls, goal, kept, rolled)


def held_on(context, hold, holder_rolls, goal, kept, rolled):
    holder, target = context.combatant(hold["holder"]), context.combatant(hold["target"])
    passed = symbaroum.test_passes(goal, kept)
    said = f"Hold, {passed_words(goal, kept, rolled)}"
    if passed == holder_rolls:
        return f"{said}: {context.named(holder)} keeps hold of {context.named(target)}"
    end_hold(context, hold)
    grant = free_attacks.grant(context, target, holder, "Broken Hold")
    return "; ".join(filter(None, [f"{said}: {context.named(target)} breaks free", grant]))


@answers("hold")
def answered_hold(context, entry, rolled):
    result = {"prompt": entry["id"], "d20": rolled["kept"]}
    if entry["hold"] not in context.encounter.state.holds:
        return "That hold has already ended.", result
    message = held_on(context, entry["hold"], entry["holder_rolls"], entry["target"], rolled["kept"], rolled["d20s"])
    return f"{message}.", result


@command(OwnCombatantArgs, gm_only=False, rule="Letting go of a hold")
def release_hold(context, combatant):
    """The holder lets go of everyone they hold."""
    holding = holds_of(context, combatant)
    if not holding:
        raise CommandError(f"{combatant.name} holds nobody.")
    for hold in holding:
        end_hold(context, hold)
    names = ", ".join(context.named(context.combatant(h["target"])) for h in holding)
    return f"{combatant.name} lets go of {names}.", {"released": [h["target"] for h in holding]}
