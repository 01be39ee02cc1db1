"""Seed 003 "Spellcaster Conditions": power lost past zero calls for a Discipline check (Zero Power/Favour), a
quickcast spell adds a challenge die to its check (Magic Quickcasting), and a casting check's chaos stars draw
Miscast cards, their number worked out in a prompt on the caster's phone (Chaos Stars). Maintaining excess power is
tests/wfrp3e/test_turns.py's."""

import pytest

from combat.commands import CommandError
from tests.wfrp3e.test_phone_actions import form

pytestmark = pytest.mark.django_db


def power(fight):
    return fight.points(fight.magda)["power"]


# --- Zero Power/Favour ---------------------------------------------------------------------------------------------


def test_power_lost_within_what_is_left_asks_for_no_check(fight):
    outcome = fight.gm("lose_power", combatant=fight.magda.pk, amount=3)
    assert outcome.message == "Magda loses 3 power: 5 → 2."
    assert power(fight) == 2 and fight.prompts() == []


def test_power_that_cannot_be_lost_is_a_challenge_die_each_on_a_discipline_check_on_her_phone(fight):
    outcome = fight.gm("lose_power", combatant=fight.magda.pk, amount=7)
    assert power(fight) == 0
    (entry,) = fight.prompts()
    assert entry["answer"] == "zero_power_check" and entry["combatant"] == fight.magda.pk
    assert entry["pool"]["challenge"] == 2 and "2 challenge (difficulty)" in entry["sources"]
    assert outcome.message.startswith("Magda loses 7 power: 5 → 0, 2 short: a Discipline check with 2 challenge dice,")
    phone = fight.page(fight.table.anna)
    assert f'id="prompt-{entry["id"]}"' in phone and "Discipline: 2 power points could not be lost" in phone
    assert f'id="prompt-{entry["id"]}"' not in fight.page(fight.table.bruno)


def test_passing_costs_a_stress_failing_a_stress_and_a_temporary_insanity(fight):
    stress = fight.points(fight.magda)["stress"]
    fight.gm("lose_power", combatant=fight.magda.pk, amount=6)
    passed = fight.run(fight.table.anna, "zero_power_check", prompt=fight.prompts()[-1]["id"], successes=2)
    assert passed.result["succeeded"] and passed.result["insanity_tokens"] is None
    assert fight.points(fight.magda)["stress"] == stress + 1
    fight.gm("lose_power", combatant=fight.magda.pk, amount=3)
    failed = fight.run(fight.table.anna, "zero_power_check", prompt=fight.prompts()[-1]["id"], successes=0)
    assert failed.result == {
        "prompt": failed.result["prompt"], "succeeded": False, "stress": 1, "insanity_tokens": 3,
    }  # fmt: skip
    assert "draw a Temporary Insanity with the Chaos/Enigma or Trauma trait, 3 more tokens on it" in failed.message
    assert fight.points(fight.magda)["stress"] == stress + 2 and fight.prompts() == []
    fight.gm("undo")
    assert fight.points(fight.magda)["stress"] == stress + 1 and len(fight.prompts()) == 1


def test_one_who_casts_nothing_loses_no_power(fight):
    with pytest.raises(CommandError, match="Gunther channels neither power nor favour"):
        fight.gm("lose_power", combatant=fight.gunther.pk, amount=1)


def test_the_gm_screen_offers_the_power_loss_for_the_casters(fight):
    gm = form(fight.page(fight.table.gm), "lose-power")
    assert f'<option value="{fight.magda.pk}">Magda (Power 5)</option>' in gm
    assert f'value="{fight.gunther.pk}"' not in gm
    assert 'id="lose-power"' not in fight.page(fight.table.anna)


# --- Magic Quickcasting ----------------------------------------------------------------------------------------------


def cast(fight, user=None, **args):
    return fight.run(
        user or fight.table.gm, "perform_action", combatant=fight.magda.pk, card="Magic Dart", target=fight.orc.pk,
        damage=4, **args,
    )  # fmt: skip


