"""Opposed tests and spells by the house rules' D20 resolution (seed 000 "Other opposed Tests", "Spells"); an
opposed test without its house rule as seed 002 has it, both sides rolling a d100."""

from django import forms

from combat.commands.fields import (
    DiceListField,
    DieField,
    NamesField,
    NumberListField,
    SkillField,
    TextField,
    WholeNumberField,
    YesNoField,
)
from combat.commands.spine import Args, CombatantField, CombatantListField, CommandError
from combat.words import counted
from rules.engine import wfrp4e
from rules.engine import wfrp4e_house as house
from rules.engine.probability import percent
from rules.models import ConditionDefinition, Skill
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import command, d20_attack, fumbles, momentum
from systems.wfrp4e.commands.conditions import change_condition, condition_modifier
from systems.wfrp4e.commands.group_advantage import pending_effort, pool_of, take_effort

__all__ = ["opposed_test", "cast_spell"]


def skill_of(context, combatant, name):
    """A skill or characteristic value from the sheet ("Strength" and "Endurance" as the seed's example says)."""
    sheet = context.sheet_of(combatant)
    if sheet is None:
        raise CommandError(f"{combatant.name} has no sheet: give the skill as a number.")
    value = sheet.skill_value(name)
    if value is None and name in sheet.character.characteristics:
        value = sheet.character.characteristic(name)
    if value is None:  # an untrained skill: its characteristic
        skill = (
            Skill.objects.filter(system=context.encounter.system, name=name).select_related("characteristic").first()
        )
        value = sheet.character.characteristic(skill.characteristic.name) if skill else None
    if value is None:
        raise CommandError(f"{combatant.name} has no {name}.")
    return value


def value_of(context, combatant, given):
    """A skill given as a number (SkillField has read it), or by name from the sheet."""
    return given if isinstance(given, int) else skill_of(context, combatant, given)


def named(given, value):
    return str(value) if isinstance(given, int) else f"{given} {value}"


class OpposedArgs(Args):
    initiator = CombatantField(receives=False)
    opponent = CombatantField()
    initiator_skill = SkillField(max_length=60, help_text="A skill name from the sheet, or its value.")
    opponent_skill = SkillField(max_length=60)
    d20 = DieField(20, help_text="House rule Other opposed Tests: the D20; rolled when empty.")
    initiator_roll = DieField(100, help_text="Without that house rule: the initiator's d100; rolled when empty.")
    opponent_roll = DieField(100, help_text="Without that house rule: the opponent's d100; rolled when empty.")
    on_win = TextField(required=False, help_text="A condition the opponent gains on a win.")
    frees_from = TextField(
        required=False, help_text="A condition the win removes from the initiator, one plus one per SL."
    )
    modifier_sl = WholeNumberField(
        required=False, min_value=-20, max_value=20, help_text="SL added to the initiator (Pummel, Hook: the attack's)."
    )
    purpose = TextField(required=False, help_text="e.g. Strike to Stun")

    def clean(self):
        data = super().clean()
        initiator, opponent = data.get("initiator"), data.get("opponent")
        if initiator is not None and opponent is not None and initiator.pk == opponent.pk:
            raise forms.ValidationError("Pick an opponent other than the one who initiates the test.")
        by_d20 = d20_attack.opposes_by_d20(self.context.encounter)
        if by_d20 and (data.get("initiator_roll") or data.get("opponent_roll")):
            raise forms.ValidationError("This opposed test is thrown on one D20 (house rule Other opposed Tests).")
        if not by_d20 and data.get("d20"):
            raise forms.ValidationError(
                "Both sides roll a d100 for this opposed test (house rule Other opposed Tests is off), not a D20."
            )
        return data


def test_targets(context, initiator, opponent, initiator_skill, opponent_skill, added):
    """(the initiator's target, the opponent's): each skill with the conditions in force, the initiator's with
    `added` (a fumble's penalty, Additional Effort)."""
    mine = value_of(context, initiator, initiator_skill) + condition_modifier(context, initiator) + added
    theirs = value_of(context, opponent, opponent_skill) + condition_modifier(context, opponent)
    return mine, theirs


