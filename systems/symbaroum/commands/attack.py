"""A Symbaroum attack, from the GM's choice of attacker, target and weapon to the damage taken (seed 001 "Actions
in Combat", "Special Actions", "Optional Rules" › "Perfect Hits & Fumbled Defence", "Alternate Rules" › "Hit
Locations").

One d20 decides it, rolled by a player: the attacker's [Accurate←Defence] when a player character attacks, else
the target's [Defence←Accurate] when one is attacked (an NPC never rolls; between NPCs the tracker rolls the
attack). A hit then takes the weapon's damage, rolled by the attacker's player (an NPC's is its fixed value), less
the target's armour, rolled by the target's player (an NPC's is fixed). Each roll a player makes is a prompt on
their phone; the attack waits in it (`spec`) until the roll comes back. A manoeuvre named with the attack
(manoeuvres.py) may change its test, its cost and what a hit or a miss does.
"""

from combat.commands.fields import DieField, OneOfField, TextField, WholeNumberField, YesNoField
from combat.commands.spine import Args, CombatantField, CommandError
from rules.engine import symbaroum
from systems.symbaroum import toggles
from systems.symbaroum.commands import (
    afflictions,
    ammunition,
    buildings,
    command,
    distance,
    feats_in_force,
    free_attacks,
    manoeuvres,
    positions,
    rapid_fire,
    stances,
    turn,
)
from systems.symbaroum.commands.harm import LOCATION_WORDS, has, sheet_of, take_damage
from systems.symbaroum.commands.tests import (
    answers,
    ask,
    dice_total,
    kept_d20,
    passed_words,
    public_name,
    rolls_dice,
    second_chance,
)

__all__ = ["attack"]

AIMS = [("normal", "No particular aim"), ("high", "Aim high (−2)"), ("low", "Aim low (−2)"),
        ("body_part", "Aim at a body part (−5)")]  # fmt: skip
PARTS = [(key, words.capitalize()) for key, words in LOCATION_WORDS.items()]
UNARMED_DICE = "1d4"


class AttackArgs(Args):
    attacker = CombatantField(required=False, receives=False)
    target = CombatantField(required=False)
    weapon = TextField(required=False, help_text="A weapon on the attacker's sheet; the first when empty.")
    aim = OneOfField(choices=AIMS, required=False)
    part = OneOfField(choices=[("", "—"), *PARTS], required=False, help_text="The body part aimed at.")
    advantage = YesNoField(help_text="The attacker has the Advantage (+2, +1d4 damage).")
    modifier = WholeNumberField(required=False, min_value=-10, max_value=10, help_text="Other modifiers to the attack.")
    free_attack = WholeNumberField(required=False, help_text="A waiting free attack, taken now.")
    d20 = DieField(20, help_text="The test's d20 when the player said it aloud; empty: asked on their phone.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")
    damage = WholeNumberField(required=False, min_value=0, max_value=200, help_text="The damage roll's total.")
    armour = WholeNumberField(required=False, min_value=0, max_value=200, help_text="The armour roll's total.")
    location = DieField(10, help_text="The d10 for where the hit lands.")
    special_ammunition = TextField(required=False, help_text='Special ammunition shot ("Fire arrow"): one unit used.')
    manoeuvre = OneOfField(choices=[("", "—"), *manoeuvres.ATTACK_MANOEUVRES.items()], required=False,
                           help_text="A manoeuvre made with the attack, when the table plays them.")  # fmt: skip
    d12 = DieField(12, help_text="Knock Out's d12 when the player said it aloud.")


def weapon_of(sheet, name):
    """(name, dice, ranged) of the named weapon on the sheet, or its first; fists when it has none."""
    weapons = sheet.weapons
    if name:
        chosen = next((w for w in weapons if w.name.lower() == name.lower()), None)
        if chosen is None:
            raise CommandError(f"{sheet.character.name} carries no {name}.")
    else:
        chosen = weapons[0] if weapons else None
    if chosen is None:
        return "fists", UNARMED_DICE, False
    return chosen.name, chosen.damage_dice or UNARMED_DICE, chosen.kind == "ranged"


