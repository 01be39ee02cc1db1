"""A canary for hidden combatants, in each game: the GM plants a hidden NPC with an unmistakable name and ids that no
other number on a page shares, then runs a fight through the GM screen's own posts. The canary joins, gets a
condition and an initiative, acts first, attacks a player's character and is attacked by it (the player rolling on
her phone where the game has her roll), is hurt and healed, delays in the next round, and the GM undoes. After every
step each body a player can fetch over HTTP (phone page, the phone's command answer, API state and list, sheet,
campaign, home, house rules, the table screen) is kept, and so is every frame the players' sockets receive. Neither
the canary's name nor either of its ids may be in any of them. As controls, the GM's page, answers and socket carry
the canary, and once the GM reveals it the player's phone, socket and API state show it."""

import re
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test import Client

from characters.models import ApiToken, Character
from combat import commands
from combat.models import Combatant, TableLink
from tests.combat.screen import Screen, follow
from tests.combat.test_consumers import connect
from tests.factories import CampaignFactory, CharacterFactory, EncounterFactory, UserFactory, equip
from tests.symbaroum.conftest import ATTRIBUTES, armed
from tests.wfrp3e.conftest import CHARACTERISTICS
from tests.wfrp4e.conftest import ORC, equip_anders

CANARY = "Zzcanary Qx"
# Seven-digit ids, far above any id a test database hands out and any number a page shows (wounds, versions, rounds,
# initiative); a random token (CSRF) all but never holds seven given digits in a row. So a bare search for the digits
# finds the canary's id wherever it is, in any attribute, URL, JSON key or value, and trips on nothing else.
CANARY_COMBATANT_ID = 7_340_019
CANARY_CHARACTER_ID = 7_340_023
MOST_TURNS = 12  # a turn-order loop that never reaches its combatant fails instead of spinning


def sequence(model):
    """Where the table's id counter stands: PostgreSQL's sequence, or SQLite's row in sqlite_sequence (its
    AUTOINCREMENT tables count on from there, or from their largest id if that is larger)."""
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [table])
            (name,) = cursor.fetchone()
            cursor.execute(f"SELECT last_value, is_called FROM {name}")
            return (name, *cursor.fetchone())
        cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
        found = cursor.fetchone()
        return (table, found[0] if found else None)


def set_sequence(model, at):
    """Put the table's id counter at `at`, a `sequence()` or a plain number (the next id is the one after)."""
    at = at if isinstance(at, tuple) else (None, at, True)
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT setval(pg_get_serial_sequence(%s, 'id'), %s, %s)", [table, at[1], at[2]])
            return
        cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
        if at[1] is not None:
            cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, at[1]])


@contextmanager
def next_id(model, first):
    """The table's next row gets the id `first`; its counter is put back after."""
    before = sequence(model)
    set_sequence(model, first - 1)
    try:
        yield
    finally:
        set_sequence(model, before)


def canary_in(text):
    """Where in `text` the canary shows (its name in any case, or either id), with what surrounds it; "" if nowhere."""
    found = re.search(f"(?i)zzcanary|{CANARY_COMBATANT_ID}|{CANARY_CHARACTER_ID}", text)
    return "" if found is None else repr(text[max(0, found.start() - 80) : found.end() + 80])


