"""Weapon and armour qualities in a Symbaroum attack: a shield and Balanced weapons in Defence, Precise on the test,
Deep Impact and Blunt on the damage, and armour segments that protect only the parts they cover."""

from rules.models import Armour, Property
from tests.symbaroum.conftest import armed


def segment(name, locations, dice):
    return Armour.objects.create(system="symbaroum", name=name, locations=locations, points=0,
                                 protection_dice=dice, impeding=0)  # fmt: skip


def test_a_shield_and_a_balanced_weapon_each_add_one_to_defence(fight):
    armed(fight.ulrika.character, ["Dagger", "Shield"], ["Leather Armour"])  # the dagger is Balanced
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    # Quick 11 − Impeding 2 + 1 (shield) + 1 (Balanced) = 11 against the goblin's Accurate 10.
    assert fight.prompts()[-1]["target"] == 11


def test_precise_helps_the_attack_and_deep_impact_the_damage(fight):
    sword = fight.ulrika.character.weapons.get()
    sword.properties.add(*Property.objects.filter(system="symbaroum", name__in=["Precise", "Deep Impact"]))
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    assert fight.prompts()[-1]["target"] == 14  # Accurate 13 against Defence 10, +1 Precise
    fight.run(fight.table.anna, "roll_test", prompt=fight.prompts()[-1]["id"], d20=5)
    outcome = fight.run(fight.table.anna, "roll_test", prompt=fight.prompts()[-1]["id"], total=5)
    assert (outcome.result["damage"], outcome.result["dealt"]) == (6, 4)  # 5 + 1 Deep Impact, less 2 armour


def test_blunt_takes_one_off_the_damage(fight):
    sword = fight.ulrika.character.weapons.get()
    sword.properties.add(Property.objects.get(system="symbaroum", name="Blunt"))
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=5, damage=5)
    assert outcome.result["damage"] == 4


def test_an_armour_segment_protects_only_the_part_it_covers(fight):
    fight.encounter.house_rules = ["hit_locations"]
    fight.encounter.save()
    fight.ulrika.character.armour.set([segment("Iron Helmet", ["head"], "1d6")])
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk, aim="body_part", part="head", d20=19)
    assert fight.prompts()[-1]["dice"] == "1d6"  # her helmet's roll, on her phone
    fight.gm("dismiss_test", prompt=fight.prompts()[-1]["id"])
    outcome = fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk, aim="body_part", part="left_leg",
                       d20=19)  # fmt: skip
    assert (outcome.result["armour"], outcome.result["location"], fight.prompts()) == (0, "left_leg", [])