def plan(context, attacker, target, weapon, aim, part, advantage, modifier, free, manoeuvre=None):
    """Everything the attack needs until its last roll, as JSON (kept in a prompt while a player rolls)."""
    if attacker.pk == target.pk:
        raise CommandError(f"{attacker.name} cannot attack themself.")
    turn.refuse_helpless(context, attacker)
    feats_in_force.refuse_gazed_attack(context, attacker, target)
    mine, theirs = sheet_of(context, attacker), sheet_of(context, target)
    for who, sheet in ((attacker, mine), (target, theirs)):
        if sheet is None:
            raise CommandError(f"{who.name} has no character sheet: give their damage with Dmg instead.")
    aim = aim or "normal"
    if aim != "normal" and not context.encounter.plays(toggles.HIT_LOCATIONS):
        raise CommandError("Aiming needs the Hit Locations rule: switch it on in the house rules.")
    if aim == "body_part" and not part:
        raise CommandError("Name the body part aimed at.")
    if part and aim != "body_part":
        raise CommandError("A body part is named only when aiming at one.")
    name, dice, ranged = weapon_of(mine, weapon)
    quality_test, quality_damage = symbaroum.quality_modifiers(mine.qualities_of(name))
    shot_distance = distance.shot_distance(context, attacker, target) if ranged else None
    # Seed 001 "Stand Up": every enemy in melee has the Advantage over a prone fighter; shooting gains nothing.
    prone_in_melee = not ranged and has(context, target, "Prone")
    if not prone_in_melee:  # seed 001 "Manoeuvres" › "Knock Out": a failed one lost the Advantage
        afflictions.refuse_lost_advantage(context, attacker, target, advantage)
    advantage = advantage or prone_in_melee
    manoeuvres.refuse(context, attacker, manoeuvre, ranged, advantage, free)
    situation = (symbaroum.ADVANTAGE_TEST_BONUS if advantage else 0) + symbaroum.aim_modifier(aim) + (modifier or 0)
    situation += quality_test
    situation += symbaroum.distance_modifier(shot_distance) if shot_distance else 0
    if rolls_dice(attacker) or not rolls_dice(target):
        kind, roller, opponent = "attack", attacker, target
    else:
        kind, roller, opponent = "defence", target, attacker
    goal = manoeuvres.opposed_goal(manoeuvre, attacker, target, mine, theirs, kind == "attack", situation)
    to_pass, to_fail = stances.second_chances(context, kind, attacker, target, ranged, manoeuvre)
    return {
        "attacker": attacker.pk,
        "target": target.pk,
        "weapon": name,
        "dice": dice,
        "ranged": ranged,
        "distance": shot_distance,
        "aim": aim,
        "part": part or None,
        "advantage": advantage,
        "free": free,
        "kind": kind,
        "roller": roller.pk if rolls_dice(roller) else None,
        "goal": goal,
        "second": second_chance(context, roller, opponent, to_pass=to_pass, to_fail=to_fail, arms_of=attacker),
        "manoeuvre": manoeuvre or None,
        "quality_damage": quality_damage,
    }


@command(AttackArgs)
def attack(context, attacker, target, weapon, aim, part, advantage, modifier, free_attack, d20, second_d20, damage,
           armour, location, special_ammunition, manoeuvre, d12, in_whirlwind=False):  # fmt: skip
    """Declare an attack; the roll is asked on the player's phone unless the GM types what the player rolled.
    `in_whirlwind`: one of a Whirlwind Attack's (feat_effects), whose one Combat Action is already spent."""
    waiting = free_attacks.take(context, free_attack, attacker, target) if free_attack else None
    if waiting:
        aimed = target if target is not None and waiting.get("retarget") else None  # a Rapid Fire shot's new target
        attacker, target = context.combatant(waiting["attacker"]), aimed or context.combatant(waiting["target"])
        advantage = advantage or waiting.get("advantage", False)
    if attacker is None or target is None:
        raise CommandError("Pick an attacker and a target.")
    if buildings.building_of(context, target) or buildings.building_of(context, attacker):
        unused = {"aim": aim, "part": part, "advantage": advantage, "modifier": modifier, "d20": d20,
                  "second_d20": second_d20, "armour": armour, "location": location}  # fmt: skip
        return buildings.struck(context, attacker, target, weapon, damage, waiting is not None, unused)
    drawn = positions.draw_for_attack(context, attacker, weapon)
    spec = plan(context, attacker, target, weapon, aim, part, advantage, modifier, waiting is not None, manoeuvre)
    volley = ""
    if waiting is None and not in_whirlwind:
        turn.spend(context, attacker, "combat")
        volley = rapid_fire.after_shot(context, attacker, target, spec)
    if waiting is None:
        manoeuvres.spend(context, attacker, manoeuvre)
    spec["special_ammunition"] = ammunition.load(context, attacker, spec, special_ammunition)
    spec["typed"] = {"damage": damage, "armour": armour, "location": location, "d12": d12}
    what = "makes a free attack on" if waiting else "attacks"
    shooting = f" ({spec['special_ammunition']})" if spec["special_ammunition"] else ""
    head = f"{attacker.name} {what} {context.named(target)} with {spec['weapon']}{shooting}"
    head = f"{drawn}; {head}" if drawn else head
    after = f" Then: {volley}." if volley else ""
    if spec["roller"] is not None and d20 is None:
        roller = context.combatant(spec["roller"])
        test = "Attack" if spec["kind"] == "attack" else "Defence"
        reason = f"{test}: {public_name(attacker)} → {public_name(target)}"
        entry = ask(context, roller, spec["kind"], reason, target=spec["goal"], second=spec["second"], attack=spec)
        return f"{head}: {roller.name}'s player rolls the {spec['kind']} test against {spec['goal']}.{after}", {
            "prompt": entry["id"],
            "chance": entry["chance"],
            "goal": spec["goal"],
        }
    kept, rolled = kept_d20(context, spec["second"], d20, second_d20)
    message, result = after_test(context, spec, kept, rolled)
    return f"{head}: {message}{after}", result


