"""Across server processes: the process that ran a command renders the views of the new version that another
process asked for and shares them through the cache before the change is told; the other process's sockets take
them without reading or rendering the version again (combat/live.py `share`, `take_shared`). The other process here
is a second LiveViews, as a second worker holds."""

import pytest
from asgiref.sync import sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat import consumers, live
from combat.live import LiveViews, shared_key
from tests.combat.test_answer_read_shared import following, over_the_api, shown

pytestmark = pytest.mark.django_db(transaction=True)


async def damage(table, amount):
    """The GM's damage to the orc over the API, in a request's thread of its own; its version."""
    answer = await sync_to_async(over_the_api, thread_sensitive=False)(
        table, table.gm, "apply_damage", combatant=table.orc.pk, amount=amount
    )
    assert answer.status_code == 200, answer.content
    return answer.json()["version"]


def pushed_there(other, encounter_id, viewer, version, shown_version):
    """What the other process's socket of `viewer`, showing `shown_version`, is sent for `version`, and the
    statements that took."""
    with CaptureQueriesContext(connection) as statements:
        [rendered] = other.views_for([(encounter_id, viewer, version, shown_version)])
    return rendered, len(statements)


async def test_the_other_process_takes_its_viewers_views_without_reading(table, channel_layer):
    encounter_id = table.encounter.pk
    sockets = await following(table, table.gm, table.anna)  # this process: the GM's laptop and anna's phone
    other = LiveViews()  # the other process: bruno's phone
    other.follow(encounter_id, table.bruno)
    in_other = sync_to_async(pushed_there)

    # Nobody asked for bruno's view yet: the other process reads and renders it itself, and asks for it.
    first = await damage(table, 3)
    await shown(sockets[:1], first)
    rendered, statements = await in_other(other, encounter_id, table.bruno, first, first - 1)
    assert rendered.version == first and statements > 0

    sockets = await following(table, table.gm, table.anna)
    second = await damage(table, 2)
    await shown(sockets, second)
    rendered, statements = await in_other(other, encounter_id, table.bruno, second, second - 1)
    assert statements == 0 and rendered.version == second
    # As bruno's own read and render would draw it: his character, not the orc's wounds, which are the GM's.
    own = await sync_to_async(LiveViews().view_for)(encounter_id, table.bruno, second)
    assert rendered.drawn == own.drawn
    assert "Gunther" in rendered.drawn and "7/12" not in rendered.drawn
    # His other sockets there take it on the event loop.
    assert other.ready_view(encounter_id, table.bruno, second, second - 1) is rendered

    # An outsider's socket there is closed; asked for, they are never shared a view.
    outsider, _ = await in_other(other, encounter_id, table.outsider, second, second - 1)
    assert outsider is None
    sockets = await following(table, table.gm)
    third = await damage(table, 1)
    await shown(sockets, third)
    shared = sync_to_async(live.cache.get)
    assert await shared(shared_key(encounter_id, third, table.bruno.pk)) is not None
    assert await shared(shared_key(encounter_id, third, table.outsider.pk)) is None

    # A socket that missed a version reads the whole view itself; once the process holds its own read of a
    # version, that read says who may see it and what they see, not the shared view.
    behind, statements = await in_other(other, encounter_id, table.bruno, third, third - 2)
    assert statements > 0 and behind.version == third
    assert other.ready_view(encounter_id, table.bruno, third, third - 1) is behind


async def test_a_cache_that_fails_costs_a_read_and_nothing_else(table, channel_layer, monkeypatch):
    encounter_id = table.encounter.pk
    sockets = await following(table, table.gm)
    other = LiveViews()
    other.follow(encounter_id, table.bruno)

    def broken(*args, **kwargs):
        raise ConnectionError("the cache is restarting")

    monkeypatch.setattr(live.cache, "get_many", broken)
    monkeypatch.setattr(live.cache, "set_many", broken)
    version = await damage(table, 4)
    [gm] = await shown(sockets, version)  # the change is told all the same
    assert "8/12" in gm.html
    rendered, statements = await sync_to_async(pushed_there)(other, encounter_id, table.bruno, version, version - 1)
    assert rendered.version == version and statements > 0 and "Gunther" in rendered.drawn


async def test_sharing_that_fails_still_lets_the_change_be_told(table, channel_layer, monkeypatch):
    encounter_id = table.encounter.pk
    other = LiveViews()
    other.follow(encounter_id, table.bruno)
    sockets = await following(table, table.gm)
    first = await damage(table, 1)
    await shown(sockets, first)
    await sync_to_async(pushed_there)(other, encounter_id, table.bruno, first, first - 1)  # asks for bruno's view

    def broken(*args, **kwargs):
        raise RuntimeError("sharing fails")

    monkeypatch.setattr(consumers, "REJOIN_INTERVAL", 3600)  # only the change's telling brings it, no catching up
    sockets = await following(table, table.gm)
    monkeypatch.setattr(live, "shared_key", broken)
    second = await damage(table, 2)
    [gm] = await shown(sockets, second)
    assert "9/12" in gm.html


def test_a_viewer_followed_elsewhere_is_read_once_not_on_every_change_shared(table):
    """The process running commands shares bruno's views, asked for by the other process, without reading his user
    again for each change: a statement less on the way to every phone."""
    from combat import commands
    from combat.live import wanted_key

    encounter_id = table.encounter.pk
    sharing = LiveViews()
    live.cache.set(wanted_key(encounter_id, table.bruno.pk), True)

    def share_next_change(amount):
        version = commands.execute(
            table.encounter, table.gm, "apply_damage", {"combatant": table.orc.pk, "amount": amount}
        ).version
        sharing.read_at(encounter_id, version)  # the command's answer keeps its read where sockets follow
        with CaptureQueriesContext(connection) as statements:
            sharing.share(encounter_id, version)
        return live.cache.get(shared_key(encounter_id, version, table.bruno.pk)), len(statements)

    first, read_him = share_next_change(1)
    second, statements = share_next_change(2)
    assert "Gunther" in first and "Gunther" in second
    assert read_him == 1 and statements == 0
