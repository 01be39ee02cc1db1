"""Buildings as combatants (seed 004 "Damage on Buildings"): the GM adds one from the reference table; an attack on
it hits without a test, gets past Fortification unless Wrecking, rolls no armour; a round's damage adds up to the
Breakpoint and breaches it, as does 0 Health."""

import pytest

from combat.commands import CommandError
from systems.symbaroum import toggles
from tests.symbaroum.conftest import armed


def answer(fight, user, **rolled):
    entry = fight.prompts()[-1]
    return fight.run(user, "roll_test", prompt=entry["id"], **rolled)


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def building(fight, kind="Croft", **args):
    fight.encounter.house_rules = [toggles.DAMAGE_ON_BUILDINGS.key]
    fight.encounter.save()
    outcome = fight.gm("add_building", building=kind, **args)
    return fight.encounter.combatants.get(pk=outcome.result["combatant"])


def test_adding_a_building_needs_the_house_rule(fight):
    with pytest.raises(CommandError, match="Damage on Buildings"):
        fight.gm("add_building", building="Croft")
    assert not fight.encounter.combatants.filter(name="Croft").exists()


def test_a_building_joins_with_its_health_and_keeps_fortification_and_breakpoint(fight):
    tower = building(fight, kind="guard tower, stone", label="The east tower", side="adversary")
    assert (tower.name, tower.max_wounds, tower.wounds, tower.side) == ("The east tower", 40, 40, "adversary")
    entry = fight.state().buildings[str(tower.pk)]
    assert (entry["kind"], entry["fortification"], entry["breakpoint"], entry["damage_this_round"]) == (
        "guard_tower_stone",
        20,
        20,
        0,
    )


def test_an_unknown_building_is_refused_with_the_choices(fight):
    fight.encounter.house_rules = [toggles.DAMAGE_ON_BUILDINGS.key]
    fight.encounter.save()
    with pytest.raises(CommandError, match="no building called Hut.*Croft.*Castle"):
        fight.gm("add_building", building="Hut")


def test_a_player_attacking_a_building_hits_without_a_test_and_rolls_damage_past_fortification(fight):
    croft = building(fight)
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=croft.pk)
    assert "does not dodge" in outcome.message and "automatic" in outcome.message
    [entry] = fight.prompts()
    assert (entry["combatant"], entry["kind"], entry["dice"]) == (fight.ulrika.pk, "building_damage", "1d8")
    hit = answer(fight, fight.table.anna, total=7)
    # 7 against the croft's Fortification 5; no armour roll follows.
    assert (hit.result["dealt"], hit.result["breached"]) == (2, False)
    assert fight.fresh(croft).wounds == 8 and fight.prompts() == []


def test_an_npc_attacking_a_building_deals_its_fixed_value(fight):
    croft = building(fight)
    outcome = fight.gm("attack", attacker=fight.goblin.pk, target=croft.pk)
    # The spear's 1d8 is worth 4 for one who never rolls: it does not get past Fortification 5.
    assert outcome.result["dealt"] == 0 and fight.fresh(croft).wounds == 10 and fight.prompts() == []


def test_a_wrecking_weapon_ignores_fortification_and_half_the_health_in_a_round_breaches(fight):
    armed(fight.table.ulrika, ["War Hammer"])
    croft = building(fight)
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=croft.pk, damage=5)
    assert outcome.result["dealt"] == 5 and outcome.result["breached"] is True
    assert "Fortification ignored" in outcome.message and "1d4 attackers may enter" in outcome.message
    assert conditions(fight, croft) == ["Breached"]


def test_the_damage_of_a_round_adds_up_to_the_breakpoint(fight):
    croft = building(fight)
    fight.gm("attack", attacker=fight.ulrika.pk, target=croft.pk, damage=8)  # 3 past Fortification 5
    assert conditions(fight, croft) == []
    second = fight.gm("attack", attacker=fight.ansgar.pk, target=croft.pk, damage=7)  # 2 more: 5 this round
    assert second.result["breached"] is True and conditions(fight, croft) == ["Breached"]


