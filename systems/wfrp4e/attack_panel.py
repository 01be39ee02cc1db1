"""The GM's attack form: who attacks whom with what, the odds before rolling, the rolls, and the previewed result
before applying it."""

import math
from dataclasses import dataclass, field
from fractions import Fraction

from combat.commands.fields import YesNoField
from rules.engine import wfrp4e, wfrp4e_house
from rules.engine.probability import percent
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import (
    KEY,
    actions,
    d20_attack,
    fumbles,
    group_advantage,
    weapon_properties,
)
from systems.wfrp4e.commands import attack as attack_command

ROLL_FIELDS = [
    "attacker_roll", "defender_roll", "fumble_roll", "defender_fumble_roll", "critical_roll", "defender_critical_roll",
]  # fmt: skip
FIELDS = [
    "attacker", "target", "weapon", "defence", "attack_modifier", "defence_modifier", "momentum", "d20",
    "fortune_reroll", "fortune_sl", "free_attack", "special", "unseen_attacker", "allow_anyway", *ROLL_FIELDS,
]  # fmt: skip
# The players may roll on their phones once the attack command takes the choice; until then the form offers none.
ASKS_PLAYERS = "ask_players" in attack_command.AttackArgs.base_fields
if ASKS_PLAYERS:
    FIELDS.append("ask_players")
LIST_FIELDS = ["situations", "blast_targets"]
TYPED = [*ROLL_FIELDS, "d20", "attack_modifier", "defence_modifier", "momentum", "fortune_sl"]


@dataclass
class AttackPanel:
    attackers: list
    targets: list
    values: dict
    weapons: list = field(default_factory=list)
    defences: list = field(default_factory=list)
    outcome: object = None
    error: str = ""
    overrulable: bool = False  # the error is the turn's budget refusing, which the GM may allow anyway
    moved_on: bool = False  # the form was drawn for an earlier turn: redrawn, never previewed or applied as it was
    turn: str = ""  # the turn the form is drawn for: the GM's pick of attacker holds for that turn only
    d20: bool = False  # the house rules' "Tests"
    defenceless_rule: bool = (
        False  # with "Tests", the house rules' "Defenceless": the GM may say the target is blind to the attacker
    )
    known_situations: set = field(default_factory=set)  # from conditions: counted whatever the GM ticks
    specials: list = field(default_factory=list)  # what this encounter's rules let a weapon do its special way
    blast_candidates: list = field(default_factory=list)  # with a Blast weapon: who else the hit may catch
    odds: object = None  # AttackOdds of the attack as the form stands, before anyone rolls
    asks_players: bool = False  # the form offers to have the players roll on their phones
    free_attacks = [("", "—"), ("disengaging", "Disengaging"), ("zone_of_control", "Zone of Control")]
    situations = wfrp4e_house.SITUATIONS

    @property
    def notice(self):
        if not self.moved_on:
            return ""
        kept = " The rolls typed are kept: check they are theirs." if any(self.values[n] for n in TYPED) else ""
        return f"The turn moved on: {self.attacker_name} attacks now.{kept}"

    @property
    def attacker_name(self):
        return next((row.name for row in self.attackers if row.pk == self.values["attacker"]), "no one")

    @property
    def result(self):
        return self.outcome.result if self.outcome else None


def _pick(rows, raw):
    return next((row for row in rows if str(row.pk) == str(raw)), None)


