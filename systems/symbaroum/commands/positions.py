"""Where Symbaroum fighters stand and what they hold (rules.engine.symbaroum_positions): the Advantage that flanking
and lower ground give, worked out from who is in melee with whom (seed 001 "Special Actions" › "Flanking",
"Advantage"; seed 004 "Advantage"); weapons still sheathed when the fight starts, which a surprised fighter must
draw (seed 001 "Turn Order" › "Combat With Weapons Ready", "Surprise"); and each fighter's main hand, which decides
what a hit on an arm costs (seed 004 "Main Hand", with "Hit Locations").

The Advantage is offered, not imposed: the GM's attack form comes with it ticked and the reason beside it, and the
GM may untick it (the tracker does not see the battlefield, only the melee pairs and the marks)."""

from combat.commands.fields import OneOfField, TextField, YesNoField
from combat.commands.spine import CombatantArgs, CommandError, OwnCombatantArgs
from rules.engine import symbaroum_positions as positions
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.harm import sheet_of
from systems.symbaroum.commands.melee import engaged_with
from systems.symbaroum.commands.sides import enemies
from systems.symbaroum.commands.turn import ActingArgs

__all__ = ["mark_lower_ground", "ready_weapons", "draw_weapon", "set_main_hand"]

HAND_CHOICES = [(hand, f"{hand.capitalize()}-handed") for hand in positions.HANDS]


# --- Flanking and lower ground ----------------------------------------------------------------------------------


def flankers(state, target, fighters):
    """The ids of `target`'s enemies in melee with them, by side: {side: [ids]} (fighters: combatants or rows)."""
    engaged = engaged_with(state, target.pk)
    sides = {}
    for other in fighters:
        if other.pk in engaged and enemies(target, other):
            sides.setdefault(other.side, []).append(other.pk)
    return sides


def advantage_reasons(state, attacker, target, ranged, fighters):
    """Why `attacker` has the Advantage on `target` from where they stand (empty: no reason the tracker sees)."""
    if not enemies(attacker, target):
        return []
    around = flankers(state, target, fighters).get(attacker.side, [])
    lower = state.lower_ground
    return positions.advantage_reasons(
        melee=not ranged,
        flanked=positions.flanks(attacker.pk, around),
        target_lower=target.pk in lower,
        attacker_lower=attacker.pk in lower,
    )


def attack_advantages(state, fighters):
    """{"attacker id:target id": reasons} for every pair of fighters with a reason, melee and ranged apart:
    {"melee": {...}, "ranged": {...}} (the attack form ticks the Advantage from it)."""
    found = {"melee": {}, "ranged": {}}
    if not state.melee_pairs and not state.lower_ground:
        return found
    for attacker in fighters:
        for target in fighters:
            for kind in found:
                reasons = advantage_reasons(state, attacker, target, kind == "ranged", fighters)
                if reasons:
                    found[kind][f"{attacker.pk}:{target.pk}"] = ", ".join(reasons)
    return found


class LowerGroundArgs(CombatantArgs):
    lower = YesNoField(help_text="On lower ground than the fight around them; empty (false): back level.")


@command(LowerGroundArgs, rule="Lower ground")
def mark_lower_ground(context, combatant, lower):
    """The GM marks a fighter as standing lower than the rest (climbing a ladder, below a wall): every attack on them
    from higher up, melee or ranged, has the Advantage (seed 004 "Advantage")."""
    state = context.encounter.state
    marked = combatant.pk in state.lower_ground
    if marked == bool(lower):
        raise CommandError(f"{context.named(combatant)} is {'already' if lower else 'not'} on lower ground.")
    if lower:
        state.lower_ground = [*state.lower_ground, combatant.pk]
        said = f"{context.named(combatant)} stands on lower ground: attacks on them from above have the Advantage."
    else:
        state.lower_ground = [pk for pk in state.lower_ground if pk != combatant.pk]
        said = f"{context.named(combatant)} is back on level ground."
    return said, {"combatant": combatant.pk, "lower": bool(lower)}


# --- Weapons drawn ----------------------------------------------------------------------------------------------


def sheathed(state, combatant):
    return combatant.pk in state.sheathed


def weapon_named(sheet, name):
    weapons = sheet.weapons if sheet else []
    if not name:
        return weapons[0] if weapons else None
    return next((w for w in weapons if w.name.lower() == name.lower()), None)


def is_short(weapon):
    return any(prop.name == "Short" for prop in weapon.property_list)


def draw_for_attack(context, attacker, weapon_name):
    """Before an attack: a fighter whose weapons are sheathed must draw first; a Short weapon comes out free as
    part of the attack, natural weapons (no weapon on the sheet) are always ready. Returns the log's note, or ""."""
    state = context.encounter.state
    if not sheathed(state, attacker):
        return ""
    weapon = weapon_named(sheet_of(context, attacker), weapon_name)
    if weapon is None:
        return ""
    if positions.draw_cost(short=is_short(weapon)) != positions.DRAW_FREE:
        raise CommandError(
            f"{attacker.name}'s weapons are still sheathed: drawing the {weapon.name} takes a Movement Action "
            "(Draw weapon) first; a Short weapon comes out free."
        )
    state.sheathed = [pk for pk in state.sheathed if pk != attacker.pk]
    return f"{attacker.name} draws the {weapon.name} (Short: a free action)"