def before_rolling(context, initiator, opponent, initiator_skill, opponent_skill, modifier_sl=None):
    """(the initiator's exact chance to win, their target, the opponent's) before the D20 is thrown."""
    as_action = context.encounter.active_id == initiator.pk and modifier_sl is None
    added = fumbles.action_penalty(context.encounter, initiator) if as_action else 0
    added += pending_effort(context.encounter, pool_of(initiator.side))
    mine, theirs = test_targets(context, initiator, opponent, initiator_skill, opponent_skill, added)
    chance = d20_attack.win_chance(context.encounter, initiator, opponent, mine, theirs, modifier_sl or 0)
    return chance, mine, theirs


def chance_of_opposed_test(context, initiator, opponent, initiator_skill, opponent_skill, modifier_sl, **rest):
    """The GM's form shows the initiator's chance to win before the D20 is thrown."""
    chance, mine, theirs = before_rolling(context, initiator, opponent, initiator_skill, opponent_skill, modifier_sl)
    return f"{initiator.name} wins {percent(chance)} %", {"chance": percent(chance), "targets": [mine, theirs]}


@command(OpposedArgs, requires=[toggles.TESTS], rule="A D20 opposed test", preview=chance_of_opposed_test)
def opposed_test(
    context,
    initiator,
    opponent,
    initiator_skill,
    opponent_skill,
    d20,
    initiator_roll,
    opponent_roll,
    on_win,
    frees_from,
    modifier_sl,
    purpose,
):
    """Seed 000 "Other opposed Tests": resolved like attacks with the skills' bonuses and a D20 (the player
    rolls); without that house rule, as seed 002 has opposed tests, both sides roll a d100. Pummel and Hook add the
    attack's Opposed SL; Entangled is thrown off by a won Strength test. Each side's conditions in force weigh on its
    skill before it becomes a bonus, and so does a fumble's -10 when the test is the active combatant's own Action
    (not a Pummel or Hook follow-up, which carries the attack's SL)."""
    as_action = context.encounter.active_id == initiator.pk and modifier_sl is None
    fumbled = fumbles.take_action_penalty(context.encounter, initiator) if as_action else 0
    effort = take_effort(context.encounter, initiator)  # seed 002 "Additional Effort", bought for this Test
    mine, theirs = test_targets(context, initiator, opponent, initiator_skill, opponent_skill, fumbled + effort)
    if d20_attack.opposes_by_d20(context.encounter):
        roller = d20_attack.roller_of(initiator, opponent)
        d20 = d20 or context.dice.d(20)
        bonus = wfrp4e.skill_bonus(mine) + (modifier_sl or 0)
        result = house.opposed(bonus, wfrp4e.skill_bonus(theirs), d20, roller=roller)
        won, opposed_sl = result.hit, result.opposed_sl
        dice, result_json = f"D20 {d20} ({roller} rolls)", {"d20": d20, "roller": roller}
    else:
        initiator_roll = initiator_roll or context.dice.d(100)
        opponent_roll = opponent_roll or context.dice.d(100)
        added = modifier_sl or 0
        won = wfrp4e.opposed_winner(mine, initiator_roll, theirs, opponent_roll, added) == "attacker"
        opposed_sl = wfrp4e.test_sl(mine, initiator_roll) + added - wfrp4e.test_sl(theirs, opponent_roll)
        dice = f"d100 {initiator_roll:02d} against {opponent_roll:02d}"
        result_json = {"initiator_roll": initiator_roll, "opponent_roll": opponent_roll}
    label = f" ({purpose})" if purpose else ""
    label += f" (Additional Effort +{effort}%)" if effort else ""
    verdict = f"{initiator.name} wins with {opposed_sl} SL" if won else f"{opponent.name} holds"
    message = (
        f"{initiator.name} vs {opponent.name}{label}: {named(initiator_skill, mine)} vs "
        f"{named(opponent_skill, theirs)}, {dice}: {verdict}."
    )
    if won and on_win:
        definition = ConditionDefinition.objects.filter(system=context.encounter.system, name__iexact=on_win).first()
        if definition is None:
            raise CommandError(f"'{on_win}' is not a condition of this game system.")
        change_condition(context, opponent, definition.name, 1)
        message += f" {opponent.name} gains {definition.name}."
    if won and frees_from:
        have = next((c.count for c in context.conditions if c.combatant_id == initiator.pk and c.name == frees_from), 0)
        if have:
            removed = min(have, 1 + max(0, opposed_sl))
            left = change_condition(context, initiator, frees_from, -removed)
            message += f" {initiator.name} is rid of {removed} {frees_from} ({left} left)."
    if won and momentum.uses_momentum(context.encounter) and momentum.earn(context.encounter, initiator):
        context.touch(initiator)
        message += f" {initiator.name} +1 Momentum."
    result_json = {"won": won, "opposed_sl": opposed_sl, **result_json}
    return message, {**result_json, **({"additional_effort": effort} if effort else {})}


