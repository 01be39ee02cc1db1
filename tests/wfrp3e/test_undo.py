"""Undo after each WFRP 3e command: run it on the `fight` fixture (Magda, Gunther and the orc, running), then undo, and
the encounter's pools, the combatants, the conditions and the characters' points are back exactly as they were."""

import pytest

from combat import commands
from combat.commands import offered_to
from tests import guards
from tests.wfrp3e.conftest import trained

WFRP3E_COMMANDS = offered_to("wfrp3e")

pytestmark = pytest.mark.django_db


# What her dice show: a comet from the expertise die her training rolls, an exertion from the reckless die.
ROLLED = {"successes": 3, "comets": 1, "banes": 2, "exertions": 1}


def strike(fight):
    """Magda's Reckless Cleave at the orc from one reckless step, waiting on her phone: a card that recharges."""
    return fight.gm(
        "perform_action", combatant=fight.magda.pk, card="Reckless Cleave", target=fight.orc.pk, damage=6, stance=1
    ).result["prompt"]


def shielded(fight):
    """Magda carries a shield: a "Shield" trait."""
    fight.magda.character.traits = {"Shield": True}
    fight.magda.character.save()


def initiative_check(fight):
    return fight.gm("ask_initiative", combatant=fight.magda.pk).result["prompt"]


def last_prompt(fight, name, **args):
    """Run `name`, which opens a check on a phone; the check's prompt id."""
    fight.gm(name, **args)
    return fight.prompts()[-1]["id"]


def dreadful(fight):
    """The orc as a creature of Fear 2."""
    fight.orc.character.traits = {"Fear": 2}
    fight.orc.character.save()
    return fight.orc.pk


def rallying(fight, name, **args):
    fight.gm("rally")
    return last_prompt(fight, name, **args) if name else None


def overchanneling(fight):
    """Magda on her turn with 7 power, past twice her Willpower 3."""
    fight.turn_of(fight.magda)
    character = fight.magda.character
    character.refresh_from_db()
    character.points = {**character.points, "power": 7}
    character.save()
    return fight.magda.pk


def miscast(fight):
    """Magda's Magic Dart at the orc showing a chaos star: the Miscast card waits on her phone."""
    fight.gm("perform_action", combatant=fight.magda.pk, card="Magic Dart", target=fight.orc.pk, damage=4)
    fight.gm("enter_roll", prompt=fight.prompts()[-1]["id"], successes=1, chaos_stars=1)
    return fight.prompts()[-1]["id"]


def power_short(fight):
    """Magda (5 power) loses 7: her Discipline check for the 2 she could not lose waits on her phone."""
    return last_prompt(fight, "lose_power", combatant=fight.magda.pk, amount=7)


def socketed(fight):
    """Magda on her turn with Keen Senses (a constant focus talent) socketed."""
    fight.turn_of(fight.magda)
    fight.gm("use_talent", combatant=fight.magda.pk, talent="Keen Senses")
    return fight.magda.pk


def magdas_turn(fight, **args):
    fight.turn_of(fight.magda)
    return {"combatant": fight.magda.pk, **args}


def maddening(fight):
    """Magda with Paranoia, a permanent insanity with a token on it."""
    character = fight.magda.character
    character.refresh_from_db()
    character.points = {**character.points, "insanities": {"Paranoia": "permanent"}, "insanity_tokens": {"Paranoia": 1}}
    character.save()
    return fight.magda.pk


def aggressive(fight):
    """The orc with two Aggression dice."""
    fight.orc.character.traits = {"Aggression": 2}
    fight.orc.character.save()
    return fight.orc.pk


