"""A stateful test of undo: random valid commands on a WFRP 4e encounter, then undo them all, field for field.

Each example starts from a fresh encounter inside a savepoint (rolled back at teardown). Every command is run by
name; a refused one must leave everything as it was and log nothing, an applied one bumps the version by exactly 1.
At teardown every command is undone, newest first, and each undo must bring back exactly the state seen before
that command: the encounter, every combatant and condition, and the characters' rows.
"""

import sys
from dataclasses import dataclass

import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RULE_MARKER,
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from characters.models import Character
from combat import commands
from combat.commands import CommandError, offered_to
from combat.models import Combatant, ConditionInstance, Encounter, LogEntry
from rules.engine.dice import Dice
from rules.engine.wfrp4e_house import SITUATIONS
from rules.house_rules import toggle_keys
from rules.models import ConditionDefinition
from systems.wfrp4e.models import AdvantageSpend
from tests.factories import CharacterFactory, EncounterFactory, equip, give_points
from tests.wfrp4e.conftest import ORC, equip_anders

WFRP4E_COMMANDS = offered_to("wfrp4e")  # the commands a WFRP 4e encounter may run

pytestmark = pytest.mark.django_db

GUNTHER = {"WS": 38, "BS": 40, "S": 33, "T": 36, "I": 41, "Ag": 36, "Dex": 30, "Int": 44, "WP": 40, "Fel": 31}
D100 = st.integers(1, 100)
D20 = st.integers(1, 20)
SETTINGS = settings(
    max_examples=30,
    stateful_step_count=25,
    deadline=None,
    # The slow part is the database, not drawing the data.
    suppress_health_check=[HealthCheck.too_slow],
)


def choices(command, field):
    """The values a command's argument takes, read from its form so the test follows the command."""
    return [key for key, _ in WFRP4E_COMMANDS[command].args.base_fields[field].choices if key]


@dataclass
class World:
    """A campaign shared by every example: a GM, two players with full sheets, an orc NPC with a sheet."""

    gm: object
    players: list
    campaign: object
    anders: Character
    gunther: Character
    orc: Character
    conditions: dict  # definition id: name
    spends: list
    toggles: list
    weapons: dict  # character id: the names of the weapons they carry, Unarmed too

    def condition_names(self):
        return sorted(self.conditions.values())

    def new_encounter(self, house_rules):
        """Planning, nothing logged: the goblin hidden, two NPCs without sheets, Gunther ambushed, conditions that
        call for tests (under the house rules) from the first turn on, and a timer that runs out."""
        encounter = EncounterFactory(campaign=self.campaign, name="Machine", house_rules=house_rules)
        cast = [
            dict(name="Sneaky Goblin", initiative=50, max_wounds=8, wounds=8, hidden=True),
            dict(character=self.gunther, name="Gunther", side="ally", initiative=41, max_wounds=11, wounds=11),
            dict(character=self.anders, name="Anders", side="ally", initiative=35, max_wounds=14, wounds=14),
            dict(character=self.orc, name="Orc Boy", initiative=25, max_wounds=12, wounds=9),
            dict(name="Orc Grukk", initiative=25, max_wounds=12, wounds=12),
        ]
        combatants = [Combatant.objects.create(encounter=encounter, position=i, **c) for i, c in enumerate(cast)]
        goblin, gunther, anders, orc, _ = combatants
        definitions = {name: pk for pk, name in self.conditions.items()}
        for combatant, name, count, remaining in [
            (goblin, "Bleeding", 1, None),
            (gunther, "Surprised", 1, 1),
            (orc, "Bleeding", 2, None),
            (anders, "Blinded", 1, 2),
        ]:
            ConditionInstance.objects.create(
                combatant=combatant, definition_id=definitions[name], count=count, remaining=remaining
            )
        return encounter


