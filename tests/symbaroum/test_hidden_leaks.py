"""The Symbaroum counterpart of tests/combat/test_hidden_leaks.py: a hidden combatant's id answers every player
command exactly like a missing one, and no flow a player takes part in names the hidden troll of the `fight`
fixture in a prompt, a message, the phone page or the API state."""

import pytest
from django.test import Client

from characters.models import ApiToken
from combat.commands import offered_to
from tests import guards

SYMBAROUM_COMMANDS = offered_to("symbaroum")
CANARY = "Troll"  # the hidden troll's name

pytestmark = pytest.mark.django_db


@pytest.fixture
def rules_on(fight):
    fight.gm("set_house_rules", rules=["feats", "manoeuvres", "ammunition_countdown", "traps", "movement_by_scale",
                                       "alchemical_weapons", "main_hand"])  # fmt: skip
    return fight


@pytest.fixture
def hidden_prompt(rules_on):
    """An open defence roll of Brother Ansgar's, whom the GM then hides: its id is a hidden test's."""
    fight = rules_on
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ansgar.pk)
    fight.gm("hide_combatant", combatant=fight.ansgar.pk)
    return fight.prompts()[-1]["id"]


@pytest.mark.parametrize("name", guards.player_commands(SYMBAROUM_COMMANDS))
def test_api_answers_a_hidden_id_like_a_missing_one(rules_on, hidden_prompt, name):
    fight = rules_on

    def args(field, value):
        return guards.args_for(SYMBAROUM_COMMANDS, name, field, value, fight.ulrika.pk, fight.goblin.pk, ())

    anna = fight.table.client(fight.table.anna)
    guards.assert_the_api_answers_hidden_like_missing(
        anna, fight.encounter, SYMBAROUM_COMMANDS, name, hidden_prompt, fight.troll.pk, args, CANARY
    )


@pytest.mark.parametrize("name", guards.player_commands(SYMBAROUM_COMMANDS))
def test_phone_forms_answer_a_hidden_id_like_a_missing_one(rules_on, hidden_prompt, name):
    fight = rules_on

    def args(field, value):
        return guards.args_for(SYMBAROUM_COMMANDS, name, field, value, fight.ulrika.pk, fight.goblin.pk, ())

    anna = fight.table.client(fight.table.anna)
    guards.assert_the_phone_answers_hidden_like_missing(
        anna, fight.encounter, SYMBAROUM_COMMANDS, name, hidden_prompt, fight.troll.pk, args, CANARY
    )


# --- The flows a player takes part in -----------------------------------------------------------------------------


def answer(fight, user, **rolled):
    """Her roll of her latest open test; its message must not name the troll either."""
    mine = [p for p in fight.prompts() if p["combatant"] == fight.ulrika.pk]
    outcome = fight.run(user, "roll_test", prompt=mine[-1]["id"], **rolled)
    assert CANARY not in outcome.message
    return outcome


def assert_anna_sees_no_troll(fight):
    """Her prompts' reasons, her phone page and her API state."""
    anna = fight.table.anna
    assert all(CANARY not in p["reason"] for p in fight.prompts() if p["combatant"] == fight.ulrika.pk)
    assert CANARY not in fight.table.client(anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    token = ApiToken.issue(anna)
    state = Client().get(f"/api/encounters/{fight.encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert state.status_code == 200 and CANARY not in state.content.decode()


def test_the_trolls_attack_defence_and_armour_rolls(fight):
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk)
    assert_anna_sees_no_troll(fight)
    answer(fight, fight.table.anna, d20=20)
    assert_anna_sees_no_troll(fight)
    answer(fight, fight.table.anna, total=1)
    assert_anna_sees_no_troll(fight)


def test_her_attack_on_the_troll_and_her_damage_roll(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.troll.pk)
    assert_anna_sees_no_troll(fight)
    answer(fight, fight.table.anna, d20=1)
    assert_anna_sees_no_troll(fight)
    answer(fight, fight.table.anna, total=5)
    assert_anna_sees_no_troll(fight)


def test_her_death_tests_after_the_troll_brought_her_down(fight):
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, d20=20, armour=1)
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=15)
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Dying")
    fight.turn_of(fight.ulrika)
    assert [p["kind"] for p in fight.prompts()] == ["death"]
    assert_anna_sees_no_troll(fight)
    answer(fight, fight.table.anna, d20=15)
    assert_anna_sees_no_troll(fight)


def test_the_trolls_hold_on_her(rules_on):
    fight = rules_on
    fight.turn_of(fight.troll)
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, manoeuvre="hold")
    answer(fight, fight.table.anna, d20=12)
    fight.turn_of(fight.troll)
    assert_anna_sees_no_troll(fight)
    answer(fight, fight.table.anna, d20=2)
    assert_anna_sees_no_troll(fight)


def test_her_steely_gaze_and_whirlwind_at_the_troll(rules_on):
    fight = rules_on
    fight.turn_of(fight.ulrika)
    fight.gm("use_feat", combatant=fight.ulrika.pk, feat="steely_gaze", pay_with="experience", enemy=fight.troll.pk)
    assert_anna_sees_no_troll(fight)
    fight.gm(
        "use_feat", combatant=fight.ulrika.pk, feat="whirlwind_attack", pay_with="experience",
        targets=[fight.goblin.pk, fight.troll.pk],
    )  # fmt: skip
    assert len(fight.prompts()) == 2
    assert_anna_sees_no_troll(fight)
    answer(fight, fight.table.anna, d20=3)
    assert_anna_sees_no_troll(fight)


def test_engaged_by_the_troll_she_disengages_and_takes_a_stance(rules_on):
    fight = rules_on
    fight.turn_of(fight.troll)
    fight.gm("engage", target=fight.ulrika.pk)
    fight.turn_of(fight.ulrika)
    fight.run(fight.table.anna, "engage", target=fight.goblin.pk)
    outcome = fight.run(fight.table.anna, "disengage", enemies=[fight.goblin.pk])
    assert "free attack" in outcome.message and CANARY not in outcome.message
    outcome = fight.run(fight.table.anna, "take_stance", combatant=fight.ulrika.pk, stance="full_defence")
    assert CANARY not in outcome.message
    assert_anna_sees_no_troll(fight)


def test_acting_later_and_delaying_around_the_troll(planned_fight):
    fight = planned_fight
    fight.gm("set_house_rules", rules=["manoeuvres"])
    order = [fight.ulrika, fight.troll, fight.goblin, fight.ansgar]
    for position, combatant in enumerate(order):
        fight.gm("move_combatant", combatant=combatant.pk, position=position)
    outcome = fight.run(fight.table.anna, "act_later", combatant=fight.ulrika.pk, after=fight.goblin.pk)
    assert CANARY not in outcome.message
    fight.gm("start")
    assert_anna_sees_no_troll(fight)
