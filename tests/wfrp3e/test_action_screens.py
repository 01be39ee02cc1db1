"""An action check on the screens: the GM's form, the prompt with the pool and its odds on the roller's phone (an
NPC's on the GM screen only), and the phone's symbols or "Roll for me" answering it."""

from tests.wfrp3e.test_actions import open_prompt, strike


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_the_gm_screen_has_the_form_to_play_a_card(action_fight):
    html = page(action_fight, action_fight.table.gm)
    assert 'id="action-form"' in html and "<option>Reckless Cleave</option>" in html
    assert '<option value="daunting">Daunting (4d)</option>' in html


def test_the_players_phone_shows_the_pool_and_its_odds_before_the_roll(action_fight):
    strike(action_fight, defence=2, stance=1)
    entry = open_prompt(action_fight)
    html = page(action_fight, action_fight.table.anna)
    assert "Roll <strong>3 characteristic, 1 reckless, 1 challenge, 3 misfortune</strong>" in html
    assert f'id="chance-{entry["id"]}">{entry["chance"]} %' in html
    assert 'name="chaos_stars"' in html and f'id="roll-{entry["id"]}"' in html
    assert f'id="prompt-{entry["id"]}"' not in page(action_fight, action_fight.table.bruno)


def test_an_npcs_prompt_waits_on_the_gm_screen_only(action_fight):
    action_fight.gm("perform_action", combatant=action_fight.orc.pk, card="Melee Strike", target=action_fight.magda.pk)
    entry = open_prompt(action_fight)
    assert f'id="prompt-{entry["id"]}"' in page(action_fight, action_fight.table.gm)
    assert f'id="prompt-{entry["id"]}"' not in page(action_fight, action_fight.table.anna)


def test_the_phone_answers_with_typed_symbols_or_a_tap_on_roll(action_fight):
    client = action_fight.table.client(action_fight.table.anna)
    url = f"/encounters/{action_fight.encounter.pk}/do/enter_roll/"
    strike(action_fight, damage=5)
    answered = client.post(url, {"prompt": open_prompt(action_fight)["id"], "successes": "2", "boons": ""})
    assert answered.status_code == 302 and action_fight.state().prompts == []
    assert action_fight.fresh(action_fight.orc).wounds < 12
    action_fight.turn_of(action_fight.magda)
    strike(action_fight)
    assert client.post(url, {"prompt": open_prompt(action_fight)["id"]}).status_code == 302
    assert action_fight.state().prompts == []


def test_the_gms_action_form_follows_the_turn_in_the_live_update(action_fight):
    gm = action_fight.table.client(action_fight.table.gm)
    response = gm.post(f"/encounters/{action_fight.encounter.pk}/do/next_turn/", {}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    panel = html[html.index('<section id="action-panel"') :]
    assert 'hx-swap-oob="true"' in panel[: panel.index(">")]
    performers = panel[: panel.index("</select>")]  # the screen picks the active one (live.js, data-active-choice)
    assert 'aria-label="Performer" data-active-choice>' in performers
    assert f'<option value="{action_fight.orc.pk}">Orc</option>' in performers
    assert html.count('id="action-panel"') == 1
    assert page(action_fight, action_fight.table.gm).count('id="action-panel"') == 1


def test_the_symbols_form_sent_empty_asks_for_the_symbols_and_rolls_nothing(action_fight):
    strike(action_fight)
    entry = open_prompt(action_fight)
    assert 'name="typed" value="yes">Enter the symbols</button>' in page(action_fight, action_fight.table.anna)
    client = action_fight.table.client(action_fight.table.anna)
    url = f"/encounters/{action_fight.encounter.pk}/do/enter_roll/"
    refused = client.post(url, {"prompt": entry["id"], "typed": "yes", "successes": ""}, HTTP_HX_REQUEST="true")
    assert "Type the symbols your dice show (0 where there are none), or tap Roll for me." in refused.content.decode()
    assert action_fight.prompts() == [entry]
    client.post(url, {"prompt": entry["id"], "typed": "yes", "successes": "0"})
    assert action_fight.prompts() == []


def test_the_gm_ticks_a_check_as_needing_sight_on_the_form(action_fight):
    # Seed 003 "Condition Cards" › Blinded: the ticked box adds Blinded's challenge die to a card that does not say so.
    fight = action_fight
    fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Blinded")
    assert '<input type="checkbox" name="sight" value="true"> Needs sight' in page(fight, fight.table.gm)
    form = {"combatant": fight.magda.pk, "card": "Melee Strike", "target": fight.orc.pk, "sight": "true"}
    gm = fight.table.client(fight.table.gm)
    assert gm.post(f"/encounters/{fight.encounter.pk}/do/perform_action/", form).status_code == 302
    assert "1 challenge (Blinded)" in open_prompt(fight)["sources"]