@pytest.fixture
def world(table):
    equip_anders(table.anders.character)
    equip(
        table.gunther.character,
        GUNTHER,
        {"Melee (Fencing)": 10, "Dodge": 10, "Language (Magick)": 15, "Ranged (Bow)": 5, "Cool": 5},
        ("Rapier", "Halberd", "Longbow"),
        ("Leather Jack", "Open Helm"),
    )
    orc = CharacterFactory(campaign=table.campaign, name="Orc Boy", is_npc=True, max_wounds=12, traits={"Champion": 1})
    equip(orc, ORC, {"Melee (Basic)": 10, "Dodge": 5}, ("Hand Weapon", "Shield", "Great Weapon"), ("Leather Jack",))
    give_points(table.anders.character_id, fortune=2, resolve=1)
    give_points(table.gunther.character_id, fortune=1, resolve=2)
    give_points(orc.pk, fortune=1)
    return World(
        gm=table.gm,
        players=[table.anna, table.bruno],
        campaign=table.campaign,
        anders=table.anders.character,
        gunther=table.gunther.character,
        orc=orc,
        conditions=dict(ConditionDefinition.objects.filter(system="wfrp4e").values_list("pk", "name")),
        spends=list(AdvantageSpend.objects.filter(system="wfrp4e").values_list("key", flat=True)),
        toggles=toggle_keys("wfrp4e"),
        weapons={
            character.pk: [*character.weapons.values_list("name", flat=True), "Unarmed"]
            for character in (table.anders.character, table.gunther.character, orc)
        },
    )


class DrawnRolls:
    """A random source whose every roll is a hypothesis draw: a failing example shows, and shrinks, its dice."""

    def __init__(self, data):
        self.data = data

    def randint(self, low, high):
        return self.data.draw(st.integers(low, high), label=f"d{high}")


def differences(expected, actual):
    """Field by field, what `actual` has that `expected` has not, for an assertion message."""
    lines = [
        f"encounter.{field}: {expected['encounter'][field]!r} -> {actual['encounter'].get(field)!r}"
        for field in expected["encounter"]
        if expected["encounter"][field] != actual["encounter"].get(field)
    ]
    for kind in ("combatants", "conditions", "characters"):
        before = {row["id"]: row for row in expected[kind]}
        after = {row["id"]: row for row in actual[kind]}
        lines += [f"{kind} {pk} is gone" for pk in before.keys() - after.keys()]
        lines += [f"{kind} {pk} is new" for pk in after.keys() - before.keys()]
        lines += [
            f"{kind} {pk}.{field}: {row[field]!r} -> {after[pk][field]!r}"
            for pk, row in before.items()
            if pk in after
            for field in row
            if row[field] != after[pk][field]
        ]
    return "\n".join(lines)


