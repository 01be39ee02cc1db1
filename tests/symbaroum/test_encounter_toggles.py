"""An encounter's own toggles rule everything of its fight, whatever its campaign's defaults say: the sheets' words
and Defence with Encumbrance (seed 004 "Encumbrance"), the variant's words in prompts and the log, and the variant's
Health for the wounds track (seed 004 "Health, Might, Agility, Subtlety, Vigilance and Impedance") wherever the
tracker names it."""

import re

from systems.symbaroum import toggles
from tests.symbaroum.test_dying import bring_down, death_test, roll_death_test, turn_of
from tests.symbaroum.test_encumbrance import carrying, plays


def page(fight, user):
    return re.sub(r"\s+", " ", fight.table.client(user).get(f"/encounters/{fight.encounter.pk}/").content.decode())


def test_the_encounters_encumbrance_lowers_defence_though_the_campaign_does_not_play_it(fight):
    plays(fight.encounter, toggles.VARIANT, toggles.ENCUMBRANCE)
    carrying(fight.table.ulrika, 18)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    [entry] = fight.prompts()
    # Agility 11 less the leather's Impedance 2 and 3 more for the load (Might 15), against the goblin's Accurate 10.
    assert (entry["kind"], entry["target"]) == ("defence", 6)
    phone = page(fight, fight.table.anna)
    assert "<dt>Might</dt>" in phone and "Defence <strong>6</strong>" in phone and "+3 Impedance" in phone


def test_an_encounter_that_switches_off_the_campaigns_encumbrance_and_variant_counts_neither(fight):
    plays(fight.table.campaign, toggles.VARIANT, toggles.ENCUMBRANCE)
    plays(fight.encounter)
    carrying(fight.table.ulrika, 18)
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ulrika.pk)
    [entry] = fight.prompts()
    assert entry["target"] == 9  # Quick 11 less the leather's 2: the load is not counted
    phone = page(fight, fight.table.anna)
    assert "<dt>Strong</dt>" in phone and "<dt>Might</dt>" not in phone and "Encumbrance" not in phone


def test_the_variants_words_in_a_prompt_follow_the_encounter(fight):
    fight.gm("end_encounter")
    plays(fight.encounter, toggles.VARIANT, toggles.TRAVEL)
    fight.gm("march", pace="hasty")
    reasons = {p["reason"] for p in fight.prompts()}
    assert reasons and all(reason.startswith("Might: the march") for reason in reasons)


def test_the_variant_says_health_for_the_wounds_track_in_the_log_the_phone_and_the_screens(fight):
    plays(fight.encounter, toggles.VARIANT)
    fight.gm("apply_damage", combatant=fight.ansgar.pk, amount=3)
    healed = fight.gm("first_aid", healer=fight.ulrika.pk, patient=fight.ansgar.pk, means="herbal_cure")
    assert healed.message.endswith("heals 1 (8/10 Health).")
    bring_down(fight, fight.ulrika)
    turn_of(fight, fight.ulrika)
    assert death_test(fight)["bands"][0]["words"] == "wakes with 1d4 Health"
    for user in (fight.table.anna, fight.table.gm):
        screen = page(fight, user)
        assert "wakes with 1d4 Health" in screen and "d4 of Health on waking" in screen
    phone = page(fight, fight.table.anna)
    assert "Health <strong>15</strong>" in phone and "<strong>0</strong> / 15 health" in phone
    assert "<th>Health</th>" in page(fight, fight.table.gm)
    woken = roll_death_test(fight, d20=1, d4=3)
    assert "wakes with 3 Health" in woken.message
