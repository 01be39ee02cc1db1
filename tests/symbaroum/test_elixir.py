"""Use/Apply Elixir from the outside (seed 001 "Special Actions" › "Use/Apply Elixir"; seed 004 the same): on
oneself or one's gear it takes the Movement Action, on somebody else the Combat Action, on the user's own turn; an
elixir that heals heals by the amount its description gives. The GM's screen and the player's phone offer it, undo
takes it back, and what may not be done is refused in words."""

import json
import re

import pytest

from combat import commands
from combat.commands import CommandError, CommandForbidden, TurnRefused
from tests.factories import EncounterFactory


def turn_of(fight, combatant):
    for _ in range(len(fight.encounter.combatants.all()) + 1):
        if fight.state() and fight.encounter.active_id == combatant.pk:
            return
        fight.gm("next_turn")
    raise AssertionError(f"{combatant.name}'s turn never came")


def used(fight):
    turn = fight.state().turn
    return turn.get("combat", 0), turn.get("movements", 0)


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def action_of(html, form_id):
    return re.search(rf'action="([^"]+)"[^>]*id="{form_id}"', html).group(1)


def api(fight, user, name, **args):
    response = fight.table.client(user).post(
        f"/api/encounters/{fight.encounter.pk}/commands/",
        json.dumps({"command": name, "args": args}),
        content_type="application/json",
    )
    assert response.status_code < 500
    return response.status_code, response.json()


@pytest.fixture
def her_turn(fight):
    turn_of(fight, fight.ulrika)
    return fight


def test_on_herself_it_takes_the_movement_action(her_turn):
    fight = her_turn
    outcome = fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Elixir of Courage")
    assert outcome.message == "Ulrika uses Elixir of Courage on themselves or their gear: the Movement Action."
    assert used(fight) == (0, 1)
    assert outcome.result == {"combatant": fight.ulrika.pk, "target": fight.ulrika.pk, "elixir": "Elixir of Courage",
                              "part": "movement"}  # fmt: skip


def test_on_somebody_else_it_takes_the_combat_action_and_heals_what_it_says(her_turn):
    fight = her_turn
    fight.gm("apply_damage", combatant=fight.ansgar.pk, amount=6)
    outcome = fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Healing draught", target=fight.ansgar.pk,
                       heals=4)  # fmt: skip
    assert outcome.message == (
        "Ulrika uses Healing draught on Brother Ansgar: the Combat Action; Brother Ansgar heals 4 (8/10 Toughness)."
    )
    assert used(fight) == (1, 0) and fight.fresh(fight.ansgar).wounds == 8


def test_a_second_one_on_somebody_else_is_refused_unless_the_gm_allows_it(her_turn):
    fight = her_turn
    fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Healing draught", target=fight.ansgar.pk)
    with pytest.raises(TurnRefused, match="^Ulrika cannot do that: the Combat Action is already used this turn. "
                                          "The GM can allow it anyway.$"):  # fmt: skip
        fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Antidote", target=fight.ansgar.pk)
    allowed = fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Antidote", target=fight.ansgar.pk,
                       allow_anyway=True)  # fmt: skip
    assert "The GM allows it anyway" in allowed.message
    # On herself it is a Movement Action, still hers.
    fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Spirit Salve")
    assert used(fight)[1] == 1


def test_undo_takes_the_elixir_and_its_healing_back(her_turn):
    fight = her_turn
    fight.gm("apply_damage", combatant=fight.ulrika.pk, amount=5)
    fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Healing draught", heals=3)
    assert fight.fresh(fight.ulrika).wounds == 13
    fight.gm("undo")
    assert fight.fresh(fight.ulrika).wounds == 10 and used(fight) == (0, 0)


def test_her_phone_offers_it_for_her_own_turn_only(her_turn):
    fight = her_turn
    anna, bruno = fight.table.anna, fight.table.bruno
    phone = page(fight, anna)
    assert 'id="use-elixir-form"' in phone and 'id="use-elixir-form"' not in page(fight, bruno)
    assert "Troll" not in phone  # the hidden troll is offered to nobody's phone
    fight.table.client(anna).post(
        action_of(phone, "use-elixir-form"),
        {"combatant": fight.ulrika.pk, "elixir": "Healing draught", "target": fight.ansgar.pk},
        headers={"HX-Request": "true"},
    )
    assert used(fight) == (1, 0)
    gm_page = page(fight, fight.table.gm)
    assert 'id="use-elixir-form"' in gm_page
    fight.table.client(fight.table.gm).post(
        action_of(gm_page, "use-elixir-form"), {"combatant": fight.ulrika.pk, "elixir": "Antidote", "target": ""}
    )
    assert used(fight) == (1, 1)


def test_what_may_not_be_done_is_refused_in_words(her_turn):
    fight = her_turn
    anna = fight.table.anna
    with pytest.raises(CommandForbidden, match="Brother Ansgar is not your character"):
        fight.run(anna, "use_elixir", combatant=fight.ansgar.pk, elixir="Antidote")
    status, body = api(fight, anna, "use_elixir", combatant=fight.ulrika.pk, elixir="Antidote", target=fight.troll.pk)
    assert status == 400 and body["error"] == f"Target: There is no combatant {fight.troll.pk} in this encounter."
    elsewhere = EncounterFactory(campaign=fight.table.campaign, name="Elsewhere")
    stranger = commands.add_combatant(elsewhere, fight.table.gm, name="Stranger", max_wounds=5).result["combatant"]
    status, body = api(fight, fight.table.gm, "use_elixir", combatant=fight.ulrika.pk, elixir="Antidote",
                       target=stranger)  # fmt: skip
    assert status == 400 and "There is no combatant" in body["error"]
    with pytest.raises(CommandError, match="on their own turn only"):
        fight.gm("use_elixir", combatant=fight.goblin.pk, elixir="Antidote")
    status, body = api(fight, fight.table.gm, "use_elixir", combatant=fight.ulrika.pk, elixir="   ")
    assert status == 400 and body["error"]
    fight.gm("set_house_rules", rules=["damage_on_buildings"])
    croft = fight.gm("add_building", building="Croft").result["combatant"]
    with pytest.raises(CommandError, match="is a building: an elixir goes on somebody"):
        fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Antidote", target=croft)
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Dead")
    with pytest.raises(CommandError, match="Goblin is dead: no elixir heals them now"):
        fight.gm("use_elixir", combatant=fight.ulrika.pk, elixir="Healing draught", target=fight.goblin.pk, heals=2)
    assert used(fight) == (0, 0)
