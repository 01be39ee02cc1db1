"""The rally phase from the outside (seed 003 "Game Time" › "Rally Phase of Encounter/Act"): everyone's recovery at
once, then one rally step each (a Resilience or Discipline check on the phone, a manoeuvre, the party's slowest
initiative re-rolled, or a step the GM marks taken), until the next turn or the GM ends it."""

import random

import pytest

from combat.commands.spine import CommandError, CommandForbidden
from rules.engine import wfrp3e
from rules.engine.dice import Dice
from systems.wfrp3e.commands.pools import percent
from systems.wfrp3e.models import ConditionCard

BANNER = "Rally: each of you takes one rally step"


@pytest.fixture
def worn(fight):
    """The fight after Magda's turn so far: one conservative step (free), Reckless Cleave missed (3 recharge
    tokens), and condition cards of every duration on her: Blinded and an admin's Haunted are lingering,
    Staggered brief, Frightened dependent, an admin's Maimed permanent."""
    ConditionCard.objects.create(system="wfrp3e", name="Haunted", duration="lingering")
    ConditionCard.objects.create(system="wfrp3e", name="Maimed", duration="permanent")
    anna, magda = fight.table.anna, fight.magda.pk
    fight.run(anna, "shift_stance", combatant=magda, stance=-1)
    fight.run(anna, "perform_action", combatant=magda, card="Reckless Cleave", target=fight.orc.pk)
    (entry,) = fight.prompts()
    fight.run(anna, "enter_roll", prompt=entry["id"], challenges=1)
    for condition in ("Blinded", "Haunted", "Staggered", "Frightened", "Maimed"):
        fight.gm("add_condition_card", combatant=magda, condition=condition)
    return fight


def everything(fight):
    """What a command may change: the encounter's state and every character's points."""
    fight.encounter.refresh_from_db()
    return fight.encounter.pools, {c.name: fight.points(c) for c in (fight.magda, fight.gunther, fight.orc)}


def test_the_rally_recovers_everyone_at_once_and_ends_the_lingering_conditions(worn):
    outcome = worn.gm("rally")
    assert outcome.message == (
        "The rally phase begins: each of you takes one rally step. "
        "Magda's stance moves a step toward neutral: 1 conservative → neutral. "
        "Magda's Reckless Cleave: a recharge token off, 2 recharge tokens left. "
        "Magda recovers 1 fatigue and 1 stress. "
        "Magda's power or favour moves toward equilibrium: 5 → 4. "
        "Magda is no longer Blinded. Magda is no longer Haunted."
    )
    points = worn.points(worn.magda)
    assert (points["fatigue"], points["stress"], points["power"]) == (3, 0, 4)
    state, magda = worn.state(), str(worn.magda.pk)
    assert state.stances == {magda: 0}
    assert state.recharging == {magda: {"Reckless Cleave": 2}}
    assert state.condition_tokens == {magda: {"Staggered": 3}}
    assert state.lasting_conditions == {magda: ["Frightened", "Maimed"]}
    assert state.rally == {"open": True, "steps": {}}


def test_enemies_recover_no_fatigue_or_stress_but_their_cards_recharge_and_stance_moves(fight):
    orc = fight.orc.character
    orc.points = {"fatigue": 2, "stress": 2}
    orc.save()
    fight.gm("next_turn")
    fight.gm("next_turn")
    fight.gm("shift_stance", combatant=fight.orc.pk, stance=1)
    fight.gm("perform_action", combatant=fight.orc.pk, card="Reckless Cleave", target=fight.gunther.pk)
    (entry,) = fight.prompts()
    fight.gm("enter_roll", prompt=entry["id"], challenges=1)
    outcome = fight.gm("rally")
    assert "Orc's stance moves a step toward neutral: 1 reckless → neutral." in outcome.message
    assert "Orc's Reckless Cleave: a recharge token off, 2 recharge tokens left." in outcome.message
    assert "Orc recovers" not in outcome.message
    assert fight.points(fight.orc) == {"fatigue": 2, "stress": 2}


def test_a_rally_needs_a_running_fight(planned_fight):
    with pytest.raises(CommandError, match="start the encounter first"):
        planned_fight.gm("rally")
    assert planned_fight.state().rally == {}


def test_one_rally_at_a_time(fight):
    fight.gm("rally")
    before = everything(fight)
    with pytest.raises(CommandError, match="^The rally is already under way.$"):
        fight.gm("rally")
    assert everything(fight) == before


def test_the_banner_and_everyones_rally_step_on_the_gm_screen_and_the_phone(fight):
    assert BANNER not in fight.page(fight.table.anna)
    fight.gm("rally")
    fight.run(fight.table.bruno, "rally_manoeuvre", combatant=fight.gunther.pk)
    gm_page, anna_page, bruno_page = (
        fight.page(user) for user in (fight.table.gm, fight.table.anna, fight.table.bruno)
    )
    assert BANNER in gm_page and BANNER in anna_page and BANNER in bruno_page
    assert 'id="rally-step-taken-%d"' % fight.magda.pk in gm_page
    assert 'id="rally-step-taken-%d"' % fight.gunther.pk not in gm_page
    assert "a manoeuvre</span>" in gm_page
    assert 'id="my-rally-check-%d"' % fight.magda.pk in anna_page
    assert "my-rally-check" not in bruno_page and "Rally step: <strong>a manoeuvre</strong>" in bruno_page


