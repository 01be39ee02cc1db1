"""Hostile input never yields a 500: every registered command, driven through the JSON API.

Each command's arguments come from its own form's fields, so a new command is covered as soon as it is
registered. Most examples make one or two arguments hostile (NaN, ±Infinity, 1e999, huge numbers, unicode digits,
nested lists, null, bools, wrong ids, stale or negative versions) and give plausible values for the rest, so that
some commands apply. A refusal (4xx) must leave everything as it was; an applied command bumps the encounter's
version by exactly one and leaves it consistent.
"""

import json
import math
from dataclasses import dataclass, field

import pytest
from django import forms
from django.db import transaction
from django.db.models import Count
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from characters.models import ApiToken, Character, CharacterSkill
from combat import commands
from combat.commands import offered_to
from combat.commands.spine import CombatantField, CombatantListField
from combat.models import Combatant, ConditionInstance, Encounter, LogEntry
from rules.engine.wfrp4e_house import SITUATIONS
from rules.models import Skill
from systems.wfrp4e.models import AdvantageSpend
from tests.factories import CharacterFactory, EncounterFactory, equip, give_points

WFRP4E_COMMANDS = offered_to("wfrp4e")  # the commands a WFRP 4e encounter may run

pytestmark = pytest.mark.django_db

EXAMPLES_PER_COMMAND = 30
ABSENT = object()  # an expected_version left out of the body


@dataclass(frozen=True)
class Raw:
    """JSON text sent as is: numbers Python's json.dumps cannot write, such as 1e999."""

    text: str


HOSTILE_VALUES = [
    math.nan, math.inf, -math.inf, Raw("1e999"), Raw("-1e999"), Raw("1" + "0" * 5000), 10**30, -(10**30), 2**63,
    -1, 0, 1.5, -0.0, True, False, None, "", " ", "²", "٣", "1²", "١٢", "Ⅻ", "abc", "1,2", "1e999", "NaN", "-",
    "\x00", "\ud800", "x" * 500, [], {}, [[1]], [None], [math.inf], ["²"], [True], [10**30], [""], {"id": [1]},
    list(range(50)),
]  # fmt: skip
HOSTILE = st.one_of(
    st.sampled_from(HOSTILE_VALUES),
    st.integers(),
    st.floats(),
    st.text(max_size=8),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
        max_leaves=5,
    ),
)
BAD_NUMBERS = [
    math.nan, math.inf, -math.inf, Raw("1e999"), Raw("-1e999"), 10**30, -(10**30), 2**63, 1.5, True, False, "²",
    "٣", "1²", "١٢", "7.0", "0x1f", "1e3", "", [5], {"value": 5},
]  # fmt: skip
BAD_TEXT = [5, 1.5, True, None, ["Dodge"], {"name": "Dodge"}, "\x00", "\ud800", "x" * 500, "²", "", " "]
BAD_YES_NO = [2, 1, 0, 1.5, math.nan, "maybe", "", [True], {"on": True}]
BAD_CHOICES = [5, True, None, ["ally"], {"side": "ally"}, "", "nope"]
BAD_NAMES = [["Dodge"], 1, True, None, {"name": 1}, "\x00", "\ud800", "x" * 200, ""]

COMBATANT_FIELDS = {"combatant", "attacker", "target", "initiator", "opponent", "caster", "counterspeller"}
COMBATANT_LIST_FIELDS = {"targets", "willing", "magic_resistance", "engaged", "blast_targets"}
CONDITIONS = ["Prone", "Bleeding", "Stunned", "Surprised", "Ablaze", "prone", "Sleepy"]
TEXT_VALUES = {
    "changed": ["weapon Sword", "", "x" * 201],  # show_rules_changes: what changed, in words
    "weapon": ["Hand Weapon", "Pistol", "Unarmed", "Halberd"],
    "defence": ["", "Melee (Basic)", "Dodge", "melee", "dodge", "spell", "Cool"],
    "condition": CONDITIONS,
    "on_win": CONDITIONS,
    "frees_from": CONDITIONS,
    "initiator_skill": ["70", "S", "Endurance", "Melee (Basic)", "-5", "Language (Magick)", 45],
    "opponent_skill": ["60", "T", "Endurance", "Dodge", "0", 30],
    "name": ["Bandit", "Wolf"],
    "purpose": ["Strike to Stun"],
}
NAME_LISTS = {
    "situations": sorted(SITUATIONS) + ["everything"],
    "overcast": ["+1 target", "+1 damage"],
    "rules": ["all", "tests", "momentum", "bleeding", "chess"],
}
DICE_LISTS = {"d20": 20, "d100": 100}


