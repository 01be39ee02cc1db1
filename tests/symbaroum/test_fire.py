"""Setting a building on fire (seed 004 "Set Buildings on Fire"): a Cunning test less the Fortification (the
player's on the phone, the GM's word for an NPC), the flames' damage each round, the Strong test each turn for those
inside and the smoke's damage after a failure, and putting the fire out."""

import pytest

from combat.commands import CommandError, CommandForbidden
from systems.symbaroum import toggles


def answer(fight, user, **rolled):
    entry = fight.prompts()[-1]
    return fight.run(user, "roll_test", prompt=entry["id"], **rolled)


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


@pytest.fixture
def croft(fight):
    fight.encounter.house_rules = [toggles.DAMAGE_ON_BUILDINGS.key, toggles.BUILDINGS_ON_FIRE.key]
    fight.encounter.save()
    outcome = fight.gm("add_building", building="Croft")
    return fight.encounter.combatants.get(pk=outcome.result["combatant"])


def burning_since(fight, building):
    return fight.state().buildings[str(building.pk)]["burning_since"]


def turn_of(fight, combatant):
    """Turn changes until it is `combatant`'s turn; returns the last turn change."""
    outcome = fight.gm("next_turn")
    while fight.encounter.active_id != combatant.pk:
        outcome = fight.gm("next_turn")
    return outcome


def new_round(fight):
    start = fight.encounter.round
    while fight.encounter.round == start:
        outcome = fight.gm("next_turn")
    return outcome


def test_setting_fire_needs_the_house_rule(fight):
    fight.encounter.house_rules = [toggles.DAMAGE_ON_BUILDINGS.key]
    fight.encounter.save()
    croft = fight.encounter.combatants.get(pk=fight.gm("add_building", building="Croft").result["combatant"])
    with pytest.raises(CommandError, match="Set Buildings on Fire"):
        fight.gm("set_fire", who=fight.ulrika.pk, building=croft.pk)


def test_the_player_rolls_cunning_less_the_fortification_on_her_phone(fight, croft):
    outcome = fight.gm("set_fire", who=fight.ulrika.pk, building=croft.pk)
    [entry] = fight.prompts()
    # Ulrika's Cunning 10 less the croft's Fortification 5.
    assert (entry["combatant"], entry["kind"], entry["target"], entry["chance"]) == (
        fight.ulrika.pk,
        "light_fire",
        5,
        25,
    )
    assert outcome.result["chance"] == 25 and burning_since(fight, croft) is None
    lit = answer(fight, fight.table.anna, d20=4)
    assert lit.result["burning"] is True and "catches fire" in lit.message
    assert burning_since(fight, croft) == fight.encounter.round


def test_a_failed_test_lights_nothing(fight, croft):
    fight.gm("set_fire", who=fight.ulrika.pk, building=croft.pk)
    failed = answer(fight, fight.table.anna, d20=6)
    assert failed.result["burning"] is False and burning_since(fight, croft) is None


def test_for_an_npc_the_gm_says_how_the_test_went(fight, croft):
    with pytest.raises(CommandError, match="never rolls: say whether"):
        fight.gm("set_fire", who=fight.goblin.pk, building=croft.pk)
    with pytest.raises(CommandError, match="rolls this test on their phone"):
        fight.gm("set_fire", who=fight.ulrika.pk, building=croft.pk, outcome="pass")
    outcome = fight.gm("set_fire", who=fight.goblin.pk, building=croft.pk, outcome="pass")
    assert fight.prompts() == [] and outcome.result["burning"] is True and burning_since(fight, croft) == 1


def test_a_player_may_not_set_fire_for_the_gm(fight, croft):
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "set_fire", who=fight.ulrika.pk, building=croft.pk)


def test_only_a_building_burns(fight, croft):
    with pytest.raises(CommandError, match="Goblin is not a building"):
        fight.gm("set_fire", who=fight.ulrika.pk, building=fight.goblin.pk)


def test_the_flames_deal_their_wrecking_damage_at_each_round_start(fight, croft):
    fight.gm("set_fire", who=fight.goblin.pk, building=croft.pk, outcome="pass")
    outcome = new_round(fight)
    # 1d4 for a fire that has no player to roll it: its fixed 2, Wrecking, so Fortification 5 stops none of it.
    assert fight.fresh(croft).wounds == 8 and "The fire burns Croft" in outcome.message


