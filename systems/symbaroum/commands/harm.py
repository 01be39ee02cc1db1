"""What damage does to a Symbaroum combatant: Toughness lost, the Pain Threshold's effects where the hit lands,
critical damage, and what 0 Toughness means for a player character and for everyone else."""

from rules.engine import symbaroum
from rules.models import ConditionDefinition
from systems.symbaroum import toggles
from systems.symbaroum.commands.tests import answers, ask, kept_d20, rolls_dice

LOCATION_WORDS = {key: key.replace("_", " ") for key in symbaroum.LOCATIONS}


def sheet_of(context, combatant):
    """The combatant's sheet as this encounter reads it (its own toggles, not its campaign's), or None."""
    sheet = context.sheet_of(combatant)
    return sheet.under(context.encounter) if sheet else None


def give(context, combatant, name, remaining=None):
    definition = ConditionDefinition.objects.get(system=context.encounter.system, name=name)
    context.add_condition(combatant, definition, remaining=remaining)


def has(context, combatant, name):
    return bool(context.condition_counts(combatant).get(name))


def remove(context, combatant, name):
    """Take the condition `name` off the combatant; True when they had it."""
    instance = next((c for c in context.conditions if c.combatant_id == combatant.pk and c.name == name), None)
    if instance is not None:
        context.reduce_condition(instance)
    return instance is not None


def take_damage(context, target, amount, location=None):
    """Take `amount` from the target's Toughness and apply what it sets off; returns the log's sentences."""
    sheet = sheet_of(context, target)
    threshold = None if sheet is None or sheet.undead else sheet.pain_threshold
    notes = []
    effect = None
    if location is not None and context.encounter.plays(toggles.HIT_LOCATIONS):
        effect = symbaroum.location_effect(location, amount, threshold)
        if effect and effect.extra_damage_die:
            extra = context.dice.d(effect.extra_damage_die)
            amount += extra
            notes.append(f"a blow to the head: +{extra} damage (1d{effect.extra_damage_die})")
    target.wounds = max(0, target.wounds - amount)
    context.touch(target)
    return notes + consequences(context, target, amount, location, effect)


def consequences(context, target, amount, location=None, effect=None):
    """What `amount` damage just taken sets off: the Pain Threshold, critical damage, the hit location's effect and
    0 Toughness; returns the log's sentences. Also run for damage the GM applies by hand."""
    sheet = sheet_of(context, target)
    threshold = None if sheet is None or sheet.undead else sheet.pain_threshold
    notes = []
    if symbaroum.reaches_pain_threshold(amount, threshold):
        notes.append(f"at or over the Pain Threshold ({threshold})")
        from systems.symbaroum.commands import rapid_fire  # it reads sheets through this module

        notes += filter(None, [rapid_fire.rouse(context, target, amount, threshold)])
        if context.encounter.plays(toggles.CRITICAL_DAMAGE) and not has(context, target, "Critically Damaged"):
            give(context, target, "Critically Damaged")
            notes.append("critically damaged: a second chance to fail every test until healed")
    if effect:
        notes += location_effects(context, target, location, effect)
    if target.wounds == 0 and not (has(context, target, "Dying") or has(context, target, "Dead")):
        notes.append(at_zero(context, target))
    if amount > 0 and context.encounter.state.curses:
        from systems.symbaroum.commands.afflictions import caster_hurt  # it builds on this module

        notes += caster_hurt(context, target)
    return notes


def location_effects(context, target, location, effect):
    """Seed 001 / 004 "Hit Locations": what a hit at the Pain Threshold does where it lands."""
    notes = []
    if effect.prone:
        give(context, target, "Prone")
        give(context, target, "Hobbled")
        notes.append(f"hit in the {LOCATION_WORDS[location]}: knocked prone, half movement for the scene")
    if effect.incapacitated_turns:
        give(context, target, "Winded", remaining=effect.incapacitated_turns)
        notes.append("hit in the torso: winded, incapacitated for a turn")
    if effect.drops_item_unless_quick_test:
        give(context, target, "Hurt Arm")
        notes.append(f"hit in the {LOCATION_WORDS[location]}: a second chance to fail with that arm this scene")
        from systems.symbaroum.commands import positions  # it reads sheets through this module

        notes += filter(None, [positions.arm_hit(context, target, location)])
        sheet = sheet_of(context, target)
        quick = symbaroum.test_target(sheet.attribute("quick")) if sheet else None
        if quick is None:
            notes.append(drops_item(context, target))
        elif rolls_dice(target):
            ask(context, target, "hold_on", "Quick test or drop what that hand holds", target=quick, second=None)
            notes.append(f"{target.name} rolls Quick to keep hold")
        else:  # an NPC's test is the tracker's roll
            kept, _ = kept_d20(context, None)
            notes.append(held_on(context, target, quick, kept))
    if effect.unconscious_turns_die:
        turns = context.dice.d(effect.unconscious_turns_die)
        give(context, target, "Unconscious", remaining=turns)
        notes.append(f"knocked unconscious for {turns} turn{'s' if turns > 1 else ''}")
    return notes


def at_zero(context, combatant):
    """Seed 004 "Dying Characters": a player character at 0 is dying, anyone else dies."""
    if symbaroum.at_zero_toughness(rolls_dice(combatant)) == "dying":
        give(context, combatant, "Dying")
        return f"{combatant.name} collapses, dying: a death test on each of their turns"
    give(context, combatant, "Dead")
    return f"{combatant.name} dies"


@answers("hold_on")
def hold_on(context, entry, rolled):
    combatant = context.combatant(entry["combatant"])
    kept, passed = rolled["kept"], symbaroum.test_passes(entry["target"], rolled["kept"])
    return f"{held_on(context, combatant, entry['target'], kept)}.", {
        "prompt": entry["id"],
        "d20": kept,
        "passed": passed,
    }


def held_on(context, combatant, goal, kept):
    """The Quick test to keep hold is in: a failure drops what the hand held (Disarmed). Returns the log's words."""
    said = f"{context.named(combatant)}'s Quick test: d20 {kept} vs {goal}"
    if symbaroum.test_passes(goal, kept):
        return f"{said}: keeps hold"
    return f"{said}: {drops_item(context, combatant)}"


def drops_item(context, combatant):
    """A hand lets go of what it held (seed 001 / 004 "Hit Locations", an arm struck at the Pain Threshold): the
    combatant is Disarmed until they pick it up again. Returns the log's words."""
    give(context, combatant, "Disarmed")
    return f"{context.named(combatant)} drops what that hand held: Disarmed until it is picked up"