def test_a_second_rally_step_is_refused_and_changes_nothing(fight):
    fight.gm("rally")
    fight.run(fight.table.anna, "rally_manoeuvre", combatant=fight.magda.pk)
    before = everything(fight)
    with pytest.raises(CommandError, match=r"^Magda has taken a rally step already \(a manoeuvre\).$"):
        fight.run(fight.table.anna, "rally_check", combatant=fight.magda.pk, recover="fatigue")
    with pytest.raises(CommandError, match="already"):
        fight.gm("rally_step_taken", combatant=fight.magda.pk, label="first aid on Gunther")
    assert everything(fight) == before


def test_no_rally_step_without_a_rally(fight):
    with pytest.raises(CommandError, match="^There is no rally under way: the GM calls one first.$"):
        fight.run(fight.table.anna, "rally_manoeuvre", combatant=fight.magda.pk)
    with pytest.raises(CommandError, match="^There is no rally under way.$"):
        fight.gm("end_rally")


def test_a_player_cannot_rally_check_another_players_character(fight):
    fight.gm("rally")
    before = everything(fight)
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "rally_check", combatant=fight.magda.pk, recover="fatigue")
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.bruno, "rally_step_taken", combatant=fight.gunther.pk, label="first aid")
    assert everything(fight) == before


def test_the_checks_prompt_with_its_pool_and_odds_is_on_the_rollers_phone_only(fight):
    fight.gm("rally")
    outcome = fight.run(fight.table.anna, "rally_check", combatant=fight.magda.pk, recover="fatigue")
    (entry,) = fight.prompts()
    # To 3 at neutral stance after the rally, untrained, one challenge die; fatigue 3 is not past Toughness 3.
    assert entry["summary"] == "3 characteristic, 1 challenge"
    assert entry["chance"] == percent(wfrp3e.net_success_chance(entry["pool"]))
    assert outcome.message == (
        f"Magda's rally step: a Resilience check to recover fatigue (3 characteristic, 1 challenge, "
        f"{entry['chance']} % to succeed)."
    )
    prompt_id = f'id="prompt-{entry["id"]}"'
    for user, shown in ((fight.table.anna, True), (fight.table.bruno, False), (fight.table.gm, True)):
        page = fight.page(user)
        assert (prompt_id in page) is shown
        assert ("Rally: Resilience check to recover fatigue" in page) is shown
    assert "Rally step: <strong>Resilience check to recover fatigue</strong>" in fight.page(fight.table.anna)


def test_a_specialisation_in_recovering_fatigue_adds_a_fortune_die(fight):
    magda = fight.magda.character
    magda.points = {**magda.points, "specialisations": {"Resilience": ["Recover Fatigue"]}}
    magda.save()
    fight.gm("rally")
    fight.gm("rally_check", combatant=fight.magda.pk, recover="fatigue")
    (entry,) = fight.prompts()
    assert entry["summary"] == "3 characteristic, 1 fortune, 1 challenge"


def test_the_answer_recovers_exactly_the_net_successes_typed(fight):
    fight.gm("rally")
    fight.run(fight.table.anna, "rally_check", combatant=fight.magda.pk, recover="fatigue")
    (entry,) = fight.prompts()
    outcome = fight.run(fight.table.anna, "rally_roll", prompt=entry["id"], successes=3, challenges=1, boons=2)
    # Two boons give back one more fatigue (seed 003 "Universal Dice Roll Effect").
    assert outcome.message == (
        "Magda's rally Resilience check (typed): 2 net successes, 2 fatigue recovered (3 → 1); "
        "Magda recovers 1 fatigue (two boons)."
    )
    assert fight.points(fight.magda)["fatigue"] == 0
    assert fight.prompts() == []
    assert "Rally step: <strong>Resilience check, 2 fatigue recovered</strong>" in fight.page(fight.table.anna)


def test_no_more_is_recovered_than_there_is(fight):
    fight.gm("rally")
    fight.run(fight.table.anna, "rally_check", combatant=fight.magda.pk, recover="stress")
    (entry,) = fight.prompts()
    outcome = fight.run(fight.table.anna, "rally_roll", prompt=entry["id"], successes=2)
    assert outcome.message == "Magda's rally Discipline check (typed): 2 net successes, 0 stress recovered (0 → 0)."


