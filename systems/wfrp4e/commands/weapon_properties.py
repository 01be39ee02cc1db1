"""Weapon properties and creature traits inside an attack (seed 000 "Weapon Properties", "Creature Traits").

The house rules' own versions, Precise, Fast, Hack, Long, Hook and Champion, each follow their toggle. Those the
seed keeps "same as book" apply as the core rulebook has them in every encounter: here the ones that act on the
table after a hit (Entangle, Distract, Blast); the engine (wfrp4e.py) has those that change the numbers.
"""

from dataclasses import dataclass

from django import forms

from systems.wfrp4e import toggles
from systems.wfrp4e.commands import conditions, turn

SPECIALS = [
    ("", "—"),
    ("fast", "Fast: between turns, out of turn order, with this Round's Action"),
    ("hack", "Hack: at the opponent's shield, no damage"),
    ("champion", "Champion: the creature deals damage this way"),
    ("distract", "Distract: drive the opponent back instead of damage"),
]


HOUSE_RULE_SPECIALS = {"fast": toggles.FAST, "hack": toggles.HACK, "champion": toggles.CHAMPION}


def specials_for(encounter):
    """The specials an attack can use here: Distract as written, the house rules' ones while their toggle is on."""
    rules = HOUSE_RULE_SPECIALS
    return [(key, label) for key, label in SPECIALS if key not in rules or encounter.plays(rules[key])]


def names(weapon):
    return {p.name for p in weapon.property_list}


def problem(context, attacker, special, weapon, sheet):
    """Why `special` cannot be done with `weapon` now, as a form error; None when it can."""
    encounter = context.encounter
    rule = HOUSE_RULE_SPECIALS.get(special)
    if rule and not encounter.plays(rule):
        raise forms.ValidationError(f"{rule.name} is a house rule this encounter does not use.")
    if special in ("fast", "hack", "distract") and special.title() not in names(weapon):
        raise forms.ValidationError(f"{weapon.name} does not have the {special.title()} property.")
    if special == "fast":
        # Seed 000 "Fast": out of the turn order, but never inside another character's turn, so between two turns.
        if encounter.active_id is None:
            raise forms.ValidationError("A Fast attack is made between the turns of a running Round.")
        if encounter.active_id == attacker.pk:
            raise forms.ValidationError(f"It is {attacker.name}'s turn: a plain attack will do.")
        active = context.combatant(encounter.active_id)
        if (attacker.position, attacker.pk) < (active.position, active.pk):
            # The Fast attack spends this Round's Action, which a fighter whose turn is over has had.
            raise forms.ValidationError(
                f"{attacker.name}'s turn this Round is over, and its Action with it: a Fast attack spends an Action "
                "still to come."
            )
        if not between_turns(encounter):
            raise forms.ValidationError(
                f"{context.named(active)}'s turn is under way: a Fast attack cannot interrupt it, only come before "
                "they move or act."
            )
        if encounter.state.fast_attacks.get(str(attacker.pk)) == encounter.round:
            raise forms.ValidationError(f"{attacker.name} already spent this Round's Action on a Fast attack.")
    if special == "champion":
        rating = sheet.character.trait_rating("Champion") if sheet else 0
        if rating < 1:
            raise forms.ValidationError(f"{attacker.name} does not have the Champion trait.")
        used_round, uses = encounter.state.champion_uses.get(str(attacker.pk), [None, 0])
        if used_round == encounter.round and uses >= rating:
            raise forms.ValidationError(f"Champion ({rating}) deals damage at most {rating} times per Round.")


def between_turns(encounter):
    """The tracker passes the turn straight on, so the gap between two turns is the moment the active combatant
    has not yet moved, acted or swapped a weapon (an Action spent on their own Fast attack aside)."""
    used = turn.turn_state(encounter)
    spent_on_fast = encounter.state.fast_attacks.get(str(encounter.active_id)) == encounter.round
    return not used["move"] and not used["swaps"] and used["actions"] == int(spent_on_fast)


def precise(encounter, weapon):
    """ "Precise": removed, the weapon's damage is 1 higher instead."""
    return 1 if encounter.plays(toggles.PRECISE) and "Precise" in names(weapon) else 0


def shield_rating(encounter, combatant, sheet):
    """The best Shield rating among the weapons the combatant carries (each weapon's own: Shield 1, 2, 3), less
    what Hack took from it this fight; 0 without a sheet or a shield."""
    carried = max((w.rating("Shield") for w in sheet.weapons if "Shield" in names(w)), default=0) if sheet else 0
    return max(0, carried - encounter.state.shield_damage.get(str(combatant.pk), 0))


@dataclass(frozen=True)
class SpecialEffect:
    """What a special attack changes, worked out before anything changes."""

    notes: list
    wounds: int | None = None  # the wounds the target takes when a property changes them (Hack, Distract: none)
    shield_lost: int = 0
    champion_uses: int = 0
    entangles: bool = False
    shots_left: int | None = None  # a Reload weapon's loaded shots after this one


