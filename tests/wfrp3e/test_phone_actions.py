"""A player plays their action card from the phone on their own turn (seed 003 "Active Player's Turn" › "Middle of
Turn Phase (Action Card Resolution)"), and every WFRP 3e check waits in one prompt partial."""

import html

import pytest

from combat import commands
from combat.commands.spine import CommandError
from rules.engine import wfrp3e
from systems.wfrp3e.commands.pools import percent


def form(html, form_id):
    """The HTML of the form with this id, up to its closing tag."""
    start = html.rindex("<form", 0, html.index(f'id="{form_id}"'))
    return html[start : html.index("</form>", start)]


def play_from_phone(fight, **fields):
    client = fight.table.client(fight.table.anna)
    url = f"/encounters/{fight.encounter.pk}/do/perform_action/"
    return client.post(url, {"combatant": fight.magda.pk, "card": "Melee Strike", "target": fight.orc.pk, **fields})


def test_the_card_form_is_on_the_phone_only_on_the_players_own_turn(fight):
    phone_form = f'id="phone-action-{fight.magda.pk}"'
    assert phone_form in fight.page(fight.table.anna)
    assert "phone-action-" not in fight.page(fight.table.bruno)
    fight.gm("next_turn")
    assert "phone-action-" not in fight.page(fight.table.anna)
    assert f'id="phone-action-{fight.gunther.pk}"' in fight.page(fight.table.bruno)


def test_the_phone_offers_the_cards_and_the_first_enemy_but_not_the_gms_numbers(fight):
    html = form(fight.page(fight.table.anna), f"phone-action-{fight.magda.pk}")
    assert "<option>Melee Strike</option>" in html
    assert f'<option value="{fight.orc.pk}" selected>Orc</option>' in html
    assert f'<option value="{fight.magda.pk}"' not in html  # not herself
    assert 'name="damage"' in html
    assert 'name="defence"' not in html and 'name="soak"' not in html and 'name="difficulty"' not in html


def test_posting_the_phones_form_opens_the_prompt_on_that_phone_only(fight):
    assert play_from_phone(fight, damage="3").status_code == 302
    (entry,) = fight.prompts()
    # St 4 in neutral stance, the card's challenge die, and a misfortune die for fatigue 4 past Toughness 3.
    assert entry["summary"] == "4 characteristic, 1 challenge, 1 misfortune"
    assert (entry["damage"], entry["soak"]) == (3, 0)
    chance = percent(wfrp3e.net_success_chance(entry["pool"]))
    assert fight.encounter.log.first().message == (
        f"Magda plays Melee Strike at Orc: 4 characteristic, 1 challenge, 1 misfortune, {chance} % to succeed."
    )
    assert f'id="prompt-{entry["id"]}"' in fight.page(fight.table.anna)
    assert f'id="prompt-{entry["id"]}"' not in fight.page(fight.table.bruno)


