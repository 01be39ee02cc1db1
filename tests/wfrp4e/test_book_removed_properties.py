"""The book's rules the table drops (seed 000 "Imprecise", "Weakpoints", "Practical/Unreliable") or changes (seed 000
"Weapon Length and In-fighting"): played as the book has them while the GM leaves the house rule off, skipped (or
played the house way) once it is on; through the attack command, the API and the GM's attack panel.

The fight: Anders (Melee (Basic) 52, Hand Weapon 7 damage, Average reach) against the Orc Boy (Melee (Basic) 51,
TB 4, AP 1 on arms and body from a Leather Jack; Hand Weapon and Shield).
"""

import pytest

from combat import commands
from combat.commands import CommandError
from rules.models import Armour, Property, Weapon
from systems.wfrp4e import toggles

pytestmark = pytest.mark.django_db


def give(weapon_name, property_name):
    Weapon.objects.get(system="wfrp4e", name=weapon_name).properties.add(
        Property.objects.get(system="wfrp4e", name=property_name)
    )


def house(fight, *rules):
    commands.set_house_rules(fight.table.encounter, fight.table.gm, rules=[rule.key for rule in rules])


def attack_api(fight, **args):
    return fight.table.client(fight.table.gm).post(
        f"/api/encounters/{fight.table.encounter.pk}/commands/",
        {"command": "attack", "args": {"attacker": fight.anders.pk, "target": fight.orc.pk, **args}},
        content_type="application/json",
    )


# --- Imprecise


def test_imprecise_takes_one_sl_from_the_attack_unless_the_house_rule_removes_it(fight):
    give("Hand Weapon", "Imprecise")
    book = fight.attack(defence="", attacker_roll=47)  # 47 against 52: +1 SL, then -1
    assert (book.result["attacker_sl"], book.result["damage"]) == (0, 7)
    assert book.result["book_rules"] == ["Imprecise: -1 SL to the attack"]
    assert "Imprecise: -1 SL to the attack." in book.message
    house(fight, toggles.IMPRECISE)
    played = fight.attack(defence="", attacker_roll=47).result
    assert (played["attacker_sl"], played["damage"]) == (1, 8) and "book_rules" not in played


def test_imprecise_under_the_d20_tests_takes_one_from_the_asb(fight):
    give("Hand Weapon", "Imprecise")
    house(fight, toggles.TESTS)
    r = fight.attack(defence="melee", d20=[10], attacker_roll=47).result
    assert r["asb"] == 4  # Melee (Basic) 52: bonus 5, less 1
    house(fight, toggles.TESTS, toggles.IMPRECISE)
    assert fight.attack(defence="melee", d20=[10], attacker_roll=47).result["asb"] == 5


# --- Practical and Unreliable


def test_practical_softens_a_failed_test_enough_to_win_the_tie(fight):
    # 62 against 52: -1 SL; the orc's 55 against 51: 0 SL. Practical makes it 0 against 0, and 52 beats 51.
    assert not fight.attack(attacker_roll=62, defender_roll=55).result["hit"]
    give("Hand Weapon", "Practical")
    r = fight.attack(attacker_roll=62, defender_roll=55)
    assert (r.result["attacker_sl"], r.result["hit"]) == (0, True)
    assert "Practical: the failed test fails by 1 SL less" in r.result["book_rules"]
    passed = fight.attack(defence="", attacker_roll=47).result  # a passed test is untouched
    assert passed["attacker_sl"] == 1 and "book_rules" not in passed
    house(fight, toggles.PRACTICAL_UNRELIABLE)
    assert not fight.attack(attacker_roll=62, defender_roll=55).result["hit"]


def test_unreliable_deepens_a_failed_test(fight):
    give("Hand Weapon", "Unreliable")
    r = fight.attack(defence="", attacker_roll=67).result  # 67 against 52: -1 SL, then -2
    assert r["attacker_sl"] == -2 and r["book_rules"] == ["Unreliable: the failed test fails by 1 SL more"]
    house(fight, toggles.PRACTICAL_UNRELIABLE)
    assert fight.attack(defence="", attacker_roll=67).result["attacker_sl"] == -1


# --- Weakpoints


@pytest.fixture
def plated_orc(fight):
    # Breastplate: body AP 2, Weakpoints; it does not layer with the Leather Jack, the better one counts.
    fight.orc.character.armour.add(Armour.objects.get(system="wfrp4e", name="Breastplate"))
    give("Hand Weapon", "Impale")
    return fight


def test_an_impale_critical_ignores_the_weakpoints_armour_where_it_lands(plated_orc):
    fight = plated_orc
    # 66 against 72: +1 SL, a double (Critical, even so Impenetrable lets it through); reversed 66 is the body.
    r = fight.attack(defence="", attacker_roll=66, attack_modifier=20, critical_roll=10).result
    assert (r["location"], r["damage"], r["armour"], r["wounds"]) == ("body", 8, 1, 3)
    assert "Weakpoints: the Impale Critical ignores 1 AP there" in r["book_rules"]  # the Leather Jack's 1 holds
    house(fight, toggles.WEAKPOINTS)
    r = fight.attack(defence="", attacker_roll=66, attack_modifier=20, critical_roll=10).result
    assert (r["armour"], r["wounds"]) == (2, 2) and "book_rules" not in r