class UndoMachine(RuleBasedStateMachine):
    world = None  # a World and the house rules of the first state: the test sets them on a subclass
    house_rules = []

    def __init__(self):
        super().__init__()
        self.savepoint = transaction.savepoint_create()
        self.encounter = self.world.new_encounter(self.house_rules)
        self.version, self.entries, self.now = self.capture()
        self.first_state = self.now
        self.history = []  # the state before each applied command, newest last: what its undo must restore
        self.lines = []  # the log line (version) of each of those commands

    def capture(self):
        encounter = Encounter.objects.filter(pk=self.encounter.pk).values().get()
        version = encounter.pop("version")
        entries = LogEntry.objects.filter(encounter_id=self.encounter.pk).count()
        return (
            version,
            entries,
            {
                "encounter": encounter,
                "combatants": list(Combatant.objects.filter(encounter_id=self.encounter.pk).order_by("pk").values()),
                "conditions": list(
                    ConditionInstance.objects.filter(combatant__encounter_id=self.encounter.pk).order_by("pk").values()
                ),
                "characters": list(Character.objects.filter(campaign=self.world.campaign).order_by("pk").values()),
            },
        )

    def run(self, name, args=None, data=None, user=None):
        """Run command `name`; True if it applied. Dice it rolls are drawn from `data`."""
        dice = Dice(DrawnRolls(data)) if data is not None else None
        try:
            commands.execute(self.encounter.pk, user or self.world.gm, name, args or {}, dice=dice)
        except CommandError:
            version, entries, now = self.capture()
            assert (version, entries) == (self.version, self.entries), f"refused {name} was logged"
            assert now == self.now, f"refused {name} changed:\n{differences(self.now, now)}"
            return False
        version, entries, now = self.capture()
        assert (version, entries) == (self.version + 1, self.entries + 1), f"{name} is not one logged version"
        if name == "undo":
            assert self.history, "undo applied with nothing to undo"
            before = self.history.pop()
            self.lines.pop()
            assert now == before, f"undo did not restore:\n{differences(before, now)}"
        elif name == "undo_to":
            kept = self.lines.index(args["version"]) + 1
            assert kept < len(self.history), "undo_to applied with nothing after its line"
            before = self.history[kept]
            del self.history[kept:], self.lines[kept:]
            assert now == before, f"undo_to did not restore:\n{differences(before, now)}"
        elif commands.lookup(name, "wfrp4e").undoable:  # undo passes over the others
            self.history.append(self.now)
            self.lines.append(version)
        self.version, self.entries, self.now = version, entries, now
        return True

    def teardown(self):
        try:
            if sys.exc_info()[1] is None:  # after a failed step that failure is the report: walking back would bury it
                while self.history:
                    assert self.run("undo")
                assert not self.run("undo"), "undo went past the start"
                assert self.now == self.first_state, differences(self.first_state, self.now)
        finally:
            transaction.savepoint_rollback(self.savepoint)

    # --- drawing arguments from the current state -------------------------------------------------------

    def combatants(self):
        return self.now["combatants"]

    def has_combatants(self):
        return bool(self.combatants())

    def ids(self, with_sheet=False):
        return [c["id"] for c in self.combatants() if c["character_id"] or not with_sheet]

    def character_of(self, pk):
        return next(c["character_id"] for c in self.combatants() if c["id"] == pk)

    def can_attack(self):
        return self.ids(with_sheet=True) and len(self.combatants()) >= 2

    def plays(self, house_rule):
        return house_rule in self.now["encounter"]["house_rules"]

    def pools(self):
        return self.now["encounter"]["pools"]

    def prompts(self):
        return self.pools().get("prompts", [])

    def surprised(self):
        return [c for c in self.now["conditions"] if self.world.conditions[c["definition_id"]] == "Surprised"]

    def draw_combatant(self, data, label="combatant", with_sheet=False):
        return data.draw(st.sampled_from(self.ids(with_sheet)), label=label)

    def draw_pair(self, data):
        """One with a sheet (to attack, test or cast with) and another combatant."""
        first = self.draw_combatant(data, "with a sheet", with_sheet=True)
        return first, data.draw(st.sampled_from([pk for pk in self.ids() if pk != first]), label="other")

    def skill(self, data, combatant, label):
        """A skill from the sheet (or a characteristic); a number for a combatant without one."""
        if not self.character_of(combatant):
            return data.draw(st.sampled_from(["25", "45"]), label=label)
        return data.draw(st.sampled_from(["S", "Endurance", "Melee (Basic)", "Dodge", "Cool"]), label=label)

    def draw_prompt(self, data):
        return data.draw(st.sampled_from([p["id"] for p in self.prompts()]), label="prompt")

    def draw_user(self, data):
        """Commands players may run too: the GM, or a player (for their own character or not)."""
        return data.draw(st.sampled_from([self.world.gm, *self.world.players]), label="user")

    def draw_condition(self, data):
        return data.draw(st.sampled_from(self.world.condition_names()), label="condition")

    def draw_optional(self, data, extras, at_most=2):
        """A few of the optional arguments, so that most commands still apply."""
        keys = data.draw(st.lists(st.sampled_from(sorted(extras)), max_size=at_most, unique=True), label="extras")
        return {key: data.draw(extras[key], label=key) for key in keys}

    # --- invariants --------------------------------------------------------------------------------------

    @invariant()
    def the_encounter_is_consistent(self):
        combatants = self.combatants()
        for c in combatants:
            assert 0 <= c["wounds"] <= c["max_wounds"], f"{c['name']} has {c['wounds']}/{c['max_wounds']} wounds"
        assert sorted(c["position"] for c in combatants) == list(range(len(combatants)))
        active = self.now["encounter"]["active_id"]
        assert active is None or active in {c["id"] for c in combatants}
        for condition in self.now["conditions"]:
            assert condition["count"] >= 1 and (condition["remaining"] is None or condition["remaining"] >= 1)

    # --- the commands, one rule each, named after it -----------------------------------------------------

    @initialize(data=st.data())
    def begin(self, data):
        """Most fights get going before the random commands (logged and undone like any other)."""
        how = data.draw(st.sampled_from(["planning", "start", "roll initiative and start"]), label="begin")
        if how == "roll initiative and start":
            self.run("roll_initiative", data=data)
        if how != "planning":
            self.run("start", data=data)

    @rule(data=st.data())
    def add_combatant(self, data):
        character = data.draw(st.sampled_from([None, self.world.anders, self.world.orc]), label="character")
        args = {"character": character.pk} if character else {"name": "Wolf", "max_wounds": 9}
        extras = {
            "side": st.sampled_from(choices("add_combatant", "side")),
            "wounds": st.integers(0, 20),
            "initiative": st.integers(-5, 60),
            "hidden": st.booleans(),
        }
        self.run("add_combatant", {**args, **self.draw_optional(data, extras, at_most=3)}, data)

    @precondition(has_combatants)
    @rule(data=st.data(), times=st.integers(1, 3))
    def remove_combatant(self, data, times):
        """Several at once, so that runs reach an encounter with nobody left."""
        for _ in range(times):
            if self.has_combatants():
                self.run("remove_combatant", {"combatant": self.draw_combatant(data)}, data)

    @precondition(has_combatants)
    @rule(data=st.data())
    def hide_combatant(self, data):
        self.run("hide_combatant", {"combatant": self.draw_combatant(data)}, data)

    @precondition(has_combatants)
    @rule(data=st.data())
    def reveal_combatant(self, data):
        self.run("reveal_combatant", {"combatant": self.draw_combatant(data)}, data)

    @precondition(has_combatants)
    @rule(data=st.data())
    def set_known_as(self, data):
        """Refused for a player character, who is always known fully."""
        degrees = {key: st.sampled_from(choices("set_known_as", key)) for key in ("known_as", "wounds_shown")}
        args = {key: data.draw(values, label=key) for key, values in degrees.items()}
        self.run("set_known_as", {"combatant": self.draw_combatant(data), "kind": "wolf", **args}, data)

    @precondition(has_combatants)
    @rule(data=st.data(), value=st.integers(-10, 60))
    def set_initiative(self, data, value):
        self.run("set_initiative", {"combatant": self.draw_combatant(data), "value": value}, data)

    @rule(data=st.data())
    def roll_initiative(self, data):
        self.run("roll_initiative", data=data)

    @precondition(has_combatants)
    @rule(data=st.data(), position=st.integers(0, 7))
    def move_combatant(self, data, position):
        self.run("move_combatant", {"combatant": self.draw_combatant(data), "position": position}, data)

    @rule(data=st.data())
    def delay(self, data):
        self.run("delay", data=data)

    @rule(data=st.data())
    def start(self, data):
        self.run("start", data=data)

    @rule(data=st.data(), turns=st.integers(1, 5))
    def next_turn(self, data, turns):
        for _ in range(turns):
            self.run("next_turn", data=data)

    @precondition(lambda self: self.now["encounter"]["status"] == "active" and self.has_combatants())
    @rule(data=st.data())
    def finish_the_round(self, data):
        """next_turn until a new round begins: round ends are where conditions tick, tests open and Group
        Advantage waits for the GM, and a single rule among thirty reaches them too rarely."""
        round_ = self.now["encounter"]["round"]
        for _ in range(len(self.combatants())):
            if not self.run("next_turn", data=data) or self.now["encounter"]["round"] != round_:
                break

    @rule(data=st.data(), part=st.sampled_from(choices("mark_turn", "part")), used=st.booleans())
    def mark_turn(self, data, part, used):
        self.run("mark_turn", {"part": part, "used": used}, data)

    @rule(data=st.data(), skill=st.sampled_from(["Melee (Basic)", "Dodge", "WS", "Ag", "Charm"]))
    def defend(self, data, skill):
        self.run("defend", {"skill": skill}, data)

    @rule(data=st.data())
    def end_encounter(self, data):
        self.run("end_encounter", data=data)

    @precondition(has_combatants)
    @rule(data=st.data(), amount=st.integers(0, 20))
    def apply_damage(self, data, amount):
        self.run("apply_damage", {"combatant": self.draw_combatant(data), "amount": amount}, data)

    @precondition(has_combatants)
    @rule(data=st.data(), amount=st.integers(0, 20))
    def heal(self, data, amount):
        self.run("heal", {"combatant": self.draw_combatant(data), "amount": amount}, data)

    @precondition(has_combatants)
    @rule(data=st.data())
    def add_condition(self, data):
        args = {"combatant": self.draw_combatant(data), "condition": self.draw_condition(data)}
        extras = {"count": st.integers(1, 3), "remaining": st.integers(1, 3)}
        self.run("add_condition", {**args, **self.draw_optional(data, extras)}, data)

    @precondition(lambda self: self.now["conditions"])
    @rule(data=st.data())
    def remove_condition(self, data):
        condition = data.draw(st.sampled_from(self.now["conditions"]), label="condition")
        args = {"combatant": condition["combatant_id"], "condition": self.world.conditions[condition["definition_id"]]}
        self.run("remove_condition", {**args, **self.draw_optional(data, {"count": st.integers(1, 3)})}, data)

    @precondition(has_combatants)
    @rule(data=st.data())
    def surprise(self, data):
        self.run("surprise", {"combatant": self.draw_combatant(data)}, data)

    @precondition(lambda self: self.ids(with_sheet=True))
    @rule(data=st.data(), fortune=st.integers(0, 4), resolve=st.integers(0, 4))
    def set_points(self, data, fortune, resolve):
        args = {"combatant": self.draw_combatant(data, with_sheet=True), "fortune": fortune, "resolve": resolve}
        self.run("set_points", args, data)

    @precondition(surprised)
    @rule(data=st.data())
    def use_resolve(self, data):
        surprised = data.draw(st.sampled_from(self.surprised()), label="surprised")
        self.run("use_resolve", {"combatant": surprised["combatant_id"]}, data, self.draw_user(data))

    @precondition(lambda self: self.has_combatants() and self.plays("fortune_points"))
    @rule(data=st.data(), position=st.integers(0, 5))
    def choose_when_to_act(self, data, position):
        args = {"combatant": self.draw_combatant(data), "position": position}
        self.run("choose_when_to_act", args, data, self.draw_user(data))

    @precondition(lambda self: not self.plays("momentum"))
    @rule(data=st.data(), side=st.sampled_from(choices("gain_advantage", "side")))
    def gain_advantage(self, data, side):
        args = {"side": side, "reason": data.draw(st.sampled_from(choices("gain_advantage", "reason")), label="reason")}
        extras = {"sl": st.integers(-3, 8), "nemesis": st.booleans()}
        self.run("gain_advantage", {**args, **self.draw_optional(data, extras)}, data)

    @precondition(
        lambda self: not self.plays("momentum") and (self.pools().get("ally") or self.pools().get("adversary"))
    )
    @rule(data=st.data())
    def spend_advantage(self, data):
        side = data.draw(st.sampled_from([side for side in ("ally", "adversary") if self.pools().get(side)]), "side")
        args = {"side": side, "spend": data.draw(st.sampled_from(self.world.spends), label="spend")}
        self.run("spend_advantage", {**args, **self.draw_optional(data, {"amount": st.integers(1, 5)})}, data)

    @precondition(lambda self: self.can_attack() and not self.plays("momentum"))
    @rule(data=st.data(), spend=st.sampled_from(choices("batter_or_trick", "spend")))
    def batter_or_trick(self, data, spend):
        initiator, opponent = self.draw_pair(data)
        args = {"spend": spend, "initiator": initiator, "opponent": opponent}
        extras = {
            "condition": st.sampled_from(choices("batter_or_trick", "condition")),
            "initiator_roll": D100,
            "opponent_roll": D100,
            "d20": D20,
        }
        self.run("batter_or_trick", {**args, **self.draw_optional(data, extras)}, data)

    @precondition(lambda self: "round_end_pending" in self.pools())
    @rule(data=st.data(), dominant=st.sampled_from(choices("resolve_round_advantage", "dominant")))
    def resolve_round_advantage(self, data, dominant):
        self.run("resolve_round_advantage", {"dominant": dominant}, data)

    @precondition(lambda self: self.has_combatants() and self.plays("momentum"))
    @rule(data=st.data(), reason=st.sampled_from(choices("gain_momentum", "reason")))
    def gain_momentum(self, data, reason):
        self.run("gain_momentum", {"combatant": self.draw_combatant(data), "reason": reason}, data)

    @precondition(lambda self: self.has_combatants() and self.plays("momentum"))
    @rule(data=st.data(), use=st.sampled_from(choices("spend_momentum", "use")))
    def spend_momentum(self, data, use):
        args = {"combatant": self.draw_combatant(data), "use": use}
        if use == "attack":
            args.update(self.draw_optional(data, {"amount": st.integers(1, 3)}, at_most=1))
        elif use == "disengage":
            engaged = st.lists(st.sampled_from(self.ids()), max_size=2, unique=True)
            args["engaged"] = data.draw(engaged, label="engaged")
        else:
            args["talent"] = data.draw(st.sampled_from(choices("spend_momentum", "talent")), label="talent")
        self.run("spend_momentum", args, data)

    @precondition(can_attack)
    @rule(data=st.data(), attacker_roll=D100, defender_roll=D100)
    def attack(self, data, attacker_roll, defender_roll):
        attacker, target = self.draw_pair(data)
        weapons = self.world.weapons[self.character_of(attacker)]
        args = {
            "attacker": attacker,
            "target": target,
            "weapon": data.draw(st.sampled_from(weapons), label="weapon"),
            "defence": data.draw(st.sampled_from(["", "Melee (Basic)", "Dodge", "WS", "Ag"]), label="defence"),
            "attacker_roll": attacker_roll,
            "defender_roll": defender_roll,
        }
        extras = {
            "attack_modifier": st.integers(-30, 30),
            "defence_modifier": st.integers(-30, 30),
            "fumble_roll": D100,
            "defender_fumble_roll": D100,
            "critical_roll": D100,
            "momentum": st.integers(1, 3),
            "d20": st.lists(D20, min_size=1, max_size=3),
            "situations": st.lists(st.sampled_from(sorted(SITUATIONS)), min_size=1, max_size=2, unique=True),
            "fortune_reroll": st.booleans(),
            "fortune_sl": st.integers(1, 2),
            "free_attack": st.sampled_from(choices("attack", "free_attack")),
            "special": st.sampled_from(choices("attack", "special")),
            "wounds_override": st.integers(0, 20),
            "unseen_attacker": st.booleans(),
            "ask_players": st.booleans(),
        }
        self.run("attack", {**args, **self.draw_optional(data, extras)}, data)

    @precondition(can_attack)
    @rule(data=st.data(), action=st.sampled_from(choices("declare", "action")))
    def declare(self, data, action):
        """A player declares for their character (or not theirs, or out of turn: refused), or the GM for anyone."""
        combatant, target = self.draw_pair(data)
        args = {"combatant": combatant, "action": action, "target": target}
        extras = {
            "weapon": st.sampled_from(self.world.weapons[self.character_of(combatant)]),
            "skill": st.sampled_from(["Perception", "Dodge", "Melee (Basic)", "Cool"]),
            "cn": st.integers(0, 6),
            "momentum": st.integers(1, 2),
            "fortune_reroll": st.booleans(),
            "spend": st.sampled_from(self.world.spends),
        }
        self.run("declare", {**args, **self.draw_optional(data, extras, at_most=3)}, data, self.draw_user(data))

    @precondition(lambda self: self.prompts())
    @rule(data=st.data())
    def answer_declared(self, data):
        args = {"prompt": self.draw_prompt(data)}
        extras = {
            "d100": D100,
            "d20": st.lists(D20, min_size=1, max_size=3),
            "location": D100,
            "defence": st.sampled_from(["Dodge", "Melee (Basic)", "dodge", "melee", "WS"]),
            "roll_for_me": st.booleans(),
        }
        self.run("answer_declared", {**args, **self.draw_optional(data, extras, at_most=3)}, data, self.draw_user(data))

    @precondition(lambda self: self.prompts())
    @rule(data=st.data())
    def cancel_declared(self, data):
        self.run("cancel_declared", {"prompt": self.draw_prompt(data)}, data, self.draw_user(data))

    @precondition(lambda self: self.prompts())
    @rule(data=st.data(), attack_modifier=st.integers(-30, 30))
    def change_declared(self, data, attack_modifier):
        self.run("change_declared", {"prompt": self.draw_prompt(data), "attack_modifier": attack_modifier}, data)

    @precondition(has_combatants)
    @rule(data=st.data(), hidden=st.booleans())
    def hide_odds(self, data, hidden):
        self.run("hide_odds", {"combatant": self.draw_combatant(data), "hidden": hidden}, data)

    @precondition(lambda self: self.ids(with_sheet=True))
    @rule(data=st.data(), roll=D100)
    def assess(self, data, roll):
        combatant = self.draw_combatant(data, with_sheet=True)
        skill = data.draw(st.sampled_from(["Perception", "Intuition", "Leadership"]), label="skill")
        self.run("assess", {"combatant": combatant, "skill": skill, "roll": roll}, data)

    @precondition(lambda self: self.ids(with_sheet=True))
    @rule(data=st.data(), roll=D100)
    def reload(self, data, roll):
        combatant = data.draw(st.sampled_from(self.ids(with_sheet=True)), label="combatant")
        weapon = data.draw(st.sampled_from(["Pistol", "Longbow", "Rapier"]), label="weapon")
        self.run("reload", {"combatant": combatant, "weapon": weapon, "roll": roll}, data)

    @precondition(lambda self: self.ids(with_sheet=True))
    @rule(data=st.data())
    def restore_weapon(self, data):
        """Refused unless a Misfire destroyed the weapon."""
        combatant = data.draw(st.sampled_from(self.ids(with_sheet=True)), label="combatant")
        weapon = data.draw(st.sampled_from(["Pistol", "Longbow", "Rapier"]), label="weapon")
        self.run("restore_weapon", {"combatant": combatant, "weapon": weapon}, data)

    @precondition(lambda self: self.can_attack() and self.plays("tests"))
    @rule(data=st.data())
    def opposed_test(self, data):
        initiator, opponent = self.draw_pair(data)
        args = {
            "initiator": initiator,
            "opponent": opponent,
            "initiator_skill": self.skill(data, initiator, "initiator_skill"),
            "opponent_skill": self.skill(data, opponent, "opponent_skill"),
            "d20": data.draw(D20, label="d20"),
        }
        extras = {
            "on_win": st.sampled_from(self.world.condition_names()),
            "frees_from": st.sampled_from(self.world.condition_names()),
            "modifier_sl": st.integers(-3, 3),
            "purpose": st.just("Strike to Stun"),
        }
        self.run("opposed_test", {**args, **self.draw_optional(data, extras)}, data)

    @precondition(lambda self: self.ids(with_sheet=True) and self.plays("tests") and self.plays("spells"))
    @rule(data=st.data(), cn=st.integers(0, 10), casting_roll=D100)
    def cast_spell(self, data, cn, casting_roll):
        caster = self.draw_combatant(data, "caster", with_sheet=True)
        targets = data.draw(st.lists(st.sampled_from(self.ids()), min_size=1, max_size=3, unique=True), label="targets")
        args = {"caster": caster, "cn": cn, "casting_roll": casting_roll, "targets": targets}
        if data.draw(st.booleans(), label="typed dice"):
            args["d20"] = data.draw(st.lists(D20, min_size=len(targets), max_size=len(targets)), label="d20")
            args["d100"] = data.draw(st.lists(D100, min_size=len(targets), max_size=len(targets)), label="d100")
        extras = {
            "counterspeller": st.sampled_from(self.ids(with_sheet=True)),
            "counter_roll": D100,
            "magic_missile": st.booleans(),
            "damage": st.integers(0, 12),
            "willing": st.lists(st.sampled_from(targets), max_size=1),
            "magic_resistance": st.lists(st.sampled_from(targets), max_size=1),
            "overcast": st.just(["range"]),
        }
        self.run("cast_spell", {**args, **self.draw_optional(data, extras, at_most=3)}, data)

    @precondition(lambda self: self.prompts())
    @rule(data=st.data())
    def resolve_test(self, data):
        args = {"prompt": self.draw_prompt(data)}
        extras = {"roll": D100, "target": st.integers(0, 80)}
        self.run("resolve_test", {**args, **self.draw_optional(data, extras)}, data, self.draw_user(data))

    @precondition(lambda self: self.prompts())
    @rule(data=st.data())
    def resolve_fumble(self, data):
        args = {"prompt": self.draw_prompt(data)}
        extras = {"damage": st.integers(0, 20)}
        if self.ids():  # a prompt may outlive everyone who could be named as the ally hit
            extras["ally"] = st.sampled_from(self.ids())
        self.run("resolve_fumble", {**args, **self.draw_optional(data, extras)}, data)

    @precondition(lambda self: self.prompts())
    @rule(data=st.data())
    def dismiss_test(self, data):
        self.run("dismiss_test", {"prompt": self.draw_prompt(data)}, data)

    @precondition(lambda self: self.prompts() and self.ids())  # a prompt may outlive everyone it could name
    @rule(data=st.data())
    def dismiss_prompts(self, data):
        self.run("dismiss_prompts", {"combatant": self.draw_combatant(data)}, data)

    @rule(data=st.data())
    def set_house_rules(self, data):
        some = st.lists(st.sampled_from(self.world.toggles), max_size=4, unique=True)
        rules = data.draw(st.one_of(st.just([]), st.just(["all"]), some), label="rules")
        self.run("set_house_rules", {"rules": rules}, data)

    @rule()
    def show_rules_changes(self):
        self.run("show_rules_changes", {"changed": "weapon Hand Weapon"})

    @rule()
    def undo(self):
        self.run("undo")

    @precondition(lambda self: self.lines)
    @rule(data=st.data())
    def undo_to(self, data):
        self.run("undo_to", {"version": data.draw(st.sampled_from(self.lines), label="line")})

    @precondition(has_combatants)
    @rule(data=st.data(), action=st.sampled_from(choices("act_on_several", "action")), amount=st.integers(0, 20))
    def act_on_several(self, data, action, amount):
        targets = data.draw(st.lists(st.sampled_from(self.ids()), min_size=1, max_size=3, unique=True), label="targets")
        condition = self.draw_condition(data) if "condition" in action else None
        args = {"action": action, "combatants": targets, "amount": amount, "condition": condition}
        self.run("act_on_several", {key: value for key, value in args.items() if value is not None}, data)