class ReadyArgs(CombatantArgs):
    drawn = YesNoField(help_text="Weapons in hand; empty (false): still sheathed.")


@command(ReadyArgs, rule="Weapons ready")
def ready_weapons(context, combatant, drawn):
    """The GM says whether a fighter comes into the fight with weapons drawn (seed 001 "Turn Order" › "Combat With
    Weapons Ready"); the surprised have theirs sheathed by the ambush itself."""
    state = context.encounter.state
    if sheathed(state, combatant) != bool(drawn):
        raise CommandError(f"{context.named(combatant)}'s weapons are already {'drawn' if drawn else 'sheathed'}.")
    if drawn:
        state.sheathed = [pk for pk in state.sheathed if pk != combatant.pk]
        return f"{context.named(combatant)} has their weapons drawn.", {"combatant": combatant.pk, "drawn": True}
    state.sheathed = [*state.sheathed, combatant.pk]
    said = (
        f"{context.named(combatant)}'s weapons are sheathed: drawing one takes a Movement Action, a Short one is free."
    )
    return said, {"combatant": combatant.pk, "drawn": False}


class DrawArgs(ActingArgs):
    weapon = TextField(required=False, help_text="The weapon drawn; their first when empty.")


@command(DrawArgs, gm_only=False, rule="Drawing a weapon")
def draw_weapon(context, combatant, weapon):
    """Draw a weapon on one's own turn: a Movement Action, or free for a Short one (seed 001 "Turn Order" ›
    "Surprise"). The GM or the fighter's player."""
    state = context.encounter.state
    if not sheathed(state, combatant):
        raise CommandError(f"{context.named(combatant)}'s weapons are already drawn.")
    if context.encounter.status != "active" or context.encounter.active_id != combatant.pk:
        raise CommandError(f"Drawing a weapon takes a part of {combatant.name}'s turn: on their own turn only.")
    chosen = weapon_named(sheet_of(context, combatant), weapon)
    if chosen is None and weapon:
        raise CommandError(f"{combatant.name} carries no {weapon}.")
    cost = positions.draw_cost(short=chosen is not None and is_short(chosen), natural=chosen is None)
    if cost == positions.DRAW_MOVEMENT:
        turn.spend(context, combatant, "movement")
    state.sheathed = [pk for pk in state.sheathed if pk != combatant.pk]
    what = chosen.name if chosen else "their natural weapons"
    how = "a Movement Action" if cost == positions.DRAW_MOVEMENT else "a free action"
    return f"{combatant.name} draws {what}: {how}.", {"combatant": combatant.pk, "cost": cost}


# --- Main hand ----------------------------------------------------------------------------------------------------


def hand_of(state, combatant_pk):
    return positions.main_hand(state.main_hands.get(str(combatant_pk)))


class MainHandArgs(OwnCombatantArgs):
    hand = OneOfField(choices=HAND_CHOICES)


@command(MainHandArgs, gm_only=False, requires=[toggles.MAIN_HAND], rule="Main Hand")
def set_main_hand(context, combatant, hand):
    """Which hand is a fighter's main hand: a player character's is their player's, an NPC's the right unless the
    GM says otherwise (seed 004 "Main Hand"). It decides whether a hit arm is the weapon hand."""
    state = context.encounter.state
    if hand_of(state, combatant.pk) == hand:
        raise CommandError(f"{context.named(combatant)} is already {hand}-handed.")
    others = {k: v for k, v in state.main_hands.items() if k != str(combatant.pk)}
    state.main_hands = others if hand == positions.USUAL_HAND else {**others, str(combatant.pk): hand}
    return f"{context.named(combatant)} is {hand}-handed.", {"combatant": combatant.pk, "hand": hand}


def arm_hit(context, target, location):
    """A hit at the Pain Threshold on `location`, an arm: record which arm, and say under Main Hand whether it is
    the weapon hand (what it holds may drop; every attack with it is hampered) or the other one. Returns words."""
    if not context.encounter.plays(toggles.MAIN_HAND):
        return ""
    state = context.encounter.state
    key = str(target.pk)
    arms = state.hurt_arms.get(key, [])
    if location not in arms:
        state.hurt_arms = {**state.hurt_arms, key: [*arms, location]}
    if positions.hit_hand(location, hand_of(state, target.pk)) == "main":
        sheet = sheet_of(context, target)
        held = sheet.weapons[0].name if sheet and sheet.weapons else "what it holds"
        return f"the main hand ({hand_of(state, target.pk)}): {held} may drop, and attacks with it are hampered"
    return "the off hand: attacks with the main hand are not hampered"


def hampers_attacks(context, combatant):
    """Under Main Hand, a hurt arm hampers the fighter's attacks only when it is the main hand's; an arm hurt by the
    GM's hand, with no arm recorded, hampers them as before. None when the rule is not played."""
    if not context.encounter.plays(toggles.MAIN_HAND):
        return None
    arms = context.encounter.state.hurt_arms.get(str(combatant.pk))
    if not arms:
        return None
    hand = hand_of(context.encounter.state, combatant.pk)
    return any(positions.hit_hand(arm, hand) == "main" for arm in arms)
