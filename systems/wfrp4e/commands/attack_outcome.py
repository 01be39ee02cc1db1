"""An attack's request and outcome as typed values (seed 002 "Attack", "Criticals and Fumbles"; seed 000 "Tests").

attack.resolve() takes an AttackRequest and gives an AttackOutcome; record() applies it, attack_odds counts its odds
and the players' phones read it. Only at the edge does it become words (`message`, the log line) and JSON
(`as_json()`, the logged result the API and the GM's preview show), in the shape the log has always kept.
"""

from dataclasses import asdict, dataclass, field, fields

from combat.words import counted
from systems.wfrp4e.commands import group_advantage
from systems.wfrp4e.sheet import LOCATION_LABELS, SheetWeapon


@dataclass(frozen=True)
class AttackRequest:
    """What the GM's form, the API or a player's declared attack asks for: the attack's arguments as cleaned.
    Rolls left None are rolled."""

    attacker: object
    target: object
    weapon: str
    defence: str = ""
    attack_modifier: int | None = None
    defence_modifier: int | None = None
    attacker_roll: int | None = None
    defender_roll: int | None = None
    fumble_roll: int | None = None
    defender_fumble_roll: int | None = None
    critical_roll: int | None = None
    defender_critical_roll: int | None = None
    momentum: int | None = None
    d20: tuple = ()  # the house rules' D20s thrown
    situations: tuple = ()  # the house rules' Advantage/Disadvantage rows the GM ticked
    fortune_reroll: bool = False
    fortune_sl: int | None = None
    free_attack: str = ""
    special: str = ""
    wounds_override: int | None = None
    unseen_attacker: bool = False
    blast_targets: tuple = ()
    in_fighting: bool = False

    @classmethod
    def of(cls, cleaned):
        """The request from the attack command's cleaned arguments (others, such as ask_players, left aside)."""
        known = {f.name for f in fields(cls)}
        values = {key: value for key, value in cleaned.items() if key in known}
        for name in ("d20", "situations", "blast_targets"):
            values[name] = tuple(values.get(name) or ())
        for name in ("defence", "free_attack", "special"):
            values[name] = values.get(name) or ""
        return cls(**values)


@dataclass(frozen=True)
class Critical:
    """A critical wound: the location struck, the d100 on its table and the admin's row (name None while the row
    is not entered, the text then saying which table to roll on)."""

    location: str
    roll: int
    name: str | None
    text: str
    wounds: int
    conditions: tuple = ()  # ((condition name, count), ...) the row gives
    duration: int | None = None  # rounds those conditions last; None: until the GM removes them


@dataclass(frozen=True)
class AllyHit:
    """The fumble table's 91-00 blow on an ally; damage None when the tracker does not know the weapon."""

    damage: int | None
    sl: int
    location: str


@dataclass(frozen=True)
class FumbleRoll:
    """A fumble: the d100 on the fumble table, its row, its lasting effect and, by row, the blow on an ally or the
    Damage the weapon loses for the fight."""

    roll: int
    name: str
    text: str
    wounds: int
    effect: str | None
    ally_hit: AllyHit | None = None
    weapon_damage: int = 0


@dataclass(frozen=True)
class Misfire:
    damage: int
    wounds: int


@dataclass(frozen=True)
class BlastHit:
    combatant: int
    name: str
    wounds: int


@dataclass(frozen=True)
class Gain:
    """Advantage to a side's pool, or (side None) 1 Momentum to the attacker."""

    side: str | None
    reason: str
    amount: int


@dataclass(frozen=True)
class Met:
    """What the attack met, from which its odds before the roll are counted (attack_odds.py)."""

    weapon_damage: int
    properties: tuple
    armour: dict
    charging: bool


@dataclass(frozen=True)
class D20Test:
    """The house rules' D20 test the attack was (seed 000 "Tests"): who rolled, the bonuses, the dice and the
    Fortune spent on them."""

    roller: str
    asb: int
    dsb: int
    d20s: tuple
    d20: int
    dice_mode: str
    situations: tuple
    fortune_spent: int
    fortune_reroll: bool
    fortune_sl: int
    player_sl: int
    opposed_sl: int
    natural: str | None


# Kept out of the logged result unless they happened.
OPTIONAL = ("critical", "critical_on_attacker", "fumble", "misfire", "defender_fumble")