@pytest.mark.parametrize("house_rules", ["as written", "all house rules"])
def test_any_run_of_commands_undoes_back_to_the_start(world, house_rules):
    rules = world.toggles if house_rules == "all house rules" else []
    machine = type("UndoMachine", (UndoMachine,), {"world": world, "house_rules": rules})
    run_state_machine_as_test(machine, settings=SETTINGS)


def test_the_machine_has_a_rule_for_every_command():
    missing = [name for name in WFRP4E_COMMANDS if not hasattr(getattr(UndoMachine, name, None), RULE_MARKER)]
    assert not missing


def everyone_removed_from_a_started_fight(table):
    commands.execute(table.encounter, table.gm, "start")
    for combatant in (table.anders, table.gunther, table.orc, table.hidden_goblin):
        commands.execute(table.encounter, table.gm, "remove_combatant", {"combatant": combatant.pk})


def test_next_turn_with_nobody_left_is_refused(table):
    everyone_removed_from_a_started_fight(table)
    with pytest.raises(CommandError):
        commands.execute(table.encounter, table.gm, "next_turn")


def test_delay_after_everyone_left_and_two_joined(table):
    """The first to join an emptied fight takes the turn, so delaying hands it on instead of failing."""
    everyone_removed_from_a_started_fight(table)
    with pytest.raises(CommandError, match="nobody to wait for|has not started"):
        commands.execute(table.encounter, table.gm, "delay")
    for name in ("Wolf", "Bear"):
        commands.execute(table.encounter, table.gm, "add_combatant", {"name": name, "max_wounds": 9})
    outcome = commands.execute(table.encounter, table.gm, "delay")
    assert outcome.message == "Wolf delays; Bear acts first."