@answers("attack", "defence")
def answered_test(context, entry, rolled):
    message, result = after_test(context, entry["attack"], rolled["kept"], rolled["d20s"])
    return f"{entry['name']} rolls: {message}", {"prompt": entry["id"], **result}


def after_test(context, spec, kept, rolled):
    """The d20 is in: hit or miss, the natural 1s and 20s, then the damage."""
    attacker, target = context.combatant(spec["attacker"]), context.combatant(spec["target"])
    passed = symbaroum.test_passes(spec["goal"], kept)
    hit = passed if spec["kind"] == "attack" else not passed
    said = [f"{spec['kind']} {passed_words(spec['goal'], kept, rolled)}, {'hit' if hit else 'miss'}"]
    parry = feats_in_force.readied_parry(context, target) if hit else ""
    hit = hit and not parry
    said.append(parry)
    natural = None
    if spec["roller"] is not None and context.encounter.plays(toggles.PERFECT_HITS):
        natural = symbaroum.natural_result(kept, spec["kind"])
    result = {"d20": kept, "rolled": rolled, "hit": hit, "natural": natural, "parried": bool(parry)}
    if natural == "fumbled_attack":
        said.append(free_attacks.grant(context, target, attacker, "Fumbled Attack"))
    if natural == "perfect_defence":
        said.append(free_attacks.grant(context, target, attacker, "Perfect Defence"))
    notes, damage_follows = manoeuvres.after_test(context, spec, hit)
    said += notes
    if not hit and not parry:
        said.append(ammunition.after_miss(context, attacker, spec, kept))
    if not damage_follows:
        return "; ".join(s for s in said if s) + ".", result
    spec = {**spec, "extras": damage_extras(spec, natural)}
    message, more = damage_step(context, spec)
    return "; ".join([*filter(None, said), message]), {**result, **more}


def damage_extras(spec, natural):
    """Dice and flat damage the hit adds to the weapon's: Advantage +1d4, a Perfect Hit +1d6, a Fumbled Defence
    +3, a shot at Short distance +1d4 (seed 001 "Advantage", "Perfect Hits & Fumbled Defence", "Distance
    Categories")."""
    bonuses = symbaroum.damage_bonuses(
        advantage=spec["advantage"],
        perfect_hit=natural == "perfect_hit",
        fumbled_defence=natural == "fumbled_defence",
        distance=spec.get("distance"),
    )
    dice = "+".join(f"1d{b.die}" for b in bonuses if b.die)
    flat = sum(b.flat for b in bonuses) + spec.get("quality_damage", 0)  # Deep Impact, Blunt
    return {"dice": dice, "flat": flat, "reasons": [b.reason for b in bonuses]}


def damage_dice(spec):
    return "+".join(filter(None, [spec["dice"], spec["extras"]["dice"]]))


def needs_location_roll(context, spec):
    return context.encounter.plays(toggles.HIT_LOCATIONS) and spec["aim"] != "body_part"


