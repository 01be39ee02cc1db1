"""One attack, resolved and applied as a single undoable command (seed 002 "Attack", "Criticals and Fumbles").

The attacker's weapon skill, the target's defence, Toughness Bonus and armour come from their sheets; the
tables (hit locations, fumbles, critical wounds) are the ones the admin keeps. Rolls not given are rolled, and
every roll used is in the result, so a previewed attack is applied exactly as it was shown. resolve() works the
attack out without changing anything; the preview shows its AttackOutcome, and the command records it
(attack_outcome.py).
"""

from django import forms
from django.db.models import Prefetch

from combat.commands.fields import (
    DiceListField,
    DieField,
    NamesField,
    OneOfField,
    TextField,
    WholeNumberField,
    YesNoField,
)
from combat.commands.spine import Args, CombatantField, CombatantListField, jsonable
from combat.words import counted
from rules.engine import wfrp4e, wfrp4e_house
from rules.models import ConditionDefinition, Weapon
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import (
    KEY,
    actions,
    book_properties,
    command,
    d20_attack,
    declared,
    declared_odds,
    engaged,
    fumbles,
    group_advantage,
    turn,
    weapon_properties,
)
from systems.wfrp4e.commands import momentum as momentum_rule
from systems.wfrp4e.commands.attack_odds import HIT_LOCATIONS
from systems.wfrp4e.commands.attack_outcome import (
    AttackOutcome,
    AttackRequest,
    BlastHit,
    Critical,
    FumbleRoll,
    Gain,
    Met,
    Misfire,
)
from systems.wfrp4e.commands.surprise import surprised_condition
from systems.wfrp4e.models import CriticalTable, Fumble
from systems.wfrp4e.sheet import LOCATION_LABELS, SheetWeapon

__all__ = ["attack"]

UNARMED = "Unarmed"


