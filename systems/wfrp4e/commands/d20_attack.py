"""Attacks under the house rules' D20 "player rolls" system (seed 000 "Combat" › "Tests", "Defenceless",
"Advantage and Disadvantage", "Fortune Points", and the changed weapon and armour properties).

`attack.resolve` calls resolve() when the encounter plays the "tests" toggle; the result has the shape of the
as-written one (wfrp4e.AttackResult), so criticals, fumbles, wounds and the log are handled once. Like it, this
changes nothing: the Fortune it spends is taken when the attack is applied.
"""

from dataclasses import dataclass

from django import forms

from combat.commands.spine import CommandError
from rules.engine import wfrp4e
from rules.engine import wfrp4e_house as house
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import book_properties, weapon_properties
from systems.wfrp4e.commands.attack_outcome import D20Test


def uses_d20(encounter):
    return encounter.plays(toggles.TESTS)


def casts_by_d20(encounter):
    """Seed 000 "Spells": a casting test, then an attack test per target, under the D20 "Tests"."""
    return uses_d20(encounter) and encounter.plays(toggles.SPELLS)


def opposes_by_d20(encounter):
    """Seed 000 "Other opposed Tests": under the D20 "Tests", opposed tests in combat go like attacks, on the skills'
    bonuses and one D20; otherwise both sides roll a d100 (seed 002)."""
    return uses_d20(encounter) and encounter.plays(toggles.OTHER_OPPOSED_TESTS)


def weighs_situations(encounter):
    """Seed 000 "Advantage and Disadvantage": under the D20 "Tests", situations and conditions add or take away a
    D20 instead of the book's difficulty modifiers."""
    return uses_d20(encounter) and encounter.plays(toggles.ADVANTAGE_AND_DISADVANTAGE)


def defend_bonus_words(encounter):
    """What Defending gives, in the words the screens and the log use."""
    return "Advantage" if weighs_situations(encounter) else f"+{wfrp4e.DEFEND_BONUS}"


def roller_of(attacker, target):
    """The player rolls; for PvP and EvE the attacker does."""
    if not attacker.is_npc or target.is_npc:
        return "attacker"
    return "defender"


@dataclass
class D20Attack:
    result: wfrp4e.AttackResult
    test: D20Test
    armour: dict
    fortune_from: object  # the combatant whose character pays the test's fortune_spent
    defence: str  # the DSB the target defends with: "melee", "dodge", "spell" or "defenceless"
    failed: bool = False  # the attacker's test missed before Practical or Unreliable had their say


