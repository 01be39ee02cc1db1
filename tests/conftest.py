import random
from dataclasses import dataclass

import pytest

from characters.models import ApiToken
from combat import commands
from rules.engine.dice import Dice
from rules.loading import load
from rules.models import HouseRule
from tests import redis_db
from tests.factories import CampaignFactory, CharacterFactory, EncounterFactory, UserFactory
from tests.fights import Clients


@dataclass
class Table(Clients):
    """A WFRP 4e table: a GM, two players with a character each, an outsider, and one encounter."""

    gm: object
    anna: object
    bruno: object
    outsider: object
    campaign: object
    encounter: object
    anders: object  # anna's combatant
    gunther: object  # bruno's combatant
    orc: object
    hidden_goblin: object

    def token(self, user):
        return ApiToken.issue(user)


def pytest_configure(config):
    redis_db.isolate_worker()


@pytest.fixture(autouse=True)
def answers_checked(monkeypatch):
    from combat import commands
    from combat.commands import spine
    from combat.live import LiveViews
    from tests.answer_state import checked_execute, checked_read_for_answer

    monkeypatch.setattr(spine, "execute", checked_execute)
    monkeypatch.setattr(commands, "execute", checked_execute)
    monkeypatch.setattr(LiveViews, "read_for_answer", checked_read_for_answer)


@pytest.fixture(autouse=True)
def fresh_live_views():
    """The process's shared live reads are keyed by encounter id and version, which a rolled-back test reuses; the
    GM's rendered rows start afresh too, so each test renders its own."""
    from combat.live import live_views
    from combat.templatetags.reuse import forget_all

    live_views.clear()
    forget_all()
    yield
    live_views.clear()


@pytest.fixture(autouse=True)
def empty_cache():
    """The cache holds counts kept per client address (the sign-up throttle): each test starts with none, or a run
    of many sign-ups from 127.0.0.1 would meet the limit in whichever test comes after."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Each test database gets the shipped rules rows once; a test that edits them rolls back like any other row."""
    with django_db_blocker.unblock():
        load()


@pytest.fixture
def rules_data(db):
    """The shipped rules rows are there: loaded with the test database, and again after a transactional test's flush
    emptied the tables (pytest-django runs those after all the rolled-back tests)."""
    if not HouseRule.objects.exists():
        load()


@pytest.fixture
def dice():
    return Dice(random.Random(4))


@pytest.fixture
def table(db, rules_data):
    gm = UserFactory(username="gm")
    anna, bruno, outsider = (UserFactory(username=name) for name in ("anna", "bruno", "outsider"))
    campaign = CampaignFactory(name="Reikland", gm=gm)
    campaign.players.add(anna, bruno)
    encounter = EncounterFactory(campaign=campaign, name="Ford")
    anders = CharacterFactory(
        campaign=campaign, name="Anders", player=anna, max_wounds=14, characteristics={"I": 35, "Ag": 33}
    )
    gunther = CharacterFactory(
        campaign=campaign, name="Gunther", player=bruno, max_wounds=11, characteristics={"I": 41, "Ag": 36}
    )
    add = commands.add_combatant
    ids = [
        add(encounter, gm, character=anders.pk).result["combatant"],
        add(encounter, gm, character=gunther.pk).result["combatant"],
        add(encounter, gm, name="Orc Grukk", max_wounds=12, initiative=25).result["combatant"],
        add(encounter, gm, name="Sneaky Goblin", max_wounds=8, initiative=50, hidden=True).result["combatant"],
    ]
    combatants = {c.pk: c for c in encounter.combatants.all()}
    return Table(gm, anna, bruno, outsider, campaign, encounter, *(combatants[pk] for pk in ids))


@pytest.fixture
def other_table(db, rules_data):
    """A second campaign with its own GM, player and encounter."""
    gm = UserFactory(username="other_gm")
    player = UserFactory(username="other_player")
    campaign = CampaignFactory(name="Elsewhere", gm=gm)
    campaign.players.add(player)
    encounter = EncounterFactory(campaign=campaign, name="Elsewhere fight")
    commands.add_combatant(encounter, gm, name="Stranger", max_wounds=9)
    return encounter
