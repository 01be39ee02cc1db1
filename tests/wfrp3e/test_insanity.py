"""Seed 003 "Impairments & Wounds": reaching Distressed calls for one insanity card, Strained for cards until one
fits; the GM settles the draw with one tap (kept with its tokens, or a Distressed hero's misfit's tokens on the
current insanity). The tokens weigh on the end-of-act check and the monthly check to heal; permanent insanities
past Willpower are madness."""

import pytest

from combat.commands import CommandError, CommandForbidden
from rules.engine import wfrp3e, wfrp3e_care

pytestmark = pytest.mark.django_db


def frighten(fight, hero, rating=4):
    """The orc as a creature of Fear `rating`; `hero` fails the Discipline check against it: `rating` stress."""
    fight.orc.character.traits = {"Fear": rating}
    fight.orc.character.save()
    fight.gm("fear_check", combatant=fight.orc.pk)
    prompt = next(p for p in fight.prompts() if p["combatant"] == hero.pk)
    fight.gm("face_fear", prompt=prompt["id"], successes=0)


def insane(fight, hero, **points):
    hero.character.refresh_from_db()
    hero.character.points = {**hero.character.points, **points}
    hero.character.save()


def test_the_engine_draws_one_card_for_distressed_and_until_one_fits_for_strained():
    distressed = wfrp3e_care.insanity_draw(set(), {wfrp3e.DISTRESSED})
    assert (distressed.cards, distressed.words) == (1, "draw 1 insanity card")
    strained = wfrp3e_care.insanity_draw({wfrp3e.FATIGUED}, {wfrp3e.FATIGUED, wfrp3e.DISTRESSED, wfrp3e.STRAINED})
    assert strained.words == "draw insanity cards until one fits"
    assert wfrp3e_care.insanity_draw({wfrp3e.DISTRESSED}, {wfrp3e.DISTRESSED}) is None  # no new draw per point
    assert [wfrp3e_care.insanity_check_passed(s, 2) for s in (2, 3)] == [False, True]
    assert wfrp3e_care.maddened(4, 3) and not wfrp3e_care.maddened(3, 3)


def test_distressed_asks_the_gm_for_one_card_and_a_card_that_fits_is_kept_with_its_tokens(fight):
    frighten(fight, fight.gunther)  # stress 4 past Willpower 3
    assert fight.state().insanity_draws == {str(fight.gunther.pk): {"cards": 1, "why": "Distressed"}}
    gm_page = fight.page(fight.table.gm)
    assert "Gunther is Distressed: draw 1 insanity card" in gm_page
    assert f'id="insanity-draw-tag-{fight.gunther.pk}"' in fight.page(fight.table.bruno)  # his phone
    assert f'id="insanity-draw-tag-{fight.gunther.pk}"' not in fight.page(fight.table.anna)
    with pytest.raises(CommandError, match="Gunther has no temporary insanity to take the tokens of Paranoia"):
        fight.gm("draw_insanity", combatant=fight.gunther.pk, insanity="Paranoia", tokens=2, fits=False)
    outcome = fight.gm("draw_insanity", combatant=fight.gunther.pk, insanity="Paranoia", tokens=2, fits=True)
    assert outcome.message == "Gunther keeps the insanity card Paranoia (temporary, 2 tokens, was 0)."
    points = fight.points(fight.gunther)
    assert points["insanities"] == {"Paranoia": "temporary"} and points["insanity_tokens"] == {"Paranoia": 2}
    assert fight.state().insanity_draws == {}
    assert "Gunther is Distressed" not in fight.page(fight.table.gm)
    fight.gm("undo")
    assert fight.state().insanity_draws and "insanities" not in fight.points(fight.gunther)


