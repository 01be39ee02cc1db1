"""The clarified rituals, powers and traits of seed 001 "Clarifications", the Advantage a failed Knock Out costs,
and what a dead player character leaves (seed 004 "Dead Player Characters"); the rules' numbers
are in rules.engine.symbaroum_afflictions.

- Quake (seed 001 "Clarifications" › "Quake (Staff Mage Ritual)"): the GM names the caster, the creature and the
  weapon damage that gets through; the creature's Defence test (its player's, on the phone, or the tracker's for an
  NPC) halves it on a pass, and the rest is a hit like any other.
- Familiar // Beast Companion (seed 001 "Clarifications" › "Familiar // Beast Companion (Rituals)"): the GM splits a
  hit between the struck one and the bound partner, ticking whether the blow was forceful; a forceful blow is judged
  whole against the struck one's Pain Threshold before the split.
- Curse (seed 001 "Clarifications" › "Curse (Mystical Power)"): the cursed one has a second chance to fail every
  success test (tests.hampered) until the curse is lifted or its caster is down. Without the clarification, harm to
  the caster asks a Resolute test to keep it (concentration); with it, harm changes nothing, and defending never
  counts as the action that ends it.
- Regeneration (seed 001 "Clarifications" › "Regeneration (Monstrous Trait)"): at the start of its own turn a
  creature with the trait heals its value, unless it is unconscious, dying or dead.
"""

from combat.commands.fields import DieField, WholeNumberField, YesNoField
from combat.commands.spine import CombatantArgs, CombatantField, CommandError
from rules.engine import symbaroum, symbaroum_afflictions
from systems.symbaroum import toggles
from systems.symbaroum.commands import command
from systems.symbaroum.commands.harm import consequences, give, has, remove, sheet_of, take_damage
from systems.symbaroum.commands.tests import answers, ask, kept_d20, passed_words, rolls_dice, second_chance

__all__ = ["quake", "share_damage", "curse", "lift_curse"]

CURSED = "Cursed"
DOWN = ("Dead", "Dying", "Unconscious")  # a caster so is no longer upholding a curse


def word(context):
    return context.system.wounds_word(context.encounter)


def not_a_building(context, *combatants):
    for combatant in combatants:
        if str(combatant.pk) in context.encounter.state.buildings:
            raise CommandError(f"{combatant.name} is a building, not a creature.")


def not_dead(context, *combatants):
    for combatant in combatants:
        if has(context, combatant, "Dead"):
            raise CommandError(f"{context.named(combatant)} is dead.")


# --- Knock Out: the Advantage lost, a hand's hold lost -------------------------------------------------------------


def knock_out_tried(context, attacker, target, hit):
    """Seed 001 "Manoeuvres" › "Knock Out": a failed attack loses the attacker the Advantage over the target, kept
    lost until the attacker's next turn. Returns the log's words ("" after a hit)."""
    if symbaroum_afflictions.advantage_after_knock_out(hit):
        return ""
    state = context.encounter.state
    if not advantage_lost(state, attacker, target):
        state.lost_advantages = [*state.lost_advantages, {"attacker": attacker.pk, "target": target.pk}]
    return (
        f"{context.named(attacker)} loses the Advantage over {context.named(target)} until their next turn "
        "(a prone target still gives it)"
    )


def advantage_lost(state, attacker, target):
    return any(e["attacker"] == attacker.pk and e["target"] == target.pk for e in state.lost_advantages)


def refuse_lost_advantage(context, attacker, target, advantage):
    """CommandError when the GM ticks an Advantage that a failed Knock Out lost this turn round."""
    if advantage and advantage_lost(context.encounter.state, attacker, target):
        raise CommandError(
            f"{context.named(attacker)} lost the Advantage over {context.named(target)} to a failed Knock Out: "
            "no Advantage before their next turn (unless the target lies prone)."
        )


# --- Quake ---------------------------------------------------------------------------------------------------------


