"""A player's condition cards on the phone open on their text with a tap; the GM's row keeps its plain tag."""

import pytest

from combat import commands
from systems.wfrp3e.models import ConditionCard

pytestmark = pytest.mark.django_db


def test_a_held_condition_card_opens_on_its_text(fight):
    commands.add_condition_card(fight.encounter, fight.table.gm, combatant=fight.magda.pk, condition="Staggered")
    page = fight.page(fight.table.anna)
    cards = page.split(f'id="my-condition-cards-{fight.magda.pk}"')[1].split("</ul>")[0]
    assert '<summary><span class="tag condition-card">Staggered · 3</span></summary>' in cards
    text = ConditionCard.objects.get(system="wfrp3e", name="Staggered").description
    assert text and text[:40] in cards.replace("&#x27;", "'")
    gm_page = fight.page(fight.table.gm)
    assert 'class="tag condition-card">Staggered · 3<' in gm_page and "my-condition-cards" not in gm_page