# command name -> fight -> its arguments, after whatever the command needs was set up
CASES = {
    "act_on_several": lambda f: {"action": "apply_damage", "combatants": [f.magda.pk, f.orc.pk], "amount": 20},
    "add_combatant": lambda f: {"name": "Wolf", "max_wounds": 9},
    "answer_recovery_check": lambda f: {"prompt": last_prompt(f, "end_of_act"), "successes": 0},
    "award_fortune": lambda f: {"amount": 2},
    "end_of_act": lambda f: f.gm("add_condition_card", combatant=f.magda.pk, condition="Weakened") and {},
    "end_of_episode": lambda f: {},
    "end_rally": lambda f: rallying(f, None) or {},
    "face_fear": lambda f: {"prompt": last_prompt(f, "fear_check", combatant=dreadful(f)), "banes": 2},
    "fear_check": lambda f: {"combatant": dreadful(f)},
    "overnight_rest": lambda f: f.gm("apply_damage", combatant=f.magda.pk, amount=4) and {},
    "rally": lambda f: f.gm("shift_tension", step=1) and {},
    "rally_check": lambda f: rallying(f, None) or {"combatant": f.magda.pk, "recover": "fatigue"},
    "rally_manoeuvre": lambda f: rallying(f, None) or {"combatant": f.magda.pk},
    "rally_reinitiative": lambda f: rallying(f, None) or {"combatant": f.gunther.pk},
    "rally_roll": lambda f: {
        "prompt": rallying(f, "rally_check", combatant=f.magda.pk, recover="stress"),
        "successes": 2,
    },
    "rally_step_taken": lambda f: rallying(f, None) or {"combatant": f.magda.pk, "label": "first aid"},
    "set_known_as": lambda f: {"combatant": f.orc.pk, "known_as": "type", "kind": "gnome", "wounds_shown": "word"},
    "shift_tension": lambda f: {"step": 1},
    "use_talent": lambda f: f.turn_of(f.magda) or {"combatant": f.magda.pk, "talent": "Iron Will"},
    "spend_fortune": lambda f: f.gm("award_fortune", amount=1) and {"prompt": strike(f)},
    "add_condition_card": lambda f: {"combatant": f.orc.pk, "condition": "Weakened"},
    "apply_damage": lambda f: {"combatant": f.magda.pk, "amount": 3},
    "ask_initiative": lambda f: {"combatant": f.magda.pk},
    "delay": lambda f: {},
    "dismiss_check": lambda f: {"prompt": initiative_check(f)},
    "dismiss_prompts": lambda f: initiative_check(f) and {"combatant": f.magda.pk},
    "end_encounter": lambda f: {},
    "enter_roll": lambda f: trained(f.magda) or {"prompt": strike(f), **ROLLED},
    "heal": lambda f: f.gm("apply_damage", combatant=f.orc.pk, amount=5) and {"combatant": f.orc.pk, "amount": 3},
    "hide_combatant": lambda f: {"combatant": f.orc.pk},
    "maintain_power": lambda f: {"combatant": overchanneling(f)},
    "manoeuvre": lambda f: f.turn_of(f.magda) or {"combatant": f.magda.pk, "start": "engaged", "end": "long"},
    "move_combatant": lambda f: {"combatant": f.orc.pk, "position": 0},
    "next_turn": lambda f: f.gm("add_condition_card", combatant=f.magda.pk, condition="Weakened") and {},
    "perform_action": lambda f: {"combatant": f.magda.pk, "card": "Melee Strike", "target": f.orc.pk},
    "remove_combatant": lambda f: {"combatant": f.orc.pk},
    "remove_condition_card": lambda f: f.gm("add_condition_card", combatant=f.orc.pk, condition="Weakened")
    and {"combatant": f.orc.pk, "condition": "Weakened"},
    "reveal_combatant": lambda f: f.gm("hide_combatant", combatant=f.orc.pk) and {"combatant": f.orc.pk},
    "roll_initiative": lambda f: f.gm("set_initiative", combatant=f.orc.pk, value=5) and {},
    "roll_initiative_check": lambda f: {"prompt": initiative_check(f), "successes": 2},
    "set_house_rules": lambda f: {"rules": ["disease_check"]},
    "set_initiative": lambda f: {"combatant": f.orc.pk, "value": 3},
    "set_points": lambda f: {"combatant": f.magda.pk, "fatigue": 2},
    "shift_stance": lambda f: f.turn_of(f.magda) or {"combatant": f.magda.pk, "stance": -3},
    "assist": lambda f: {"combatant": f.magda.pk, "ally": f.gunther.pk},
    "set_prone": lambda f: {"combatant": f.orc.pk, "prone": True},
    "sling_shield": lambda f: shielded(f) or {"combatant": f.magda.pk, "sling": False},
    "stand_up": lambda f: f.gm("set_prone", combatant=f.magda.pk, prone=True) and {"combatant": f.magda.pk},
    "lose_power": lambda f: {"combatant": f.magda.pk, "amount": 7},
    "zero_power_check": lambda f: {"prompt": power_short(f), "successes": 0},
    "miscast_drawn": lambda f: {"prompt": miscast(f), "effect": "the winds howl"},
    "situation_dice": lambda f: {"prompt": initiative_check(f), "advantages": ["ambush"], "disadvantages": ["weather"]},
    "damage_equipment": lambda f: {"combatant": f.orc.pk, "item": "gear", "gear": "Rope", "skill": "Athletics"},
    "set_environment": lambda f: {"environment": "Blizzard", "challenge": 2, "checks": "physical"},
    "mount": lambda f: magdas_turn(f, mounted=True),
    "ride_check": lambda f: {"prompt": last_prompt(f, "mount", **magdas_turn(f, mounted=True)), "successes": 1},
    "exchange_talent": lambda f: {"combatant": socketed(f), "talent": "Keen Senses", "replacement": "Iron Will"},
    "prepare": lambda f: magdas_turn(f, card="Rally the Troops"),
    "draw_insanity": lambda f: {"combatant": f.gunther.pk, "insanity": "Paranoia", "tokens": 2, "fits": True},
    "insanity_recovery_check": lambda f: {"combatant": maddening(f), "insanity": "Paranoia"},
    "first_aid": lambda f: f.turn_of(f.magda) or {"combatant": f.magda.pk, "patient": f.magda.pk},
    "healing_draught": lambda f: {"combatant": f.magda.pk, "successes": 2},
    "day_of_care": lambda f: {"patient": f.magda.pk, "severity": 1},
    "spend_enemy_die": lambda f: {"combatant": aggressive(f), "pool": "Aggression", "use": "fortune"},
    "start": None,  # before the start only: PLANNED below
    "show_rules_changes": None,  # changes nothing to undo: tests/combat/test_rules_changes_live.py
    "undo": None,  # what is tested here
    "undo_to": None,  # undoes others and is not undone: test_undo_back_to_a_line below
}  # fmt: skip
PLANNED = {  # the same, for the commands of a fight not yet started
    "roll_initiative_check": lambda f: {"prompt": initiative_check(f), "successes": 3},
    "start": lambda f: {},
}