def effects(context, attacker, target, weapon, special, free_attack, result):
    """What the special attack uses up, and what the target's properties or the weapon's say now."""
    encounter = context.encounter
    notes, wounds, shield_lost, champion_uses = [], None, 0, 0
    properties = names(weapon)
    if special == "fast":
        notes.append(f"Fast: {attacker.name} has spent this Round's Action")
    elif special == "hack":
        wounds = 0
        if result.hit:
            shield_lost = 1 + max(0, result.net_sl) // 3
            target_sheet = context.sheet_of(target)
            rating = max(0, shield_rating(encounter, target, target_sheet) - shield_lost)
            notes.append(f"Hack: {target.name}'s shield loses {shield_lost} (Shield {rating} now)")
    elif special == "champion":
        used_round, uses = encounter.state.champion_uses.get(str(attacker.pk), [None, 0])
        champion_uses = uses + 1 if used_round == encounter.round else 1
        notes.append(f"Champion: {champion_uses} of {attacker.character.traits.get('Champion')} this Round")
    elif special == "distract":
        # Core rulebook (seed 000 "Distract", same as book): a won attack may push the foe back 1 yard per SL
        # it won by, and then deals no damage.
        wounds = 0
        if result.hit:
            notes.append(f"Distract: {target.name} is driven back {max(0, result.net_sl)} yard(s), no damage")
    entangles = result.hit and "Entangle" in properties and special != "hack"
    if entangles:
        # Core rulebook (seed 000 "Entangle", same as book): whoever the weapon hits is Entangled.
        notes.append(f"Entangle: {target.name} gains an Entangled Condition")
    if result.hit and "Blast" in properties:
        # Core rulebook (seed 000 "Blast (Rating)", same as book): everyone within the rating in yards of where it
        # lands is hit for the same damage; the tracker applies it to the target, the GM attacks the others.
        notes.append(
            f"Blast {weapon.rating('Blast')}: everyone within {weapon.rating('Blast')} yards of {target.name} "
            f"takes {result.damage} damage too"
        )
    if free_attack == "disengaging" and result.hit and encounter.plays(toggles.LONG) and "Long" in properties:
        notes.append("Long: the hit does not stop the Disengage")
    if free_attack == "disengaging" and result.hit and encounter.plays(toggles.HOOK) and "Hook" in properties:
        notes.append("Hook: against a rider, an Opposed Strength Test at the attack's SL pulls them off the mount")
    shots = capacity(weapon)
    if shots:
        shots = loaded_shots(encounter, attacker, weapon) - 1
        notes.append(f"{weapon.name}: {shots} of {capacity(weapon)} shot(s) left" + ("" if shots else ", reload it"))
    return SpecialEffect(notes, wounds, shield_lost, champion_uses, entangles, shots)


def record(context, attacker, target, weapon, special, effect):
    """Keep in the encounter's state what the special attack used up."""
    state, encounter = context.encounter.state, context.encounter
    if special == "fast":
        state.fast_attacks[str(attacker.pk)] = encounter.round
    if effect.shield_lost:
        state.shield_damage[str(target.pk)] = state.shield_damage.get(str(target.pk), 0) + effect.shield_lost
    if effect.champion_uses:
        state.champion_uses[str(attacker.pk)] = [encounter.round, effect.champion_uses]
    if effect.entangles:
        conditions.change_condition(context, target, "Entangled", 1)
    if effect.shots_left is not None:
        state.shots_left.setdefault(str(attacker.pk), {})[weapon.name] = effect.shots_left


def capacity(weapon):
    """The shots a loaded weapon holds: Repeater's rating, else 1 with Reload; None for weapons never reloaded."""
    if "Reload" not in names(weapon):
        return None
    return weapon.rating("Repeater") or 1


def loaded_shots(encounter, combatant, weapon):
    """Shots left in the combatant's weapon: weapons come into a fight loaded."""
    return encounter.state.shots_left.get(str(combatant.pk), {}).get(weapon.name, capacity(weapon))


def unloaded_problem(encounter, attacker, weapon):
    """Reload (Rating) (seed 000 "Weapon Properties", same as book): an emptied weapon fires again only once
    reloaded."""
    if capacity(weapon) and not loaded_shots(encounter, attacker, weapon):
        raise forms.ValidationError(
            f"{attacker.name}'s {weapon.name} is not loaded: reload it first (Reload {weapon.rating('Reload')})."
        )


def wear(encounter, combatant, weapon):
    """The Damage fumbles took from the combatant's weapon this fight (seed 002 "Criticals and Fumbles (cont)",
    21-40: "your weapon suffers 1 Damage")."""
    return encounter.state.weapon_wear.get(str(combatant.pk), {}).get(weapon.name, 0)


def suffer_wear(encounter, combatant, weapon, damage):
    worn = encounter.state.weapon_wear.setdefault(str(combatant.pk), {})
    worn[weapon.name] = worn.get(weapon.name, 0) + damage


def destroyed(encounter, combatant, weapon_name):
    return weapon_name in encounter.state.destroyed_weapons.get(str(combatant.pk), [])


def destroy(encounter, combatant, weapon):
    """Seed 002 "Misfires!": the weapon is destroyed, out of the fight until the GM restores it."""
    lost = encounter.state.destroyed_weapons.setdefault(str(combatant.pk), [])
    if weapon.name not in lost:
        lost.append(weapon.name)


def destroyed_problem(encounter, combatant, weapon):
    """A weapon a Misfire destroyed neither fires nor reloads until the GM restores it (restore_weapon)."""
    if destroyed(encounter, combatant, weapon.name):
        raise forms.ValidationError(
            f"{combatant.name}'s {weapon.name} was destroyed by a Misfire: the GM restores it once it is mended "
            "or replaced."
        )


def starts_turn(context, combatant):
    """A combatant who made a Fast attack this Round starts the turn with the Action spent."""
    encounter = context.encounter
    if encounter.state.fast_attacks.get(str(combatant.pk)) != encounter.round:
        return ""
    turn.use(encounter, "action")
    return f"{combatant.name} already spent this Round's Action on a Fast attack."