class SpellArgs(Args):
    caster = CombatantField(receives=False)
    cn = WholeNumberField(min_value=0, max_value=30, help_text="Effective Casting Number.")
    casting_roll = DieField(100)
    counterspeller = CombatantField(required=False, receives=False)
    counter_roll = DieField(100)
    counter_second_roll = DieField(100, help_text="A Deafened counterspeller's second d100 (the worse counts).")
    magic_missile = YesNoField()
    damage = WholeNumberField(required=False, min_value=0, max_value=100, help_text="Damage each target takes.")
    targets = CombatantListField(help_text="Combatant ids, one attack each.")
    d20 = DiceListField(20, help_text="One D20 per target, in order; rolled when empty.")
    d100 = DiceListField(100, help_text="One D100 per target (location); rolled when empty.")
    willing = NumberListField(help_text="Targets that let the spell hit.")
    magic_resistance = NumberListField(help_text="Targets with the Magic Resistance Talent.")
    overcast = NamesField(help_text="Overcast choices, as text for the log.")


def spell_defence(context, target, magic_missile, magic_resistance):
    """ "Spells" 3: Dodge or WP against Magic Missiles, WP otherwise; Magic Resistance must use the Spell DSB when
    it is higher; Unconscious targets defend with WP only and are not Defenceless."""
    sheet = context.sheet_of(target)
    if sheet is None:
        return "defenceless", 0
    unconscious = any(c.combatant_id == target.pk and c.name == "Unconscious" for c in context.conditions)
    options = house.defence_bonuses(
        house.Attack("spell", magic_missile=magic_missile),
        dodge_skill=sheet.defence_value("Dodge") or sheet.character.characteristic("Ag"),
        willpower=sheet.character.characteristic("WP"),
        conditions=["Unconscious"] if unconscious else [],
    )
    if magic_resistance and options.get("spell", 0) > options.get("dodge", -99):
        return "spell", options["spell"]
    best = max(options, key=options.get)
    return best, options[best]


def counter_disadvantage(context, counterspeller):
    """Seed 000 "Stunned": no countering spells at all; "Deafened": countering with Disadvantage. Whether the
    counterspeller rolls with Disadvantage; refuses a Stunned one."""
    if counterspeller is None:
        return False
    encounter, conditions = context.encounter, context.condition_counts(counterspeller)
    if conditions.get("Stunned") and encounter.plays(toggles.STUNNED):
        raise CommandError(f"{counterspeller.name} is Stunned and cannot counter a spell.")
    return bool(conditions.get("Deafened")) and encounter.plays(toggles.DEAFENED)


