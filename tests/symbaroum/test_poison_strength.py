"""A poison's strength and how long it works, from the outside (seed 001 "Alternate Rules" › "Manoeuvres" › "Poison
on Weapons"; seed 004 "Poison on Weapons"): a dose is weak, moderate or strong, bites 2, 3 or 4 on each of the
poisoned one's turns through armour, for 1d4 of their turns, and ends by itself; the GM's row and the poisoned
player's phone show the damage and the turns left; undo takes it back."""

import pytest

from rules.engine.dice import Dice, TypedDice
from tests.symbaroum.test_dying import turn_of


@pytest.fixture
def coated(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    fight.gm("poison_weapon", combatant=fight.ulrika.pk, weapon="Sword", strength="moderate", d20=4)
    fight.gm("mark_action", part="combat", used=False)
    return fight


def poison_on(fight, combatant):
    return [(c.count, c.remaining) for c in fight.fresh(combatant).conditions.all() if c.definition.name == "Poisoned"]


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def test_the_dose_keeps_its_strength(coated):
    assert coated.state().poison_doses == [{"combatant": coated.ulrika.pk, "weapon": "Sword", "strength": "moderate"}]


def test_a_moderate_dose_bites_3_a_turn_for_the_d4_and_ends_by_itself(coated):
    fight = coated
    hit = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=1,
                   dice=TypedDice(Dice(), {4: [2]}))  # fmt: skip
    assert "the moderate poison on the Sword gets into Goblin's blood, 3 damage on each of their turns for 2 turns" in (
        hit.message
    )
    assert poison_on(fight, fight.goblin) == [(3, 2)]
    before = fight.fresh(fight.goblin).wounds
    first = turn_of(fight, fight.goblin)
    assert "Goblin takes 3 poison damage, 1 turn left." in first.message
    assert fight.fresh(fight.goblin).wounds == before - 3 and poison_on(fight, fight.goblin) == [(3, 1)]
    second = turn_of(fight, fight.goblin)
    assert "Goblin takes 3 poison damage, the poison has run its course." in second.message
    assert poison_on(fight, fight.goblin) == []
    third = turn_of(fight, fight.goblin)
    assert "poison" not in third.message


def test_the_round_end_does_not_shorten_it(coated):
    fight = coated
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=1,
             dice=TypedDice(Dice(), {4: [3]}))  # fmt: skip
    turn_of(fight, fight.ulrika)  # a whole round went by, and the goblin's turn in it
    assert poison_on(fight, fight.goblin) == [(3, 2)]


def test_the_gm_row_and_the_poisoned_players_phone_show_the_turns_left(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    fight.gm("poison_weapon", combatant=fight.ulrika.pk, weapon="Sword", strength="strong", d20=20,
             dice=TypedDice(Dice(), {4: [4]}))  # fmt: skip
    assert poison_on(fight, fight.ulrika) == [(4, 4)]
    gm, phone = page(fight, fight.table.gm), page(fight, fight.table.anna)
    assert "poison: 4 damage a turn, 4 turns left" in gm
    assert f'id="my-affliction-poison-{fight.ulrika.pk}"' in phone and "poison: 4 damage a turn, 4 turns left" in phone
    assert "4 turns left" in phone  # the condition's own chip counts turns too
    assert "poison: 4" not in page(fight, fight.table.bruno)  # Ansgar's player sees nothing of Ulrika's poison


def test_a_second_dose_keeps_the_worse_strength_and_the_longer_time(coated):
    fight = coated
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Poisoned", count=2, remaining=4)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=1,
             dice=TypedDice(Dice(), {4: [1]}))  # fmt: skip
    assert poison_on(fight, fight.goblin) == [(3, 4)]


def test_undo_takes_the_poison_back_and_puts_the_dose_back(coated):
    fight = coated
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=1)
    fight.gm("undo")
    assert poison_on(fight, fight.goblin) == [] and len(fight.state().poison_doses) == 1


def test_an_unknown_strength_is_refused(fight):
    from combat.commands import CommandError

    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    with pytest.raises(CommandError, match="Choose one of: Weak, Moderate, Strong"):
        fight.gm("poison_weapon", combatant=fight.ulrika.pk, weapon="Sword", strength="lethal", d20=4)


def test_the_phone_offers_the_strengths_on_her_turn(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    phone = page(fight, fight.table.anna)
    assert 'id="poison-strength"' in phone and "moderate (3 a turn)" in phone


def test_the_gm_coats_a_weapon_from_the_tools_drawn_with_the_page(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    gm = page(fight, fight.table.gm)
    assert 'id="gm-poison-weapon-form"' in gm and "strong (4 a turn)" in gm
    fight.encounter.house_rules = []
    fight.encounter.save()
    assert 'id="gm-poison-weapon-form"' not in page(fight, fight.table.gm)