class AttackArgs(Args):
    attacker = CombatantField(receives=False)
    target = CombatantField()
    weapon = TextField(help_text="Name of a weapon the attacker carries (or Unarmed).")
    defence = TextField(required=False, help_text="Skill or characteristic the target opposes with; empty: unopposed.")
    attack_modifier = WholeNumberField(required=False, min_value=-100, max_value=100)
    defence_modifier = WholeNumberField(required=False, min_value=-100, max_value=100)
    attacker_roll = DieField(100, help_text="The attacker's d100; rolled when empty.")
    defender_roll = DieField(100, help_text="The defender's d100; rolled when empty.")
    fumble_roll = DieField(100, help_text="d100 on the fumble table, if the attacker fumbles.")
    defender_fumble_roll = DieField(100, help_text="d100 on the fumble table, if the defender fumbles.")
    critical_roll = DieField(100, help_text="d100 on the critical table of the location, on a critical.")
    defender_critical_roll = DieField(100, help_text="d100 on the critical table, if the defender criticals.")
    momentum = WholeNumberField(
        required=False, min_value=1, max_value=20, help_text="Momentum the attacker spends: +10 each (house rule)."
    )
    d20 = DiceListField(20, help_text="House rules: the D20s thrown (as many as the test rolls).")
    situations = NamesField(help_text="House rules: Advantage/Disadvantage rows that apply.")
    fortune_reroll = YesNoField(help_text="House rules: 1 Fortune for an extra D20.")
    fortune_sl = WholeNumberField(required=False, min_value=1, max_value=10, help_text="Fortune for +1 SL each.")
    free_attack = OneOfField(
        required=False,
        choices=[("", "—"), ("disengaging", "Disengaging"), ("zone_of_control", "Zone of Control")],
        help_text="House rules: a free Melee attack (once per Round, never with a Slow weapon, no Action).",
    )
    special = OneOfField(
        required=False,
        choices=weapon_properties.SPECIALS,
        help_text="A property or trait used its special way: Distract as written; Fast, Hack, Champion by house rule.",
    )
    unseen_attacker = YesNoField(
        help_text="House rules: the target cannot clearly see the attacker, so a ranged attack finds it Defenceless."
    )
    wounds_override = WholeNumberField(
        required=False, min_value=0, max_value=1000, help_text="The GM's own figure for the wounds the target takes."
    )
    blast_targets = CombatantListField(
        help_text="A Blast weapon's hit: the others within its rating in yards of the target (ids), hit the same way."
    )
    ask_players = YesNoField(
        help_text="The players roll their own dice on their phones: the attack waits for the rolls not typed here."
    )
    in_fighting = YesNoField(
        help_text="The attacker fights inside the target's reach: a weapon longer than Short counts as improvised."
    )

    def clean(self):
        data = super().clean()
        attacker, target = data.get("attacker"), data.get("target")
        if self.errors or attacker is None or target is None:
            return data
        if attacker.pk == target.pk:
            raise forms.ValidationError("A combatant cannot attack themselves.")
        caught = data.get("blast_targets") or []
        sheets = self.context.sheets_of(attacker, target, *caught)
        if attacker.pk not in sheets:
            raise forms.ValidationError(f"{attacker.name} has no character sheet to attack with.")
        if weapon_of(sheets[attacker.pk], data["weapon"]) is None:
            carried = ", ".join(w.name for w in sheets[attacker.pk].weapons) or "nothing"
            raise forms.ValidationError(f"{attacker.name} carries no {data['weapon']} (carries {carried}).")
        weapon = weapon_of(sheets[attacker.pk], data["weapon"])
        weapon_properties.destroyed_problem(self.context.encounter, attacker, weapon)
        weapon_properties.unloaded_problem(self.context.encounter, attacker, weapon)
        if caught and "Blast" not in weapon_properties.names(weapon_of(sheets[attacker.pk], data["weapon"])):
            raise forms.ValidationError(f"{data['weapon']} has no Blast: it hits {target.name} alone.")
        if {attacker.pk, target.pk} & {c.pk for c in caught}:
            raise forms.ValidationError("The Blast's other victims are those near the target, not the two fighting.")
        spent = data.get("momentum")
        if spent and not momentum_rule.uses_momentum(self.context.encounter):
            raise forms.ValidationError("Momentum is a house rule this encounter does not use.")
        if spent and spent > momentum_rule.of(self.context.encounter, attacker):
            have = momentum_rule.of(self.context.encounter, attacker)
            raise forms.ValidationError(f"{attacker.name} has {have} Momentum, not {spent}.")
        if data.get("special"):
            sheet = sheets[attacker.pk]
            weapon_properties.problem(self.context, attacker, data["special"], weapon_of(sheet, data["weapon"]), sheet)
        if data.get("in_fighting"):
            encounter = self.context.encounter
            book_properties.in_fighting_problem(encounter, sheets[attacker.pk], sheets.get(target.pk), weapon)
        if data.get("unseen_attacker"):
            d20_attack.unseen_problem(self.context.encounter, weapon_of(sheets[attacker.pk], data["weapon"]))
        free = data.get("free_attack")
        if free:
            free_attack_problem(self.context, attacker, free, sheets[attacker.pk], data["weapon"])
        unknown = sorted(set(data.get("situations") or []) - set(wfrp4e_house.SITUATIONS))
        if unknown:
            raise forms.ValidationError(f"Unknown situation(s): {', '.join(unknown)}.")
        if data.get("situations") and not d20_attack.weighs_situations(self.context.encounter):
            raise forms.ValidationError(
                "Advantage and Disadvantage is a house rule this encounter does not use: give a modifier instead."
            )
        defence = data.get("defence")
        if defence and d20_attack.uses_d20(self.context.encounter):
            pass  # the house rules' defence bonuses are checked when the attack resolves
        elif defence:
            if surprised_condition(self.context, target):
                raise forms.ValidationError(f"{target.name} is Surprised and cannot defend.")
            if target.pk not in sheets:
                raise forms.ValidationError(f"{target.name} has no character sheet to defend with.")
            if sheets[target.pk].defence_value(defence) is None:
                options = ", ".join(name for name, _ in sheets[target.pk].defence_options())
                raise forms.ValidationError(f"{target.name} cannot defend with {defence} (can use {options}).")
        return data


def weapon_of(sheet, name):
    for weapon in sheet.weapons:
        if weapon.name.lower() == name.strip().lower():
            return weapon
    if name.strip().lower() == UNARMED.lower():
        # Its properties as a sheet's weapons carry theirs (systems/sheet_reads.py).
        found = Weapon.objects.filter(system=KEY, name=UNARMED)
        unarmed = found.prefetch_related(Prefetch("properties", to_attr="property_list")).first()
        if unarmed:
            return SheetWeapon(unarmed, wfrp4e.weapon_damage(unarmed.damage, sheet.strength_bonus))
    return None