def comma_separated(items):
    return ", ".join(str(item) for item in items)


@dataclass
class World:
    gm: object
    player: object  # plays Anders in every encounter
    tokens: dict
    encounters: dict  # name: Encounter
    ids: dict  # encounter name: its combatants' ids
    elsewhere: dict  # encounter name: combatant ids of every other encounter, another campaign's included
    characters: list  # every character's id
    spends: list  # the ways to spend Advantage
    commands: dict = field(default_factory=lambda: WFRP4E_COMMANDS)  # the commands this world's system offers
    texts: dict = field(default_factory=lambda: TEXT_VALUES)  # field name: the values a GM could mean

    @classmethod
    def of(cls, gm, player, tokens, encounters, **rest):
        """The world of these encounters: their combatants' ids, the ids of every other one, every character."""
        ids = {key: list(encounter.combatants.values_list("pk", flat=True)) for key, encounter in encounters.items()}
        every_id = list(Combatant.objects.values_list("pk", flat=True))
        return cls(
            gm=gm,
            player=player,
            tokens=tokens,
            encounters=encounters,
            ids=ids,
            elsewhere={key: [pk for pk in every_id if pk not in here] for key, here in ids.items()},
            characters=list(Character.objects.values_list("pk", flat=True)),
            **{"spends": [], **rest},
        )


@pytest.fixture
def world(fight, other_table):
    """Four WFRP 4e encounters in one campaign: "house" (every house rule, running, with a test to roll, Momentum
    and a Surprised player character), "written" (rules as written, running, with Advantage pools and a round
    waiting for its Advantage), "planning" (every house rule, not started) and "emptied" (running, everyone
    removed). Every example starts from these, so the ids below hold for all of them."""
    table = fight.table
    gm, anna, anders = table.gm, table.anna, table.anders
    magick = Skill.objects.get(system="wfrp4e", name="Language (Magick)")
    CharacterSkill.objects.create(character=anders.character, skill=magick, advances=20)
    give_points(anders.character_id, fortune=2, resolve=2)

    house = table.encounter
    commands.set_house_rules(house, gm, rules=["all"])
    commands.next_turn(house, gm)
    commands.next_turn(house, gm)  # Anders acts
    commands.add_condition(house, gm, combatant=anders.pk, condition="Bleeding")
    commands.next_turn(house, gm)  # his Bleeding opens an Endurance test for him to roll
    commands.surprise(house, gm, combatant=anders.pk)
    commands.gain_momentum(house, gm, combatant=anders.pk, reason="charge")

    written = EncounterFactory(campaign=table.campaign, name="As written")
    orc = CharacterFactory(campaign=table.campaign, name="Written orc", is_npc=True, max_wounds=12)
    equip(orc, {"WS": 41, "T": 45, "Ag": 30, "I": 25}, {"Melee (Basic)": 10}, ("Hand Weapon", "Shield"), ())
    for args in ({"character": anders.character_id}, {"character": orc.pk}, {"name": "Wolf", "max_wounds": 9},
                 {"name": "Lurker", "max_wounds": 7, "hidden": True}):  # fmt: skip
        commands.add_combatant(written, gm, **args)
    commands.start(written, gm)
    commands.gain_advantage(written, gm, side="ally", reason="winning")
    commands.gain_advantage(written, gm, side="adversary", reason="assess", sl=4)
    commands.surprise(written, gm, combatant=written.combatants.get(name="Written orc").pk)
    for _ in range(4):
        commands.next_turn(written, gm)  # the round ends: its Advantage waits for the GM

    planning = EncounterFactory(campaign=table.campaign, name="Not yet", house_rules=["all"])
    commands.add_combatant(planning, gm, character=anders.character_id)
    commands.add_combatant(planning, gm, character=table.gunther.character_id)
    commands.add_combatant(planning, gm, name="Bandit", max_wounds=10, initiative=30)

    emptied = EncounterFactory(campaign=table.campaign, name="Everyone left")
    commands.add_combatant(emptied, gm, name="Deserter", max_wounds=8)
    commands.start(emptied, gm)
    commands.remove_combatant(emptied, gm, combatant=emptied.combatants.get().pk)

    return World.of(
        gm,
        anna,
        {gm: table.token(gm), anna: table.token(anna)},
        {"house": house, "written": written, "planning": planning, "emptied": emptied},
        spends=list(AdvantageSpend.objects.values_list("key", flat=True)),
    )