def test_those_inside_roll_strong_each_turn_then_take_the_smoke_every_turn(fight, croft):
    anna = fight.table.anna
    fight.gm("set_fire", who=fight.goblin.pk, building=croft.pk, outcome="pass")
    fight.gm("set_inside", building=croft.pk, inside=[fight.ulrika.pk])
    turn_of(fight, fight.ulrika)
    [entry] = fight.prompts()
    assert (entry["combatant"], entry["kind"], entry["target"]) == (fight.ulrika.pk, "smoke", 15)  # her Strong
    held = answer(fight, anna, d20=15)
    assert held.result["passed"] is True and conditions(fight, fight.ulrika) == []
    turn_of(fight, fight.ulrika)
    failed = answer(fight, anna, d20=16)
    assert failed.result["passed"] is False and conditions(fight, fight.ulrika) == ["Smoke and Heat"]
    assert fight.prompts() == []  # the damage starts on her next turn
    turn_of(fight, fight.ulrika)
    [entry] = fight.prompts()
    assert (entry["kind"], entry["dice"]) == ("fumes", "1d4")
    answer(fight, anna, total=3)
    assert fight.fresh(fight.ulrika).wounds == 12  # no armour roll against smoke


def test_an_npc_inside_takes_the_fixed_smoke_damage_after_the_gm_gives_the_condition(fight, croft):
    fight.gm("set_fire", who=fight.ulrika.pk, building=croft.pk)
    answer(fight, fight.table.anna, d20=1)
    fight.gm("set_inside", building=croft.pk, inside=[fight.goblin.pk])
    said = turn_of(fight, fight.goblin)
    assert "the GM says whether the Strong test passes" in said.message and fight.prompts() == []
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Smoke and Heat")
    turn_of(fight, fight.goblin)
    assert fight.fresh(fight.goblin).wounds == 6  # 1d4 is worth 2 for one who never rolls


def test_getting_out_ends_the_smoke(fight, croft):
    fight.gm("set_inside", building=croft.pk, inside=[fight.ulrika.pk, fight.goblin.pk])
    fight.gm("add_condition", combatant=fight.ulrika.pk, condition="Smoke and Heat")
    outcome = fight.gm("set_inside", building=croft.pk, inside=[fight.goblin.pk])
    assert outcome.result["left"] == [fight.ulrika.pk] and conditions(fight, fight.ulrika) == []


def test_putting_out_the_fire_takes_cunning_less_the_turns_after_the_first(fight, croft):
    with pytest.raises(CommandError, match="Croft is not burning"):
        fight.gm("put_out_fire", who=fight.ulrika.pk, building=croft.pk)
    fight.gm("set_fire", who=fight.goblin.pk, building=croft.pk, outcome="pass")
    new_round(fight)
    new_round(fight)
    fight.gm("put_out_fire", who=fight.ulrika.pk, building=croft.pk)
    [entry] = fight.prompts()
    # Caught in round 1, now round 3: three turns of fire, two after the first; Cunning 10 - 2.
    assert (entry["kind"], entry["target"]) == ("put_out_fire", 8)
    out = answer(fight, fight.table.anna, d20=8)
    assert out.result["burning"] is False and burning_since(fight, croft) is None
    wounds = fight.fresh(croft).wounds
    new_round(fight)
    assert fight.fresh(croft).wounds == wounds


def test_the_gm_screen_shows_the_fire_and_who_is_inside(fight, croft):
    fight.gm("set_fire", who=fight.goblin.pk, building=croft.pk, outcome="pass")
    fight.gm("set_inside", building=croft.pk, inside=[fight.ulrika.pk])
    page = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "burning since round 1" in page and "inside: Ulrika" in page


def test_a_building_has_no_cunning_to_set_fire_with(fight, croft):
    with pytest.raises(CommandError, match="Croft has no character sheet"):
        fight.gm("set_fire", who=croft.pk, building=croft.pk, outcome="pass")
    assert fight.state().buildings[str(croft.pk)]["burning_since"] is None


def test_the_variant_names_the_test_against_the_smoke_might(fight, croft):
    fight.encounter.house_rules = [*fight.encounter.house_rules, toggles.VARIANT.key]
    fight.encounter.save()
    lit = fight.gm("set_fire", who=fight.goblin.pk, building=croft.pk, outcome="pass")
    assert "a Might test each turn for those inside" in lit.message
    fight.gm("set_inside", building=croft.pk, inside=[fight.ulrika.pk])
    said = turn_of(fight, fight.ulrika)
    [entry] = fight.prompts()
    assert entry["reason"] == "Might: smoke and heat in Croft"
    assert "Ulrika's player rolls Might against 15" in said.message
    held = answer(fight, fight.table.anna, d20=15)
    assert held.message.startswith("Ulrika rolls Might (")
