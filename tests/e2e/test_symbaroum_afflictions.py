"""Symbaroum's special actions and lasting harm in the browser, GM laptop and a player's phone: Ulrika, knocked
prone, stands up with a Quick test rolled on her phone and gives Ansgar a healing elixir with her Combat Action (seed
001 "Special Actions" › "Stand Up", "Use/Apply Elixir"); the troll regenerates at the start of its turn (seed 001
"Clarifications" › "Regeneration (Monstrous Trait)"); next round her moderate poison goes wrong on a 20 and bites
her on each of her turns, the turns left shown on both screens (seed 001 "Manoeuvres" › "Poison on Weapons").
Every wait is on what the screens show."""

import random
import re

import pytest
from playwright.sync_api import expect

from characters.models import Campaign
from combat import commands
from combat.models import Encounter
from rules.engine.dice import Dice
from rules.loading import load
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_symbaroum_fight import character, next_turn, pk, roll, settled, the_prompt
from tests.factories import UserFactory

HOUSE_RULES = ["manoeuvres", "regeneration"]


@pytest.fixture
def clearing(transactional_db):
    """Turn order by Quick: Goblin 12, Ulrika 11 (anna's, sword, prone), Ansgar 10 (bruno's, 6 of 10 Toughness),
    Troll 9 (Regeneration II, 10 of 20 Toughness)."""
    load()
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign = Campaign.objects.create(name="Davokar", system="symbaroum", gm=gm, house_rules=HOUSE_RULES)
    campaign.players.add(anna, bruno)
    encounter = Encounter.objects.create(campaign=campaign, name="The clearing", house_rules=HOUSE_RULES)
    troll = character(campaign, "Troll", None, 20, ["Great Axe"], Quick=9)
    troll.traits = {"Regeneration": 2}
    troll.save()
    fighters = [
        character(campaign, "Goblin", None, 8, ["Spear"], ["Leather Armour"], Quick=12),
        character(campaign, "Ulrika", anna, 15, ["Sword"], ["Leather Armour"]),
        character(campaign, "Ansgar", bruno, 10, ["Staff"], Quick=10),
        troll,
    ]
    for made in fighters:
        commands.add_combatant(encounter, gm, character=made.pk)
    commands.roll_initiative(encounter, gm, dice=Dice(random.Random(3)))
    commands.start(encounter, gm)
    commands.add_condition(encounter, gm, combatant=pk(encounter, "Ulrika"), condition="Prone")
    commands.apply_damage(encounter, gm, combatant=pk(encounter, "Ansgar"), amount=4)
    commands.apply_damage(encounter, gm, combatant=pk(encounter, "Troll"), amount=10)
    return encounter


def test_stand_up_an_elixir_regeneration_and_a_poison_that_ends_by_itself(clearing, login):
    path = f"/encounters/{clearing.pk}/"
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    ulrika, ansgar, troll = (pk(clearing, name) for name in ("Ulrika", "Ansgar", "Troll"))
    expect(gm.locator("#active-name")).to_have_text("Goblin")

    # Her turn: prone, she stands up from her phone, the Movement Action and her Quick 11 test; a 3 passes.
    next_turn(gm, clearing, "Ulrika")
    expect(anna.locator("#sheet .conditions")).to_contain_text("Prone")
    anna.locator("#stand-up").click()
    roll(anna, d20=3)
    expect(anna.locator("#sheet .conditions")).not_to_contain_text("Prone")
    expect(gm.locator(f"#combatant-{ulrika} .conditions")).not_to_contain_text("Prone")
    expect(anna.locator("#my-turn-parts")).to_contain_text("Movement 1/2")

    # Her Combat Action goes on a healing draught for Ansgar: 2 back, 8 of 10.
    anna.locator("#use-elixir-name").fill("Healing draught")
    anna.locator("#use-elixir-target").select_option(str(ansgar))
    anna.locator("#use-elixir-heals").fill("2")
    anna.locator("#use-elixir").click()
    expect(gm.locator(f"#combatant-{ansgar} .wound-count")).to_have_text("8/10")
    expect(anna.locator("#my-turn-parts")).to_contain_text("Combat Action used")

    # The troll's turn starts with its Regeneration II: 1d6 fixed at 3.
    next_turn(gm, clearing, "Ansgar")
    next_turn(gm, clearing, "Troll")
    expect(gm.locator("#flash.success")).to_contain_text("Troll regenerates 3 (1d6 fixed at 3): 13/20 Toughness.")
    expect(gm.locator(f"#combatant-{troll} .wound-count")).to_have_text("13/20")

    # Next round she coats her sword with a moderate poison from her phone; her Cunning test shows a 20: it gets
    # into her own blood, 3 a turn for 1d4 of her turns, shown on her phone and the GM's row.
    next_turn(gm, clearing, "Goblin")
    next_turn(gm, clearing, "Ulrika")
    anna.locator("#poison-strength").select_option("moderate")
    anna.locator("#poison-weapon").click()
    expect(the_prompt(anna)).to_contain_text("Cunning: poison the Sword")
    roll(anna, d20=20)
    on_phone = anna.locator(f"#my-affliction-poison-{ulrika}")
    expect(on_phone).to_contain_text(re.compile(r"poison: 3 damage a turn, [1-4] turns? left"))
    expect(gm.locator(f"#affliction-poison-{ulrika}")).to_contain_text("poison: 3 damage a turn")
    turns = int(re.search(r"(\d) turns? left", on_phone.inner_text()).group(1))

    # Each of her turns it bites, through her armour, and counts down; after the last it is gone from both screens.
    for left in range(turns - 1, -1, -1):
        for name in ("Ansgar", "Troll", "Goblin", "Ulrika"):
            next_turn(gm, clearing, name)
        expect(gm.locator("#flash.success")).to_contain_text("Ulrika takes 3 poison damage")
        if left:
            expect(on_phone).to_contain_text(f"{left} turn{'s' if left != 1 else ''} left")
    expect(gm.locator("#flash.success")).to_contain_text("the poison has run its course")
    expect(on_phone).to_have_count(0)
    expect(gm.locator(f"#affliction-poison-{ulrika}")).to_have_count(0)
    settled(gm, clearing)

    assert anna.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm_viewer.errors == [] and anna_viewer.errors == []
