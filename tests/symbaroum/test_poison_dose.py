"""Poison on Weapons as the seeds state it (seed 001 "Alternate Rules" › "Manoeuvres" › "Poison on Weapons"; seed
004 "Poison on Weapons"): a Combat Action and a Cunning test coat the weapon; the dose is enough for one hit, a miss
keeps it; a 20 poisons the poisoner. A dose given no strength is weak (test_poison_strength.py for the others and
how long a poison lasts)."""

import pytest

from combat.commands import CommandError


@pytest.fixture
def coated(fight):
    """Ulrika's sword carries a dose, her Combat Action spent on it; the GM has given her the Combat Action back."""
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    assert fight.encounter.active_id == fight.ulrika.pk
    fight.gm("poison_weapon", combatant=fight.ulrika.pk, weapon="Sword", d20=4)
    fight.gm("mark_action", part="combat", used=False)
    return fight


def poisoned(fight, combatant):
    return [c.count for c in fight.fresh(combatant).conditions.all() if c.definition.name == "Poisoned"]


def test_a_miss_keeps_the_dose_for_the_next_hit(coated):
    fight = coated
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=19)
    assert fight.state().poison_doses == [{"combatant": fight.ulrika.pk, "weapon": "Sword", "strength": "weak"}]
    assert poisoned(fight, fight.goblin) == []


def test_the_dose_lasts_one_hit_only(coated):
    fight = coated
    hit = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=1)
    assert "the weak poison on the Sword gets into Goblin's blood" in hit.message
    fight.gm("mark_action", part="combat", used=False)
    again = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=1)
    assert "poison" not in again.message and poisoned(fight, fight.goblin) == [2]


def test_undo_of_the_poisoning_hit_puts_the_dose_back(coated):
    fight = coated
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=2, damage=1)
    fight.gm("undo")
    assert fight.state().poison_doses == [{"combatant": fight.ulrika.pk, "weapon": "Sword", "strength": "weak"}]
    assert poisoned(fight, fight.goblin) == []


def test_a_second_dose_on_a_coated_weapon_is_refused(coated):
    with pytest.raises(CommandError, match="^Ulrika's Sword already carries a dose of poison.$"):
        coated.gm("poison_weapon", combatant=coated.ulrika.pk, weapon="Sword", d20=4)


def test_a_failed_test_wastes_the_dose_and_a_20_poisons_the_poisoner(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    wasted = fight.gm("poison_weapon", combatant=fight.ulrika.pk, weapon="Sword", d20=15)
    assert wasted.message.endswith("the poison is wasted.") and fight.state().poison_doses == []
    assert fight.state().turn["combat"] == 1
    fight.gm("mark_action", part="combat", used=False)
    fight.gm("poison_weapon", combatant=fight.ulrika.pk, weapon="Sword", d20=20)
    assert poisoned(fight, fight.ulrika) == [2] and fight.state().poison_doses == []