@dataclass
class Fight:
    """One game's table: the GM, anna with her character in the fight, bruno with none, and a visible NPC. The GM's
    steps are the GM screen's own posts; what the players receive is kept in `bodies` (where, text)."""

    system: str
    gm: object
    anna: object
    bruno: object
    campaign: object
    encounter: object
    hero: Combatant  # anna's character in the fight
    foe: Combatant  # a visible NPC
    canary_character: Character
    canary: Combatant = None
    bodies: list = field(default_factory=list)
    gm_answers: list = field(default_factory=list)

    def __post_init__(self):
        self.gm_client, self.anna_client, self.bruno_client = (
            self.logged_in(u) for u in (self.gm, self.anna, self.bruno)
        )
        self.token = ApiToken.issue(self.anna)
        self.table_screen = TableLink.issue(encounter=self.encounter).get_absolute_url()

    @staticmethod
    def logged_in(user):
        client = Client()
        client.force_login(user)
        return client

    @property
    def url(self):
        return f"/encounters/{self.encounter.pk}/"

    def fresh(self):
        self.encounter.refresh_from_db()
        return self.encounter

    def gm_posts(self, path, **args):
        """The GM screen's htmx post; the step must succeed, or the fight would not be the one described."""
        answer = self.gm_client.post(path, args, HTTP_HX_REQUEST="true")
        text = answer.content.decode()
        assert answer.status_code == 200 and 'class="flash success"' in text, (path, args, flashes(text))
        self.gm_answers.append(text)
        return text

    def gm_does(self, name, **args):
        return self.gm_posts(f"{self.url}do/{name}/", **args)

    def anna_does(self, name, **args):
        return self.phone_posts(name, args, f"the answer to anna's {name} {args}")

    def phone_posts(self, name, args, where):
        """A command from anna's phone: its answer is a body she receives."""
        answer = self.anna_client.post(f"{self.url}do/{name}/", args, HTTP_HX_REQUEST="true")
        text = answer.content.decode()
        assert answer.status_code == 200, text[:600]
        self.bodies.append((where, text))
        return text

    def anna_state(self):
        answer = self.anna_client.get(
            f"/api/encounters/{self.encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {self.token}"
        )
        return answer.json()

    def her_open_test(self):
        """The id of the newest test waiting on anna's phone, as her API state (and her phone) shows it."""
        mine = [p for p in self.anna_state()["prompts"] if p["combatant"] == self.hero.pk]
        assert mine, "anna has no open test"
        return mine[-1]["id"]

    def look_as_players(self, after):
        """Every page and API answer a player can fetch, kept with where it came from."""
        pages = [
            ("anna's phone page", self.anna_client.get(self.url)),
            ("bruno's phone page", self.bruno_client.get(self.url)),
            ("anna's API state by token", self.anna_client.get(
                f"/api/encounters/{self.encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {self.token}")),
            ("anna's API state by session", self.anna_client.get(f"/api/encounters/{self.encounter.pk}/")),
            ("anna's API list", self.anna_client.get("/api/encounters/")),
            ("anna's sheet", self.anna_client.get(f"/characters/{self.hero.character_id}/")),
            ("anna's sheet download", self.anna_client.get(f"/characters/{self.hero.character_id}/download/")),
            ("the campaign page", self.anna_client.get(f"/campaigns/{self.campaign.pk}/")),
            ("the home page", self.anna_client.get("/")),
            ("the house rules page", self.anna_client.get(f"{self.url}house-rules/")),
            ("the table screen", Client().get(self.table_screen)),
        ]  # fmt: skip
        for where, answer in pages:
            assert answer.status_code == 200, (where, answer.status_code)
            self.bodies.append((f"{where} after {after}", answer.content.decode()))
        # A refused command still answers with the phone's live partials, as every htmx post from the phone does.
        refused = REFUSED_PLAYER_COMMAND[self.system]
        assert 'class="flash error"' in self.phone_posts(refused, {}, f"the answer to anna's {refused} after {after}")


# A player command that anna's phone may post and that is refused for want of its test: its answer is the phone's
# live partials with the refusal in words, and nothing changes.
REFUSED_PLAYER_COMMAND = {"wfrp4e": "resolve_test", "symbaroum": "roll_test", "wfrp3e": "enter_roll"}


def table(system, hero_name, **hero):
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign = CampaignFactory(name="The canary's campaign", system=system, gm=gm)
    campaign.players.add(anna, bruno)
    hero_character = CharacterFactory(campaign=campaign, name=hero_name, player=anna, **hero)
    return gm, anna, bruno, campaign, hero_character


def fight_of(system, gm, anna, bruno, campaign, hero_character, foe_character, canary_character):
    encounter = EncounterFactory(campaign=campaign, name="Ambush on the road")
    for character in (hero_character, foe_character):
        commands.add_combatant(encounter, gm, character=character.pk)
    rows = {c.character_id: c for c in encounter.combatants.all()}
    return Fight(
        system, gm, anna, bruno, campaign, encounter, rows[hero_character.pk], rows[foe_character.pk],
        canary_character,
    )  # fmt: skip


