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


def delay_form(html):
    """(whose delay it is, the names they may act right after), or None when the form is not shown."""
    if 'id="delay-initiative-form"' not in html:
        return None
    form = html.split('id="delay-initiative-form"')[1].split("</form>")[0]
    who = re.search(r'<label for="delay-before">(.*?) acts right after</label>', form).group(1)
    return who, options(html, "before", "delay-initiative-form")


def push_for(fight, user):
    return "".join(part.html for part in live_views.view_for(fight.encounter.pk, user).parts)


def test_the_delay_form_follows_the_turn_and_differs_between_the_gm_and_the_phone(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    seen = []
    for _ in range(len(fight.encounter.combatants.all()) + 1):
        fight.encounter.refresh_from_db()
        active = fight.encounter.combatants.get(pk=fight.encounter.active_id)
        shown = delay_form(gm_push(fight))
        if shown is not None:
            assert shown[0] == active.name and active.name not in shown[1]
            seen.append(shown)
        if active.pk == fight.ulrika.pk:
            phone = push_for(fight, fight.table.anna)
            gm = gm_push(fight)
            assert delay_form(phone)[0] == delay_form(gm)[0] == "Ulrika"
            assert "Troll" in delay_form(gm)[1] and "Troll" not in delay_form(phone)[1]  # hidden from the players
            phone_form = phone.split('id="delay-initiative-form"')[0].rsplit("<form", 1)[1]
            gm_form = gm.split('id="delay-initiative-form"')[0].rsplit("<form", 1)[1]
            assert 'hx-swap="none"' in phone_form and 'hx-swap="none"' not in gm_form
        fight.gm("next_turn")
    assert len({who for who, _ in seen}) >= 2, seen  # the form followed the turn from one fighter to the next


def test_the_phone_never_gets_the_gms_delay_form_when_both_list_the_same_fighters(fight):
    fight.encounter.house_rules = ["manoeuvres"]
    fight.encounter.save()
    fight.gm("reveal_combatant", combatant=fight.troll.pk)
    gm, phone = gm_push(fight), push_for(fight, fight.table.anna)
    assert delay_form(gm) == delay_form(phone) == ("Ulrika", ["Brother Ansgar", "Goblin", "Troll"])
    assert 'hx-swap="none"' not in gm.split('id="delay-initiative-form"')[0].rsplit("<form", 1)[1]
    assert 'hx-swap="none"' in phone.split('id="delay-initiative-form"')[0].rsplit("<form", 1)[1]