def critical(tables, location, d100):
    """The critical wound for `location`: the admin's row for the roll, or none named while that row is not
    entered."""
    table = next((t for t in tables if location in t.locations), None)
    row = wfrp4e.critical_wound(table.rows(), d100) if table else None
    if row:
        given = tuple((c["name"], c["count"]) for c in row["conditions"])
        return Critical(
            location, d100, row["name"], row["text"], row["wounds"], given, row["duration"] if given else None
        )
    label = LOCATION_LABELS[location]
    return Critical(location, d100, None, f"Roll {d100} on the {table.name if table else label} critical table.", 0)


def critical_words(found):
    """The log's words for a critical: the row's name, its d100, extra Wounds and conditions with their duration,
    then its text; the table to roll on while the row is not entered."""
    if found.name is None:
        return found.text
    effects = [f"+{counted(found.wounds, 'Wound')}"] if found.wounds else []
    effects += [f"{name} {count}" if count > 1 else name for name, count in found.conditions]
    lasting = f" for {counted(found.duration, 'round')}" if found.duration else ""
    words = f"{found.name} ({found.roll}{': ' if effects else ''}{', '.join(effects)}{lasting})"
    return f"{words}. {found.text}" if found.text else words


def give_critical_conditions(context, victim, found):
    """The conditions a critical's row gives its victim, for its duration (seed 002 "Criticals")."""
    if not found or not found.conditions:
        return
    definitions = {d.name: d for d in ConditionDefinition.objects.filter(
        system=context.encounter.system, name__in=[name for name, _ in found.conditions])}  # fmt: skip
    for name, count in found.conditions:
        if name in definitions:  # a definition deleted since the import gives nothing
            context.add_condition(victim, definitions[name], count, remaining=found.duration)