def resolve(context, attacker, target, weapon, defence, d100, d20, situations, fortune_reroll, fortune_sl,
            attack_skill, defence_modifier=0, unseen_attacker=False, defended=None, charging=False,
            book=None):  # fmt: skip
    """attack_skill: the attacker's skill with the weapon, Momentum and modifiers included; its bonus is the ASB.
    defence_modifier: the GM's modifier to the defender's skills, taken before their bonuses (DSBs) as the attack's
    modifier is before the ASB. unseen_attacker: the target cannot clearly see the attacker ("Defenceless").
    defended: the skill the target Defends with (seed 002 "Actions" › Defend), which gives the defence with it the
    "went Defensive" Advantage. charging: the attacker Charged this Turn (a Tiring weapon's Damaging and Impact).
    book: the book's flaws in play (book_properties.BookRules): Imprecise takes 1 from the ASB (1 SL off the test),
    Practical and Unreliable move a missed test's SL, Weakpoints let an Impale Critical past that armour."""
    encounter = context.encounter
    sheets = context.sheets_of(attacker, target)
    target_sheet = sheets.get(target.pk)
    attacker_conditions, target_conditions = context.condition_counts(attacker), context.condition_counts(target)
    weapon_names = weapon_properties.names(weapon)
    fatigued = encounter.plays(toggles.FATIGUED)
    asb = wfrp4e.skill_bonus(attack_skill) - (attacker_conditions.get("Fatigued", 0) if fatigued else 0)
    if book and book.imprecise:
        asb += wfrp4e.imprecise_sl(weapon_names)
    failed_sl = wfrp4e.craftsmanship_sl(weapon_names, success=False) if book and book.craftsmanship else 0
    kind = weapon.kind
    options = defence_options(context, target, weapon, defence_modifier, unseen_attacker)
    defence = defence_key(defence) or max(options, key=options.get)
    if defence not in options:
        raise CommandError(f"{target.name} cannot defend with {defence} here (can use {', '.join(options)}).")
    dsb = options[defence]
    roller = roller_of(attacker, target)
    attacker_sheet = sheets[attacker.pk]
    trained = attacker_sheet.skill_value(weapon.skill_name) is not None
    situations = (
        set(situations)
        | house.situations_from_conditions(kind, attacker_conditions, target_conditions)
        | house.situations_from_weapon(weapon.skill_name, trained)
        if weighs_situations(encounter)
        else set()  # the book's difficulty modifiers instead: the GM's modifiers on the form
    )
    if defended and defence_key(defended) == defence:
        if weighs_situations(encounter):
            situations.add("went_defensive")
        else:  # Defend as written: +20 to the skill, 2 on its bonus
            dsb += wfrp4e.skill_bonus(wfrp4e.DEFEND_BONUS)
    count, mode = house.roll_mode(situations, roller, fortune=fortune_reroll)
    rolls = d20 or [context.dice.d(20) for _ in range(count)]
    if len(rolls) != count:
        raise CommandError(f"This test rolls {count} D20 ({mode}); give {count} value(s), or none to roll them.")
    chosen = house.pick_d20(rolls, mode)
    fortune = int(fortune_reroll) + (fortune_sl or 0)
    fortune_from = attacker if roller == "attacker" else target  # the rolling player's character pays
    if fortune:
        context.points_left(fortune_from, "fortune", fortune)
    armour = armour_met(encounter, target_sheet, weapon_names)
    outcome = house.attack(
        asb, dsb, chosen, d100, weapon.damage, target_sheet.toughness_bonus if target_sheet else 0, armour,
        roller=roller, fortune_sl=fortune_sl or 0, off_hand="off_hand" in situations,
        wrap="Wrap" in weapon_names and encounter.plays(toggles.WRAP), properties=weapon_names, charging=charging,
        failed_sl=failed_sl,
    )  # fmt: skip
    roll = outcome.roll
    critical = wfrp4e.scores_critical(
        d100,
        roll.hit,
        weapon_names,
        impenetrable=target_sheet is not None and outcome.location in target_sheet.armoured_with("Impenetrable"),
        impenetrable_rule=encounter.plays(toggles.IMPENETRABLE),
    )
    armour_there = armour.get(outcome.location, 0)
    ignored = 0
    if book and book.weakpoints and target_sheet is not None:
        pieces = wfrp4e.without_weakpoints(target_sheet.armour_pieces)
        unguarded = armour_met(encounter, book_properties.Unguarded(pieces), weapon_names)
        ignored = wfrp4e.weakpoints_ignored(critical and roll.hit, weapon_names, outcome.location, unguarded,
                                            armour_there)  # fmt: skip
    wounds = outcome.wounds
    if ignored:
        toughness = target_sheet.toughness_bonus if target_sheet else 0
        wounds = wfrp4e.wounds_suffered(outcome.damage, toughness, armour_there - ignored)
    result = wfrp4e.AttackResult(
        attacker_sl=roll.player_sl if roller == "attacker" else asb,
        defender_sl=roll.player_sl if roller == "defender" else dsb,
        hit=roll.hit,
        net_sl=roll.opposed_sl,
        location=outcome.location,
        damage=outcome.damage,
        wounds=wounds,
        critical_on_defender=critical,
        critical_on_attacker=False,
        attacker_fumbled=outcome.fumble,
        defender_fumbled=False,
        misfire=outcome.fumble and wfrp4e.misfires(weapon.group, d100),
        armour_ignored=ignored,
    )
    test = D20Test(
        roller=roller,
        asb=asb,
        dsb=dsb,
        d20s=tuple(rolls),
        d20=chosen,
        dice_mode=mode,
        situations=tuple(sorted(situations)),
        fortune_spent=fortune,
        fortune_reroll=bool(fortune_reroll),
        fortune_sl=fortune_sl or 0,
        player_sl=roll.player_sl,
        opposed_sl=roll.opposed_sl,
        natural=roll.natural,
    )
    return D20Attack(result, test, armour, fortune_from, defence, outcome.failed)


