"""The WFRP 3e screens and commands stay flat as the fight grows: the GM's page, a player's phone, a whole action
check (the card played, its symbols typed on the phone) and the end of her turn with a card recharging and a brief
condition counting down issue the same statements with 5, 30 and 100 combatants; so does undoing them."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat import commands
from tests.factories import CharacterFactory, UserFactory
from tests.statements import at_each_size, statements
from tests.wfrp3e.conftest import CHARACTERISTICS


def grow(fight, extra):
    """Add `extra` fighters with sheets, every other one a new player's character, each with a brief condition."""
    for index in range(extra):
        player = None
        if index % 2:
            player = UserFactory(username=f"extra-{fight.encounter.combatants.count()}")
            fight.table.campaign.players.add(player)
        character = CharacterFactory(
            campaign=fight.table.campaign, player=player, is_npc=player is None, max_wounds=10,
            characteristics=dict(CHARACTERISTICS),
        )  # fmt: skip
        added = commands.add_combatant(fight.encounter, fight.table.gm, character=character.pk)
        fight.gm("add_condition_card", combatant=added.result["combatant"], condition="Staggered")


def queries(action):
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured)


def test_pages_an_action_and_a_turns_end_stay_flat_as_the_fight_grows(action_fight):
    fight = action_fight
    gm, anna = fight.table.client(fight.table.gm), fight.table.client(fight.table.anna)
    url = f"/encounters/{fight.encounter.pk}/"

    def play_and_roll():
        fight.run(fight.table.anna, "perform_action", combatant=fight.magda.pk, card="Guarded Blow",
                  target=fight.orc.pk, damage=4)  # fmt: skip
        fight.run(fight.table.anna, "enter_roll", prompt=fight.prompts()[-1]["id"], successes=2, boons=1)

    def undo_all():  # the turn's end, the roll, the card and the condition: the card is ready again
        for _ in range(4):
            fight.gm("undo")

    def magdas_turn():
        while fight.state() and fight.encounter.active_id != fight.magda.pk:
            fight.gm("next_turn")

    def measure():
        magdas_turn()
        fight.gm("add_condition_card", combatant=fight.magda.pk, condition="Staggered")
        pages = [queries(lambda: gm.get(url)), queries(lambda: anna.get(url))]
        return pages, statements(play_and_roll), statements(lambda: fight.gm("next_turn")), statements(undo_all)

    five, thirty, hundred = at_each_size(lambda size: grow(fight, size - fight.encounter.combatants.count()), measure)
    assert five == thirty == hundred