@command(SpellArgs, requires=[toggles.TESTS, toggles.SPELLS], rule="Casting by the house rules")
def cast_spell(context, caster, cn, casting_roll, counterspeller, counter_roll, counter_second_roll, magic_missile,
               damage, targets, d20, d100, willing, magic_resistance, overcast):  # fmt: skip
    """ "Spells": an unopposed Language (Magick) Test at -10 per CN (a counterspell opposes it with its own d100),
    then one D20 attack per target with ASB = Language (Magick) Bonus + casting SL."""
    disadvantage = counter_disadvantage(context, counterspeller)
    if counter_second_roll and not disadvantage:
        raise CommandError("Only a Deafened counterspeller rolls a second d100.")
    dice = context.dice
    language = skill_of(context, caster, "Language (Magick)")
    casting_roll = casting_roll or dice.d(100)
    fumbled = fumbles.take_action_penalty(context.encounter, caster)  # casting is the caster's Action
    effort = take_effort(context.encounter, caster)  # seed 002 "Additional Effort" goes on the casting Test
    target_number = house.casting_target(language + condition_modifier(context, caster) + fumbled + effort, cn)
    cast, casting_sl = wfrp4e.test_success(target_number, casting_roll), wfrp4e.test_sl(target_number, casting_roll)
    lines = [f"{caster.name} casts (CN {cn}): {casting_roll:02d} vs {target_number}, {casting_sl:+d} SL"]
    if effort:
        lines.append(f"Additional Effort: +{effort}%")
    if cast and counterspeller:
        counter_target = skill_of(context, counterspeller, "Language (Magick)") + condition_modifier(
            context, counterspeller
        )
        counter_rolls = [counter_roll or dice.d(100)]
        if disadvantage:
            counter_rolls.append(counter_second_roll or dice.d(100))
        counter_roll = house.worse_d100(counter_target, counter_rolls)
        winner = wfrp4e.opposed_winner(target_number, casting_roll, counter_target, counter_roll)
        cast = winner == "attacker"
        deafened = f" (Deafened: the worse of {'/'.join(f'{r:02d}' for r in counter_rolls)})" if disadvantage else ""
        lines.append(f"{counterspeller.name} counters {counter_roll:02d}{deafened} vs {counter_target}: "
                     + ("the spell goes through" if cast else "the spell is undone"))  # fmt: skip
    if not cast:
        return "; ".join(lines) + ". The spell fails.", {"cast": False, "casting_sl": casting_sl, "targets": []}
    if overcast:
        lines.append(f"overcast: {', '.join(overcast)}")
    asb = house.spell_attack_bonus(language, casting_sl)
    d20 = list(d20 or [])
    d100 = list(d100 or [])
    if len(d20) not in (0, len(targets)) or len(d100) not in (0, len(targets)):
        raise CommandError("Give one D20 (and D100) per target, or none to roll them.")
    hits = []
    for index, target in enumerate(targets):
        if target.pk in (willing or []) and target.pk not in (magic_resistance or []):
            hit, location, detail = True, None, "willing"
        else:
            name, dsb = spell_defence(context, target, magic_missile, target.pk in (magic_resistance or []))
            roll_d20 = d20[index] if d20 else dice.d(20)
            roll_d100 = d100[index] if d100 else dice.d(100)
            roller = d20_attack.roller_of(caster, target)
            result = house.opposed(asb, dsb, roll_d20, roll_d100, roller=roller)
            hit, location = result.hit, result.location
            detail = (
                f"D20 {roll_d20}, ASB {asb} vs {name} DSB {dsb}, PSL {result.player_sl}, OSL {result.opposed_sl:+d}"
            )
        wounds = 0
        if hit and damage:
            sheet = context.sheet_of(target)
            toughness, armour = (sheet.toughness_bonus, sheet.armour.get(location, 0)) if sheet else (0, 0)
            wounds = wfrp4e.wounds_suffered(damage, toughness, armour)
            target.wounds = max(0, target.wounds - wounds)
            context.touch(target)
        hits.append({"target": target.pk, "hit": hit, "location": location, "wounds": wounds})
        lines.append(f"{target.name}: {detail}: " + (f"hit, {counted(wounds, 'wound')}" if hit else "missed"))
    return "; ".join(lines) + ".", {"cast": True, "casting_sl": casting_sl, "asb": asb, "targets": hits}
