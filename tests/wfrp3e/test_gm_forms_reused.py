"""The GM's initiative and condition card forms are reused from one render to the next while what they list holds
(docs/architecture.md "The GM screen at scale"); a newcomer or a new name shows at once."""

import re

from combat import commands
from tests.factories import CharacterFactory


def listed(page, form_id):
    form = page.split(f'id="{form_id}"')[1].split("</form>")[0]
    select = form.split('name="combatant"')[1].split("</select>")[0]
    return re.findall(r"<option[^>]*>([^<]*)</option>", select)


def test_a_newcomer_can_be_asked_for_initiative_and_given_a_condition_card_at_once(fight):
    assert listed(fight.page(fight.table.gm), "ask-initiative") == ["Magda", "Gunther", "Orc"]

    wolf = CharacterFactory(campaign=fight.table.campaign, name="Wolf", is_npc=True, max_wounds=8)
    fight.gm("add_combatant", character=wolf.pk)
    commands.add_combatant(fight.encounter, fight.table.gm, name="Bandit", max_wounds=6)

    page = fight.page(fight.table.gm)
    assert "Wolf" in listed(page, "ask-initiative")
    assert "Bandit" not in listed(page, "ask-initiative")  # without a sheet, no Agility to check
    assert {"Wolf", "Bandit"} <= set(listed(page, "add-condition-card"))