def everything():
    """The whole stored state of every encounter: rows, combatants, conditions, log size, characters' points."""
    return {
        "encounters": list(Encounter.objects.order_by("pk").values()),
        "combatants": list(Combatant.objects.order_by("pk").values()),
        "conditions": list(ConditionInstance.objects.order_by("pk").values()),
        "log": dict(LogEntry.objects.values_list("encounter").annotate(Count("pk"))),
        "points": list(Character.objects.order_by("pk").values("pk", "points")),
    }


def assert_consistent(encounter_pk):
    encounter = Encounter.objects.get(pk=encounter_pk)
    combatants = list(encounter.combatants.all())
    ids = {c.pk for c in combatants}
    if encounter.status == Encounter.Status.ACTIVE:
        assert encounter.round >= 1
        assert encounter.active_id in ids if combatants else encounter.active_id is None
    else:
        assert encounter.active_id is None or encounter.active_id in ids
    assert sorted(c.position for c in combatants) == list(range(len(combatants)))
    for combatant in combatants:
        assert 0 <= combatant.wounds <= combatant.max_wounds and combatant.max_wounds >= 1
    for condition in ConditionInstance.objects.filter(combatant__encounter=encounter):
        assert condition.count >= 1 and (condition.remaining is None or condition.remaining >= 1)
    assert encounter.pools.get("ally", 0) >= 0 and encounter.pools.get("adversary", 0) >= 0
    assert all(value >= 0 for value in encounter.pools.get("momentum", {}).values())  # WFRP 4e's, by combatant
    sheets = Character.objects.filter(combatants__encounter=encounter)
    assert all(c.point("fortune") >= 0 and c.point("resolve") >= 0 for c in sheets)


def api_post(url, token, body):
    return Client().post(
        url,
        body if isinstance(body, (str, bytes)) else dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )


def dumps(body):
    """JSON as a client could send it: NaN and Infinity as json.dumps writes them, Raw values verbatim."""
    raws = []

    def placeholder(value):
        raws.append(value.text)
        return f"@raw{len(raws) - 1}@"

    text = json.dumps(body, default=placeholder)
    for index, raw in enumerate(raws):
        text = text.replace(f'"@raw{index}@"', raw)
    return text


def bounds(field):
    low = field.min_value if field.min_value is not None and field.min_value > -1000 else -1000
    high = field.max_value if field.max_value is not None and field.max_value < 1000 else 1000
    return low, high


def kind_of(name, field):
    if name in COMBATANT_LIST_FIELDS or isinstance(field, CombatantListField):
        return "ids"
    if name in DICE_LISTS and not isinstance(field, forms.IntegerField):
        return "dice"
    if name in NAME_LISTS:
        return "names"
    if name in COMBATANT_FIELDS or isinstance(field, CombatantField):
        return "id"
    for kind, field_class in (("yes/no", forms.BooleanField), ("number", forms.IntegerField)):
        if isinstance(field, field_class):
            return kind
    return "choice" if isinstance(field, forms.ChoiceField) else "text"