def resolve(context, request):
    """The AttackOutcome of an AttackRequest; reads the encounter and rolls what was not given, changing nothing."""
    attacker, target, free_attack = request.attacker, request.target, request.free_attack
    if not free_attack:  # an attack is the attacker's Action; a free attack takes none
        context.may_spend(attacker, "action")
    encounter, dice = context.encounter, context.dice
    sheets = context.sheets_of(attacker, target)
    weapon = weapon_of(sheets[attacker.pk], request.weapon)
    in_fighting_note = ""
    if request.in_fighting:
        weapon, in_fighting_note = book_properties.in_fighting_weapon(weapon, sheets[attacker.pk].strength_bonus)
    book = book_properties.rules_for(encounter, attacker, target, weapon, sheets, request.in_fighting)
    changed = weapon_properties.precise(encounter, weapon) - weapon_properties.wear(encounter, attacker, weapon)
    if changed:
        weapon = SheetWeapon(weapon.weapon, max(0, weapon.damage + changed))
    properties = weapon_properties.names(weapon)
    surprised = surprised_condition(context, target)
    charge_bonus = actions.charge_bonus(encounter, attacker, weapon)
    attack_target = (
        sheets[attacker.pk].weapon_target(weapon)
        + (request.attack_modifier or 0)
        + wfrp4e.accurate_bonus(properties)
        + charge_bonus
        + book.length_modifier
        + book.in_fighting_bonus
    )
    if request.momentum:
        attack_target += wfrp4e_house.momentum_attack_bonus(request.momentum)
    effort = group_advantage.pending_effort(encounter, group_advantage.pool_of(attacker.side))
    # Seed 002 "Criticals and Fumbles (cont)", 41-60: last round's fumble costs this round's Action -10; a free
    # attack takes no Action.
    fumble_penalty = 0 if free_attack else fumbles.action_penalty(encounter, attacker)
    attack_target += effort + fumble_penalty
    defence = "Dodge" if free_attack == "disengaging" else request.defence  # seed 000 "Disengaging": with Dodge
    target_sheet = sheets.get(target.pk)
    toughness_bonus = target_sheet.toughness_bonus if target_sheet else 0
    armour = target_sheet.armour if target_sheet else {}
    attacker_roll = request.attacker_roll or dice.d(100)
    hit_locations = [row.as_row() for row in HIT_LOCATIONS(encounter.system)]
    house = None
    if d20_attack.uses_d20(encounter):
        house = d20_attack.resolve(
            context, attacker, target, weapon, defence, attacker_roll, request.d20, request.situations,
            request.fortune_reroll, request.fortune_sl, attack_target, request.defence_modifier or 0,
            request.unseen_attacker, defended=actions.defending_with(encounter, target), charging=bool(charge_bonus),
            book=book,
        )  # fmt: skip
        result, defence, defence_target, defender_roll = house.result, house.defence, None, None
        failed = house.failed
        defend_bonus = 0  # the house rules' D20 tests give Defending an Advantage instead (d20_attack)
        armour = house.armour  # with Partial and Penetrating as the house rules have them
    else:
        defend_bonus = actions.defend_bonus(encounter, target, defence)
        defence_target = (
            sheets[target.pk].defence_value(defence) + (request.defence_modifier or 0) + defend_bonus
            if defence
            else None
        )
        defender_roll = (request.defender_roll or dice.d(100)) if defence else None
        armour = wfrp4e.armour_against(armour, properties)
        result = wfrp4e.attack(
            attack_target,
            attacker_roll,
            weapon.damage,
            toughness_bonus,
            armour,
            defender_target=defence_target,
            defender_roll=defender_roll,
            weapon_group=weapon.group,
            hit_locations=hit_locations,
            properties=properties,
            charging=bool(charge_bonus),
            impenetrable=target_sheet.armoured_with("Impenetrable") if target_sheet else frozenset(),
            impenetrable_rule=encounter.plays(toggles.IMPENETRABLE),
            **book.engine_args(target_sheet, properties),
        )
        failed = not wfrp4e.test_success(attack_target, attacker_roll)
    outcome = AttackOutcome(
        attacker, target, weapon,
        attack_target=attack_target, defence=defence or None, defence_target=defence_target,
        attacker_roll=attacker_roll, defender_roll=defender_roll,
        attacker_sl=result.attacker_sl, defender_sl=result.defender_sl, hit=result.hit, location=result.location,
        damage=result.damage, toughness_bonus=toughness_bonus,
        armour=armour.get(result.location, 0) - result.armour_ignored if result.hit else None, wounds=result.wounds,
        momentum_spent=request.momentum or 0, additional_effort=effort, charge_bonus=charge_bonus,
        defend_bonus=defend_bonus, fumble_penalty=fumble_penalty,
        met=Met(weapon.damage, tuple(sorted(properties)), armour, bool(charge_bonus)),
        d20=house.test if house else None, fortune_from=house.fortune_from if house else None,
        special=request.special, free_attack=free_attack,
    )  # fmt: skip
    notes = outcome.notes
    outcome.book_rules = [
        *filter(None, [in_fighting_note]),
        *book.notes,
        *book_properties.after_roll(book, weapon, result, failed),
    ]
    notes += outcome.book_rules
    if fumble_penalty:
        notes.append(f"{fumble_penalty} to this Action for last round's fumble")
    notes += points_spent(outcome)
    if charge_bonus:
        notes.append(f"Charge: +{charge_bonus} to the attack")
    if defend_bonus:
        notes.append(f"{target.name} Defends with {defence}: +{defend_bonus}")
    outcome.target_wounds = result.wounds if request.wounds_override is None else request.wounds_override
    if request.wounds_override is not None:
        notes.append(f"GM override: {counted(request.wounds_override, 'wound')} instead of {result.wounds}")
    mishaps(context, request, outcome, result, hit_locations)
    outcome.special_effect = weapon_properties.effects(
        context, attacker, target, weapon, request.special, free_attack, result
    )
    notes += outcome.special_effect.notes
    if outcome.special_effect.wounds is not None:
        outcome.target_wounds = outcome.special_effect.wounds
    outcome.blast = blast_hits(context, result, properties, request.blast_targets)
    notes += [f"Blast: {hit.name} takes {counted(hit.wounds, 'wound')}" for hit in outcome.blast]
    # Core rules: Surprised ends after the first attack on the target; seed 000 "Surprised" keeps it until the
    # end of the Round, so every attack in that Round finds the target Surprised.
    outcome.surprise_ends = None if encounter.plays(toggles.SURPRISED) else surprised
    if outcome.surprise_ends:
        notes.append(f"{target.name} is no longer Surprised")
    withheld = advantage_withheld(encounter, attacker, free_attack, effort)
    if withheld:
        notes.append(withheld)
    else:
        outcome.gains = advantage_gains(encounter, attacker, result, defence, bool(surprised), bool(charge_bonus))
    pummel = encounter.plays(toggles.PUMMEL) and "Pummel" in properties
    if pummel and result.hit and result.location == "head":
        notes.append(f"Pummel: an Opposed Strength/Endurance Test at {result.net_sl:+d} SL; a win Stuns {target.name}")
    if free_attack:
        stops = "must stay within reach" if free_attack == "disengaging" else "stops where the hit landed"
        notes.append(
            f"Free attack ({free_attack.replace('_', ' ')})" + (f": {target.name} {stops}" if result.hit else "")
        )
    elif encounter.active_id == attacker.pk:
        _, extra_action = turn.planned(encounter, "action")
        if extra_action:
            notes.append(f"An attack {extra_action}")
    return outcome


