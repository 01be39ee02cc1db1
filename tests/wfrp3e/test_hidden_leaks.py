"""The WFRP 3e counterpart of tests/combat/test_hidden_leaks.py: a hidden combatant's id answers every player command
exactly like a missing one, and no flow a player takes part in names the hidden skaven in a prompt, a message, the
phone page or the API state."""

import json

import pytest
from django.test import Client

from characters.models import ApiToken
from combat.commands import offered_to
from combat.commands.spine import CombatantField, CombatantListField
from tests.factories import CharacterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS

WFRP3E_COMMANDS = offered_to("wfrp3e")
CANARY = "Skaven"  # the hidden NPC's name
MISSING = 987654
# A player command's required text, so that only the id under test is wrong.
TEXT_ARGS = {"card": "Melee Strike", "talent": "Iron Will"}

pytestmark = pytest.mark.django_db


def player_commands():
    return sorted(name for name, cmd in WFRP3E_COMMANDS.items() if not cmd.gm_only)


def id_fields(name):
    fields = WFRP3E_COMMANDS[name].args.base_fields
    return [
        key
        for key, field in fields.items()
        if key == "prompt" or isinstance(field, (CombatantField, CombatantListField))
    ]


@pytest.fixture
def skaven(fight):
    """A skaven the GM keeps hidden, in the running fight: Magda, Gunther, the orc, then the skaven."""
    character = CharacterFactory(
        campaign=fight.table.campaign, name="Skaven", is_npc=True, max_wounds=8, characteristics=dict(CHARACTERISTICS)
    )
    pk = fight.gm("add_combatant", character=character.pk, hidden=True).result["combatant"]
    return fight.encounter.combatants.get(pk=pk)


@pytest.fixture
def hidden_prompt(fight, skaven):
    """The skaven's own Melee Strike check, waiting on the GM screen: its id is a hidden test's."""
    fight.gm("perform_action", combatant=skaven.pk, card="Melee Strike", target=fight.magda.pk)
    return fight.prompts()[-1]["id"]


def args_for(fight, name, field, value):
    """The id under test in `field`; Magda and the orc, and each choice's first, in the other fields."""
    args = {}
    for key, form_field in WFRP3E_COMMANDS[name].args.base_fields.items():
        if key == "combatant":
            args[key] = fight.magda.pk
        elif isinstance(form_field, CombatantListField):
            args[key] = [fight.orc.pk]
        elif isinstance(form_field, CombatantField):
            args[key] = fight.orc.pk
        elif key in TEXT_ARGS:
            args[key] = TEXT_ARGS[key]
        elif form_field.required and getattr(form_field, "choices", None):
            args[key] = next(choice for choice, _ in form_field.choices if choice != "")
    return {**args, field: [value] if isinstance(args.get(field), list) else value}


def api(client, fight, name, args):
    return client.post(
        f"/api/encounters/{fight.encounter.pk}/commands/",
        json.dumps({"command": name, "args": args}),
        content_type="application/json",
    )


def test_the_player_commands_are_those_known():
    """When a player command is added, its id fields are checked below by themselves; this says it happened."""
    assert player_commands() == [
        "answer_recovery_check",
        "enter_roll",
        "face_fear",
        "manoeuvre",
        "perform_action",
        "rally_check",
        "rally_manoeuvre",
        "rally_roll",
        "roll_initiative_check",
        "shift_stance",
        "spend_fortune",
        "use_talent",
    ]


@pytest.mark.parametrize("name", player_commands())
def test_api_answers_a_hidden_id_like_a_missing_one(fight, skaven, hidden_prompt, name):
    anna = fight.table.client(fight.table.anna)
    for field in id_fields(name):
        hidden_id = hidden_prompt if field == "prompt" else skaven.pk
        hidden_answer = api(anna, fight, name, args_for(fight, name, field, hidden_id))
        missing_answer = api(anna, fight, name, args_for(fight, name, field, MISSING))
        assert CANARY not in hidden_answer.content.decode()
        assert (hidden_answer.status_code, missing_answer.status_code) == (400, 400), hidden_answer.json()
        assert hidden_answer.json()["error"].replace(str(hidden_id), "ID") == missing_answer.json()["error"].replace(
            str(MISSING), "ID"
        )
        assert "no combatant" in hidden_answer.json()["error"] or "no open test" in hidden_answer.json()["error"]


