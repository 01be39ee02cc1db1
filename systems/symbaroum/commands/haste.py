"""The price of Take the Initiative (seed 001 "Alternate Rules" › "Manoeuvres" › "Take the Initiative"): whoever
took it has a second chance to fail every test in that round, whether the Resolute test passed or not. Kept apart
from the manoeuvre's command so `tests.second_chance` can ask without importing the commands that ask for rolls."""


def took_the_initiative(encounter, combatant):
    """Whether `combatant` took the initiative for the round now running."""
    return encounter.status == "active" and any(
        taker["combatant"] == combatant.pk and taker["round"] == encounter.round and taker["passed"] is not None
        for taker in encounter.state.initiative_takers
    )
