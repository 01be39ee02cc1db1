"""The GM screen at scale: in every system the GM's page and live view issue the same queries with 5, 30 and 100
combatants (copies of the demo fight's own, the fight under way)."""

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat import commands
from combat.creation import build_encounter, members_of
from combat.models import Encounter
from combat.reads import encounter as load_encounter
from combat.rendering import live_fragments
from combat.views_state import build
from systems.symbaroum import demo as symbaroum_demo
from systems.wfrp3e import demo as wfrp3e_demo
from systems.wfrp4e import demo as wfrp4e_demo

pytestmark = pytest.mark.django_db

DEMO_FIGHTS = {"wfrp4e": wfrp4e_demo.ENCOUNTER, "symbaroum": symbaroum_demo.ENCOUNTER, "wfrp3e": wfrp3e_demo.ENCOUNTER}


def fight_of(demo_fight, size):
    """A running fight of the demo's campaign with `size` combatants, the demo fight's over and over."""
    model = Encounter.objects.get(name=demo_fight)
    members = members_of(model)
    many = [members[index % len(members)] for index in range(size)]
    encounter = build_encounter(model.campaign, f"{demo_fight} × {size}", model.house_rules, many)
    for name in ("roll_initiative", "start"):
        commands.execute(encounter, model.campaign.gm, name, {})
    return Encounter.objects.get(pk=encounter.pk)


def queries(action):
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


@pytest.mark.parametrize("system", DEMO_FIGHTS)
def test_gm_page_and_live_view_queries_do_not_grow(rules_data, client, system):
    call_command("seeddemo")
    counts = []
    for size in (5, 30, 100):
        encounter = fight_of(DEMO_FIGHTS[system], size)
        gm = encounter.campaign.gm
        client.force_login(gm)
        page = queries(lambda: client.get(f"/encounters/{encounter.pk}/"))
        live = queries(lambda: live_fragments(build(load_encounter(encounter.pk), gm)))
        assert encounter.combatants.count() == size
        counts.append((page, live))
    assert counts[0] == counts[1] == counts[2], counts


def test_the_wfrp4e_gm_live_view_reads_the_active_combatants_skills_not_a_whole_sheet(rules_data):
    """The Defend options, drawn on every push, need only the skills; weapons and armour are the attack form's."""
    call_command("seeddemo")
    encounter = fight_of(wfrp4e_demo.ENCOUNTER, 5)
    with CaptureQueriesContext(connection) as captured:
        view = build(load_encounter(encounter.pk), encounter.campaign.gm)
        live_fragments(view)
    sent = " ".join(query["sql"] for query in captured.captured_queries)
    assert view.defend_options, "the active combatant has a sheet to Defend with"
    assert "characters_characterskill" in sent
    assert "characters_character_weapons" not in sent and "characters_character_armour" not in sent