def plausible(world, key, encounter, name, field):
    """Values a GM could mean for this field of this encounter (a few wrong ids among them)."""
    ids = st.sampled_from([*world.ids[key] * 5, *world.elsewhere[key], -1] or [0])
    kind = kind_of(name, field)
    if kind == "id":
        return ids
    if kind == "ids":
        return st.lists(ids, max_size=3)
    if kind == "dice":
        dice = st.lists(st.integers(1, DICE_LISTS[name]), max_size=3)
        return dice | dice.map(comma_separated)
    if kind == "names":
        return st.lists(st.sampled_from(NAME_LISTS[name]), max_size=2)
    if name in world.texts:
        return st.sampled_from(world.texts[name])
    if name == "character":
        return st.sampled_from(world.characters + [-1])
    if name == "prompt":
        return st.sampled_from([p["id"] for p in encounter.pools.get("prompts", [])] + [999])
    if name == "spend":
        return st.sampled_from(world.spends + ["Nothing"])
    if kind == "choice":
        return st.sampled_from([choice for choice, _ in field.choices])
    if kind == "yes/no":
        return st.booleans() | st.sampled_from(["true", ""])
    if kind == "number":
        return st.integers(*bounds(field)) | st.integers(*bounds(field)).map(str)
    return st.text(max_size=12)


def hostile(world, key, encounter, name, field):
    """Values of the wrong type or out of bounds for this kind of field, and now and then any hostile value."""
    kind = kind_of(name, field)
    if kind in ("ids", "dice", "names"):
        bad_item = st.sampled_from(BAD_NAMES if kind == "names" else BAD_NUMBERS + [0, -1, 21, 99, 101])
        item = plausible(world, key, encounter, name, field).flatmap(lambda good: st.sampled_from(good or [1]))
        items = st.lists(bad_item | item, min_size=1, max_size=3)
        typed = items | items.map(comma_separated) | st.sampled_from([True, 5, {"d20": [3]}, "3,,4"])
    elif kind in ("id", "number"):
        low, high = bounds(field)
        typed = st.sampled_from(BAD_NUMBERS + [low - 1, high + 1, str(high + 1), -1, 0, 99, 101])
    elif kind == "yes/no":
        typed = st.sampled_from(BAD_YES_NO)
    elif kind == "choice":
        typed = st.sampled_from(BAD_CHOICES)
    else:
        typed = st.sampled_from(BAD_TEXT)
    return st.sampled_from([typed, typed, typed, HOSTILE]).flatmap(lambda strategy: strategy)


def mostly(data, usual, rare, label):
    """Nine times in ten `usual`, so that hostile arguments get past the version and permission checks. The rare
    case is a middle value: Hypothesis favours the ends of a range."""
    return data.draw(rare if data.draw(st.integers(0, 9), label=f"{label} is rare") == 4 else usual, label=label)


def arguments(data, world, key, encounter, cmd):
    """Plausible values for the required fields and up to three optional ones; up to two fields hostile."""
    fields = cmd.args.base_fields
    names = sorted(fields)
    optional = [name for name in names if not fields[name].required]
    given = {name for name in names if fields[name].required}
    given |= data.draw(st.sets(st.sampled_from(optional), max_size=3)) if optional else set()
    spoilt = data.draw(st.sets(st.sampled_from(names), max_size=2)) if names else set()
    args = {}
    for name in names:
        if name in spoilt:
            args[name] = data.draw(hostile(world, key, encounter, name, fields[name]), label=name)
        elif name in given:
            args[name] = data.draw(plausible(world, key, encounter, name, fields[name]), label=name)
    unknown = st.sampled_from(["crit", "id", "", "__class__"]).map(lambda extra: {**args, extra: 1})
    return mostly(data, st.just(args), unknown | HOSTILE.filter(lambda value: not isinstance(value, dict)), "args")


