"""The GM screen and the phone of a WFRP 3e fight: the stance meter, impairments, spellcaster conditions, condition
cards and recharging cards as tags, the active player's stance and manoeuvre tools, the open initiative check."""

from systems.wfrp3e.commands.recharge import exhaust


def test_the_gm_row_shows_impairments_spellcaster_conditions_and_cards(fight):
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Staggered")
    state = fight.state()
    exhaust(state, fight.magda, "Melee Strike", 2)
    fight.encounter.save_state()
    fight.encounter.save()
    page = fight.page(fight.table.gm)
    assert 'class="tag impairment">Fatigued<' in page  # 4 fatigue against Toughness 3
    assert 'class="tag spell">Excess Power<' not in page  # 5 power against Willpower 3: not past 6
    assert "Staggered · 3" in page and "Melee Strike ⟳2" in page
    assert 'id="stance-meter"' in page and 'id="manoeuvres"' in page


def test_disengaging_safely_is_left_for_the_mover_to_tick(fight):
    for user in (fight.table.gm, fight.table.anna):
        form = fight.page(user).split('id="manoeuvres"')[1].split("</form>")[0]
        assert '<input type="checkbox" name="safely" value="true">' in form


def test_the_players_phone_shows_her_tools_on_her_turn_only(fight):
    page = fight.page(fight.table.anna)
    assert 'id="my-turn-tools-' in page and 'id="stance-meter"' in page and "Fatigue 4 · Stress 1" in page
    assert 'id="stance-meter"' not in fight.page(fight.table.bruno)


def test_the_open_initiative_check_is_on_its_players_phone(planned_fight):
    planned_fight.gm("ask_initiative", combatant=planned_fight.magda.pk)
    assert "Initiative: Agility" in planned_fight.page(planned_fight.table.anna)
    assert "Initiative: Agility" not in planned_fight.page(planned_fight.table.bruno)


def test_a_caster_with_no_power_left_shows_zero_power_and_strain_shows_as_strained(fight):
    character = fight.magda.character
    character.points = {**character.points, "power": 0, "fatigue": 7, "stress": 4}
    character.save()
    page = fight.page(fight.table.gm)
    for tag in ("Zero Power", "Fatigued", "Unconscious", "Distressed", "Strained"):
        assert f">{tag}<" in page
    assert ">Exhausted<" not in page  # 4 stress is not past twice Willpower 3


def test_the_gm_asks_for_initiative_and_adds_condition_cards_from_the_screen(fight):
    page = fight.page(fight.table.gm)
    assert 'id="ask-initiative"' in page and "<option>Staggered</option>" in page
    assert 'id="add-condition-card"' not in fight.page(fight.table.anna)