def test_left_empty_the_targets_defence_and_soak_come_from_its_sheet(fight):
    fight.orc.character.traits = {"Defence": 1, "Soak": 2}
    fight.orc.character.save()
    play_from_phone(fight)
    (entry,) = fight.prompts()
    assert entry["pool"]["misfortune"] == 1 + 1 and entry["soak"] == 2
    assert "1 misfortune (Defence)" in entry["sources"]
    fight.gm("dismiss_check", prompt=entry["id"])
    fight.turn_of(fight.magda)
    fight.gm("perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk, defence=0, soak=0)
    (entry,) = fight.prompts()
    assert entry["pool"]["misfortune"] == 1 and entry["soak"] == 0


def test_a_recharging_card_is_shown_disabled_and_refused(fight):
    fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Reckless Cleave", target=fight.orc.pk)
    (entry,) = fight.prompts()
    fight.run(fight.table.anna, "enter_roll", prompt=entry["id"], successes=1)
    fight.turn_of(fight.magda)  # her next turn: a token off
    html = form(fight.page(fight.table.anna), f"phone-action-{fight.magda.pk}")
    assert "<option disabled>Reckless Cleave (recharging, 2 tokens left)</option>" in html
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Reckless Cleave is recharging \(2 tokens left\)\.$"):
        fight.run(
            fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Reckless Cleave", target=fight.orc.pk
        )
    assert fight.state() == before


def test_a_hidden_combatant_is_no_target_on_the_phone(fight):
    args = {"name": "Skulking Ratman", "max_wounds": 8, "hidden": True}
    hidden = commands.execute(fight.encounter, fight.table.gm, "add_combatant", args).result["combatant"]
    assert "Skulking Ratman" in form(fight.page(fight.table.gm), "action-form")
    assert "Skulking Ratman" not in fight.page(fight.table.anna)
    before = fight.state()
    with pytest.raises(CommandError, match=f"There is no combatant {hidden} in this encounter."):
        fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Melee Strike", target=hidden)
    assert fight.state() == before


def test_the_gm_form_picks_the_active_performer_and_the_first_enemy(fight):
    # The screen picks the active performer (data-active-choice, live.js: tests/e2e/test_gm_typing.py watches it).
    html = form(fight.page(fight.table.gm), "action-form")
    assert '<select name="combatant" aria-label="Performer" data-active-choice>' in html
    assert f'<option value="{fight.orc.pk}" selected>Orc</option>' in html
    fight.gm("next_turn")
    fight.gm("next_turn")
    html = form(fight.page(fight.table.gm), "action-form")
    assert f'<option value="{fight.magda.pk}" selected>Magda</option>' in html


def test_with_no_enemy_in_the_fight_the_gm_form_targets_no_one(fight):
    fight.gm("remove_combatant", combatant=fight.orc.pk)
    html = form(fight.page(fight.table.gm), "action-form")
    target = html[html.index('name="target"') :]
    assert " selected" not in target[: target.index("</select>")]


def test_one_prompt_partial_shows_an_initiative_and_an_action_check(fight):
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    play_from_phone(fight)
    initiative, action = fight.prompts()
    phone = fight.page(fight.table.anna)
    for entry, answer in ((initiative, "roll_initiative_check"), (action, "enter_roll")):
        html = form(phone, f"prompt-{entry['id']}")
        assert f'action="/encounters/{fight.encounter.pk}/do/{answer}/"' in html
        assert f'id="pool-{entry["id"]}">Roll <strong>{entry["summary"]}</strong>' in html
        assert f'id="chance-{entry["id"]}">{entry["chance"]} %' in html
        assert f'id="roll-{entry["id"]}"' in html and 'name="successes"' in html and 'name="chaos_stars"' in html
        assert "Dismiss" not in html
    assert 'name="comet_successes"' not in form(phone, f"prompt-{initiative['id']}")
    assert 'name="comet_successes"' in form(phone, f"prompt-{action['id']}")
    assert "<li>3 characteristic (Agility)</li>" in form(phone, f"prompt-{initiative['id']}")
    gm = fight.page(fight.table.gm)
    for entry in (initiative, action):
        assert f'formaction="/encounters/{fight.encounter.pk}/do/dismiss_check/"' in form(gm, f"prompt-{entry['id']}")


def test_the_gm_dismisses_an_action_check_like_any_other(fight):
    play_from_phone(fight)
    (entry,) = fight.prompts()
    assert fight.gm("dismiss_check", prompt=entry["id"]).message == "Magda's check (Melee Strike at Orc) dismissed."
    assert fight.prompts() == []


def test_the_phone_answers_the_initiative_check_with_the_symbol_fields(fight):
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    (entry,) = fight.prompts()
    client = fight.table.client(fight.table.anna)
    url = f"/encounters/{fight.encounter.pk}/do/roll_initiative_check/"
    assert client.post(url, {"prompt": entry["id"], "successes": "3"}).status_code == 302
    assert fight.encounter.log.first().message == "Magda's initiative: 3 successes (as rolled)."


def test_once_her_card_is_played_the_phone_says_so_instead_of_offering_another(fight):
    play_from_phone(fight)
    phone = fight.page(fight.table.anna)
    assert f'id="phone-action-{fight.magda.pk}"' not in phone
    assert f'id="action-played-{fight.magda.pk}">Action card this turn: <strong>Melee Strike</strong>' in phone


def test_out_of_her_turn_the_phone_offers_her_defence_cards(fight):
    fight.turn_of(fight.orc)
    phone = fight.page(fight.table.anna)
    defence = form(phone, f"phone-defence-{fight.magda.pk}")
    assert "<option>Dodge</option>" in defence and "Melee Strike" not in defence
    assert f'id="phone-action-{fight.magda.pk}"' not in phone
    client = fight.table.client(fight.table.anna)
    client.post(f"/encounters/{fight.encounter.pk}/do/perform_action/", {"combatant": fight.magda.pk, "card": "Dodge"})
    assert [p["reason"] for p in fight.prompts()] == ["Dodge"]


def news(fight, user, combatant):
    page = html.unescape(fight.page(user))
    marker = f'id="my-news-{combatant.pk}">What just happened to you: '
    return page.split(marker)[1].split("</p>")[0] if marker in page else None


def test_her_own_roll_for_me_and_typed_symbols_show_their_outcome_as_her_news(fight):
    play_from_phone(fight, damage=4)
    (entry,) = fight.prompts()
    client = fight.table.client(fight.table.anna)
    client.post(f"/encounters/{fight.encounter.pk}/do/enter_roll/", {"prompt": entry["id"]})  # Roll for me
    rolled = fight.encounter.log.first().message
    assert rolled.startswith("Magda's Melee Strike at Orc") and news(fight, fight.table.anna, fight.magda) == rolled
    assert news(fight, fight.table.bruno, fight.gunther) is None
    fight.gm("ask_initiative", combatant=fight.magda.pk)
    (entry,) = fight.prompts()
    assert news(fight, fight.table.anna, fight.magda) == "Magda checks Agility for initiative."
    typed = {"prompt": entry["id"], "typed": "yes", "successes": 1}
    client.post(f"/encounters/{fight.encounter.pk}/do/roll_initiative_check/", typed)
    assert news(fight, fight.table.anna, fight.magda).startswith("Magda's initiative: 1 successes (as rolled).")
