"""The GM's attack form: who attacks whom with what, the odds before rolling, the rolls, and the previewed result
before applying it."""

from dataclasses import dataclass, field

from combat.commands.fields import YesNoField
from combat.commands.spine import CommandError, Context, cleaned_with
from combat.permissions import GM
from rules.engine import wfrp4e_house
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import (
    KEY,
    attack,
    attack_odds,
    d20_attack,
    weapon_properties,
)
from systems.wfrp4e.commands.attack_outcome import AttackRequest
from systems.wfrp4e.sheet import usual_defence

ROLL_FIELDS = [
    "attacker_roll", "defender_roll", "fumble_roll", "defender_fumble_roll", "critical_roll", "defender_critical_roll",
]  # fmt: skip
FIELDS = [
    "attacker", "target", "weapon", "defence", "attack_modifier", "defence_modifier", "momentum", "d20",
    "fortune_reroll", "fortune_sl", "free_attack", "special", "unseen_attacker", "allow_anyway", "ask_players",
    "in_fighting", *ROLL_FIELDS,
]  # fmt: skip
LIST_FIELDS = ["situations", "blast_targets"]
# What the odds before rolling depend on: not the rolls, nor whether the players roll them.
ODDS_FIELDS = [
    "attacker", "target", "weapon", "defence", "attack_modifier", "defence_modifier", "momentum", "fortune_reroll",
    "fortune_sl", "free_attack", "special", "unseen_attacker", "in_fighting",
]  # fmt: skip
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
    situations_rule: bool = False  # with "Tests", the house rules' "Advantage and Disadvantage": the ticks offered
    defenceless_rule: bool = (
        False  # with "Tests", the house rules' "Defenceless": the GM may say the target is blind to the attacker
    )
    known_situations: set = field(default_factory=set)  # from conditions: counted whatever the GM ticks
    specials: list = field(default_factory=list)  # what this encounter's rules let a weapon do its special way
    blast_candidates: list = field(default_factory=list)  # with a Blast weapon: who else the hit may catch
    odds: object = None  # AttackOdds of the attack as the form stands, before anyone rolls
    asks_players: bool = False  # the form offers to have the players roll on their phones
    rollers: list = field(default_factory=list)  # the player characters who roll on their phones: no preview then
    ranged: bool = False  # the weapon chosen shoots: no In-fighting offered
    in_fighting_house_rule: bool = False  # seed 000 "Weapon Length and In-fighting": only with an In-fighter
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
        situations_rule=d20_attack.weighs_situations(view.encounter),
        defenceless_rule=d20_attack.uses_d20(view.encounter) and view.encounter.plays(toggles.DEFENCELESS),
        specials=weapon_properties.specials_for(view.encounter),
        in_fighting_house_rule=view.encounter.plays(toggles.WEAPON_LENGTH_AND_IN_FIGHTING),
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
    panel.ranged = ranged
    names = [name for name, _ in panel.defences]
    if panel.d20:
        if panel.situations_rule:
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
        values["defence"] = usual_defence(panel.defences, ranged)
    if attacker and target:
        panel.odds = odds_before_rolling(view, values, (attacker, target), sheets)
        panel.asks_players = True
        drawn_for = (data.get("drawn_attacker"), data.get("drawn_target")) == (str(attacker.pk), str(target.pk))
        # A player on either side rolls on their phone unless the GM unticked it for this very pair.
        values["ask_players"] = (
            YesNoField.WORDS.get(str(values["ask_players"]).strip().lower(), False)
            if drawn_for
            else not (attacker.is_npc and target.is_npc)
        )
        if values["ask_players"]:
            panel.rollers = [row.name for row in (attacker, target) if row.player_id is not None]
    return panel


def odds_before_rolling(view, values, fighters, sheets):
    """The attack's odds as the form stands (attack_odds.py): the attack worked out with stand-in dice on the
    screen's own read of the encounter and the fighters' sheets, so every target, bonus and situation is the one the
    attack would use and nothing is read twice; None while the form describes no attack the command would take. The
    turn's budget is not asked: the odds hold whether or not the GM allows it."""
    args = {key: values[key] for key in ODDS_FIELDS if values.get(key) not in ("", None)}
    if values["situations"]:
        args["situations"] = ",".join(values["situations"])
    conditions = [condition for held in view.data.conditions.values() for condition in held]
    context = Context(view.encounter, view.user, list(view.data.everyone), conditions, attack_odds.StandInDice(), GM)
    context.allow_anyway = True
    context.sheets.update({row.pk: sheets[row.character_id] for row in fighters if row.character_id in sheets})
    context.sheets_read.update(row.pk for row in fighters)
    try:
        outcome = attack.resolve(context, AttackRequest.of(cleaned_with(context, "attack", args)))
    except CommandError:
        return None
    return attack_odds.odds_of(view.encounter, outcome)


def side_outnumbers(rows, attacker, target):
    def standing(side):
        return sum(1 for row in rows if row.side == side and not any(c.name == "Unconscious" for c in row.conditions))

    return wfrp4e_house.outnumbers(standing(attacker.side), standing(target.side))


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