@pytest.mark.parametrize("name", player_commands())
def test_phone_forms_answer_a_hidden_id_like_a_missing_one(fight, skaven, hidden_prompt, name):
    anna = fight.table.client(fight.table.anna)
    url = f"/encounters/{fight.encounter.pk}/do/{name}/"
    for field in id_fields(name):
        hidden_id = hidden_prompt if field == "prompt" else skaven.pk
        hidden_answer = anna.post(url, args_for(fight, name, field, hidden_id), follow=True)
        missing_answer = anna.post(url, args_for(fight, name, field, MISSING), follow=True)
        assert CANARY not in hidden_answer.content.decode()
        flashes = [str(message) for message in hidden_answer.context["messages"]]
        assert flashes == [str(m).replace(str(MISSING), str(hidden_id)) for m in missing_answer.context["messages"]]
        assert flashes and all(str(hidden_id) in flash for flash in flashes)


# --- The flows a player takes part in -----------------------------------------------------------------------------


def turn_of(fight, combatant):
    for _ in range(fight.encounter.combatants.count() + 1):
        if fight.gm("next_turn").result["active"] == combatant.pk:
            return
    raise AssertionError(f"{combatant.name}'s turn never came")


def her_roll(fight, **symbols):
    """Anna's answer to Magda's latest open check; its message must not name the skaven either."""
    mine = [p for p in fight.prompts() if p["combatant"] == fight.magda.pk]
    outcome = fight.run(fight.table.anna, mine[-1]["answer"], prompt=mine[-1]["id"], **symbols)
    assert CANARY not in outcome.message
    return outcome


def assert_anna_sees_no_skaven(fight):
    """Her prompts (every field of them), her phone page and her API state."""
    anna = fight.table.anna
    assert all(CANARY not in json.dumps(p) for p in fight.prompts() if p["combatant"] == fight.magda.pk)
    assert CANARY not in fight.page(anna)
    token = ApiToken.issue(anna)
    state = Client().get(f"/api/encounters/{fight.encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert state.status_code == 200 and CANARY not in state.content.decode()


def test_the_skavens_strike_at_her(fight, skaven):
    fight.gm("add_condition_card", combatant=skaven.pk, condition="Weakened")
    turn_of(fight, skaven)
    assert_anna_sees_no_skaven(fight)
    fight.gm("perform_action", combatant=skaven.pk, card="Melee Strike", target=fight.magda.pk, damage=5)
    assert_anna_sees_no_skaven(fight)
    fight.gm("enter_roll", prompt=fight.prompts()[-1]["id"], successes=2, comets=1)
    assert fight.fresh(fight.magda).wounds < fight.magda.max_wounds
    assert_anna_sees_no_skaven(fight)


def test_her_strike_at_the_skaven_that_the_gm_sets_up(fight, skaven):
    fight.gm("perform_action", combatant=fight.magda.pk, card="Melee Strike", target=skaven.pk, damage=30)
    assert_anna_sees_no_skaven(fight)
    outcome = her_roll(fight, successes=3, comets=1)
    assert outcome.message.endswith(
        "; Someone takes 31 wounds and 1 critical; Someone is knocked out;"
        " one wound past the threshold becomes a critical (2 in all)."
    )
    assert fight.prompts() == []
    assert_anna_sees_no_skaven(fight)


def test_her_turn_beside_the_skaven(fight, skaven):
    turn_of(fight, fight.magda)
    for name, args in (
        ("shift_stance", {"stance": 1}),
        ("manoeuvre", {"start": "close", "end": "medium"}),
        ("perform_action", {"card": "Melee Strike", "target": fight.orc.pk}),
    ):
        outcome = fight.run(fight.table.anna, name, combatant=fight.magda.pk, **args)
        assert CANARY not in outcome.message
    her_roll(fight, successes=1)
    assert_anna_sees_no_skaven(fight)


def test_her_initiative_check_before_the_skavens_ambush(planned_fight):
    fight = planned_fight
    character = CharacterFactory(
        campaign=fight.table.campaign, name="Skaven", is_npc=True, max_wounds=8, characteristics=dict(CHARACTERISTICS)
    )
    fight.gm("add_combatant", character=character.pk, hidden=True, initiative=9)
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    assert_anna_sees_no_skaven(fight)
    her_roll(fight, successes=2)
    fight.gm("start")
    assert_anna_sees_no_skaven(fight)
