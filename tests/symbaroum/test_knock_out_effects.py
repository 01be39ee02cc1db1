"""What a Knock Out and a struck arm change, applied rather than only logged: a failed Knock Out loses the attacker
the Advantage over the target until their next turn (seed 001 "Alternate Rules" › "Manoeuvres" › "Knock Out"; seed
004 "Knock Out"), so the GM's Advantage tick is refused meanwhile; an arm struck at the Pain Threshold drops what
its hand holds unless a Quick test keeps it (seed 001 "Alternate Rules" › "Hit Locations"): Disarmed. Both shown on
the GM's row and the phone, both undone by undo."""

import pytest

from combat.commands import CommandError
from rules.engine.dice import Dice, TypedDice


def conditions(fight, combatant):
    return sorted(c.definition.name for c in fight.fresh(combatant).conditions.all())


def page(fight, user):
    return fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode()


@pytest.fixture
def missed(fight):
    """Ulrika, on her turn, failed a Knock Out on the goblin."""
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, manoeuvre="knock_out",
                       advantage=True, d20=19)  # fmt: skip
    fight.missed = outcome
    fight.gm("mark_action", part="combat", used=False)
    return fight


def test_the_failed_knock_out_loses_the_advantage_until_her_next_turn(missed):
    fight = missed
    assert "Ulrika loses the Advantage over Goblin until their next turn" in fight.missed.message
    assert fight.state().lost_advantages == [{"attacker": fight.ulrika.pk, "target": fight.goblin.pk}]
    with pytest.raises(CommandError, match="^Ulrika lost the Advantage over Goblin to a failed Knock Out"):
        fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, advantage=True, d20=5, damage=3)
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, d20=19)  # without the Advantage: fine
    fight.turn_of(fight.ulrika)
    assert fight.state().lost_advantages == []
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, advantage=True, d20=19)


def test_a_prone_target_still_gives_the_advantage(missed):
    fight = missed
    fight.gm("add_condition", combatant=fight.goblin.pk, condition="Prone")
    outcome = fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk, advantage=True, d20=19)
    assert "Goblin" in outcome.message


def test_the_gm_row_and_her_phone_show_it_and_undo_gives_it_back(missed):
    fight = missed
    tag = "no Advantage over Goblin until next turn (Knock Out failed)"
    assert tag in page(fight, fight.table.gm) and tag in page(fight, fight.table.anna)
    assert tag not in page(fight, fight.table.bruno)
    fight.gm("undo")  # the mark_action
    fight.gm("undo")  # the Knock Out
    assert fight.state().lost_advantages == []


def test_a_knock_out_against_a_hidden_troll_is_not_named_on_her_phone(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.troll.pk, manoeuvre="knock_out", advantage=True, d20=19)
    phone = page(fight, fight.table.anna)
    assert "Troll" not in phone and "no Advantage over" not in phone


def test_an_npcs_struck_arm_drops_what_it_holds_on_a_failed_quick_test(fight):
    fight.encounter.house_rules = ["hit_locations"]
    fight.encounter.save()
    # The goblin's Pain Threshold is 4: the troll's great axe worth 6 less his leather's 2, d10 6 = right arm; his
    # Quick 12 test is the tracker's d20, a 15 here.
    outcome = fight.gm("attack", attacker=fight.troll.pk, target=fight.goblin.pk, d20=2, location=6,
                       dice=TypedDice(Dice(), {20: [15]}))  # fmt: skip
    assert "Goblin's Quick test: d20 15 vs 12: Goblin drops what that hand held: Disarmed" in outcome.message
    assert conditions(fight, fight.goblin) == ["Disarmed", "Hurt Arm"]
    fight.gm("undo")
    assert conditions(fight, fight.goblin) == []


def test_a_player_who_fails_her_quick_test_drops_it_and_one_who_passes_keeps_it(fight):
    fight.encounter.house_rules = ["hit_locations", "perfect_hits"]
    fight.encounter.save()
    # Ulrika's arm (Pain Threshold 8): the troll's great axe worth 6, +2 for the Advantage, +3 for her fumbled
    # defence, less her armour roll of 1: 10.
    fight.gm("attack", attacker=fight.troll.pk, target=fight.ulrika.pk, advantage=True, d20=20, armour=1, location=8)
    [entry] = [p for p in fight.prompts() if p["kind"] == "hold_on"]
    assert entry["target"] == 11
    outcome = fight.run(fight.table.anna, "roll_test", prompt=entry["id"], d20=14)
    assert outcome.message == (
        "Ulrika's Quick test: d20 14 vs 11: Ulrika drops what that hand held: Disarmed until it is picked up."
    )
    assert "Disarmed" in conditions(fight, fight.ulrika)
    fight.gm("undo")
    entry = next(p for p in fight.prompts() if p["kind"] == "hold_on")
    kept = fight.run(fight.table.anna, "roll_test", prompt=entry["id"], d20=3)
    assert kept.message.endswith("keeps hold.") and "Disarmed" not in conditions(fight, fight.ulrika)