def npc(campaign, name, **fields):
    """An NPC of the campaign's library; the canary gets its own distinctive id."""
    if name != CANARY:
        return CharacterFactory(campaign=campaign, name=name, is_npc=True, **fields)
    with next_id(Character, CANARY_CHARACTER_ID):
        return CharacterFactory(campaign=campaign, name=name, is_npc=True, **fields)


def wfrp4e_fight():
    gm, anna, bruno, campaign, anders = table("wfrp4e", "Anders", max_wounds=14)
    equip_anders(anders)
    orc, canary = (
        equip(npc(campaign, name, max_wounds=12), ORC, {"Melee (Basic)": 10, "Dodge": 5}, ("Hand Weapon", "Shield"),
              ("Leather Jack",))
        for name in ("Orc Boy", CANARY)
    )  # fmt: skip
    return fight_of("wfrp4e", gm, anna, bruno, campaign, anders, orc, canary)


def symbaroum_fight():
    gm, anna, bruno, campaign, ulrika = table(
        "symbaroum", "Ulrika", max_wounds=15, characteristics=dict(ATTRIBUTES), abilities={"Iron Fist": "Adept"}
    )
    armed(ulrika, ["Sword"], ["Leather Armour"])
    goblin = npc(campaign, "Goblin", max_wounds=8, characteristics={**ATTRIBUTES, "Quick": 12, "Strong": 8})
    troll = npc(campaign, CANARY, max_wounds=20, characteristics={**ATTRIBUTES, "Strong": 20})
    return fight_of(
        "symbaroum", gm, anna, bruno, campaign, ulrika, armed(goblin, ["Spear"], ["Leather Armour"]),
        armed(troll, ["Great Axe"], []),
    )  # fmt: skip


def wfrp3e_fight():
    gm, anna, bruno, campaign, magda = table(
        "wfrp3e", "Magda", max_wounds=9, characteristics=dict(CHARACTERISTICS), points={"fatigue": 0, "stress": 0}
    )
    orc, skaven = (
        npc(campaign, name, max_wounds=12, characteristics=dict(CHARACTERISTICS)) for name in ("Orc", CANARY)
    )
    return fight_of("wfrp3e", gm, anna, bruno, campaign, magda, orc, skaven)


FIGHTS = {"wfrp4e": wfrp4e_fight, "symbaroum": symbaroum_fight, "wfrp3e": wfrp3e_fight}
# How each game puts a condition on a combatant and takes it off, and the condition the canary gets.
CONDITION = {
    "wfrp4e": ("add_condition", "remove_condition", "Bleeding"),
    "symbaroum": ("add_condition", "remove_condition", "Bleeding"),
    "wfrp3e": ("add_condition_card", "remove_condition_card", "Weakened"),
}


def flashes(text):
    """The messages an answer shows: why a step the test counts on was refused."""
    return re.findall(r'class="flash [^"]*"[^>]*>(.*?)<', text, re.DOTALL)


def canary_attacks_the_hero(fight):
    """The canary's attack on anna's character, and what it asks of her phone or of the GM: (step, what it does)."""
    canary, hero = fight.canary.pk, fight.hero.pk
    if fight.system == "wfrp4e":  # the GM's attack form, applied
        return [("the canary attacks", lambda: fight.gm_posts(
            f"{fight.url}attack/", attacker=canary, target=hero, weapon="Hand Weapon", defence="Melee (Basic)",
            attacker_roll=35, defender_roll=80, action="apply"))]  # fmt: skip
    if fight.system == "symbaroum":  # the player rolls the defence, then the armour
        return [
            ("the canary attacks", lambda: fight.gm_does("attack", attacker=canary, target=hero)),
            ("anna rolls her defence", lambda: fight.anna_does("roll_test", prompt=fight.her_open_test(), d20=20)),
            ("anna rolls her armour", lambda: fight.anna_does("roll_test", prompt=fight.her_open_test(), total=1)),
        ]
    return [  # WFRP 3e: the attacker's own check, which the GM enters
        ("the canary strikes", lambda: fight.gm_does(
            "perform_action", combatant=canary, card="Melee Strike", target=hero, damage=5)),
        ("the GM rolls the canary's check", lambda: fight.gm_does(
            "enter_roll", prompt=fight.fresh().pools["prompts"][-1]["id"], successes=2)),
    ]  # fmt: skip


