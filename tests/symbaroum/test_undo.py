"""Undo after each Symbaroum command: run it on the `fight` fixture (every optional rule on but the variant's
words), then undo, and the encounter's pools, the combatants, the conditions and the characters' points are back
exactly as they were."""

import pytest

from combat import commands
from combat.commands import offered_to
from rules.models import Weapon
from systems.symbaroum import toggles
from tests import guards

SYMBAROUM_COMMANDS = offered_to("symbaroum")

pytestmark = pytest.mark.django_db


def croft(fight):
    return fight.encounter.combatants.get(pk=fight.gm("add_building", building="Croft").result["combatant"])


def open_attack(fight):
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    return fight.prompts()[-1]["id"]


def free_attack(fight):
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    fight.gm("roll_test", prompt=fight.prompts()[-1]["id"], d20=1)  # a perfect defence
    return fight.state().free_attacks[0]["id"]


def holding(fight):
    fight.turn_of(fight.ulrika)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="hold", d20=3)


def burning(fight):
    building = croft(fight)
    fight.gm("set_fire", who=fight.goblin.pk, building=building.pk, outcome="pass")
    return building


def down(fight):
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=15)
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Dying")


def trap_set(fight):
    fight.turn_of(fight.ulrika)
    fight.gm("set_trap", combatant=fight.ulrika.pk, trap="Mechanical Trap", d20=3)


def goblin_trapped(fight):
    trap_set(fight)
    fight.gm("spring_trap", trap=1, victim=fight.goblin.pk)
    fight.turn_of(fight.goblin)


def grenade(fight):
    fight.table.ulrika.weapons.add(Weapon.objects.get(system="symbaroum", name="Alchemical Grenade"))
    fight.turn_of(fight.ulrika)


def ended(fight):
    fight.gm("attack", attacker=fight.ansgar.pk, target=fight.goblin.pk, d20=15)
    fight.gm("end_encounter")


