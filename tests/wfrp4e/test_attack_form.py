"""The GM's attack form: choose, preview (nothing changes), apply (one command); GM only."""

import pytest
from django.db.models import F

from characters.models import CharacterSkill
from combat.models import Combatant, LogEntry

pytestmark = pytest.mark.django_db


def url(fight):
    return f"/encounters/{fight.table.encounter.pk}/attack/"


def form(fight, **values):
    return {
        "attacker": fight.anders.pk, "target": fight.orc.pk, "weapon": "Hand Weapon", "defence": "Melee (Basic)",
        "attacker_roll": 23, "defender_roll": 45, **values,
    }  # fmt: skip


def test_the_gm_screen_offers_the_attack_form_with_sheet_choices(fight):
    gm = fight.table.client(fight.table.gm)
    page = gm.get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert 'id="attack-form"' in page
    # Choosing an attacker and target fills in their weapons and defences.
    panel = gm.get(url(fight), {"attacker": fight.anders.pk, "target": fight.orc.pk}, HTTP_HX_REQUEST="true")
    html = panel.content.decode()
    assert "<option selected>Hand Weapon</option><option>Pistol</option>" in html
    assert '<option value="Melee (Basic)" selected>Melee (Basic) (51)</option>' in html
    assert '<option value="Dodge">Dodge (35)</option>' in html
    assert "<html" not in html  # a fragment for htmx


def test_the_defence_drawn_is_the_targets_best_of_melee_and_dodge(fight):
    # The orc's Dodge trained past its Melee (Basic) 51: a blow is met with Dodge unless the GM picks otherwise.
    CharacterSkill.objects.filter(character=fight.orc.character, skill__name="Dodge").update(
        advances=F("advances") + 20
    )
    gm = fight.table.client(fight.table.gm)
    html = gm.get(url(fight), {"attacker": fight.anders.pk, "target": fight.orc.pk}, HTTP_HX_REQUEST="true")
    assert '<option value="Dodge" selected>Dodge (55)</option>' in html.content.decode()
    assert '<option value="Melee (Basic)">Melee (Basic) (51)</option>' in html.content.decode()


def test_preview_shows_the_result_and_changes_nothing(fight):
    encounter = fight.table.encounter
    version = encounter.version
    response = fight.table.client(fight.table.gm).post(
        url(fight), form(fight, action="preview"), HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "Hit: Right arm" in html and 'id="attack-wounds">4</strong>' in html
    assert "Allies +1 Advantage (Winning)" in html and 'id="apply-attack"' in html
    encounter.refresh_from_db()
    assert encounter.version == version and encounter.pools.get("ally", 0) == 0
    assert Combatant.objects.get(pk=fight.orc.pk).wounds == 12
    assert not LogEntry.objects.filter(encounter=encounter, command="attack").exists()


def test_preview_rolls_empty_dice_and_keeps_them_for_apply(fight):
    client = fight.table.client(fight.table.gm)
    values = form(fight, action="preview", attacker_roll="", defender_roll="")
    html = client.post(url(fight), values, HTTP_HX_REQUEST="true").content.decode()
    import re

    rolled = int(re.search(r'name="attacker_roll" value="(\d+)"', html)[1])
    defended = int(re.search(r'name="defender_roll" value="(\d+)"', html)[1])
    apply = form(fight, action="apply", attacker_roll=rolled, defender_roll=defended)
    client.post(url(fight), apply, HTTP_HX_REQUEST="true")
    entry = LogEntry.objects.get(encounter=fight.table.encounter, command="attack")
    assert (entry.result["attacker_roll"], entry.result["defender_roll"]) == (rolled, defended)


def test_apply_runs_the_attack_command_and_answers_with_the_live_view(fight):
    response = fight.table.client(fight.table.gm).post(url(fight), form(fight, action="apply"), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert Combatant.objects.get(pk=fight.orc.pk).wounds == 8
    assert 'id="initiative"' in html and 'hx-swap-oob="true"' in html  # the live partials
    assert 'id="attack-panel"' in html and 'id="attack-result"' not in html  # a fresh form
    assert "Anders attacks Orc Boy with Hand Weapon" in html  # flash and log


def test_bad_input_shows_the_error_and_changes_nothing(fight):
    client = fight.table.client(fight.table.gm)
    for action in ("preview", "apply"):
        html = client.post(
            url(fight), form(fight, action=action, defence="Juggling"), HTTP_HX_REQUEST="true"
        ).content.decode()
        assert "Orc Boy cannot defend with Juggling" in html
    assert Combatant.objects.get(pk=fight.orc.pk).wounds == 12
    assert not LogEntry.objects.filter(command="attack").exists()


@pytest.mark.parametrize(("who", "status"), [("anna", 403), ("outsider", 404)])
def test_players_and_outsiders_cannot_use_the_attack_form(fight, who, status):
    client = fight.table.client(getattr(fight.table, who))
    assert client.get(url(fight)).status_code == status
    assert client.post(url(fight), form(fight, action="apply")).status_code == status
    assert Combatant.objects.get(pk=fight.orc.pk).wounds == 12
    page = client.get(f"/encounters/{fight.table.encounter.pk}/").content.decode()
    assert "attack-form" not in page


def test_without_htmx_preview_renders_the_page_and_apply_redirects(fight):
    client = fight.table.client(fight.table.gm)
    page = client.post(url(fight), form(fight, action="preview")).content.decode()
    assert "<html" in page and "Hit: Right arm" in page
    response = client.post(url(fight), form(fight, action="apply"))
    assert response.status_code == 302 and Combatant.objects.get(pk=fight.orc.pk).wounds == 8