def test_weakpoints_needs_both_the_critical_and_an_impale_weapon(plated_orc):
    fight = plated_orc
    no_critical = fight.attack(defence="", attacker_roll=65, attack_modifier=20).result  # body, no double
    assert (no_critical["armour"], no_critical["wounds"]) == (2, 2)
    Weapon.objects.get(system="wfrp4e", name="Hand Weapon").properties.remove(
        Property.objects.get(system="wfrp4e", name="Impale")
    )
    no_impale = fight.attack(defence="", attacker_roll=66, attack_modifier=20, critical_roll=10).result
    assert no_impale["armour"] == 2


def test_weakpoints_under_the_d20_tests(plated_orc):
    fight = plated_orc
    house(fight, toggles.TESTS)
    # D20 2 with ASB 5 against Dodge DSB 3: a hit; D100 66 a double (Critical) to the body, straight.
    r = fight.attack(defence="dodge", d20=[2], attacker_roll=66, critical_roll=10).result
    assert (r["hit"], r["location"], r["armour"]) == (True, "body", 1)
    assert "Weakpoints: the Impale Critical ignores 1 AP there" in r["book_rules"]


# --- Weapon Length and In-fighting


@pytest.fixture
def orc_with_a_spear(fight):
    fight.orc.character.weapons.add(Weapon.objects.get(system="wfrp4e", name="Spear"))  # Very Long
    return fight


def test_the_shorter_weapon_attacks_at_minus_ten_as_written(orc_with_a_spear):
    fight = orc_with_a_spear
    r = fight.attack(attacker_roll=23, defender_roll=45)
    assert r.result["attack_target"] == 42
    assert r.result["book_rules"] == ["Weapon Length: -10, Orc Boy's weapon is longer (Very Long)"]
    house(fight, toggles.WEAPON_LENGTH_AND_IN_FIGHTING)  # the house rule: no length modifier at all
    assert fight.attack(attacker_roll=23, defender_roll=45).result["attack_target"] == 52


def test_the_in_fighter_talent_ignores_the_length_and_a_shot_never_meets_it(orc_with_a_spear):
    fight = orc_with_a_spear
    assert fight.attack(weapon="Pistol", defence="", attacker_roll=23).result["attack_target"] == 36
    character = fight.anders.character
    character.traits = {"In-fighter": True}
    character.save()
    assert fight.attack(attacker_roll=23, defender_roll=45).result["attack_target"] == 52


def test_in_fighting_as_written_makes_a_long_weapon_improvised_and_drops_the_length(orc_with_a_spear):
    fight = orc_with_a_spear
    r = fight.attack(defence="", attacker_roll=47, in_fighting=True)  # +1 SL; SB 3 + 1 = 4 damage, Undamaging
    assert (r.result["attack_target"], r.result["damage"], r.result["armour"]) == (52, 5, 2)
    assert r.result["met"]["properties"] == ["Undamaging"]
    assert "In-fighting: Hand Weapon is too long and counts as improvised" in r.message


def test_in_fighting_by_the_house_rule_needs_an_in_fighter_who_also_gets_ten(fight):
    house(fight, toggles.WEAPON_LENGTH_AND_IN_FIGHTING)
    refused = attack_api(fight, weapon="Hand Weapon", defence="", attacker_roll=47, in_fighting=True)
    assert refused.status_code == 400
    assert "only comes into play when one of the two has the In-fighter Talent" in refused.json()["error"]
    with pytest.raises(CommandError):
        fight.attack(weapon="Pistol", defence="", attacker_roll=47, in_fighting=True)  # not a melee matter
    character = fight.anders.character
    character.traits = {"In-fighter": True}
    character.save()
    r = attack_api(fight, weapon="Hand Weapon", defence="", attacker_roll=47, in_fighting=True).json()["result"]
    assert r["attack_target"] == 62 and "In-fighter: +10 while In-fighting" in r["book_rules"]


def test_the_attack_panel_offers_in_fighting_and_shows_what_the_book_rules_did(orc_with_a_spear):
    fight = orc_with_a_spear
    client = fight.table.client(fight.table.gm)
    url = f"/encounters/{fight.table.encounter.pk}/attack/"
    values = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon"}
    page = client.get(url, values, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="attack-in-fighting"' in page
    html = client.post(
        url, {**values, "defence": "Melee (Basic)", "attacker_roll": 23, "defender_roll": 45, "action": "preview"},
        HTTP_HX_REQUEST="true",
    ).content.decode()  # fmt: skip
    assert 'id="attack-book-rules"' in html and "Weapon Length: -10, Orc Boy&#x27;s weapon is longer" in html
    shooting = client.get(url, {**values, "weapon": "Pistol"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="attack-in-fighting"' not in shooting


def test_the_odds_before_rolling_count_the_books_imprecise(fight):
    client = fight.table.client(fight.table.gm)
    url = f"/encounters/{fight.table.encounter.pk}/attack/"
    values = {"attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon", "defence": "Melee (Basic)"}

    def odds():
        html = client.get(url, values, HTTP_HX_REQUEST="true").content.decode()
        return html.split('id="attack-odds"')[1].split("</p>")[0]

    plain = odds()
    give("Hand Weapon", "Imprecise")
    clumsy = odds()
    assert clumsy != plain
    house(fight, toggles.IMPRECISE)
    assert odds() == plain