# command name -> fight -> its arguments, after whatever the command needs was set up
CASES = {
    "act_on_several": lambda f: {"action": "apply_damage", "combatants": [f.ulrika.pk, f.goblin.pk], "amount": 16},
    "act_later": None,  # before the start only: test_act_later_before_the_start below
    "add_building": lambda f: {"building": "Croft", "side": "adversary"},
    "add_combatant": lambda f: {"name": "Wolf", "max_wounds": 9},
    "add_condition": lambda f: {"combatant": f.goblin.pk, "condition": "Bleeding"},
    "ambush": None,  # before the start only: test_an_ambush_before_the_start below
    "apply_damage": lambda f: {"combatant": f.ulrika.pk, "amount": 16},
    "curse": lambda f: {"combatant": f.ulrika.pk, "target": f.goblin.pk},
    "lift_curse": lambda f: f.gm("curse", combatant=f.ulrika.pk, target=f.goblin.pk) and {"combatant": f.goblin.pk},
    "quake": lambda f: {"combatant": f.ansgar.pk, "target": f.goblin.pk, "damage": 6, "d20": 20},
    "set_known_as": lambda f: {"combatant": f.goblin.pk, "known_as": "type", "kind": "gnome", "wounds_shown": "word"},
    "share_damage": lambda f: {"combatant": f.ulrika.pk, "partner": f.ansgar.pk, "damage": 6},
    "attack": lambda f: {"attacker": f.goblin.pk, "target": f.ulrika.pk, "d20": 20, "armour": 1},
    "delay": lambda f: {},
    "delay_initiative": lambda f: f.turn_of(f.ulrika) or {"combatant": f.ulrika.pk, "before": f.ansgar.pk},
    "disengage": lambda f: f.turn_of(f.ulrika) or f.gm("engage", target=f.goblin.pk) and {"enemies": [f.goblin.pk]},
    "dismiss_prompts": lambda f: open_attack(f) and {"combatant": f.ulrika.pk},
    "dismiss_test": lambda f: {"prompt": open_attack(f)},
    "draw_weapon": lambda f: f.turn_of(f.ulrika)
    or f.gm("ready_weapons", combatant=f.ulrika.pk, drawn=False) and {"combatant": f.ulrika.pk},
    "end_encounter": lambda f: {},
    "engage": lambda f: f.turn_of(f.ulrika) or {"target": f.goblin.pk},
    "face_trap": lambda f: trap_set(f) or {"combatant": f.goblin.pk, "trap": 1, "how": "spot", "d20": 2},
    "get_free": lambda f: goblin_trapped(f) or {"combatant": f.goblin.pk, "d20": 3},
    "first_aid": lambda f: down(f) or {"healer": f.ansgar.pk, "patient": f.ulrika.pk, "means": "medicus", "d4": 3},
    "grant_free_attack": lambda f: {"attacker": f.ansgar.pk, "target": f.goblin.pk, "reason": "Opportunist"},
    "heal": lambda f: f.gm("apply_damage", combatant=f.ulrika.pk, amount=5) and {"combatant": f.ulrika.pk, "amount": 3},
    "hide_combatant": lambda f: {"combatant": f.goblin.pk},
    "let_free_attack_pass": lambda f: {"free_attack": free_attack(f)},
    "march": lambda f: ended(f) or {"pace": "hasty"},
    "mark_action": lambda f: f.turn_of(f.ulrika) or {"part": "combat", "used": True},
    "move_squares": lambda f: f.turn_of(f.ulrika) or {"squares": 7, "next_to": f.goblin.pk},
    "mark_lower_ground": lambda f: {"combatant": f.goblin.pk, "lower": True},
    "move_combatant": lambda f: {"combatant": f.troll.pk, "position": 0},
    "next_turn": lambda f: {},
    "poison_weapon": lambda f: f.turn_of(f.ulrika) or {"combatant": f.ulrika.pk, "weapon": "Sword", "d20": 3},
    "put_out_fire": lambda f: {"who": f.goblin.pk, "building": burning(f).pk, "outcome": "pass"},
    "quick_strike": lambda f: {"combatant": f.ulrika.pk, "pay_with": "experience"},
    "ready_weapons": lambda f: {"combatant": f.goblin.pk, "drawn": False},
    "release_hold": lambda f: holding(f) or {"combatant": f.ulrika.pk},
    "remove_combatant": lambda f: {"combatant": f.goblin.pk},
    "remove_condition": lambda f: f.gm("add_condition", combatant=f.goblin.pk, condition="Prone")
    and {"combatant": f.goblin.pk, "condition": "Prone"},
    "reveal_combatant": lambda f: {"combatant": f.troll.pk},
    "roll_initiative": lambda f: {},
    "roll_test": lambda f: {"prompt": open_attack(f), "d20": 3},
    "run_past": lambda f: f.turn_of(f.ulrika) or {"enemies": [f.goblin.pk], "reach": f.troll.pk},
    "search_for_ammunition": lambda f: ended(f) or {"projectiles": "ordinary"},
    "set_distance": lambda f: {"distance": "short"},
    "set_trap": lambda f: f.turn_of(f.ulrika) or {"combatant": f.ulrika.pk, "trap": "Mechanical Trap", "d20": 3},
    "spring_trap": lambda f: trap_set(f) or {"trap": 1, "victim": f.goblin.pk},
    "set_fire": lambda f: {"who": f.goblin.pk, "building": croft(f).pk, "outcome": "pass"},
    "set_house_rules": lambda f: {"rules": ["feats"]},
    "set_initiative": lambda f: {"combatant": f.goblin.pk, "value": 3},
    "set_main_hand": lambda f: {"combatant": f.ulrika.pk, "hand": "left"},
    "set_inside": lambda f: {"building": croft(f).pk, "inside": [f.goblin.pk, f.ulrika.pk]},
    "set_points": lambda f: {"combatant": f.ulrika.pk, "experience": 9},
    "stand_up": lambda f: f.turn_of(f.ulrika) or f.gm("add_condition", combatant=f.ulrika.pk, condition="Prone")
    and {"combatant": f.ulrika.pk, "d20": 4},
    "start": None,  # before the start only: test_starting_the_planned_fight below
    "nock_ammunition": lambda f: f.gm(
        "stock_ammunition", combatant=f.ansgar.pk, special_ammunition="Fire arrow", count=2
    ) and {"combatant": f.ansgar.pk, "special_ammunition": "Fire arrow"},
    "stock_ammunition": lambda f: {"combatant": f.ansgar.pk, "special_ammunition": "Fire arrow", "count": 2},
    "take_stance": lambda f: f.turn_of(f.ulrika) or {"combatant": f.ulrika.pk, "stance": "full_defence"},
    "take_the_initiative": lambda f: {"combatant": f.goblin.pk, "outcome": "pass"},
    "show_rules_changes": None,  # changes nothing to undo: tests/combat/test_rules_changes_live.py
    "undo": None,  # what is tested here
    "undo_to": None,  # undoes others and is not undone: test_undo_back_to_a_line below
    "use_elixir": lambda f: f.turn_of(f.ulrika) or {"combatant": f.ulrika.pk, "elixir": "Healing draught",
                                                    "target": f.ansgar.pk},
    "use_alchemical_weapon": lambda f: grenade(f) or {"combatant": f.ulrika.pk, "weapon": "grenade",
                                                      "target": f.goblin.pk, "risk_d20": 20},
    "use_feat": lambda f: {"combatant": f.ulrika.pk, "feat": "steely_gaze", "pay_with": "experience",
                           "enemy": f.goblin.pk},
}  # fmt: skip
PLANNED = {  # the same, for the commands of a fight not yet started
    "act_later": lambda f: {"combatant": f.ulrika.pk, "after": f.troll.pk},
    "ambush": lambda f: {"ambushers": [f.goblin.pk, f.troll.pk], "ambushed": [f.ulrika.pk, f.ansgar.pk], "d20": 18},
    "start": lambda f: {},
}