def mishaps(context, request, outcome, result, hit_locations):
    """The criticals, fumbles and misfire the dice gave, each rolled on the admin's table, with their wounds."""
    attacker, target, weapon, notes = outcome.attacker, outcome.target, outcome.weapon, outcome.notes
    encounter, dice = context.encounter, context.dice
    crit_tables = None
    if result.critical_on_defender or result.critical_on_attacker:
        crit_tables = list(CriticalTable.objects.filter(system=encounter.system).prefetch_related("wounds"))
    if result.critical_on_defender:
        # Seed 002 "Criticals": a losing attacker's double still strikes true, where a hit would have landed.
        location = result.location or wfrp4e.hit_location(outcome.attacker_roll, table=hit_locations)
        outcome.critical = critical(crit_tables, location, request.critical_roll or dice.d(100))
        outcome.target_wounds += outcome.critical.wounds
        despite = "" if result.hit else " though the attack loses"
        notes.append(
            f"Critical to the {LOCATION_LABELS[location].lower()}{despite}: {critical_words(outcome.critical)}"
        )
    if result.critical_on_attacker:
        location = wfrp4e.hit_location(outcome.defender_roll, table=hit_locations)
        outcome.critical_on_attacker = critical(crit_tables, location, request.defender_critical_roll or dice.d(100))
        outcome.attacker_wounds += outcome.critical_on_attacker.wounds
        notes.append(f"{target.name} criticals {attacker.name}: {critical_words(outcome.critical_on_attacker)}")
    fumble_table = None
    if result.attacker_fumbled or result.defender_fumbled:
        fumble_table = [row.as_row() for row in Fumble.objects.filter(system=encounter.system)]
    if result.attacker_fumbled:
        fumble_roll = request.fumble_roll or dice.d(100)
        # The 21-40 row's Damage to the weapon lasts the fight; bare hands have no weapon to damage.
        worn = wfrp4e.fumble_weapon_damage(fumble_roll) if weapon.name != UNARMED else 0
        outcome.fumble = fumbled(fumble_table, fumble_roll, weapon.damage, outcome.attacker_roll, hit_locations, worn)
        outcome.attacker_wounds += outcome.fumble.wounds
        notes.append(f"{attacker.name} fumbles: {outcome.fumble.text}")
        if worn:
            notes.append(f"{weapon.name} is down to Damage {max(0, weapon.damage - worn)} for the rest of the fight")
    if result.misfire:
        attacker_sheet = context.sheets_of(attacker)[attacker.pk]
        damage = wfrp4e.misfire_damage(weapon.damage, outcome.attacker_roll)
        wounds = wfrp4e.wounds_suffered(damage, attacker_sheet.toughness_bonus, attacker_sheet.armour["right_arm"])
        outcome.misfire = Misfire(damage, wounds)
        outcome.attacker_wounds += wounds
        notes.append(
            f"{weapon.name} misfires: {damage} damage to the primary arm, weapon destroyed (no reloading or firing "
            "it until the GM restores it)"
        )
    if result.defender_fumbled:
        # The tracker knows the skill a defender opposes with, not the weapon: the GM gives a 91-00 blow's Damage.
        roll = request.defender_fumble_roll or dice.d(100)
        outcome.defender_fumble = fumbled(fumble_table, roll, None, outcome.defender_roll, hit_locations)
        outcome.target_wounds += outcome.defender_fumble.wounds
        notes.append(f"{target.name} fumbles: {outcome.defender_fumble.text}")