class QuakeArgs(CombatantArgs):
    target = CombatantField(help_text="The creature the Quake strikes.")
    damage = WholeNumberField(min_value=0, max_value=200, help_text="The weapon damage that gets through its armour.")
    d20 = DieField(20, help_text="The creature's Defence d20 when said aloud; empty: its player rolls, or the tracker.")
    second_d20 = DieField(20, help_text="The second d20 of a second chance.")


@command(QuakeArgs, requires=[toggles.QUAKE], rule="Quake on a creature")
def quake(context, combatant, target, damage, d20, second_d20):
    """The Quake ritual strikes a creature: weapon damage, halved by a passed Defence test."""
    not_a_building(context, target)
    not_dead(context, target)
    sheet = sheet_of(context, target)
    if sheet is None:
        raise CommandError(f"{target.name} has no sheet to take a Defence test from: apply the damage by hand.")
    goal, second = symbaroum.test_target(sheet.defence), second_chance(context, target)
    spec = {"caster": combatant.pk, "damage": damage}
    if rolls_dice(target) and d20 is None:
        reason = f"Defence against the Quake: a pass halves {damage} damage"
        entry = ask(context, target, "quake", reason, target=goal, second=second, quake=spec)
        return f"{context.named(combatant)}'s Quake shakes {target.name}: their player rolls Defence against {goal}.", {
            "prompt": entry["id"],
            "chance": entry["chance"],
        }
    kept, rolled = kept_d20(context, second, d20, second_d20)
    return quaked(context, target, spec, goal, kept, rolled)


@answers("quake")
def answered_quake(context, entry, rolled):
    target = context.combatant(entry["combatant"])
    message, result = quaked(context, target, entry["quake"], entry["target"], rolled["kept"], rolled["d20s"])
    return message, {"prompt": entry["id"], **result}


def quaked(context, target, spec, goal, kept, rolled):
    passed = symbaroum.test_passes(goal, kept)
    dealt = symbaroum_afflictions.quake_damage(spec["damage"], passed)
    how = "passed: half" if passed else "failed: all"
    notes = [f"{context.named(target)}'s Defence against the Quake, {passed_words(goal, kept, rolled)}, {how}"]
    notes.append(f"{context.named(target)} takes {dealt} damage")
    notes += take_damage(context, target, dealt)
    return "; ".join(notes) + ".", {"d20": kept, "passed": passed, "damage": dealt, "toughness": target.wounds}


# --- Familiar // Beast Companion -----------------------------------------------------------------------------------


class ShareArgs(CombatantArgs):
    partner = CombatantField(help_text="The bound familiar, companion or master who takes a share.")
    damage = WholeNumberField(min_value=0, max_value=200, help_text="The hit's damage after armour.")
    partner_takes = WholeNumberField(
        required=False, min_value=0, max_value=200, help_text="The partner's share; half, rounded down, when empty."
    )
    forceful = YesNoField(help_text="A strong or forceful blow: judged whole against the Pain Threshold first.")


@command(ShareArgs, requires=[toggles.FAMILIAR_AND_BEAST_COMPANION], rule="Sharing a hit with a familiar")
def share_damage(context, combatant, partner, damage, partner_takes, forceful):
    """Split a hit between the struck one (`combatant`) and their bound partner."""
    if partner.pk == combatant.pk:
        raise CommandError("The damage is shared with the bound partner, not with oneself.")
    not_a_building(context, combatant, partner)
    not_dead(context, combatant, partner)
    share = symbaroum_afflictions.default_partner_share(damage) if partner_takes is None else partner_takes
    if share > damage:
        raise CommandError(f"The partner takes at most the whole {damage} damage.")
    split = symbaroum_afflictions.companion_split(damage, share, forceful)
    struck_name, partner_name = context.named(combatant), context.named(partner)
    notes = [f"{struck_name} takes {split['struck']}, {partner_name} {split['partner']} of the {damage} damage"]
    if forceful:
        notes.append("a forceful blow: the whole of it counts against the Pain Threshold before the split")
    combatant.wounds = max(0, combatant.wounds - split["struck"])
    partner.wounds = max(0, partner.wounds - split["partner"])
    context.touch(combatant, partner)
    notes += consequences(context, combatant, split["threshold_damage"]) if split["threshold_damage"] else []
    notes += consequences(context, partner, split["partner"]) if split["partner"] else []
    return "; ".join(notes) + ".", {**split, "toughness": combatant.wounds, "partner_toughness": partner.wounds}


