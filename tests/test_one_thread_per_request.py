"""Under ASGI a request's middleware and view run in its one thread (config/middleware.py): each trip between the
event loop and a thread waits its turn on a loop busy with websockets, so a request makes only the few Django
itself needs."""

import json

import pytest
from asgiref.sync import SyncToAsync
from django.test import AsyncClient

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def trips_to_a_thread(monkeypatch):
    calls = []
    call = SyncToAsync.__call__

    async def counted(self, *args, **kwargs):
        calls.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await call(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    return calls


async def test_a_command_over_the_api_goes_to_a_thread_at_most_five_times(table, trips_to_a_thread):
    from asgiref.sync import sync_to_async

    token = await sync_to_async(table.token)(table.gm)
    trips_to_a_thread.clear()
    answer = await AsyncClient().post(
        f"/api/encounters/{table.encounter.pk}/commands/",
        json.dumps({"command": "start"}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert answer.status_code == 200
    # The request-started signal; the middleware below ServeStatic (async only, so first); CSRF's view hook and the
    # view (Django hands each over under ASGI); the response's close. With SecurityMiddleware above ServeStatic, its
    # hooks on the way in and out: 7. Without the sync-only middleware last, each middleware hook more: 14.
    assert len(trips_to_a_thread) <= 5, "\n".join(trips_to_a_thread)


async def test_a_page_goes_to_a_thread_at_most_five_times(table, trips_to_a_thread):
    from asgiref.sync import sync_to_async

    client = AsyncClient()
    await sync_to_async(client.force_login)(table.gm)
    trips_to_a_thread.clear()
    page = await client.get(table.encounter.get_absolute_url())
    assert page.status_code == 200
    assert len(trips_to_a_thread) <= 5, "\n".join(trips_to_a_thread)
