"""Perfect Defence in every case a table meets (seed 001 "Alternate Rules" › "Feats" › "Perfect Defence"): readied
from the defence prompt's own button before the roll, it parries the next hit on the hero that round, even an NPC's
hit on a hero without armour, whose damage is taken at once; once a round, paid when readied."""

import re

import pytest

from combat.commands import CommandError
from tests.symbaroum.test_feats import answer, page, points, to_next_round


@pytest.fixture
def feats(fight):
    """Feats on; Brother Ansgar (bow, no armour) has 2 Experience to spend."""
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    character = fight.ansgar.character
    character.points = {"experience": 2}
    character.save()
    return fight


def goblin_attacks_ansgar(fight):
    fight.gm("attack", attacker=fight.goblin.pk, target=fight.ansgar.pk)
    [entry] = fight.prompts()
    assert entry["kind"] == "defence"
    return entry


def form_with_id(fight, user, form_id):
    return re.search(rf'<form [^>]*id="{form_id}".*?</form>', page(fight, user), re.S).group(0)


def prompt_form(fight, user, entry):
    return form_with_id(fight, user, f"prompt-{entry['id']}")


def press_perfect_defence(fight, user, entry):
    """Tap the defence prompt's Perfect Defence button: it posts the form it names, with that form's fields."""
    button = re.search(r'<button form="([^"]+)"[^>]*>Perfect Defence', prompt_form(fight, user, entry))
    form = form_with_id(fight, user, button.group(1))
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    return fight.table.client(user).post(form_action(form), fields, follow=True)


def form_action(form):
    return re.search(r'action="([^"]+)"', form).group(1)


def test_the_defence_prompt_offers_perfect_defence_next_to_the_roll(feats):
    entry = goblin_attacks_ansgar(feats)
    form = prompt_form(feats, feats.table.bruno, entry)
    assert "Perfect Defence (1 XP)</button>" in form and 'name="d20"' in form


def test_readied_before_the_roll_it_parries_the_goblins_hit_on_a_hero_without_armour(feats):
    bruno = feats.table.bruno
    entry = goblin_attacks_ansgar(feats)
    response = press_perfect_defence(feats, bruno, entry)
    assert "readies a Perfect Defence: the next hit on them this round is parried" in response.content.decode()
    assert points(feats, feats.ansgar)["experience"] == 1
    assert "Perfect Defence ready: the next hit this round is parried" in prompt_form(feats, bruno, entry)
    outcome = answer(feats, bruno, d20=15)  # Quick 10 against the goblin's Accurate 10: failed, it would hit
    assert "Brother Ansgar's readied Perfect Defence parries it" in outcome.message
    assert outcome.result["hit"] is False and outcome.result["parried"] is True
    assert feats.fresh(feats.ansgar).wounds == 10 and feats.prompts() == []


def test_once_a_round_the_next_hit_that_round_takes_its_damage(feats):
    bruno = feats.table.bruno
    press_perfect_defence(feats, bruno, goblin_attacks_ansgar(feats))
    answer(feats, bruno, d20=15)
    entry = goblin_attacks_ansgar(feats)
    form = prompt_form(feats, bruno, entry)
    assert "Perfect Defence used this round" in form and "Perfect Defence (1 XP)" not in form
    with pytest.raises(CommandError, match="already used Perfect Defence this turn"):
        feats.run(bruno, "use_feat", combatant=feats.ansgar.pk, feat="perfect_defence", pay_with="experience")
    outcome = answer(feats, bruno, d20=15)
    assert outcome.result["dealt"] == 4 and feats.fresh(feats.ansgar).wounds == 6  # the spear's fixed 4
    assert points(feats, feats.ansgar)["experience"] == 1


def test_a_readied_defence_waits_through_a_passed_roll_and_lapses_with_the_round(feats):
    bruno = feats.table.bruno
    press_perfect_defence(feats, bruno, goblin_attacks_ansgar(feats))
    outcome = answer(feats, bruno, d20=3)
    assert outcome.result["hit"] is False and "parries" not in outcome.message
    assert "Perfect Defence ready" in page(feats, feats.table.gm)
    outcome = to_next_round(feats)
    assert "Brother Ansgar's readied Perfect Defence lapses unused" in outcome.message
    entry = goblin_attacks_ansgar(feats)
    assert "Perfect Defence (1 XP)</button>" in prompt_form(feats, bruno, entry)
    assert points(feats, feats.ansgar)["experience"] == 1


def test_a_player_character_attacking_a_readied_npc_keeps_her_ammunition_and_deals_nothing(feats):
    feats.encounter.house_rules = ["feats", "ammunition_countdown"]
    feats.encounter.save()
    feats.gm("use_feat", combatant=feats.goblin.pk, feat="perfect_defence", pay_with="corruption")
    outcome = feats.gm("attack", attacker=feats.ansgar.pk, target=feats.goblin.pk, d20=4)
    assert "Goblin's readied Perfect Defence parries it" in outcome.message
    assert feats.fresh(feats.goblin).wounds == 8 and feats.prompts() == []
    assert points(feats, feats.ansgar).get("ammunition", 3) == 3  # the shot hit: no miss counted


def test_without_experience_the_button_says_why_and_changes_nothing(feats):
    character = feats.ansgar.character
    character.points = {"experience": 0}
    character.save()
    entry = goblin_attacks_ansgar(feats)
    response = press_perfect_defence(feats, feats.table.bruno, entry)
    assert "no Experience left for Perfect Defence: pay with Corruption instead" in response.content.decode()
    assert feats.state().feats == [] and [p["id"] for p in feats.prompts()] == [entry["id"]]


def test_no_button_without_feats_nor_on_a_test_that_is_not_a_defence(fight):
    entry = goblin_attacks_ansgar(fight)
    assert "Perfect Defence" not in prompt_form(fight, fight.table.bruno, entry)
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    fight.gm("dismiss_test", prompt=entry["id"])
    fight.gm("attack", attacker=fight.ulrika.pk, target=fight.goblin.pk)
    [attack_roll] = fight.prompts()
    assert "Perfect Defence" not in prompt_form(fight, fight.table.anna, attack_roll)


def test_another_player_cannot_ready_it_for_him(feats):
    entry = goblin_attacks_ansgar(feats)
    url = f"/encounters/{feats.encounter.pk}/do/use_feat/"
    form = {"combatant": feats.ansgar.pk, "pay_with": "experience", "feat": "perfect_defence"}
    assert feats.table.client(feats.table.anna).post(url, form).status_code == 403
    assert feats.state().feats == [] and [p["id"] for p in feats.prompts()] == [entry["id"]]


def test_the_prompts_roll_button_still_posts_only_the_roll(feats):
    entry = goblin_attacks_ansgar(feats)
    form = prompt_form(feats, feats.table.bruno, entry)
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    response = feats.table.client(feats.table.bruno).post(form_action(form), {**fields, "d20": 15}, follow=True)
    assert "Brother Ansgar takes 4" in response.content.decode() and feats.fresh(feats.ansgar).wounds == 6
