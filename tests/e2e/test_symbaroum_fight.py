"""A Symbaroum fight in the browser, GM laptop and two phones: the players roll every die on their phones, the
NPCs never roll. Ulrika the archer runs out of arrows, pays a feat from her Experience, is struck over her Pain
Threshold in the torso and, dying, rolls her death test on her own phone; Bruno's phone never sees her rolls."""

import random

import pytest
from playwright.sync_api import expect

from characters.models import Campaign, Character
from combat import commands
from combat.models import Combatant, Encounter
from rules.engine.dice import Dice
from rules.loading import load
from rules.models import Armour, Weapon
from tests.e2e.test_live_encounter import LAPTOP, PHONE, open_row_tools
from tests.factories import UserFactory

ATTRIBUTES = {"Accurate": 13, "Cunning": 10, "Discreet": 10, "Persuasive": 7, "Quick": 11, "Resolute": 9,
              "Strong": 10, "Vigilant": 10}  # fmt: skip
HOUSE_RULES = ["ammunition_countdown", "critical_damage", "feats", "hit_locations"]


def character(campaign, name, player, toughness, weapons, armour=(), points=None, **attributes):
    made = Character.objects.create(
        campaign=campaign, name=name, player=player, is_npc=player is None, max_wounds=toughness,
        characteristics={**ATTRIBUTES, **attributes}, points=points or {},
    )  # fmt: skip
    made.weapons.set(Weapon.objects.filter(system="symbaroum", name__in=weapons))
    made.armour.set(Armour.objects.filter(system="symbaroum", name__in=armour))
    return made


@pytest.fixture
def road(transactional_db):
    """Turn order by Quick: Goblin 12, Ulrika 11 (anna's archer, Pain Threshold 5, 3 Experience), Ansgar 10
    (bruno's), Troll 9 (great axe 1d12, worth 6 for one who never rolls)."""
    load()
    gm, anna, bruno = (UserFactory(username=name) for name in ("gm", "anna", "bruno"))
    campaign = Campaign.objects.create(name="Davokar", system="symbaroum", gm=gm, house_rules=HOUSE_RULES)
    campaign.players.add(anna, bruno)
    encounter = Encounter.objects.create(campaign=campaign, name="The Davokar road", house_rules=HOUSE_RULES)
    fighters = [
        character(campaign, "Goblin", None, 8, ["Spear"], ["Leather Armour"], Quick=12),
        character(campaign, "Ulrika", anna, 10, ["Longbow"], ["Leather Armour"], {"experience": 3, "ammunition": 3}),
        character(campaign, "Ansgar", bruno, 10, ["Staff"], Quick=10, Vigilant=12),
        character(campaign, "Troll", None, 20, ["Great Axe"], Quick=9, Accurate=10),
    ]
    for made in fighters:
        commands.add_combatant(encounter, gm, character=made.pk)
    commands.roll_initiative(encounter, gm, dice=Dice(random.Random(3)))
    commands.start(encounter, gm)
    return encounter


def pk(encounter, name):
    return Combatant.objects.get(encounter=encounter, name=name).pk


def settled(page, encounter):
    """The GM screen shows the encounter as it is now (a player's roll may have just moved it on): a click made on an
    older version would be refused as stale, as it should be."""
    encounter.refresh_from_db()
    expect(page.locator("#encounter-version")).to_have_attribute("data-version", str(encounter.version))


def next_turn(page, encounter, expected_active):
    settled(page, encounter)
    page.locator("#next-turn").click()
    expect(page.locator("#active-name")).to_have_text(expected_active)


def declare_attack(page, encounter, attacker, target, **choices):
    settled(page, encounter)
    form = page.locator("#attack-form")
    form.locator("select[name=attacker]").select_option(str(pk(encounter, attacker)))
    form.locator("select[name=target]").select_option(str(pk(encounter, target)))
    for name, value in choices.items():
        field = form.locator(f"[name={name}]")
        field.check() if value is True else field.select_option(value)
    form.locator("#attack-submit").click()


