"""The WFRP 3e counterpart of tests/combat/test_hidden_leaks.py: a hidden combatant's id answers every player command
exactly like a missing one, and no flow a player takes part in names the hidden skaven in a prompt, a message, the
phone page or the API state."""

import json

import pytest
from django.test import Client

from characters.models import ApiToken
from combat.commands import offered_to
from tests import guards
from tests.factories import CharacterFactory
from tests.wfrp3e.conftest import CHARACTERISTICS, trained

WFRP3E_COMMANDS = offered_to("wfrp3e")
CANARY = "Skaven"  # the hidden NPC's name
# A player command's required text, so that only the id under test is wrong.
TEXT_ARGS = {"card": "Melee Strike", "talent": "Iron Will"}

pytestmark = pytest.mark.django_db


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


def test_the_player_commands_are_those_known():
    """When a player command is added, its id fields are checked below by themselves; this says it happened."""
    assert guards.player_commands(WFRP3E_COMMANDS) == [
        "answer_recovery_check",
        "assist",
        "enter_roll",
        "exchange_talent",
        "face_fear",
        "first_aid",
        "healing_draught",
        "maintain_power",
        "manoeuvre",
        "miscast_drawn",
        "mount",
        "perform_action",
        "prepare",
        "rally_check",
        "rally_manoeuvre",
        "rally_roll",
        "ride_check",
        "roll_initiative_check",
        "shift_stance",
        "situation_dice",
        "sling_shield",
        "spend_fortune",
        "stand_up",
        "use_talent",
        "zero_power_check",
    ]


@pytest.mark.parametrize("name", guards.player_commands(WFRP3E_COMMANDS))
def test_api_answers_a_hidden_id_like_a_missing_one(fight, skaven, hidden_prompt, name):
    def args(field, value):
        return guards.args_for(WFRP3E_COMMANDS, name, field, value, fight.magda.pk, fight.orc.pk, TEXT_ARGS)

    anna = fight.table.client(fight.table.anna)
    guards.assert_the_api_answers_hidden_like_missing(
        anna, fight.encounter, WFRP3E_COMMANDS, name, hidden_prompt, skaven.pk, args, CANARY
    )


@pytest.mark.parametrize("name", guards.player_commands(WFRP3E_COMMANDS))
def test_phone_forms_answer_a_hidden_id_like_a_missing_one(fight, skaven, hidden_prompt, name):
    def args(field, value):
        return guards.args_for(WFRP3E_COMMANDS, name, field, value, fight.magda.pk, fight.orc.pk, TEXT_ARGS)

    anna = fight.table.client(fight.table.anna)
    guards.assert_the_phone_answers_hidden_like_missing(
        anna, fight.encounter, WFRP3E_COMMANDS, name, hidden_prompt, skaven.pk, args, CANARY
    )


# --- The flows a player takes part in -----------------------------------------------------------------------------


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
    fight.turn_of(skaven)
    assert_anna_sees_no_skaven(fight)
    trained(skaven)
    fight.gm("perform_action", combatant=skaven.pk, card="Melee Strike", target=fight.magda.pk, damage=5)
    assert_anna_sees_no_skaven(fight)
    fight.gm("enter_roll", prompt=fight.prompts()[-1]["id"], successes=2, comets=1)
    assert fight.fresh(fight.magda).wounds < fight.magda.max_wounds
    assert_anna_sees_no_skaven(fight)


def test_her_strike_at_the_skaven_that_the_gm_sets_up(fight, skaven):
    trained(fight.magda)
    fight.gm("perform_action", combatant=fight.magda.pk, card="Melee Strike", target=skaven.pk, damage=30)
    assert_anna_sees_no_skaven(fight)
    outcome = her_roll(fight, successes=3, comets=1)
    assert outcome.message.endswith(
        "; Someone takes 31 wounds and 1 critical; Someone is knocked out;"
        " a wound past the threshold turns critical (2 critical wounds now)."
    )
    assert fight.prompts() == []
    assert_anna_sees_no_skaven(fight)


def test_her_turn_beside_the_skaven(fight, skaven):
    fight.turn_of(fight.magda)
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
