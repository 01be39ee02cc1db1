"""The API's state of a Symbaroum combatant seen in full: Experience, Corruption, the ammunition left, the steps
toward death, the feats in force, the stance and the holds a phone client needs, and each open test with its target
and chance; nothing of them for a combatant the player may not see in full, and a hidden combatant never named, not
even by id."""

import pytest

from tests.api_state import api_state, assert_declared
from tests.symbaroum import test_dying
from tests.symbaroum.test_manoeuvres import answer, turn_of

SYMBAROUM_KEYS = ("ammunition", "dying", "death_steps", "feats_in_force", "stance", "holding", "held_by")


@pytest.fixture
def table_rules(fight):
    fight.encounter.house_rules = ["feats", "manoeuvres"]
    fight.encounter.save()
    return fight


def state_for(fight, user):
    return fight.table.client(user).get(f"/api/encounters/{fight.encounter.pk}/").json()


def seen(fight, user, combatant):
    return next(c for c in state_for(fight, user)["combatants"] if c["id"] == combatant.pk)


def test_her_player_gets_her_stance_her_hold_and_her_feats_the_other_player_none_of_them(table_rules):
    fight = table_rules
    anna = fight.table.anna
    turn_of(fight, fight.ulrika)
    fight.run(anna, "use_feat", combatant=fight.ulrika.pk, feat="perfect_defence", pay_with="experience")
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="hold", d20=3)
    fight.run(anna, "take_stance", combatant=fight.ulrika.pk, stance="full_offense")
    mine = seen(fight, anna, fight.ulrika)
    assert mine["feats_in_force"] == [
        {"feat": "perfect_defence", "label": "Perfect Defence", "ready": True, "enemy": None}
    ]
    assert (mine["stance"], mine["holding"], mine["held_by"]) == ("full_offense", [fight.goblin.pk], [])
    assert (mine["dying"], mine["death_steps"]) == (False, 0)
    assert seen(fight, fight.table.gm, fight.goblin)["held_by"] == [fight.ulrika.pk]
    others = seen(fight, fight.table.bruno, fight.ulrika)
    assert all(others[key] is None for key in SYMBAROUM_KEYS) and others["name"] == "Ulrika"
    assert seen(fight, anna, fight.goblin)["held_by"] is None


def test_the_dying_player_gets_her_steps_toward_death(table_rules):
    fight = table_rules
    test_dying.bring_down(fight, fight.ulrika)
    test_dying.turn_of(fight, fight.ulrika)  # her turn starts anew: the death test
    death = next(p for p in fight.prompts() if p["kind"] == "death")
    fight.run(fight.table.anna, "roll_test", prompt=death["id"], d20=15)  # 11-19: a step closer
    state = state_for(fight, fight.table.anna)
    mine = next(c for c in state["combatants"] if c["id"] == fight.ulrika.pk)
    assert (mine["dying"], mine["death_steps"], state["death_steps_to_die"]) == (True, 1, 3)


def test_a_hidden_troll_is_never_named_by_id_in_her_holds_nor_her_steely_gaze(table_rules):
    fight = table_rules
    anna = fight.table.anna
    turn_of(fight, fight.troll)
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, manoeuvre="hold")
    answer(fight, anna, d20=12)  # her defence fails: held
    fight.gm("use_feat", combatant=fight.ulrika.pk, feat="steely_gaze", enemy=fight.troll.pk, pay_with="experience")
    mine = seen(fight, anna, fight.ulrika)
    assert mine["held_by"] == [] and mine["feats_in_force"][0]["enemy"] is None
    assert "Held" in [c["name"] for c in mine["conditions"]]
    assert fight.troll.pk not in [c["id"] for c in state_for(fight, anna)["combatants"]]
    gm = seen(fight, fight.table.gm, fight.ulrika)
    assert gm["held_by"] == [fight.troll.pk] and gm["feats_in_force"][0]["enemy"] == fight.troll.pk


def test_every_declared_field_reaches_the_gm_and_a_player_of_her_own_character_only(table_rules):
    fight = table_rules
    fight.encounter.house_rules = [*fight.encounter.house_rules, "ammunition_countdown"]
    fight.encounter.save()
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)  # her defence test, on her phone
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk)  # his attack test, on his
    gm = api_state(fight.encounter, fight.table.gm)
    assert_declared(gm, in_full={c["id"] for c in gm["combatants"]})
    assert len(gm["prompts"]) == 2
    anna = api_state(fight.encounter, fight.table.anna)
    assert_declared(anna, in_full={fight.ulrika.pk})
    ulrika = next(c for c in anna["combatants"] if c["id"] == fight.ulrika.pk)
    assert (ulrika["experience"], ulrika["corruption"]) == (4, 3)  # 1 temporary and 2 permanent
    [defence] = anna["prompts"]
    assert (defence["kind"], defence["target"], defence["chance"], defence["perfect_defence"]) == (
        "defence",
        9,
        45,
        "offer",
    )
    bruno = api_state(fight.encounter, fight.table.bruno)
    assert_declared(bruno, in_full={fight.ansgar.pk})
    ansgar = next(c for c in bruno["combatants"] if c["id"] == fight.ansgar.pk)
    assert (ansgar["ammunition"]["left"], ansgar["ammunition"]["out"]) == (3, False)
    assert [p["kind"] for p in bruno["prompts"]] == ["attack"]
    assert fight.troll.pk not in [c["id"] for c in anna["combatants"] + bruno["combatants"]]