def test_a_distressed_heros_misfit_puts_its_tokens_on_the_current_insanity(fight):
    insane(fight, fight.gunther, insanities={"Paranoia": "temporary"}, insanity_tokens={"Paranoia": 1})
    frighten(fight, fight.gunther)
    assert "It does not fit: its tokens on Paranoia" in fight.page(fight.table.gm)
    outcome = fight.gm("draw_insanity", combatant=fight.gunther.pk, insanity="Night Terrors", tokens=2, fits=False)
    assert outcome.message == (
        "Night Terrors does not fit Gunther: its tokens go on Paranoia (temporary, 3 tokens, was 1)."
    )
    assert fight.points(fight.gunther)["insanity_tokens"] == {"Paranoia": 3}


def test_strained_draws_until_one_fits(fight):
    frighten(fight, fight.magda, rating=3)  # 4 stress past Willpower 3, while Fatigued (4 fatigue past Toughness 3)
    assert fight.state().insanity_draws == {str(fight.magda.pk): {"cards": 0, "why": "Strained"}}
    assert "Magda is Strained: draw insanity cards until one fits" in fight.page(fight.table.gm)
    before = fight.state()
    with pytest.raises(CommandError, match=r"^Magda is Strained: draw on until a card fits, then keep that one\.$"):
        fight.gm("draw_insanity", combatant=fight.magda.pk, insanity="Paranoia", tokens=1, fits=False)
    assert fight.state() == before
    fight.gm("draw_insanity", combatant=fight.magda.pk, insanity="Paranoia", tokens=1, fits=True)
    assert fight.points(fight.magda)["insanities"] == {"Night Terrors": "temporary", "Paranoia": "temporary"}


def test_only_the_gm_draws_and_never_for_an_enemy(fight):
    with pytest.raises(CommandForbidden):
        fight.run(fight.table.anna, "draw_insanity", combatant=fight.magda.pk, insanity="Paranoia", tokens=1)
    with pytest.raises(CommandError, match="Orc draws no insanity card"):
        fight.gm("draw_insanity", combatant=fight.orc.pk, insanity="Paranoia", tokens=1, fits=True)


@pytest.mark.parametrize("successes, after", [(2, "permanent"), (3, "temporary")])
def test_the_end_of_act_check_needs_more_successes_than_the_tokens(fight, successes, after):
    insane(fight, fight.magda, insanity_tokens={"Night Terrors": 2})
    fight.gm("end_of_act")
    prompt = next(p for p in fight.prompts() if p.get("affliction") == "Night Terrors")
    assert "more than 2 successes to pass" in prompt["reason"]
    assert "more than 2 successes to pass" in fight.page(fight.table.anna)
    fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], successes=successes)
    assert fight.points(fight.magda)["insanities"]["Night Terrors"] == after


def test_permanent_insanities_past_willpower_are_madness(fight):
    held = {"Paranoia": "permanent", "Phobia": "permanent", "Mania": "permanent", "Night Terrors": "temporary"}
    insane(fight, fight.magda, insanities=held)
    fight.gm("end_of_act")
    prompt = next(p for p in fight.prompts() if p.get("affliction") == "Night Terrors")
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt["id"], successes=0)
    assert "4 permanent insanities past Willpower 3: madness, Magda must retire" in outcome.message
    assert f'id="madness-{fight.magda.pk}"' in fight.page(fight.table.gm)
    assert f'id="madness-{fight.magda.pk}"' in fight.page(fight.table.anna)


def test_the_monthly_check_heals_a_permanent_insanity_past_its_tokens(fight):
    insane(fight, fight.magda, insanities={"Paranoia": "permanent"}, insanity_tokens={"Paranoia": 1})
    with pytest.raises(CommandError, match=r"Magda has no permanent insanity called Phobia \(permanent: Paranoia\)"):
        fight.gm("insanity_recovery_check", combatant=fight.magda.pk, insanity="Phobia")
    prompt = fight.gm("insanity_recovery_check", combatant=fight.magda.pk, insanity="Paranoia").result["prompt"]
    assert "Monthly Discipline check to heal Paranoia: more than 1 success to pass" in fight.page(fight.table.anna)
    outcome = fight.run(fight.table.anna, "answer_recovery_check", prompt=prompt, successes=2)
    assert "Paranoia is healed" in outcome.message
    points = fight.points(fight.magda)
    assert points["insanities"] == {} and points["insanity_tokens"] == {}