def defence_options(context, target, weapon, defence_modifier=0, unseen_attacker=False):
    """{"melee"|"dodge"|"shield"|"spell"|"defenceless": DSB} of what `target` may defend with against `weapon`
    (seed 000 "Defenceless", "Fatigued", the Shield and Defensive properties), before the roll."""
    encounter = context.encounter
    target_sheet = context.sheets_of(target).get(target.pk)
    if target_sheet is None:
        return {"defenceless": 0}
    weapon_names = weapon_properties.names(weapon)
    target_conditions = context.condition_counts(target)
    fatigued = encounter.plays(toggles.FATIGUED)
    attack = house.Attack(
        weapon.kind, blackpowder="Blackpowder" in weapon_names and encounter.plays(toggles.BLACKPOWDER)
    )
    return house.defence_bonuses(
        attack,
        melee_skill=target_sheet.best_melee() + defence_modifier,
        dodge_skill=(target_sheet.defence_value("Dodge") or target_sheet.character.characteristic("Ag"))
        + defence_modifier,
        willpower=target_sheet.character.characteristic("WP") + defence_modifier,
        shield_rating=weapon_properties.shield_rating(encounter, target, target_sheet),
        defensive=target_sheet.carries("Defensive") and encounter.plays(toggles.DEFENSIVE),
        conditions=list(target_conditions) if encounter.plays(toggles.DEFENCELESS) else [],
        fatigued=target_conditions.get("Fatigued", 0) if fatigued else 0,
        sees_attacker=not unseen_attacker,
        shield_rule=encounter.plays(toggles.SHIELD),
    )


def win_chance(encounter, initiator, opponent, mine, theirs, added_sl=0):
    """The initiator's chance to win an opposed test in combat with targets `mine` and `theirs`: as written both
    roll a d100 (seed 002, wfrp4e.opposed_chance); with the house rules' Tests the player rolls one D20 on the
    skills' bonuses, `added_sl` going to the initiator's (seed 000 "Other opposed Tests", house.hit_chance); as
    written `added_sl` goes on the initiator's SL."""
    if opposes_by_d20(encounter):
        bonus = wfrp4e.skill_bonus(mine) + added_sl
        return house.hit_chance(bonus, wfrp4e.skill_bonus(theirs), roller=roller_of(initiator, opponent))
    return wfrp4e.opposed_chance(mine, theirs, added_sl=added_sl)


def unseen_problem(encounter, weapon):
    """Seed 000 "Defenceless": not seeing the attacker clearly leaves a target Defenceless against ranged attacks
    only, under the D20 "Tests" with that rule; a form error elsewhere rather than a box that changes nothing."""
    if not (uses_d20(encounter) and encounter.plays(toggles.DEFENCELESS)):
        raise forms.ValidationError(
            "An unseen attacker leaves the target Defenceless only under the house rules' Tests and Defenceless."
        )
    if weapon.kind != "ranged":
        raise forms.ValidationError(
            f"Not seeing the attacker leaves a target Defenceless against ranged attacks, not {weapon.name}."
        )


def armour_met(encounter, sheet, weapon_names):
    """AP per location as the weapon meets it under the house rules (Partial, Penetrating, and the book's
    properties); none without a sheet."""
    if sheet is None:
        return {}
    armour = house.house_armour_points(
        [
            (locations, points, "Partial" in names, "Flexible" in names)
            for locations, points, names in sheet.armour_pieces
        ],
        penetrating="Penetrating" in weapon_names,
        partial_rule=encounter.plays(toggles.PARTIAL),
        penetrating_rule=encounter.plays(toggles.PENETRATING),
    )
    return wfrp4e.armour_against(armour, weapon_names)


def defence_key(name):
    """The DSB a defence names: any Melee skill is the Melee DSB, Dodge the Dodge DSB, Willpower the Spell DSB."""
    name = (name or "").strip().lower()
    if name.startswith("melee") or name == "ws":
        return "melee"
    if name in ("dodge", "ag"):
        return "dodge"
    if name in ("spell", "wp", "willpower"):
        return "spell"
    return name
