"""Who takes no turn in Symbaroum: the dead and the buildings are passed over, with a word in the log, while a dying
player character still takes theirs, for the death test comes then (seed 004 "Unsorted" › "Dying Characters")."""

from tests.symbaroum.test_dying import bring_down, death_test


def actives_for_a_round(fight):
    """(the active combatant's ids through one full round of turn changes, their messages)."""
    outcomes = [fight.gm("next_turn") for _ in range(len(fight.encounter.combatants.all()))]
    return [o.result["active"] for o in outcomes], " ".join(o.message for o in outcomes)


def test_a_dead_goblin_takes_no_more_turns_and_the_log_says_so(fight):
    killed = fight.gm("apply_damage", combatant=fight.goblin.pk, amount=fight.goblin.max_wounds)
    assert "Goblin dies" in killed.message
    actives, said = actives_for_a_round(fight)
    assert fight.goblin.pk not in actives
    assert "Goblin is dead: no turn." in said
    assert {fight.ulrika.pk, fight.ansgar.pk, fight.troll.pk} <= set(actives)


def test_a_dying_ulrika_still_takes_her_turn_for_her_death_test(fight):
    bring_down(fight, fight.ulrika)
    actives, said = actives_for_a_round(fight)
    assert fight.ulrika.pk in actives
    assert death_test(fight)["combatant"] == fight.ulrika.pk


def test_a_building_takes_no_turn(fight):
    fight.encounter.house_rules = ["damage_on_buildings"]
    fight.encounter.save()
    croft = fight.gm("add_building", building="Croft", label="The mill").result["combatant"]
    actives, said = actives_for_a_round(fight)
    assert croft not in actives
    assert "The mill is a building: no turn." in said


def test_the_gm_screen_marks_the_dead_and_still_shows_them(fight):
    fight.gm("apply_damage", combatant=fight.goblin.pk, amount=fight.goblin.max_wounds)
    screen = fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert f'<span class="tag dead" id="dead-{fight.goblin.pk}">dead</span>' in screen
    assert f'id="combatant-{fight.goblin.pk}"' in screen
    assert f'id="dead-{fight.ulrika.pk}"' not in screen


def test_the_phone_marks_the_dead_above_the_turn_order_and_never_a_hidden_one(fight):
    fight.gm("apply_damage", combatant=fight.goblin.pk, amount=fight.goblin.max_wounds)
    fight.gm("add_condition", combatant=fight.troll.pk, condition="Dead")
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert '<span class="tag dead">Goblin: dead</span>' in phone
    assert "Troll" not in phone