def post_hostile(world, name, data):
    """One request; its status and what it changed are checked against the state before it."""
    cmd = world.commands[name]
    key = data.draw(st.sampled_from(sorted(world.encounters)), label="encounter")
    encounter = world.encounters[key]
    user = mostly(data, st.just(world.gm), st.just(world.player), "user")
    encounter.refresh_from_db()
    body = {"command": name, "args": arguments(data, world, key, encounter, cmd)}
    current = encounter.version
    bad_versions = [current - 1, current + 1, -1, "²", 1.5, True, "abc", 10**30, math.nan, [current]]
    version = mostly(data, st.sampled_from([ABSENT, current, str(current)]), st.sampled_from(bad_versions), "version")
    if version is not ABSENT:
        body["expected_version"] = version
    before = everything()
    response = api_post(f"/api/encounters/{encounter.pk}/commands/", world.tokens[user], body)
    assert response.status_code < 500
    assert response["Content-Type"] == "application/json"
    answer = response.json()
    if response.status_code >= 400:
        assert 400 <= response.status_code < 500
        assert answer["ok"] is False and isinstance(answer["error"], str) and answer["error"]
        assert everything() == before
        return False
    assert response.status_code == 200 and answer["ok"] is True
    after = everything()
    assert Encounter.objects.get(pk=encounter.pk).version == encounter.version + 1 == answer["version"]
    assert after["log"][encounter.pk] == before["log"][encounter.pk] + 1
    assert elsewhere(after, encounter.pk) == elsewhere(before, encounter.pk)
    assert_consistent(encounter.pk)
    return True


def elsewhere(state, encounter_pk):
    """The rows of the other encounters, their combatants included."""
    return (
        [row for row in state["encounters"] if row["id"] != encounter_pk],
        [row for row in state["combatants"] if row["encounter_id"] != encounter_pk],
    )


def hostile_examples(world, subtests, examples=EXAMPLES_PER_COMMAND):
    """Each command of `world.commands` meets `examples` hostile requests; {name: [whether each one applied]}."""
    applied = {}
    for name in sorted(world.commands):  # a new command is covered as soon as it is registered
        applied[name] = []

        # The same examples every run: the bar below (most commands applied) is a property of the examples drawn,
        # and with commands that apply only in a narrow state it would otherwise pass or fail by the draw.
        @settings(
            max_examples=examples,
            deadline=None,
            database=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(data=st.data())
        def attempt(data):
            with transaction.atomic():  # every example starts from the same encounters
                applied[name].append(post_hostile(world, name, data))
                transaction.set_rollback(True)

        with subtests.test(command=name):
            attempt()
    return applied


def test_every_command_answers_hostile_input_with_a_4xx_and_changes_nothing(world, subtests):
    applied = hostile_examples(world, subtests)
    # Not only refusals: most commands met plausible arguments and applied at least once.
    assert sum(any(outcomes) for outcomes in applied.values()) >= len(WFRP4E_COMMANDS) // 2, {
        name: sum(outcomes) for name, outcomes in applied.items()
    }


# --- Each reported cause of a 500, as a regression test: these fail on the code before the fix ---------------------

