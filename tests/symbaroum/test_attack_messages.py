"""What the log says of an attack, word for word: each step reads as a sentence, a free attack included."""

import pytest


@pytest.fixture
def perfect_hits(fight):
    fight.encounter.house_rules = ["perfect_hits"]
    fight.encounter.save()
    return fight


def answer(fight, user, **rolled):
    return fight.run(user, "roll_test", prompt=fight.prompts()[-1]["id"], **rolled).message


def test_an_attack_told_step_by_step_as_the_players_roll(fight):
    said = [fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk).message]
    said.append(answer(fight, fight.table.anna, d20=5))
    said.append(answer(fight, fight.table.anna, total=3))
    assert said == [
        "Ulrika attacks Goblin with Sword: Ulrika's player rolls the attack test against 13.",
        "Ulrika rolls: attack d20 5 vs 13, hit; Ulrika's player rolls damage (1d8).",
        "Ulrika rolls 3 damage: 3 damage against 2 armour: Goblin takes 1.",
    ]


def test_a_defence_and_an_armour_roll_told_as_she_rolls(fight):
    said = [fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk).message]
    said.append(answer(fight, fight.table.anna, d20=15))
    said.append(answer(fight, fight.table.anna, total=1))
    assert said == [
        "Goblin attacks Ulrika with Spear: Ulrika's player rolls the defence test against 9.",
        "Ulrika rolls: defence d20 15 vs 9, hit; Ulrika's player rolls armour (1d4) against 4.",
        "Ulrika rolls 1 armour: 4 damage against 1 armour: Ulrika takes 3.",
    ]


def test_a_free_attack_says_who_makes_it(perfect_hits):
    fight = perfect_hits
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    assert answer(fight, fight.table.anna, d20=1) == (
        "Ulrika rolls: defence d20 1 vs 9, miss; Ulrika gets a free attack on Goblin (Perfect Defence)."
    )
    [waiting] = fight.state().free_attacks
    assert fight.gm("attack", free_attack=waiting["id"], d20=18).message == (
        "Ulrika makes a free attack on Goblin with Sword: attack d20 18 vs 13, miss."
    )