def the_prompt(phone):
    """The one roll waiting on the phone."""
    prompt = phone.locator("#sheet form.prompt")
    expect(prompt).to_have_count(1)
    return prompt


def roll(phone, **typed):
    prompt = the_prompt(phone)
    for name, value in typed.items():
        prompt.locator(f"input[name={name}]").fill(str(value))
    prompt.locator("button.primary").click()


def test_a_fight_on_the_davokar_road(road, login):
    path = f"/encounters/{road.pk}/"
    gm_viewer, anna_viewer, bruno_viewer = login("gm", **LAPTOP), login("anna", **PHONE), login("bruno", **PHONE)
    gm, anna, bruno = gm_viewer.open(path), anna_viewer.open(path), bruno_viewer.open(path)
    ulrika = pk(road, "Ulrika")
    expect(gm.locator("#active-name")).to_have_text("Goblin")

    # Ulrika shoots the goblin: her Accurate 13 against its Defence 10 (Quick 12, leather's Impeding 2) is asked on
    # her phone with its chance; a natural 20 fails and costs two of her three misses.
    next_turn(gm, road, "Ulrika")
    expect(anna.locator(".your-turn")).to_contain_text("Your turn, Ulrika")
    expect(gm.locator("#attack-weapon")).to_have_value("")
    declare_attack(gm, road, "Ulrika", "Goblin")
    expect(the_prompt(anna).locator(".chance")).to_have_text("65 %")
    expect(bruno.locator("form.prompt")).to_have_count(0)
    roll(anna, d20=20)
    expect(anna.locator(f"#my-ammunition-{ulrika}")).to_contain_text("Ammunition 1/3 misses")
    expect(anna.locator("#flash")).to_contain_text("miss")

    # The troll, which never rolls, swings at her torso with the Advantage: her Defence 9 + 5 (aimed) − 2
    # (Advantage) = 12 on her phone; an 18 fails, her armour roll of 2 against 6 + 2 leaves 6, over her Pain
    # Threshold of 5: winded and critically damaged.
    next_turn(gm, road, "Ansgar")
    next_turn(gm, road, "Troll")
    declare_attack(gm, road, "Troll", "Ulrika", aim="body_part", part="torso", advantage=True)
    expect(the_prompt(anna).locator(".chance")).to_have_text("60 %")
    news = anna.locator(f"#my-news-{ulrika}")
    expect(news).to_contain_text("Troll attacks Ulrika")
    roll(anna, d20=18)
    expect(the_prompt(anna).locator(".dice")).to_have_text("1d4")
    expect(news).to_contain_text("Ulrika rolls: defence d20 18 vs 12, hit")  # what came of her roll, not the ask
    roll(anna, total=2)
    expect(news).to_contain_text("Ulrika rolls 2 armour")
    expect(anna.locator("#sheet .wound-count")).to_contain_text("4 / 10 toughness")
    expect(anna.locator("#sheet .conditions")).to_contain_text("Winded")
    expect(gm.locator(f"#combatant-{ulrika} .conditions")).to_contain_text("Critically Damaged")
    expect(gm.locator("#log")).to_contain_text("to the torso; at or over the Pain Threshold (5)")

    # Round 2: winded after she acted, Ulrika loses this turn, and the Winded with it. Round 3: she pays a Clean Hit
    # from her Experience on her phone, then misses with her last arrow: critically damaged, she rolls two d20 and
    # the higher counts.
    next_turn(gm, road, "Goblin")
    next_turn(gm, road, "Ansgar")
    expect(gm.locator("#flash.success")).to_contain_text("Ulrika is Winded: no turn. Ulrika's Winded ends.")
    next_turn(gm, road, "Troll")
    next_turn(gm, road, "Goblin")
    next_turn(gm, road, "Ulrika")
    feats = anna.locator(f"#feats-{ulrika}")
    feats.locator("select[name=feat]").select_option("clean_hit")
    feats.locator("select[name=pay_with]").select_option("experience")
    feats.locator("button.primary").click()
    expect(anna.locator(f"#my-points-{ulrika}")).to_contain_text("Experience 2")
    expect(gm.locator(f"#combatant-{ulrika}")).to_contain_text("Clean Hit ready")
    declare_attack(gm, road, "Ulrika", "Goblin")
    expect(the_prompt(anna).locator(".second-chance")).to_contain_text("second chance to fail")
    roll(anna, d20=3, second_d20=15)
    expect(anna.locator(f"#my-ammunition-{ulrika}")).to_have_text("Out of ammunition")
    next_turn(gm, road, "Ansgar")
    declare_attack(gm, road, "Ulrika", "Goblin")  # a shot out of turn, with an empty quiver
    expect(gm.locator("#flash")).to_contain_text("Ulrika is out of ammunition for the Longbow")

    # The GM's Dmg takes her last 4 Toughness: she is dying, and on her turn her phone asks for the death test
    # with the odds of each band; a 12 is a first step closer.
    settled(gm, road)
    row = open_row_tools(gm.locator(f"#combatant-{ulrika}"))
    row.locator("input[name=amount]").fill("4")
    row.locator("button[title='Apply damage']").click()
    expect(gm.locator(f"#death-steps-{ulrika}")).to_have_text("dying · 0 of 3 steps")
    next_turn(gm, road, "Troll")
    next_turn(gm, road, "Goblin")
    next_turn(gm, road, "Ulrika")
    expect(the_prompt(anna).locator(".death-bands")).to_contain_text("45 %")
    expect(bruno.locator("form.prompt")).to_have_count(0)
    roll(anna, d20=12)
    expect(gm.locator(f"#death-steps-{ulrika}")).to_have_text("dying · 1 of 3 steps")
    expect(anna.locator(f"#my-death-steps-{ulrika}")).to_contain_text("1 of 3 steps")

    for phone in (anna, bruno):
        assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert gm_viewer.errors == [] and anna_viewer.errors == [] and bruno_viewer.errors == []