INF, NAN = math.inf, math.nan
VALID_ARGS = {  # arguments that apply in the `house` fixture; each case below spoils one of them
    "attack": {"attacker": "anders", "target": "orc", "weapon": "Hand Weapon", "attacker_roll": 50, "d20": [10]},
    "cast_spell": {"caster": "anders", "cn": 0, "casting_roll": 5, "targets": ["orc"], "d20": [10], "d100": [50]},
    "opposed_test": {"initiator": "anders", "opponent": "orc", "initiator_skill": "S", "opponent_skill": "T"},
    "spend_momentum": {"combatant": "anders", "use": "disengage", "engaged": ["orc"]},
    "apply_damage": {"combatant": "orc", "amount": 1},
    "add_condition": {"combatant": "orc", "condition": "Prone"},
    "add_combatant": {"name": "Bandit", "max_wounds": 10},
    "set_house_rules": {"rules": ["all"]},
}
NOT_A_D20, NOT_A_D100 = "d20: A d20 shows 1 to 20.", "d100: A d100 shows 1 to 100."
REPORTED = [
    # Infinity and NaN in number lists: OverflowError in house_rules.py's list field
    ("attack", {"d20": [INF]}, NOT_A_D20),
    ("attack", {"d20": [-INF]}, NOT_A_D20),
    ("attack", {"d20": [NAN]}, NOT_A_D20),
    ("attack", {"d20": [Raw("1e999")]}, NOT_A_D20),
    ("cast_spell", {"d20": [INF]}, NOT_A_D20),
    ("cast_spell", {"d100": [NAN]}, NOT_A_D100),
    ("cast_spell", {"targets": [INF]}, "Targets: Give whole numbers, separated by commas."),
    ("cast_spell", {"willing": [NAN]}, "Willing: Give whole numbers, separated by commas."),
    ("cast_spell", {"magic_resistance": [Raw("-1e999")]}, "Magic resistance: Give whole numbers"),
    ("spend_momentum", {"engaged": [INF]}, "Engaged: Give whole numbers, separated by commas."),
    # unicode digits: int() read "٣" as 3, and "²" passed isdigit()
    ("attack", {"d20": "٣"}, NOT_A_D20),
    ("cast_spell", {"targets": "²"}, "Targets: Give whole numbers, separated by commas."),
    ("opposed_test", {"initiator_skill": "²"}, "Anders has no ²."),
    ("opposed_test", {"opponent_skill": "-²"}, "Orc Boy has no -²."),
    ("apply_damage", {"amount": "٣"}, "Amount: Give a whole number."),
    # non-string situations in attack: TypeError, unhashable list
    ("attack", {"situations": [["outnumber"]]}, "Situations: Give names, separated by commas."),
    ("attack", {"situations": [1]}, "Situations: Give names, separated by commas."),
    ("attack", {"situations": {"outnumber": True}}, "Situations: Give names, separated by commas."),
    # overcast as a list or a bool in cast_spell
    ("cast_spell", {"overcast": [["+1 target"]]}, "Overcast: Give names, separated by commas."),
    ("cast_spell", {"overcast": True}, "Overcast: Give names, separated by commas."),
    ("cast_spell", {"overcast": False}, "Overcast: Give names, separated by commas."),
    # a d20 of 99 or a d100 of 0 reaching the engine: ValueError in wfrp4e_house.py and tables.py
    ("cast_spell", {"d20": [99]}, NOT_A_D20),
    ("cast_spell", {"d100": [0]}, NOT_A_D100),
    ("cast_spell", {"d100": [101]}, NOT_A_D100),
    ("attack", {"d20": [99]}, NOT_A_D20),
    ("attack", {"d20": "0"}, NOT_A_D20),
    ("opposed_test", {"d20": 21}, NOT_A_D20),
    # booleans are booleans, strings are strings, numbers stay within bounds
    ("attack", {"fortune_reroll": [1]}, "Fortune reroll: Give yes or no (true or false)."),
    ("cast_spell", {"magic_missile": "abc"}, "Magic missile: Give yes or no (true or false)."),
    ("attack", {"weapon": ["Hand Weapon"]}, "Weapon: Give text here, not a number or a list."),
    ("add_condition", {"condition": "\ud800"}, "Condition: That text has characters that cannot be stored."),
    ("add_combatant", {"name": "Bad\x00name"}, "Name: That text has characters that cannot be stored."),
    ("set_house_rules", {"rules": [None]}, "Rules: Give names, separated by commas."),
    ("apply_damage", {"amount": 10**30}, "Amount: Give a whole number from 0 to 10000."),
    ("apply_damage", {"combatant": 10**30}, "Combatant: That number is far out of range."),
    ("add_combatant", {"character": -(10**30)}, "Character: That number is far out of range."),
]


@pytest.fixture
def house(fight):
    """The attack tests' fight under every house rule; Anders knows Language (Magick) and has 1 Momentum."""
    magick = Skill.objects.get(system="wfrp4e", name="Language (Magick)")
    CharacterSkill.objects.create(character=fight.anders.character, skill=magick, advances=20)
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=["all"])
    commands.gain_momentum(fight.table.encounter, fight.table.gm, combatant=fight.anders.pk, reason="charge")
    return fight