def test_an_empty_answer_rolls_the_pool(fight):
    fight.gm("rally")
    fight.gm("rally_check", combatant=fight.magda.pk, recover="fatigue")
    (entry,) = fight.prompts()
    outcome = fight.run(fight.table.anna, "rally_roll", prompt=entry["id"], dice=Dice(random.Random(5)))
    rolled = wfrp3e.symbols_shown(wfrp3e.roll_pool(entry["pool"], Dice(random.Random(5)).d))
    successes = wfrp3e.resolve(dict(rolled)).successes
    recovered = min(successes, 3)
    assert outcome.result["symbols"] == dict(rolled) and outcome.result["recovered"] == recovered
    assert outcome.message == (
        f"Magda's rally Resilience check (rolled): {successes} net successes, {recovered} fatigue recovered "
        f"(3 → {3 - recovered})."
    )
    assert fight.points(fight.magda)["fatigue"] == 3 - recovered


def test_another_checks_answer_is_refused(fight):
    fight.gm("rally")
    fight.gm("rally_check", combatant=fight.magda.pk, recover="fatigue")
    (entry,) = fight.prompts()
    with pytest.raises(CommandError, match="answered another way"):
        fight.run(fight.table.anna, "enter_roll", prompt=entry["id"], successes=1)


def test_the_party_re_rolls_its_slowest_initiative(fight):
    fight.gm("set_initiative", combatant=fight.magda.pk, value=1)
    fight.gm("set_initiative", combatant=fight.gunther.pk, value=3)
    fight.gm("set_initiative", combatant=fight.orc.pk, value=0)
    fight.gm("rally")
    outcome = fight.gm("rally_reinitiative", combatant=fight.gunther.pk)
    assert outcome.message == (
        "Gunther's rally step: the party's slowest initiative (Magda, 1) is re-rolled. "
        "Magda checks Agility for initiative."
    )
    (entry,) = fight.prompts()
    assert (entry["combatant"], entry["answer"]) == (fight.magda.pk, "roll_initiative_check")
    assert fight.state().rally["steps"] == {str(fight.gunther.pk): "re-rolled Magda's initiative"}


def test_an_enemy_does_not_re_roll_the_partys_initiative(fight):
    fight.gm("rally")
    before = everything(fight)
    with pytest.raises(CommandError, match="not one of the party"):
        fight.gm("rally_reinitiative", combatant=fight.orc.pk)
    assert everything(fight) == before


def test_the_gm_marks_a_step_played_through_the_other_commands(fight):
    fight.gm("rally")
    outcome = fight.gm("rally_step_taken", combatant=fight.gunther.pk, label="first aid on Magda.")
    assert outcome.message == "Gunther's rally step: first aid on Magda."
    outcome = fight.gm("rally_manoeuvre", combatant=fight.orc.pk)
    assert outcome.message == "Orc's rally step: a manoeuvre."
    assert fight.points(fight.orc) == {}


def test_the_next_turn_or_the_gm_ends_the_rally(fight):
    fight.gm("rally")
    fight.run(fight.table.anna, "rally_manoeuvre", combatant=fight.magda.pk)
    outcome = fight.gm("next_turn")
    assert "The rally ends; no rally step for Gunther, Orc." in outcome.message
    assert BANNER not in fight.page(fight.table.bruno)
    with pytest.raises(CommandError, match="no rally under way"):
        fight.run(fight.table.bruno, "rally_manoeuvre", combatant=fight.gunther.pk)
    fight.gm("rally")
    assert fight.gm("end_rally").message == "The rally ends; no rally step for Magda, Gunther, Orc."
    assert fight.state().rally == {"open": False, "steps": {}}


@pytest.mark.parametrize(
    "name, args",
    [
        ("rally", {}),
        ("rally_check", {"recover": "fatigue"}),
        ("rally_roll", {"successes": 2}),
        ("rally_manoeuvre", {}),
        ("rally_reinitiative", {}),
        ("rally_step_taken", {"label": "first aid"}),
        ("end_rally", {}),
    ],
)
def test_undo_puts_back_exactly_what_each_command_changed(worn, name, args):
    if name != "rally":
        worn.gm("rally")
    if name == "rally_roll":
        worn.gm("rally_check", combatant=worn.magda.pk, recover="fatigue")
        args = {**args, "prompt": worn.prompts()[0]["id"]}
    elif name != "end_rally" and name != "rally":
        args = {**args, "combatant": worn.magda.pk}
    before = everything(worn)
    worn.gm(name, **args)
    assert everything(worn) != before
    worn.gm("undo")
    assert everything(worn) == before


def test_the_knocked_out_take_no_rally_step_and_face_no_fear(fight):
    fight.gm("apply_damage", combatant=fight.gunther.pk, amount=13)  # past his threshold of 12
    fight.gm("rally")
    with pytest.raises(CommandError, match="Gunther is knocked out: no rally step."):
        fight.gm("rally_manoeuvre", combatant=fight.gunther.pk)
    page = fight.page(fight.table.gm)
    his_step = page[page.index(f'id="rally-step-{fight.gunther.pk}"') :]
    shown = his_step[: his_step.index("</li>")].split("</strong>")[1].strip()
    assert shown == '<span class="tag on">knocked out</span>'

    fight.orc.character.traits = {"Fear": 1}
    fight.orc.character.save()
    fight.gm("fear_check", combatant=fight.orc.pk)
    assert [p["combatant"] for p in fight.prompts()] == [fight.magda.pk]