# --- Curse ---------------------------------------------------------------------------------------------------------


class CurseArgs(CombatantArgs):
    target = CombatantField(help_text="The one cursed.")


@command(CurseArgs, rule="Curse")
def curse(context, combatant, target):
    """The mystic `combatant` has cursed `target` (the power's test passed): a second chance to fail every test."""
    if target.pk == combatant.pk:
        raise CommandError("A mystic curses somebody else.")
    not_a_building(context, combatant, target)
    not_dead(context, combatant, target)
    state = context.encounter.state
    if any(c["target"] == target.pk for c in state.curses):
        raise CommandError(f"{context.named(target)} is already cursed.")
    state.curses = [*state.curses, {"caster": combatant.pk, "target": target.pk}]
    give(context, target, CURSED)
    holds = (
        "no concentration: harm to the caster does not break it"
        if context.encounter.plays(toggles.CURSE)
        else "harm to the caster asks a Resolute test to keep it"
    )
    return (
        f"{context.named(combatant)} curses {context.named(target)}: a second chance to fail every success test "
        f"({holds})."
    ), {"caster": combatant.pk, "target": target.pk}


@command(CombatantArgs, rule="Lifting a curse")
def lift_curse(context, combatant):
    """The curse on `combatant` ends."""
    if not any(c["target"] == combatant.pk for c in context.encounter.state.curses):
        raise CommandError(f"{context.named(combatant)} is not cursed.")
    return f"{capitalised(lifted(context, combatant))}.", {"target": combatant.pk}


def lifted(context, target):
    state = context.encounter.state
    state.curses = [c for c in state.curses if c["target"] != target.pk]
    remove(context, target, CURSED)
    return f"the curse on {context.named(target)} is lifted"


def capitalised(words):
    return words[:1].upper() + words[1:]


def caster_hurt(context, caster):
    """Harm reached a caster: under the clarification their curses hold; otherwise each asks a Resolute test (their
    player's, or the tracker's for an NPC), a failure lifting it. Returns the log's words."""
    cursed = [context.combatant(c["target"]) for c in context.encounter.state.curses if c["caster"] == caster.pk]
    if not cursed:
        return []
    clarified = context.encounter.plays(toggles.CURSE)
    if not symbaroum_afflictions.curse_needs_resolute_test(clarified, caster_hurt=True):
        return [f"{context.named(caster)}'s curse holds: no concentration to break"]
    sheet = sheet_of(context, caster)
    if sheet is None:
        return [f"{context.named(caster)} is hurt: the GM says whether the curse holds"]
    goal, second = symbaroum.test_target(sheet.attribute("resolute")), second_chance(context, caster)
    if rolls_dice(caster):
        ask(context, caster, "curse_hold", "Resolute: keep the curse", target=goal, second=second)
        return [f"{caster.name}'s player rolls Resolute against {goal} to keep the curse"]
    kept, rolled = kept_d20(context, second)
    return [kept_curse(context, caster, goal, kept, rolled)]


def kept_curse(context, caster, goal, kept, rolled):
    said = f"{context.named(caster)}'s Resolute test to keep the curse, {passed_words(goal, kept, rolled)}"
    if symbaroum.test_passes(goal, kept):
        return f"{said}: it holds"
    targets = [context.combatant(c["target"]) for c in context.encounter.state.curses if c["caster"] == caster.pk]
    return "; ".join([f"{said}: it breaks", *(lifted(context, t) for t in targets)])