def test_a_roll_half_typed_on_the_phone_survives_a_push(road, login):
    """Anna types her defence roll (the goblin's Accurate 13 against her Defence 9: at or under 6); before she
    sends it the GM deals her a point of damage by hand, which redraws her character on the phone, the part her
    roll is typed in. Her typed 7 is still there, still focused, and it is the roll that counts; and the damage the
    GM is typing meanwhile in her row is not wiped when her roll reaches the GM's screen."""
    path = f"/encounters/{road.pk}/"
    gm, anna = login("gm", **LAPTOP).open(path), login("anna", **PHONE).open(path)
    declare_attack(gm, road, "Goblin", "Ulrika")
    field = the_prompt(anna).locator("input[name=d20]")
    field.fill("7")
    settled(gm, road)
    before = road.version
    ulrika = pk(road, "Ulrika")
    open_row_tools(gm.locator(f"#combatant-{ulrika}"))
    ulrika_wounds = gm.locator(f"#wounds-{ulrika} input[name=amount]")
    ulrika_wounds.fill("1")
    gm.locator(f"#wounds-{ulrika} button.danger").click()
    expect(anna.locator("#sheet")).to_have_attribute("data-version", str(before + 1))
    expect(field).to_have_value("7")
    expect(field).to_be_focused()
    settled(gm, road)
    ulrika_wounds.fill("3")  # the GM starts typing more damage for her meanwhile
    the_prompt(anna).locator("button.primary").click()
    expect(gm.locator("#last-event")).to_contain_text("Ulrika rolls: defence d20 7 vs 6, hit")
    expect(ulrika_wounds).to_have_value("3")
    expect(ulrika_wounds).to_be_focused()