def record(context, outcome):
    """Apply a resolved attack: wounds, spent Momentum and Fortune, Surprise, the gains and the turn's Action."""
    encounter, attacker, target = context.encounter, outcome.attacker, outcome.target
    if outcome.momentum_spent:
        momentum_rule.set_to(encounter, attacker, momentum_rule.of(encounter, attacker) - outcome.momentum_spent)
    if outcome.fortune_spent:
        context.spend_points(outcome.fortune_from, "fortune", outcome.fortune_spent)
    weapon_properties.record(context, attacker, target, outcome.weapon, outcome.special, outcome.special_effect)
    suffer(context, target, outcome.target_wounds)
    suffer(context, attacker, outcome.attacker_wounds)
    give_critical_conditions(context, target, outcome.critical)
    give_critical_conditions(context, attacker, outcome.critical_on_attacker)
    caught = {c.pk: c for c in context.combatants}
    for hit in outcome.blast:
        suffer(context, caught[hit.combatant], hit.wounds)
    if outcome.fumble_penalty:
        fumbles.spend_action_penalty(encounter, attacker)
    for fumble, fumbler in ((outcome.fumble, attacker), (outcome.defender_fumble, target)):
        if fumble:
            fumbles.record(context, fumbler, fumble)
    if outcome.fumble and outcome.fumble.weapon_damage:
        weapon_properties.suffer_wear(encounter, attacker, outcome.weapon, outcome.fumble.weapon_damage)
    if outcome.misfire:
        weapon_properties.destroy(encounter, attacker, outcome.weapon)
    if outcome.surprise_ends:
        context.reduce_condition(outcome.surprise_ends)
    if outcome.additional_effort:
        group_advantage.use_effort(encounter, group_advantage.pool_of(attacker.side))
    if outcome.charge_bonus:
        encounter.state.charging.pop(str(attacker.pk))  # the Charge's bonus is for the first melee attack only
    if outcome.weapon.kind == "melee":
        engaged.engage(encounter, attacker, target)
    for gain in outcome.gains:
        if gain.side is None:
            momentum_rule.earn(encounter, attacker)
            context.touch(attacker)
        else:
            if gain.reason == "outmanoeuvre":
                group_advantage.claim_outmanoeuvre(encounter)
            group_advantage.add_to_pool(encounter, gain.side, gain.amount)
    if outcome.free_attack:
        encounter.state.free_attacks[str(attacker.pk)] = encounter.round
    elif encounter.active_id == attacker.pk:
        turn.use(encounter, "action")


def points_spent(outcome):
    """The log notes for the Momentum and Fortune the attack spends, so the GM sees what the pools lost and why."""
    notes = []
    if outcome.momentum_spent:
        bonus = wfrp4e_house.momentum_attack_bonus(outcome.momentum_spent)
        notes.append(f"{outcome.attacker.name} spends {outcome.momentum_spent} Momentum: +{bonus} to the attack")
    test = outcome.d20
    if test and test.fortune_spent:
        uses = ["an extra D20"] if test.fortune_reroll else []
        uses += [f"+{test.fortune_sl} SL"] if test.fortune_sl else []
        notes.append(f"{outcome.fortune_from.name} spends {test.fortune_spent} Fortune: {' and '.join(uses)}")
    return notes


def fumbled(table, fumble_roll, weapon_damage, fumbled_roll, hit_locations, worn=0):
    """The fumble table's row for `fumble_roll` with its lasting effect and, on 91-00, the blow on an ally."""
    effect = wfrp4e.fumble_effect(fumble_roll)
    row = wfrp4e.fumble(fumble_roll, table=table)
    ally_hit = fumbles.ally_hit(weapon_damage, fumbled_roll, hit_locations) if effect == "hit_ally" else None
    return FumbleRoll(fumble_roll, row["name"], row["text"], row["wounds"], effect, ally_hit, worn)


def preview_attack(context, ask_players, **args):
    """What the attack would do with the dice typed (the rest rolled); with `ask_players`, first whether a player
    still has a roll to make on their phone, when the result names them (`asks`) and nothing is rolled."""
    owed = declared_odds.owed_rolls(context, "attack", args) if ask_players else []
    if owed:
        names = " and ".join(roll.combatant.name for roll in owed)
        return f"{names} roll{'s' if len(owed) == 1 else ''} on the phone.", {"asks": [r.combatant.pk for r in owed]}
    outcome = resolve(context, AttackRequest.of(args))
    return outcome.message, outcome.as_json()