def value_of(context, owner, dice, typed):
    """What `owner`'s dice sum comes to when no prompt is needed: the total its player said aloud (typed), else for
    an NPC its fixed value; a creature with monstrous traits has its values rolled when the table plays rolled
    trait values (seed 001 "Clarifications" › "Miscellaneous"), a plain NPC keeps the fixed ones."""
    if rolls_dice(owner):
        return dice_total(context, dice, typed)
    if context.encounter.plays(toggles.ROLLED_TRAIT_VALUES) and owner.character_id and owner.character.traits:
        return symbaroum.roll_value(dice, context.dice.d)
    return symbaroum.fixed_value(dice)


def damage_step(context, spec):
    """The damage roll: the attacking player's (typed, or asked on the phone), or the NPC's fixed value."""
    attacker = context.combatant(spec["attacker"])
    dice = damage_dice(spec)
    typed = spec["typed"]
    clean_hit = feats_in_force.clean_hit_damage(context, attacker, dice, spec["free"])
    if clean_hit is not None:
        return armour_step(context, {**spec, "damage": clean_hit + spec["extras"]["flat"]})
    if rolls_dice(attacker) and typed["damage"] is None:
        reason = f"Damage: {spec['weapon']} → {public_name(context.combatant(spec['target']))}"
        entry = ask(context, attacker, "damage", reason, dice=dice, attack=spec,
                    location=needs_location_roll(context, spec))  # fmt: skip
        return f"{attacker.name}'s player rolls damage ({dice}).", {"prompt": entry["id"]}
    total = value_of(context, attacker, dice, typed["damage"])
    return armour_step(context, {**spec, "damage": total + spec["extras"]["flat"]})


@answers("damage")
def answered_damage(context, entry, rolled):
    spec = {**entry["attack"], "damage": rolled["total"] + entry["attack"]["extras"]["flat"]}
    spec["typed"] = {**spec["typed"], "location": rolled["location"] or spec["typed"]["location"]}
    message, result = armour_step(context, spec)
    return f"{entry['name']} rolls {rolled['total']} damage: {message}", {"prompt": entry["id"], **result}


def armour_step(context, spec):
    """The armour roll: the target's player's (typed, or asked on the phone), or the NPC's fixed value."""
    if spec.get("manoeuvre") == "knock_out":
        return manoeuvres.knock_out(context, spec)
    target = context.combatant(spec["target"])
    if "location" not in spec:
        spec = {**spec, "location": where(context, spec)}
    dice = feats_in_force.armour_dice(context, target, sheet_of(context, target).armour_dice_at(spec["location"]))
    typed = spec["typed"]
    if not dice:
        return apply(context, {**spec, "armour": 0})
    if rolls_dice(target) and typed["armour"] is None:
        entry = ask(context, target, "armour", f"Armour against {spec['damage']} damage", dice=dice, attack=spec)
        return f"{target.name}'s player rolls armour ({dice}) against {spec['damage']}.", {"prompt": entry["id"]}
    return apply(context, {**spec, "armour": value_of(context, target, dice, typed["armour"])})


@answers("armour")
def answered_armour(context, entry, rolled):
    message, result = apply(context, {**entry["attack"], "armour": rolled["total"]})
    return f"{entry['name']} rolls {rolled['total']} armour: {message}", {"prompt": entry["id"], **result}


def where(context, spec):
    """The hit location, or None without the Hit Locations rule: the part aimed at, else a d10 on the table for
    the aim (the player's, when typed). Settled before the armour roll: only the armour on that part protects
    (seed 001 "Hit Locations" › "Armour Segments")."""
    if not context.encounter.plays(toggles.HIT_LOCATIONS):
        return None
    if spec["aim"] == "body_part":
        return spec["part"]
    return symbaroum.hit_location(spec["typed"]["location"] or context.dice.d(10), spec["aim"])


def apply(context, spec):
    target = context.combatant(spec["target"])
    dealt, pushed = manoeuvres.damage_dealt(spec, symbaroum.damage(spec["damage"], spec["armour"]))
    location = spec["location"]
    notes = take_damage(context, target, dealt, location) if dealt else []
    notes.append(rapid_fire.rouse(context, target, 0, None, hit=True))
    shown = context.named(target)
    place = f" to the {LOCATION_WORDS[location]}" if location else ""
    line = f"{spec['damage']} damage against {spec['armour']} armour: {shown} takes {dealt}{place}"
    return "; ".join(filter(None, [line, pushed, *notes])) + ".", {
        "damage": spec["damage"],
        "armour": spec["armour"],
        "dealt": dealt,
        "location": location,
        "toughness": target.wounds,
    }