def build(view, data):
    """The panel for the GM's encounter view; `data` holds the form's current choices. None for other systems.

    The form says what it was drawn for (`turn`, `drawn_attacker`): once the turn moves on the attacker is the active
    combatant again, and a new attacker takes the defence and target that suit them (no ally), the typed rolls kept."""
    if not view.is_gm or view.encounter.system != KEY:
        return None
    turn = view.encounter.turn
    moved_on = data.get("turn", turn) != turn
    attackers = [row for row in view.rows if row.character_id]
    values = {name: data.get(name, "") for name in FIELDS}
    attacker = None if moved_on else _pick(attackers, values["attacker"])
    if attacker is None and attackers:
        attacker = _pick(attackers, view.encounter.active_id) or attackers[0]
    new_attacker = attacker is not None and (
        moved_on or data.get("drawn_attacker", str(attacker.pk)) != str(attacker.pk)
    )
    if new_attacker:
        values["defence"] = None  # chosen against the old attacker: the usual one for this attacker instead
    targets = [row for row in view.rows if attacker is None or row.pk != attacker.pk]
    target = _pick(targets, values["target"])
    if target is not None and new_attacker and target.side == attacker.side:
        target = None  # the old attacker's enemy is this one's ally
    if target is None and targets:
        target = next((row for row in targets if attacker is None or row.side != attacker.side), targets[0])
    values.update(attacker=attacker.pk if attacker else "", target=target.pk if target else "")
    for name in LIST_FIELDS:
        values[name] = list(data.getlist(name)) if hasattr(data, "getlist") else []
    panel = AttackPanel(
        attackers,
        targets,
        values,
        d20=d20_attack.uses_d20(view.encounter),
        defenceless_rule=d20_attack.uses_d20(view.encounter) and view.encounter.plays(toggles.DEFENCELESS),
        specials=weapon_properties.specials_for(view.encounter),
        moved_on=moved_on,
        turn=turn,
    )
    ids = [row.character_id for row in (attacker, target) if row is not None and row.character_id]
    sheets = view.sheets(ids, with_characteristics=False)
    ranged = False
    if attacker:
        weapons = sheets[attacker.character_id].weapons
        panel.weapons = [w.name for w in weapons] or ["Unarmed"]
        if values["weapon"] not in panel.weapons:
            values["weapon"] = panel.weapons[0]
        ranged = any(w.name == values["weapon"] and w.kind == "ranged" for w in weapons)
        if any(w.name == values["weapon"] and "Blast" in weapon_properties.names(w) for w in weapons):
            panel.blast_candidates = [row for row in targets if row is not target]
    if target and target.character_id and not target.surprised:
        panel.defences = [
            (name, value)
            for name, value in sheets[target.character_id].defence_options()
            if not (ranged and name.startswith("Melee"))  # a shot is not parried
        ]
    names = [name for name, _ in panel.defences]
    if panel.d20:
        kind = "ranged" if ranged else "melee"
        panel.known_situations = wfrp4e_house.situations_from_conditions(
            kind,
            [c.name for c in attacker.conditions] if attacker else [],
            [c.name for c in target.conditions] if target else [],
        )
        if attacker:
            sheet = sheets[attacker.character_id]
            weapon = next((w for w in sheet.weapons if w.name == values["weapon"]), None)
            if weapon is not None:
                trained = sheet.skill_value(weapon.skill_name) is not None
                panel.known_situations |= wfrp4e_house.situations_from_weapon(weapon.skill_name, trained)
        fresh = not hasattr(data, "getlist") or "situations" not in data
        if fresh and attacker and target and kind == "melee" and side_outnumbers(view.rows, attacker, target):
            values["situations"].append("outnumber")  # a guess from the sides standing: the GM may untick it
        panel.defences = [("", "the defender's best"), ("melee", "Melee DSB"), ("dodge", "Dodge DSB"),
                          ("spell", "Spell DSB")]  # fmt: skip
        values["defence"] = values["defence"] if values["defence"] in ("melee", "dodge", "spell") else ""
    elif values["defence"] is None or (
        values["defence"] not in names and not (values["defence"] == "" and "defence" in data)
    ):
        values["defence"] = "" if ranged else usual_defence(panel.defences)
    if attacker and target:
        panel.odds = attack_odds(view.encounter, panel, attacker, target, sheets)
        if ASKS_PLAYERS:
            panel.asks_players = True
            drawn_for = (data.get("drawn_attacker"), data.get("drawn_target")) == (str(attacker.pk), str(target.pk))
            # A player on either side rolls on their phone unless the GM unticked it for this very pair.
            values["ask_players"] = (
                YesNoField.WORDS.get(str(values["ask_players"]).strip().lower(), False)
                if drawn_for
                else not (attacker.is_npc and target.is_npc)
            )
    return panel


@dataclass(frozen=True)
class AttackOdds:
    """The attack's chances as the form stands, each a percent as the screen shows it: to hit, of a Critical and of
    a Fumble, and the Wounds it inflicts on average. basis: the targets or bonuses they come from."""

    hit: str
    wounds: str
    critical: str
    fumble: str
    basis: str


def whole_number(raw):
    """A typed modifier: 0 when empty, None when it is no whole number (the preview says so in words)."""
    try:
        return int(raw or 0)
    except (TypeError, ValueError):
        return None