@command(AttackArgs, rule="The attack form", preview=preview_attack)
def attack(context, ask_players, **args):
    if ask_players:
        return declared.ask_or_apply(context, "attack", jsonable(args), "attack")
    outcome = resolve(context, AttackRequest.of(args))
    record(context, outcome)
    return outcome.message, outcome.as_json()


FREE_ATTACK_RULES = {"disengaging": toggles.DISENGAGING, "zone_of_control": toggles.ZONES_OF_CONTROL}


def free_attack_problem(context, attacker, kind, sheet, weapon_name):
    """Seed 000 "Disengaging" and "Zones of Control": once per Round, a melee weapon without Slow."""
    encounter = context.encounter
    if not encounter.plays(FREE_ATTACK_RULES[kind]):
        raise forms.ValidationError(
            f"Free attacks for {kind.replace('_', ' ')} are a house rule this encounter does not use."
        )
    weapon = weapon_of(sheet, weapon_name)
    if weapon.kind != "melee" or "Slow" in weapon_properties.names(weapon):
        raise forms.ValidationError(f"A free attack takes a melee weapon without Slow, not {weapon.name}.")
    if encounter.state.free_attacks.get(str(attacker.pk)) == encounter.round:
        raise forms.ValidationError(f"{attacker.name} already made a free attack this Round.")


def blast_hits(context, result, properties, caught):
    """Blast (core rules; seed 000 "Blast (Rating)" keeps it as in the book): the others the GM names near the target
    are hit at the same location for the same damage, each less their own Toughness Bonus and armour there."""
    if not result.hit:
        return []
    sheets, encounter = context.sheets_of(*caught), context.encounter
    hits = []
    for combatant in caught:
        sheet = sheets.get(combatant.pk)
        if d20_attack.uses_d20(encounter):
            armour = d20_attack.armour_met(encounter, sheet, properties)
        else:
            armour = wfrp4e.armour_against(sheet.armour, properties) if sheet else {}
        toughness = sheet.toughness_bonus if sheet else 0
        wounds = wfrp4e.wounds_suffered(result.damage, toughness, armour.get(result.location, 0))
        hits.append(BlastHit(combatant.pk, combatant.name, wounds))
    return hits


def suffer(context, combatant, wounds):
    if wounds:
        combatant.wounds = max(0, combatant.wounds - wounds)
        context.touch(combatant)


def advantage_withheld(encounter, attacker, free_attack, effort):
    """Seed 002 "Benefits of Advantage": the Test made with Additional Effort and the Action bought as an Additional
    Action earn no Advantage at all (Winning, Outmanoeuvre or Surprise). Why this attack earns none, or ""."""
    if effort:
        return f"Additional Effort: +{effort}%, and no Advantage from this attack"
    if not free_attack and turn.in_additional_action(encounter, attacker):
        return "Additional Action: no Advantage from this attack"
    return ""


def advantage_gains(encounter, attacker, result, defence, surprised, charged):
    """Seed 002 "Group Advantage": Winning, Outmanoeuvre and Surprise feed the attacker's pool. With the Momentum
    house rule (seed 000), winning the attack or inflicting damage earns the attacker 1, once per Action, and so
    does a Charge by itself, hit or miss: the GM ticks the Charge on the turn, and its first melee attack (`charged`)
    settles the Momentum it earned. What the attack would gain; record() takes it."""
    if momentum_rule.uses_momentum(encounter):
        if charged:
            reason = "charge"
        elif result.hit or result.wounds > 0:
            reason = "won_opposed" if defence else "inflicted"
        else:
            return []
        return [Gain(None, reason, 1)] if momentum_rule.can_earn(encounter, attacker) else []
    if not group_advantage.uses_group_advantage(encounter):
        return []
    reasons = []
    if defence and result.hit:
        reasons.append("winning")
    if not defence and result.wounds > 0 and group_advantage.outmanoeuvre_open(encounter):
        reasons.append("outmanoeuvre")
    if surprised:
        reasons.append("surprise")
    side = group_advantage.pool_of(attacker.side)
    return [Gain(side, reason, wfrp4e.advantage_gain(reason)) for reason in reasons]