@pytest.fixture
def bare(db):
    """An empty encounter and its GM's token, no rules loaded: enough for what is refused before a command runs."""
    encounter = EncounterFactory()
    return encounter, ApiToken.issue(encounter.campaign.gm)


def api_command(table, body):
    return api_post(f"/api/encounters/{table.encounter.pk}/commands/", table.token(table.gm), body)


def with_ids(args, fight):
    """The table's arguments with the fight's ids for "anders" and "orc"."""
    ids = {"anders": fight.anders.pk, "orc": fight.orc.pk}

    def resolved(value):
        if isinstance(value, list):
            return [resolved(item) for item in value]
        return ids.get(value, value) if isinstance(value, str) else value

    return {key: resolved(value) for key, value in args.items()}


@pytest.mark.parametrize("name, spoilt, message", REPORTED)
def test_each_reported_500_is_a_400_that_changes_nothing(house, name, spoilt, message):
    before = everything()
    response = api_command(house.table, {"command": name, "args": with_ids({**VALID_ARGS[name], **spoilt}, house)})
    assert (response.status_code, response.json()["ok"]) == (400, False)
    assert message in response.json()["error"]
    assert everything() == before


def test_the_valid_arguments_of_that_table_apply(house):
    """So that each case above is refused for its one spoilt value."""
    for name, args in VALID_ARGS.items():
        with transaction.atomic():
            response = api_command(house.table, {"command": name, "args": with_ids(args, house)})
            assert response.status_code == 200, (name, response.json())
            transaction.set_rollback(True)


@pytest.mark.parametrize("version", [-1, "-1", "²", "٣", 1.5, True, "abc", math.nan, Raw("1e999"), [3], {}, 10**30])
def test_an_expected_version_is_a_whole_number_0_or_more_or_absent(bare, version):
    encounter, token = bare
    before = everything()
    response = api_post(
        f"/api/encounters/{encounter.pk}/commands/", token, {"command": "start", "expected_version": version}
    )
    assert response.status_code == 400
    assert response.json()["error"] == (
        "expected_version is the encounter's version you saw: a whole number, 0 or more (or leave it out)."
    )
    assert everything() == before


@pytest.mark.parametrize(
    "body, message",
    [
        ("[1, 2]", "must be a JSON object"),
        ("null", "must be a JSON object"),
        ('"start"', "must be a JSON object"),
        ("3", "must be a JSON object"),
        ("{", "not valid JSON"),
        (b"\xff\xfe", "not valid JSON"),
        ('{"command": "start", "expected_version": ' + "9" * 5000 + "}", "not valid JSON"),
        ('{"command": 5}', "Say which command"),
        ('{"command": ["start"]}', "Say which command"),
        ('{"command": null}', "Say which command"),
        ('{"command": "start", "args": [1]}', "args must be an object"),
        ('{"command": "start", "args": "x"}', "args must be an object"),
        ('{"command": "start", "args": true}', "args must be an object"),
        ('{"command": "start", "args": {"bogus": 1}}', "Unknown argument(s) for start: bogus"),
        ('{"command": "start", "expected_version": 1e999}', "expected_version"),
        ('{"command": "start", "expected_version": NaN}', "expected_version"),
        ('{"command": "start", "expected_version": -Infinity}', "expected_version"),
        ("[" * 100_000, "nests lists and objects more than 16 deep"),  # deeper than Python's parser goes
        ('{"command": "start", "args": {"d20": ' + "[" * 16 + "]" * 16 + "}}", "more than 16 deep"),
        ('{"command": "start", "args": {"bogus": "' + "x" * 256 * 1024 + '"}}', "larger than 262144 bytes"),
    ],
)
def test_a_malformed_body_is_a_400_in_json(bare, body, message):
    encounter, token = bare
    before = everything()
    response = api_post(f"/api/encounters/{encounter.pk}/commands/", token, body)
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    assert response.json()["ok"] is False and message in response.json()["error"]
    assert everything() == before