def one_decimal(value):
    """Wounds as the screen shows them: 4 when whole, else rounded half up to one decimal (2.915 -> 2.9)."""
    if value.denominator == 1:
        return str(value.numerator)
    tenths = math.floor(value * 10 + Fraction(1, 2))
    return f"{tenths // 10}.{tenths % 10}"


def attack_odds(encounter, panel, attacker, target, sheets):
    """The odds of the attack the form describes, worked out as the attack command would resolve it (attack.py
    `resolve` and, under the house rules' "Tests", d20_attack.py `resolve`), with the same sheets, modifiers and
    state; None when the form does not yet describe an attack the command would take."""
    values = panel.values
    modifiers = [whole_number(values[name]) for name in ("attack_modifier", "defence_modifier", "momentum")]
    attacker_sheet = sheets.get(attacker.character_id)
    if None in modifiers or attacker_sheet is None:
        return None
    attack_modifier, defence_modifier, momentum = modifiers
    weapon = attack_command.weapon_of(attacker_sheet, values["weapon"])
    if weapon is None:
        return None
    changed = weapon_properties.precise(encounter, weapon) - weapon_properties.wear(encounter, attacker, weapon)
    damage = max(0, weapon.damage + changed) if changed else weapon.damage
    properties = frozenset(weapon_properties.names(weapon))
    charge = actions.charge_bonus(encounter, attacker, weapon)
    attack_target = (
        attacker_sheet.weapon_target(weapon)
        + attack_modifier
        + wfrp4e.accurate_bonus(properties)
        + charge
        + (wfrp4e_house.momentum_attack_bonus(momentum) if momentum else 0)
        + group_advantage.pending_effort(encounter, group_advantage.pool_of(attacker.side))
        + (0 if values["free_attack"] else fumbles.action_penalty(encounter, attacker))
    )
    defence = "Dodge" if values["free_attack"] == "disengaging" else values["defence"]
    target_sheet = sheets.get(target.character_id) if target.character_id else None
    toughness_bonus = target_sheet.toughness_bonus if target_sheet else 0
    try:
        if panel.d20:
            return house_odds(encounter, panel, attacker, target, attacker_sheet, target_sheet, weapon, damage,
                              attack_target, defence, defence_modifier, toughness_bonus, bool(charge))  # fmt: skip
        return written_odds(encounter, target, target_sheet, weapon, damage, attack_target, defence,
                            defence_modifier, toughness_bonus, bool(charge))  # fmt: skip
    except ValueError:  # a hit location table with a gap: the attack's own answer names it
        return None


def written_odds(encounter, target, target_sheet, weapon, damage, attack_target, defence, defence_modifier,
                 toughness_bonus, charging):  # fmt: skip
    """Seed 002 "Attack": the attacker's d100 against the target's opposing skill, or unopposed without one."""
    properties = frozenset(weapon_properties.names(weapon))
    defence_target = None
    if defence:
        value = target_sheet.defence_value(defence) if target_sheet and not target.surprised else None
        if value is None:
            return None
        defence_target = value + defence_modifier + actions.defend_bonus(encounter, target, defence)
    armour = wfrp4e.armour_against(target_sheet.armour if target_sheet else {}, properties)
    table = [row.as_row() for row in attack_command.HIT_LOCATIONS(encounter.system)] or None
    chance = wfrp4e.opposed_chance(attack_target, defence_target, properties=properties)
    wounds = wfrp4e.expected_wounds(attack_target, defence_target, damage, toughness_bonus, armour,
                                    properties=properties, charging=charging, hit_locations=table)  # fmt: skip
    basis = f"{attack_target} against {f'{defence} {defence_target}' if defence else 'no defence'}"
    return AttackOdds(percent(chance), one_decimal(wounds), percent(chance.critical), percent(chance.fumble), basis)