def hero_attacks_the_canary(fight):
    canary, hero = fight.canary.pk, fight.hero.pk
    if fight.system == "wfrp4e":
        return [("anna's character attacks the canary", lambda: fight.gm_posts(
            f"{fight.url}attack/", attacker=hero, target=canary, weapon="Hand Weapon", defence="Melee (Basic)",
            attacker_roll=25, defender_roll=85, action="apply"))]  # fmt: skip
    if fight.system == "symbaroum":  # she rolls her attack, then her damage
        return [
            ("anna's character attacks the canary", lambda: fight.gm_does("attack", attacker=hero, target=canary)),
            ("anna rolls her attack", lambda: fight.anna_does("roll_test", prompt=fight.her_open_test(), d20=1)),
            ("anna rolls her damage", lambda: fight.anna_does("roll_test", prompt=fight.her_open_test(), total=5)),
        ]
    return [
        ("anna's character strikes the canary", lambda: fight.gm_does(
            "perform_action", combatant=hero, card="Melee Strike", target=canary, damage=3)),
        ("anna rolls her check", lambda: fight.anna_does("enter_roll", prompt=fight.her_open_test(), successes=1)),
    ]  # fmt: skip


@pytest.fixture
def counters_kept(transactional_db):
    """The canary's ids are set by moving the tables' id counters; they go back once the test is over (its flush
    empties the tables), so the tests after it count as they would have."""
    kept = {model: sequence(model) for model in (Combatant, Character)}
    yield
    for model, at in kept.items():
        set_sequence(model, at)


class Watch:
    """The players' sockets, anna's from the start and bruno's from the canary's first turn, and every frame they
    get, as (where, text)."""

    def __init__(self, fight):
        self.fight = fight
        self.frames = []
        self.anna_screen = Screen()  # her phone as its frames draw it
        self.bruno = None

    async def open(self):
        self.anna, connected, _ = await connect(self.fight.encounter.pk, self.fight.anna)
        assert connected
        self.frames.append(("anna's socket on connecting", await self.anna.receive_from(timeout=3)))
        self.anna_screen.take(self.frames[-1][1])

    async def step(self, name, act):
        """A step of the fight, then all the players get of it: their pages, and anna's frames up to its version."""
        await sync_to_async(act)()
        await sync_to_async(self.fight.look_as_players)(name)
        version = (await sync_to_async(self.fight.fresh)()).version
        got = await follow(self.anna, self.anna_screen, version)
        self.frames += [(f"anna's socket after {name}", frame) for frame in got]

    async def steps(self, named_acts):
        for name, act in named_acts:
            await self.step(name, act)

    async def until_turn_of(self, combatant):
        """Next turn until `combatant` acts, each a step."""
        for _ in range(MOST_TURNS):
            if (await sync_to_async(self.fight.fresh)()).active_id == combatant.pk:
                return
            await self.step("next turn", lambda: self.fight.gm_does("next_turn"))
        raise AssertionError(f"{combatant.name}'s turn never came")

    async def whole_views(self):
        """Anna's phone asks for the whole view, and bruno's phone connects: each gets the whole view now."""
        await self.anna.send_to(text_data="resync")
        self.frames.append(("anna's socket on her resync", await self.anna.receive_from(timeout=3)))
        assert 'id="sheet"' in self.frames[-1][1]
        self.bruno, connected, _ = await connect(self.fight.encounter.pk, self.fight.bruno)
        assert connected
        self.frames.append(("bruno's socket on connecting", await self.bruno.receive_from(timeout=3)))

    async def drain(self):
        """What is left: bruno's frames since he connected, and any of anna's after the last version."""
        for who, socket in (("anna", self.anna), ("bruno", self.bruno)):
            while not await socket.receive_nothing(timeout=0.2):
                self.frames.append((f"{who}'s socket", await socket.receive_from(timeout=1)))

    async def close(self):
        await self.anna.disconnect()
        await self.bruno.disconnect()