def test_every_command_is_listed():
    assert sorted(CASES) == sorted(WFRP3E_COMMANDS)


def undone(fight, name, args):
    before = guards.kept(fight.encounter)
    outcome = commands.execute(fight.encounter, fight.table.gm, name, args)
    assert guards.kept(fight.encounter) != before, f"{name} changed nothing: {outcome.message}"
    fight.gm("undo")
    return guards.kept(fight.encounter), before


@pytest.mark.parametrize("name", sorted(name for name, case in CASES.items() if case))
def test_undo_puts_back_what_the_command_changed(fight, name):
    after, before = undone(fight, name, CASES[name](fight))
    assert after == before


@pytest.mark.parametrize("name", sorted(PLANNED))
def test_undo_before_the_start(planned_fight, name):
    after, before = undone(planned_fight, name, PLANNED[name](planned_fight))
    assert after == before


def test_undo_of_a_roll_puts_back_the_wounds_the_strain_and_the_recharge(fight):
    """The roll that changes the most at once: the orc's wounds and critical, Magda's strain and her card's
    recharge tokens, and the prompt it closed."""
    trained(fight.magda)
    prompt = strike(fight)
    before = guards.kept(fight.encounter)
    fight.gm("enter_roll", prompt=prompt, **ROLLED)
    state = fight.state()
    assert (fight.fresh(fight.orc).wounds, fight.points(fight.magda)["fatigue"]) == (3, 5)
    assert (state.prompts, state.recharging) == ([], {str(fight.magda.pk): {"Reckless Cleave": 3}})
    assert state.health == {str(fight.orc.pk): {"criticals": 1, "knocked_out": False, "dead": False}}
    fight.gm("undo")
    assert guards.kept(fight.encounter) == before


def test_undo_back_to_a_line(fight):
    """Three commands after a line, the several-at-once among them, undone back to it as one command."""
    should, now = guards.undone_back(
        fight,
        *(
            ("apply_damage", {"combatant": fight.orc.pk, "amount": 2}),
            ("act_on_several", {"action": "apply_damage", "combatants": [fight.magda.pk, fight.orc.pk], "amount": 20}),
            ("act_on_several", {"action": "heal", "combatants": [fight.magda.pk], "amount": 3}),
            ("next_turn", {}),
        ),
    )
    assert now == should