def house_odds(encounter, panel, attacker, target, attacker_sheet, target_sheet, weapon, damage, attack_target,
               defence, defence_modifier, toughness_bonus, charging):  # fmt: skip
    """Seed 000 "Combat" › "Tests": the rolling player's D20s, ASB against the defender's chosen (or best) DSB, with
    the situations ticked and those the conditions and the weapon bring, Fortune's extra D20 and +SL."""
    values = panel.values
    fortune_sl = whole_number(values["fortune_sl"])
    fortune = YesNoField.WORDS.get(str(values["fortune_reroll"]).strip().lower(), False)
    if fortune_sl is None or not set(values["situations"]) <= set(wfrp4e_house.SITUATIONS):
        return None
    names = weapon_properties.names(weapon)
    fatigue_counts = encounter.plays(toggles.FATIGUED)
    attacker_conditions = {c.name: c.count for c in attacker.conditions}
    target_conditions = {c.name: c.count for c in target.conditions}
    asb = wfrp4e.skill_bonus(attack_target) - (attacker_conditions.get("Fatigued", 0) if fatigue_counts else 0)
    if target_sheet is None:
        options = {"defenceless": 0}
    else:
        kind = wfrp4e_house.Attack(
            weapon.kind, blackpowder="Blackpowder" in names and encounter.plays(toggles.BLACKPOWDER)
        )
        options = wfrp4e_house.defence_bonuses(
            kind,
            melee_skill=target_sheet.best_melee() + defence_modifier,
            dodge_skill=(target_sheet.defence_value("Dodge") or target_sheet.character.characteristic("Ag"))
            + defence_modifier,
            willpower=target_sheet.character.characteristic("WP") + defence_modifier,
            shield_rating=weapon_properties.shield_rating(encounter, target, target_sheet),
            defensive=target_sheet.carries("Defensive") and encounter.plays(toggles.DEFENSIVE),
            conditions=list(target_conditions) if encounter.plays(toggles.DEFENCELESS) else [],
            fatigued=target_conditions.get("Fatigued", 0) if fatigue_counts else 0,
            sees_attacker=not YesNoField.WORDS.get(str(values["unseen_attacker"]).strip().lower(), False),
        )
    defence = d20_attack.defence_key(defence) or max(options, key=options.get)
    if defence not in options:
        return None
    roller = d20_attack.roller_of(attacker, target)
    situations = set(values["situations"]) | panel.known_situations
    defended = actions.defending_with(encounter, target)
    if defended and d20_attack.defence_key(defended) == defence:
        situations.add("went_defensive")
    advantage, disadvantage = wfrp4e_house.roller_advantage(situations, roller)
    attacker_bonus = asb - (2 if "off_hand" in situations else 0) + (fortune_sl if roller == "attacker" else 0)
    defender_bonus = options[defence] + (fortune_sl if roller == "defender" else 0)
    dice = (attacker_bonus, defender_bonus, roller, advantage, disadvantage, fortune)
    chance = wfrp4e_house.hit_chance(*dice, properties=names)
    wounds = wfrp4e_house.expected_wounds(
        *dice[:2], damage, toughness_bonus, d20_attack.armour_met(encounter, target_sheet, names), *dice[2:],
        properties=names, charging=charging, wrap="Wrap" in names and encounter.plays(toggles.WRAP),
    )  # fmt: skip
    count, mode = wfrp4e_house.d20_dice(advantage, disadvantage, fortune)
    thrown = f"{count} D20, {mode}" if count > 1 else "1 D20"
    basis = f"ASB {attacker_bonus} against {defence} DSB {defender_bonus}, the {roller} rolls {thrown}"
    return AttackOdds(percent(chance), one_decimal(wounds), percent(chance.critical), percent(chance.fumble), basis)


def side_outnumbers(rows, attacker, target):
    def standing(side):
        return sum(1 for row in rows if row.side == side and not any(c.name == "Unconscious" for c in row.conditions))

    return wfrp4e_house.outnumbers(standing(attacker.side), standing(target.side))


def usual_defence(options):
    """Melee is opposed with the target's best Melee skill, else whatever they have; ranged goes unopposed."""
    melee = [(value, name) for name, value in options if name.startswith("Melee")]
    if melee:
        return max(melee)[1]
    return options[0][0] if options else ""


def with_outcome(panel, outcome):
    """After a preview: fill in every roll used, so applying repeats exactly what was shown."""
    result = outcome.result

    def roll_of(key):
        return (result.get(key) or {}).get("roll", "")

    panel.outcome = outcome
    panel.values.update(
        attacker_roll=result["attacker_roll"],
        defender_roll=result["defender_roll"] or "",
        fumble_roll=roll_of("fumble"),
        defender_fumble_roll=roll_of("defender_fumble"),
        critical_roll=roll_of("critical"),
        defender_critical_roll=roll_of("critical_on_attacker"),
    )
    if result.get("method") == "d20":
        panel.values["d20"] = ", ".join(map(str, result["d20s"]))
    return panel