def gm_adds_the_canary(fight):
    with next_id(Combatant, CANARY_COMBATANT_ID):
        fight.gm_does("add_combatant", character=fight.canary_character.pk, hidden="true")
    fight.canary = fight.encounter.combatants.get(character=fight.canary_character)
    assert fight.canary.hidden and fight.canary.pk == CANARY_COMBATANT_ID


def gm_sees_the_canary(fight):
    """The GM's page and answer to adding the canary, which carry its name and id (a control)."""
    page = fight.gm_client.get(fight.url).content.decode()
    return [("the GM's page", page), ("the GM's answer to adding it", fight.gm_answers[0])]


async def the_canary_fights(fight, watch):
    """From the canary's first turn: it attacks the hero and is attacked by her, is hurt and healed, delays in the
    next round, the GM undoing twice, and its condition ends."""
    add, remove, condition = CONDITION[fight.system]
    canary = fight.canary.pk
    await watch.until_turn_of(fight.canary)
    await watch.steps(canary_attacks_the_hero(fight))
    await watch.whole_views()
    await watch.until_turn_of(fight.hero)
    await watch.steps(hero_attacks_the_canary(fight))
    await watch.step("damage to the canary", lambda: fight.gm_does("apply_damage", combatant=canary, amount=3))
    await watch.step("the canary healed", lambda: fight.gm_does("heal", combatant=canary, amount=1))
    await watch.step("undo", lambda: fight.gm_does("undo"))
    await watch.until_turn_of(fight.canary)  # its turn of the next round
    await watch.step("the canary delays", lambda: fight.gm_does("delay"))
    await watch.step("undo", lambda: fight.gm_does("undo"))
    await watch.step(
        "the canary's condition ends", lambda: fight.gm_does(remove, combatant=canary, condition=condition)
    )
    await watch.step("next turn", lambda: fight.gm_does("next_turn"))
    await watch.drain()


