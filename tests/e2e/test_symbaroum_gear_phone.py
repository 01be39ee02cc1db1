"""The gear-and-ground tools on a 360 px phone (seed 001 "Movement by Scale", "Traps", "Alchemical Weapons"): on her
turn the player sees how far her Movement Action goes, moves by squares, sets a trap and throws a grenade from her
phone; every tap target is a thumb high and nothing spills sideways."""

from playwright.sync_api import expect

from characters.models import ApiToken
from combat.models import Combatant
from rules.models import Weapon
from tests.e2e.test_live_encounter import LAPTOP, PHONE
from tests.e2e.test_live_matches_reload import assert_live_equals_fresh, command
from tests.e2e.test_phone_layout import TOO_SMALL_TO_TAP, phone_of
from tests.e2e.test_symbaroum_fight import HOUSE_RULES, next_turn, road  # noqa: F401  (road: a fixture)


def test_the_gear_tools_on_the_players_phone(road, login):  # noqa: F811
    road.house_rules = [*HOUSE_RULES, "movement_by_scale", "traps", "alchemical_weapons"]
    road.save()
    ulrika = Combatant.objects.get(encounter=road, name="Ulrika")
    ulrika.character.weapons.add(Weapon.objects.get(system="symbaroum", name="Alchemical Grenade"))
    path = f"/encounters/{road.pk}/"
    gm = login("gm", **LAPTOP).open(path)
    anna_viewer, anna = phone_of(login, "anna", path)
    expect(anna.locator(f"#my-stride-{ulrika.pk}")).to_contain_text("5 squares")

    next_turn(gm, road, "Ulrika")
    tools = anna.locator(f"#my-field-tools-{ulrika.pk}")
    expect(tools.locator("#move-squares-form")).to_be_visible()
    expect(tools.locator("#set-trap-form")).to_be_visible()
    expect(tools.locator("#alchemical-form")).to_be_visible()
    assert anna.evaluate(TOO_SMALL_TO_TAP) == []
    assert anna.evaluate("document.documentElement.scrollWidth") <= 360

    tools.locator("#move-squares-count").fill("4")
    tools.locator("#move-squares").click()
    expect(anna.locator("#flash.success")).to_contain_text("moves 4 squares")
    expect(tools.locator("#scale-move")).to_contain_text("5 squares (10 m) left this turn")

    tools.locator("#alchemical-target").select_option(label="at Goblin")
    tools.locator("#alchemical").click()
    expect(anna.locator("#flash.success")).to_contain_text("Alchemical Grenade")
    expect(anna.locator("#sheet form.prompt")).to_be_visible()
    assert anna_viewer.errors == []


def test_the_gear_panels_live_equal_fresh_ones(road, login, asgi_server):  # noqa: F811
    """The strides, the traps set and the active combatant's tools, pushed live, as a fresh load draws them."""
    road.house_rules = [*HOUSE_RULES, "movement_by_scale", "traps", "alchemical_weapons"]
    road.save()
    ulrika, goblin = (Combatant.objects.get(encounter=road, name=name).pk for name in ("Ulrika", "Goblin"))
    path = f"/encounters/{road.pk}/"
    gm_viewer, anna_viewer = login("gm", **LAPTOP), login("anna", **PHONE)
    gm, anna = gm_viewer.open(path), anna_viewer.open(path)
    token = ApiToken.issue(road.campaign.gm)
    steps = [
        ("next_turn", {}),
        ("set_trap", {"combatant": ulrika, "trap": "Mechanical Trap", "d20": 4}),
        ("next_turn", {}),
        ("move_squares", {"squares": 3}),
        ("add_condition", {"combatant": goblin, "condition": "Hobbled"}),
        ("spring_trap", {"trap": 1, "victim": goblin}),
        ("undo", {}),
    ]
    for name, args in steps:
        version = command(asgi_server, road, token, name, **args)
        assert_live_equals_fresh(gm_viewer, gm, path, version)
        assert_live_equals_fresh(anna_viewer, anna, path, version)
    assert not gm_viewer.errors and not anna_viewer.errors
