"""A hit shared with a familiar or beast companion, from the outside (seed 001 "Clarifications" › "Familiar // Beast
Companion (Rituals)"): the GM splits the damage (half to the partner unless told otherwise) and says whether the
blow was forceful; a forceful blow counts whole against the struck one's Pain Threshold before the split, any other
only the share each takes; undo takes it back."""

import pytest

from combat.commands import CommandError
from tests.symbaroum.test_dying import conditions


@pytest.fixture
def bound(fight):
    fight.encounter.house_rules = ["familiar_and_beast_companion", "critical_damage"]
    fight.encounter.save()
    return fight


def test_a_plain_blow_is_split_and_each_share_judged_alone(bound):
    fight = bound
    # Pain Thresholds: Ulrika's 8 (Strong 15), Brother Ansgar's 5 (Strong 10); 8 damage, 4 each, reaches neither.
    outcome = fight.gm("share_damage", combatant=fight.ulrika.pk, partner=fight.ansgar.pk, damage=8)
    assert outcome.message == "Ulrika takes 4, Brother Ansgar 4 of the 8 damage."
    assert (fight.fresh(fight.ulrika).wounds, fight.fresh(fight.ansgar).wounds) == (11, 6)
    assert conditions(fight, fight.ulrika) == [] and conditions(fight, fight.ansgar) == []


def test_a_forceful_blow_reaches_the_pain_threshold_before_the_split(bound):
    fight = bound
    outcome = fight.gm("share_damage", combatant=fight.ulrika.pk, partner=fight.ansgar.pk, damage=10,
                       partner_takes=6, forceful=True)  # fmt: skip
    assert "Ulrika takes 4, Brother Ansgar 6 of the 10 damage" in outcome.message
    assert "at or over the Pain Threshold (8)" in outcome.message
    assert conditions(fight, fight.ulrika) == ["Critically Damaged"]
    fight.gm("undo")
    assert (fight.fresh(fight.ulrika).wounds, fight.fresh(fight.ansgar).wounds) == (15, 10)
    assert conditions(fight, fight.ulrika) == []


def test_refusals(bound):
    fight = bound
    with pytest.raises(CommandError, match="^The partner takes at most the whole 3 damage.$"):
        fight.gm("share_damage", combatant=fight.ulrika.pk, partner=fight.ansgar.pk, damage=3, partner_takes=4)
    with pytest.raises(CommandError, match="not with oneself"):
        fight.gm("share_damage", combatant=fight.ulrika.pk, partner=fight.ulrika.pk, damage=3)


def test_the_gm_screen_offers_it_only_with_the_clarification(bound):
    fight = bound
    gm = fight.table.client(fight.table.gm)
    assert 'id="share-damage-form"' in gm.get(f"/encounters/{fight.encounter.pk}/").content.decode()
    fight.encounter.house_rules = []
    fight.encounter.save()
    assert 'id="share-damage-form"' not in gm.get(f"/encounters/{fight.encounter.pk}/").content.decode()
    phone = fight.table.client(fight.table.anna).get(f"/encounters/{fight.encounter.pk}/").content.decode()
    assert 'id="share-damage-form"' not in phone