@pytest.mark.parametrize(
    "body, message",
    [
        ({"name": "X", "campaign": True}, "You run no campaign True"),
        ({"name": "X", "campaign": Raw("1e999")}, "You run no campaign inf"),
        ({"name": "X", "campaign": 10**30}, "You run no campaign"),
        ({"name": ["X"]}, "Give the encounter a name"),
        ({"name": "\ud800", "system": "wfrp4e"}, "cannot be stored"),
        ({"name": "Nul\x00", "system": "wfrp4e"}, "cannot be stored"),
        ({"name": "X", "system": ["wfrp4e"]}, "system must be one of"),
        ({"name": "X", "system": "wfrp4e", "houserules": [[1]]}, "houserules must be a list"),
        ({"name": "X", "system": "wfrp4e", "houserules": {"all": True}}, "houserules must be a list"),
        ("[" * 100_000, "nests lists and objects more than 16 deep"),
    ],
)
def test_creating_an_encounter_with_hostile_values_is_a_400(bare, body, message):
    count = Encounter.objects.count()
    response = api_post("/api/encounters/", bare[1], body)
    assert response.status_code == 400 and message in response.json()["error"]
    assert Encounter.objects.count() == count


# --- The htmx forms post strings: the same checks, answered with an error flash --------------------------------


@pytest.mark.parametrize(
    "form, message",
    [
        ({"expected_version": "²"}, "expected_version is the encounter&#x27;s version you saw"),
        ({"expected_version": "-1"}, "expected_version is the encounter&#x27;s version you saw"),
        ({"expected_version": "1.5"}, "expected_version is the encounter&#x27;s version you saw"),
        ({"expected_version": "9" * 40}, "expected_version is the encounter&#x27;s version you saw"),
        ({"amount": "٣"}, "Amount: Give a whole number."),
        ({"amount": "²"}, "Amount: Give a whole number."),
        ({"amount": "9" * 40}, "Amount: Give a whole number."),
        ({"amount": "1e999"}, "Amount: Give a whole number."),
        ({"amount": ["1", "2"]}, "Amount: Give a whole number."),
        ({"combatant": "١٢"}, "Combatant: Give a whole number."),
    ],
)
def test_a_hostile_form_post_flashes_an_error_and_changes_nothing(fight, form, message):
    table = fight.table
    data = {"combatant": str(fight.orc.pk), "amount": "3", "expected_version": str(table.encounter.version), **form}
    before = everything()
    response = table.client(table.gm).post(
        f"/encounters/{table.encounter.pk}/do/apply_damage/", data, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200 and 'class="flash error"' in html
    assert message in html
    assert everything() == before


@pytest.mark.parametrize(
    "form, message",
    [
        ({"expected_version": "²"}, "expected_version is the encounter&#x27;s version you saw"),
        ({"expected_version": "-1"}, "expected_version is the encounter&#x27;s version you saw"),
        ({"attacker_roll": "٣"}, "A d100 shows 1 to 100."),
        ({"attacker_roll": "1e999"}, "A d100 shows 1 to 100."),
        ({"attacker_roll": "9" * 40}, "A d100 shows 1 to 100."),
        ({"d20": "99"}, "A d20 shows 1 to 20."),
        ({"d20": "3, ²"}, "A d20 shows 1 to 20."),
        ({"situations": "nowhere"}, "Unknown situation(s): nowhere."),
        ({"fortune_reroll": "maybe"}, "Give yes or no (true or false)."),
        ({"attack_modifier": "-1000"}, "Give a whole number from -100 to 100."),
    ],
)
def test_a_hostile_attack_form_shows_the_error_and_changes_nothing(house, form, message):
    table = house.table
    data = {
        "attacker": house.anders.pk, "target": house.orc.pk, "weapon": "Hand Weapon", "attacker_roll": "50",
        "d20": "10", "action": "apply", "expected_version": str(table.encounter.version), **form,
    }  # fmt: skip
    before = everything()
    for action in ("preview", "apply"):  # a preview checks no version: it changes nothing anyway
        response = table.client(table.gm).post(
            f"/encounters/{table.encounter.pk}/attack/", {**data, "action": action}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200
        assert message in response.content.decode() or (action, *form) == ("preview", "expected_version")
        assert everything() == before