def test_a_quickcast_spell_adds_a_challenge_die(fight):
    cast(fight)
    slow = fight.prompts()[-1]["pool"]["challenge"]
    fight.gm("undo")
    outcome = cast(fight, quickcast=True)
    entry = fight.prompts()[-1]
    assert entry["pool"]["challenge"] == slow + 1 and "1 challenge (quickcasting)" in entry["sources"]
    assert outcome.message.endswith("; 1 challenge: quickcasting.")


def test_only_a_spell_or_a_blessing_is_quickcast(fight):
    with pytest.raises(CommandError, match="Melee Strike is no spell or blessing"):
        fight.gm("perform_action", combatant=fight.magda.pk, card="Melee Strike", target=fight.orc.pk, quickcast=True)
    assert fight.prompts() == []


def test_the_casters_phone_and_the_gm_form_offer_the_tick(fight):
    fight.turn_of(fight.magda)
    assert 'name="quickcast"' in form(fight.page(fight.table.anna), f"phone-action-{fight.magda.pk}")
    assert 'name="quickcast"' in form(fight.page(fight.table.gm), "action-form")
    fight.turn_of(fight.gunther)
    assert 'name="quickcast"' not in fight.page(fight.table.bruno)  # Gunther casts nothing


# --- Chaos Stars (Miscast cards) -------------------------------------------------------------------------------------


def test_a_castings_chaos_stars_draw_as_many_miscast_cards_in_a_prompt_on_the_casters_phone(fight):
    cast(fight, quickcast=True)  # two challenge dice: two chaos stars at most
    rolled = fight.run(fight.table.anna, "enter_roll", prompt=fight.prompts()[-1]["id"], successes=1, chaos_stars=2)
    assert "2 chaos stars: Magda draws 2 Miscast cards" in rolled.message
    assert "0 banes" in rolled.message  # a casting's chaos star is a miscast, not a bane
    (entry,) = fight.prompts()
    assert (entry["kind"], entry["cards"], entry["answer"]) == ("miscast", 2, "miscast_drawn")
    phone = fight.page(fight.table.anna)
    assert f'id="miscast-{entry["id"]}">Draw <strong>2</strong> Miscast cards' in phone
    assert f'id="spend-fortune-{entry["id"]}"' not in phone  # nothing to roll
    drawn = fight.run(fight.table.anna, "miscast_drawn", prompt=entry["id"], effect="The winds howl.")
    assert drawn.message == "Magda draws 2 Miscast cards for Magic Dart: The winds howl."
    assert fight.prompts() == []
    fight.gm("undo")
    assert fight.prompts() == [entry]


def test_no_chaos_star_no_miscast_and_an_attacks_chaos_star_is_no_miscast(fight):
    cast(fight)
    fight.gm("enter_roll", prompt=fight.prompts()[-1]["id"], successes=1)
    assert fight.prompts() == []
    fight.gm("perform_action", combatant=fight.gunther.pk, card="Melee Strike", target=fight.orc.pk)
    fight.gm("enter_roll", prompt=fight.prompts()[-1]["id"], successes=1, chaos_stars=1)
    assert fight.prompts() == []


def test_a_miscast_prompt_takes_no_fortune_point_nor_dice(fight):
    cast(fight)
    fight.gm("enter_roll", prompt=fight.prompts()[-1]["id"], successes=1, chaos_stars=1)
    fight.gm("award_fortune", amount=1)
    entry = fight.prompts()[-1]
    with pytest.raises(CommandError, match="rolls no dice"):
        fight.run(fight.table.anna, "spend_fortune", prompt=entry["id"])
    with pytest.raises(CommandError, match="rolls no dice"):
        fight.run(fight.table.anna, "situation_dice", prompt=entry["id"], advantages=["outnumber"])
    with pytest.raises(CommandError, match="answered another way"):
        fight.run(fight.table.anna, "enter_roll", prompt=entry["id"], successes=1)