@answers("curse_hold")
def answered_curse_hold(context, entry, rolled):
    caster = context.combatant(entry["combatant"])
    message = kept_curse(context, caster, entry["target"], rolled["kept"], rolled["d20s"])
    return f"{message}.", {"prompt": entry["id"], "d20": rolled["kept"]}


def curses_of_the_fallen(context):
    """Curses whose caster is down (unconscious, dying, dead) or gone end. Returns the log's words."""
    here = {c.pk: c for c in context.combatants}
    notes = []
    for entry in list(context.encounter.state.curses):
        caster, target = here.get(entry["caster"]), here.get(entry["target"])
        down = caster is None or any(context.condition_counts(caster).get(name) for name in DOWN)
        if target is None:
            state = context.encounter.state
            state.curses = [c for c in state.curses if c != entry]
        elif down:
            notes.append(capitalised(lifted(context, target)) + ": its caster is down")
    return notes


# --- Regeneration --------------------------------------------------------------------------------------------------


def regeneration_level(combatant):
    traits = combatant.character.traits if combatant.character_id else {}
    level = next((value for name, value in traits.items() if name.lower() == "regeneration"), 0)
    return level if type(level) is int and level in symbaroum_afflictions.REGENERATION_DICE else 0


def regenerates(context, combatant):
    """Seed 001 "Clarifications" › "Regeneration (Monstrous Trait)", at the start of the creature's own turn."""
    if not context.encounter.plays(toggles.REGENERATION):
        return []
    level = regeneration_level(combatant)
    if not level:
        return []
    stopped = symbaroum_afflictions.regeneration_stopped(context.condition_counts(combatant))
    if stopped:
        return [f"{context.named(combatant)}'s Regeneration does not work: {stopped.lower()}."]
    if combatant.wounds >= combatant.max_wounds:
        return []
    dice = symbaroum_afflictions.regeneration_dice(level)
    rolled = context.encounter.plays(toggles.ROLLED_TRAIT_VALUES)
    amount = symbaroum.roll_value(dice, context.dice.d) if rolled else symbaroum.fixed_value(dice)
    before = combatant.wounds
    combatant.wounds = symbaroum_afflictions.regenerated(before, combatant.max_wounds, amount)
    context.touch(combatant)
    how = f"{dice} rolled {amount}" if rolled else f"{dice} fixed at {amount}"
    return [
        f"{context.named(combatant)} regenerates {combatant.wounds - before} ({how}): "
        f"{combatant.wounds}/{combatant.max_wounds} {word(context)}."
    ]


# --- The start of a turn ------------------------------------------------------------------------------------------


def turn_started(context, combatant):
    """What a turn's start does here: the Advantages the combatant lost to a failed Knock Out are judged anew, the
    curses of a fallen caster end, and Regeneration heals. Returns the log's notes."""
    state = context.encounter.state
    state.lost_advantages = [e for e in state.lost_advantages if e["attacker"] != combatant.pk]
    notes = [f"{note}." for note in curses_of_the_fallen(context)]
    return notes + regenerates(context, combatant)


# --- Dead player characters ---------------------------------------------------------------------------------------


def fallen(context, combatant):
    """Seed 004 "Dead Player Characters": a player character who dies leaves the game; their player may start a new
    character with all the Experience the dead one gathered. Returns the log's words ("" without the rule)."""
    if not context.encounter.plays(toggles.DEAD_PLAYER_CHARACTERS) or not rolls_dice(combatant):
        return ""
    character = combatant.character
    gathered = symbaroum_afflictions.experience_gathered(character.point("experience"), character.abilities or {})
    state = context.encounter.state
    others = [f for f in state.fallen if f["combatant"] != combatant.pk]
    state.fallen = [*others, {"combatant": combatant.pk, **gathered}]
    return (
        f"{combatant.name} cannot remain in the game: their player may make a new character with "
        f"{gathered['total']} Experience ({gathered['unspent']} unspent, {gathered['in_abilities']} in abilities)"
    )


def fallen_of(state, combatant_pk):
    return next((f for f in state.fallen if f["combatant"] == combatant_pk), None)