def test_a_new_round_starts_the_sum_again(fight):
    croft = building(fight)
    fight.gm("attack", attacker=fight.ulrika.pk, target=croft.pk, damage=8)
    while fight.encounter.round == 1:
        fight.gm("next_turn")
    assert fight.state().buildings[str(croft.pk)]["damage_this_round"] == 0
    fight.gm("attack", attacker=fight.ansgar.pk, target=croft.pk, damage=7)
    assert conditions(fight, croft) == [] and fight.fresh(croft).wounds == 5


def test_a_building_at_no_health_is_breached(fight):
    armed(fight.table.ulrika, ["War Hammer"])
    tower = building(fight, kind="Guard Tower, stone")
    for amount in (19, 18):  # by hand, each in a round of its own: under the Breakpoint of 20 every time
        fight.gm("apply_damage", combatant=tower.pk, amount=amount)
        for _ in range(len(fight.encounter.combatants.all())):
            fight.gm("next_turn")
    assert conditions(fight, tower) == []
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=tower.pk, damage=12)
    assert outcome.result["health"] == 0 and "no Health left" in outcome.message
    assert conditions(fight, tower) == ["Breached"]


@pytest.mark.parametrize(
    "args, words",
    [({"d20": 4}, "d20"), ({"armour": 2}, "armour"), ({"advantage": True}, "advantage")],
)
def test_what_an_attack_on_a_building_cannot_use_is_refused_and_changes_nothing(fight, args, words):
    croft = building(fight)
    version = fight.encounter.version
    with pytest.raises(CommandError, match=f"does not dodge.*{words}"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=croft.pk, **args)
    fight.encounter.refresh_from_db()
    assert fight.encounter.version == version and fight.fresh(croft).wounds == 10


def test_a_building_does_not_attack(fight):
    croft = building(fight)
    with pytest.raises(CommandError, match="Croft is a building"):
        fight.gm("attack", attacker=croft.pk, target=fight.goblin.pk)


def test_undo_takes_the_building_back_out(fight):
    croft = building(fight)
    fight.gm("undo")
    assert not fight.encounter.combatants.filter(pk=croft.pk).exists()
    assert fight.state().buildings == {}


def test_the_gm_screen_lists_the_building_as_a_target_with_its_damage_this_round(fight):
    croft = building(fight)
    fight.gm("attack", attacker=fight.ulrika.pk, target=croft.pk, damage=8)
    page = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'<option value="{croft.pk}" data-side="{croft.side}">Croft (building)</option>' in page
    assert "damage this round 3 of Breakpoint 5" in page
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert "Breakpoint" not in phone


def test_damage_the_gm_applies_by_hand_counts_toward_the_breakpoint_and_breaches_never_kills(fight):
    croft = building(fight)
    first = fight.gm("apply_damage", combatant=croft.pk, amount=3)
    assert "Croft loses 3 Health (7 left, 3 this round)." in first.message
    assert conditions(fight, croft) == [] and fight.state().buildings[str(croft.pk)]["damage_this_round"] == 3
    # 2 more make 5 this round: the croft's Breakpoint.
    second = fight.gm("apply_damage", combatant=croft.pk, amount=2)
    assert "breached (the Breakpoint 5 is reached)" in second.message and conditions(fight, croft) == ["Breached"]


def test_a_building_the_gm_brings_to_no_health_is_breached_not_dead(fight):
    tower = building(fight, kind="Guard Tower, stone")
    while fight.encounter.round == 1:  # each blow in a round of its own, under the Breakpoint of 20
        fight.gm("next_turn")
    fight.gm("apply_damage", combatant=tower.pk, amount=19)
    while fight.encounter.round == 2:
        fight.gm("next_turn")
    outcome = fight.gm("apply_damage", combatant=tower.pk, amount=25)
    assert fight.fresh(tower).wounds == 0 and "no Health left" in outcome.message and "dies" not in outcome.message
    assert conditions(fight, tower) == ["Breached"]