def assert_nothing_carries(fight, watch, found_in, what):
    """No body nor frame the players got shows what `found_in` looks for."""
    bodies, frames = fight.bodies, watch.frames
    print(f"\n{fight.system}: {len(bodies)} bodies and {len(frames)} frames searched for {what}")
    leaks = [(where, found_in(text)) for where, text in bodies + frames if found_in(text)]
    assert not leaks, (
        f"of the {len(bodies)} bodies and {len(frames)} frames the players got, {len(leaks)} carry {what}:"
        + "".join(f"\n  {where}: {seen}" for where, seen in leaks)
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("system", sorted(FIGHTS))
async def test_nothing_of_a_hidden_combatant_reaches_a_player(system, rules_data, counters_kept):
    fight = await sync_to_async(FIGHTS[system])()
    watch = Watch(fight)
    await watch.open()
    add, _, condition = CONDITION[system]

    def canary():  # its id, known once it joined
        return fight.canary.pk

    await watch.step("the canary joins hidden", lambda: gm_adds_the_canary(fight))
    await watch.step("a condition on the canary", lambda: fight.gm_does(add, combatant=canary(), condition=condition))
    await watch.step("the canary's initiative", lambda: fight.gm_does("set_initiative", combatant=canary(), value=99))
    await watch.step("start", lambda: fight.gm_does("start"))

    gm_socket, connected, _ = await connect(fight.encounter.pk, fight.gm)
    gm_views = [
        *(await sync_to_async(gm_sees_the_canary)(fight)),
        ("the GM's socket", await gm_socket.receive_from(timeout=3)),
    ]
    await gm_socket.disconnect()
    for where, text in gm_views:
        assert CANARY in text and str(CANARY_COMBATANT_ID) in text, f"the control failed: {where} lacks the canary"

    await the_canary_fights(fight, watch)
    assert_nothing_carries(fight, watch, canary_in, "the hidden canary")

    # Revealed, it reaches the players as any combatant does: the searches above would have seen it.
    await watch.step("the canary is revealed", lambda: fight.gm_does("reveal_combatant", combatant=canary()))
    assert CANARY in (await sync_to_async(lambda: fight.anna_client.get(fight.url).content.decode())())
    assert CANARY in watch.anna_screen.html
    assert CANARY_COMBATANT_ID in [c["id"] for c in (await sync_to_async(fight.anna_state)())["combatants"]]
    await watch.close()


# What the players know of the canary, one degree per game to keep the suite short; its wounds stay hidden.
DEGREES = {"wfrp4e": "unknown", "symbaroum": "type", "wfrp3e": "unknown"}
# Far above any other figure of the fight or id of the test database: its wounds "n/9871" or "max_wounds": 9871
# anywhere are a leak.
CANARY_MOST_WOUNDS = 9871
KNOWN_AS = {"unknown": "an unknown creature", "type": "a troll"}


def canary_named_in(text):
    """Where in `text` the canary's name or its wounds show; "" if nowhere. Its ids may: the players see it."""
    found = re.search(rf'(?i)zzcanary|\d ?/ ?{CANARY_MOST_WOUNDS}\b|max_wounds": {CANARY_MOST_WOUNDS}\b', text)
    return "" if found is None else repr(text[max(0, found.start() - 80) : found.end() + 80])


def gm_adds_the_canary_known_by(fight, degree):
    """Added hidden, given its degree, then revealed: no version shows it to the players by name."""
    with next_id(Combatant, CANARY_COMBATANT_ID):
        fight.gm_does(
            "add_combatant", character=fight.canary_character.pk, hidden="true", max_wounds=CANARY_MOST_WOUNDS
        )
    fight.canary = fight.encounter.combatants.get(character=fight.canary_character)
    fight.gm_does("set_known_as", combatant=fight.canary.pk, known_as=degree, kind="troll", wounds_shown="hidden")
    fight.gm_does("reveal_combatant", combatant=fight.canary.pk)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("system", sorted(FIGHTS))
async def test_an_npc_known_by_degrees_never_shows_its_name_or_wounds(system, rules_data, counters_kept):
    fight = await sync_to_async(FIGHTS[system])()
    degree = DEGREES[system]
    watch = Watch(fight)
    await watch.open()
    add, _, condition = CONDITION[system]
    await watch.step(f"the canary joins as {degree}", lambda: gm_adds_the_canary_known_by(fight, degree))
    canary = fight.canary.pk
    await watch.step("a condition on the canary", lambda: fight.gm_does(add, combatant=canary, condition=condition))
    await watch.step("the canary's initiative", lambda: fight.gm_does("set_initiative", combatant=canary, value=99))
    await watch.step("start", lambda: fight.gm_does("start"))
    await the_canary_fights(fight, watch)
    assert_nothing_carries(fight, watch, canary_named_in, f"the canary's name or wounds ({degree})")
    known_as = KNOWN_AS[degree]
    assert known_as in watch.anna_screen.html  # what the players call it, the whole fight long
    assert known_as in [c["name"] for c in (await sync_to_async(fight.anna_state)())["combatants"]]

    # Named, with its wounds in a word, it reaches the players so: the searches above would have seen it.
    await watch.step("the canary is named", lambda: fight.gm_does(
        "set_known_as", combatant=canary, known_as="name", wounds_shown="word"))  # fmt: skip
    assert CANARY in (await sync_to_async(lambda: fight.anna_client.get(fight.url).content.decode())())
    assert CANARY in watch.anna_screen.html
    seen = next(c for c in (await sync_to_async(fight.anna_state)())["combatants"] if c["id"] == canary)
    assert seen["name"] == CANARY and seen["hurt"] in {"hurt", "badly hurt", "unhurt", "down"}
    assert seen["wounds"] is None
    await watch.close()