@dataclass
class AttackOutcome:
    """What an attack does, worked out from the sheets, the tables and the dice before anything changes: the
    preview shows it, and applying the attack records exactly it."""

    attacker: object
    target: object
    weapon: SheetWeapon
    attack_target: int
    defence: str | None
    defence_target: int | None
    attacker_roll: int
    defender_roll: int | None
    attacker_sl: int
    defender_sl: int | None
    hit: bool
    location: str | None
    damage: int
    toughness_bonus: int
    armour: int | None  # the armour points where the hit landed
    wounds: int  # what the hit itself inflicts
    momentum_spent: int
    additional_effort: int
    charge_bonus: int
    defend_bonus: int
    fumble_penalty: int
    met: Met
    d20: D20Test | None  # None: as written, both roll a d100
    target_wounds: int = 0  # all the target takes: the hit, a critical, a defender's fumble, or the GM's figure
    attacker_wounds: int = 0
    critical: Critical | None = None
    critical_on_attacker: Critical | None = None
    fumble: FumbleRoll | None = None
    defender_fumble: FumbleRoll | None = None
    misfire: Misfire | None = None
    blast: list = field(default_factory=list)  # [BlastHit]
    gains: list = field(default_factory=list)  # [Gain]
    notes: list = field(default_factory=list)  # the log's words for what else happened
    special: str = ""
    special_effect: object = None  # weapon_properties.SpecialEffect
    free_attack: str = ""
    surprise_ends: object = None  # the target's Surprised condition, which this attack ends
    fortune_from: object = None  # whose character pays the Fortune the D20 test spent
    book_rules: list = field(default_factory=list)  # what the book's properties, length and In-fighting did

    @property
    def method(self):
        return "d20" if self.d20 else "d100"

    @property
    def fortune_spent(self):
        return self.d20.fortune_spent if self.d20 else 0

    def as_json(self):
        """The logged result: every roll used, what was hit, the wounds on each side, the gains."""
        result = {
            "attacker": self.attacker.pk,
            "target": self.target.pk,
            "weapon": self.weapon.name,
            "attack_target": self.attack_target,
            "defence": self.defence,
            "defence_target": self.defence_target,
            "attacker_roll": self.attacker_roll,
            "defender_roll": self.defender_roll,
            "attacker_sl": self.attacker_sl,
            "defender_sl": self.defender_sl,
            "hit": self.hit,
            "location": self.location,
            "location_label": LOCATION_LABELS[self.location] if self.hit else None,
            "damage": self.damage,
            "toughness_bonus": self.toughness_bonus,
            "armour": self.armour,
            "wounds": self.wounds,
            "momentum_spent": self.momentum_spent,
            "additional_effort": self.additional_effort,
            "charge_bonus": self.charge_bonus,
            "defend_bonus": self.defend_bonus,
            "fumble_penalty": self.fumble_penalty,
            "gains": [asdict(gain) for gain in self.gains],
            "met": {**asdict(self.met), "properties": list(self.met.properties)},
            "method": self.method,
        }
        if self.d20:
            result.update(asdict(self.d20), d20s=list(self.d20.d20s), situations=list(self.d20.situations))
        for name in OPTIONAL:
            value = getattr(self, name)
            if value is not None:
                result[name] = without_empty(asdict(value))
        if self.book_rules:
            result["book_rules"] = list(self.book_rules)
        result.update(
            target_wounds=self.target_wounds,
            attacker_wounds=self.attacker_wounds,
            blast=[asdict(hit) for hit in self.blast],
        )
        return result

    @property
    def message(self):
        """The log line: who attacked whom with what, the rolls, the verdict, what else happened and the gains."""
        attacker, test = self.attacker, self.d20
        rolls = f"{self.attacker_roll} vs {self.attack_target} ({self.attacker_sl:+d} SL)"
        if test:
            mode = "" if test.dice_mode == "single" else f", {test.dice_mode} of {'/'.join(map(str, test.d20s))}"
            rolls = (
                f"D20 {test.d20} ({test.roller} rolls{mode}), ASB {test.asb} vs {self.defence} DSB {test.dsb}: "
                f"OSL {test.opposed_sl:+d}, D100 {self.attacker_roll}"
            )
        elif self.defence:
            rolls += f" against {self.defence} {self.defender_roll} vs {self.defence_target} ({self.defender_sl:+d} SL)"
        if self.hit:
            where = LOCATION_LABELS[self.location].lower()
            verdict = f"hits the {where} for {self.damage} damage, {counted(self.target_wounds, 'wound')}"
        else:
            verdict = "misses"
        gains = "".join(
            f" {attacker.name} +1 Momentum{' (Charge)' if g.reason == 'charge' else ''}."
            if g.side is None
            else f" {group_advantage.SIDE_LABEL[g.side]} +{g.amount} Advantage ({g.reason.title()})."
            for g in self.gains
        )
        extra = "".join(f" {note.rstrip('.')}." for note in self.notes)  # table texts may end with a full stop
        return f"{attacker.name} attacks {self.target.name} with {self.weapon.name}: {rolls}; {verdict}.{extra}{gains}"


def without_empty(values):
    """A critical's or fumble's JSON without the parts this one has not: no blow on an ally, no Damage lost, no
    conditions given."""
    return {key: value for key, value in values.items() if key not in MAY_BE_EMPTY or value}


MAY_BE_EMPTY = ("ally_hit", "weapon_damage", "conditions", "duration")
