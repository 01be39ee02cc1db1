"""The GM's forms that list every fighter are reused from one render to the next while what they show holds
(docs/architecture.md "The GM screen at scale"); whatever changes in them is drawn afresh on the next page and push."""

import re

import pytest

from combat.live import live_views


@pytest.fixture
def feats(fight):
    fight.encounter.house_rules = ["feats"]
    fight.encounter.save()
    return fight


def gm_page(fight):
    return fight.table.client(fight.table.gm).get(f"/encounters/{fight.encounter.pk}/").content.decode()


def gm_push(fight):
    """The GM's whole live view as their socket would send it at the encounter's current version."""
    view = live_views.view_for(fight.encounter.pk, fight.table.gm)
    return "".join(part.html for part in view.parts)


def options(html, select_name, form_id):
    form = html.split(f'id="{form_id}"')[1].split("</form>")[0]
    select = form.split(f'name="{select_name}"')[1].split("</select>")[0]
    return re.findall(r"<option[^>]*>([^<]*)</option>", select)


def test_the_feat_form_shows_what_a_feat_just_cost_in_experience(feats):
    assert "Ulrika (XP 4 · Corr. 3)" in options(gm_page(feats), "combatant", "gm-feat-form")

    feats.run(feats.table.anna, "use_feat", combatant=feats.ulrika.pk, feat="fearless", pay_with="experience")

    assert "Ulrika (XP 3 · Corr. 3)" in options(gm_page(feats), "combatant", "gm-feat-form")
    assert "Ulrika (XP 3 · Corr. 3)" in options(gm_push(feats), "combatant", "gm-feat-form")


def test_a_fighter_who_falls_leaves_the_attackers_at_once_and_stays_a_target(fight):
    before = gm_push(fight)
    assert "Goblin" in options(before, "attacker", "attack-form")

    fight.gm("apply_damage", combatant=fight.goblin.pk, amount=50)

    after = gm_push(fight)
    assert "Goblin" not in options(after, "attacker", "attack-form")
    assert "Goblin" in options(after, "target", "attack-form")
    assert "Goblin" not in options(gm_page(fight), "attacker", "attack-form")