@pytest.fixture
def every_rule(fight):
    fight.gm("set_house_rules", rules=[toggle.key for toggle in toggles.TOGGLES if toggle is not toggles.VARIANT])
    return fight


def test_every_command_is_listed():
    assert sorted(CASES) == sorted(SYMBAROUM_COMMANDS)


def undone(fight, name, args):
    before = guards.kept(fight.encounter)
    outcome = commands.execute(fight.encounter, fight.table.gm, name, args)
    assert guards.kept(fight.encounter) != before or name == "delay", f"{name} changed nothing: {outcome.message}"
    fight.gm("undo")
    return guards.kept(fight.encounter), before


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items() if case))
def test_undo_puts_back_what_the_command_changed(every_rule, name):
    after, before = undone(every_rule, name, CASES[name](every_rule))
    assert after == before


@pytest.mark.parametrize("name", sorted(PLANNED))
def test_undo_before_the_start(planned_fight, name):
    planned_fight.gm("set_house_rules", rules=["feats", "manoeuvres"])
    after, before = undone(planned_fight, name, PLANNED[name](planned_fight))
    assert after == before


def test_undo_back_to_a_line(fight):
    """Three commands after a line, the several-at-once among them, undone back to it as one command."""
    should, now = guards.undone_back(
        fight,
        *(
            ("apply_damage", {"combatant": fight.goblin.pk, "amount": 2}),
            (
                "act_on_several",
                {"action": "apply_damage", "combatants": [fight.ulrika.pk, fight.goblin.pk], "amount": 16},
            ),
            ("add_condition", {"combatant": fight.ansgar.pk, "condition": "Prone"}),
            ("next_turn", {}),
        ),
    )
    assert now == should
