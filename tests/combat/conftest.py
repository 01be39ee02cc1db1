import os

import pytest

LAYERS = {
    "memory": {"BACKEND": "channels.layers.InMemoryChannelLayer"},
}
if os.environ.get("REDIS_URL"):
    from config.settings import redis_channel_layer

    LAYERS["redis"] = redis_channel_layer(os.environ["REDIS_URL"])
elif os.environ.get("REDIS_REQUIRED"):  # CI: the Redis layer is what production runs, so it must be tested
    raise RuntimeError("REDIS_REQUIRED is set but REDIS_URL is not: the Redis consumer tests would not run.")


@pytest.fixture(params=sorted(LAYERS))
def channel_layer(request, settings):
    """Each live test runs on the in-memory layer, and on Redis when REDIS_URL names one."""
    settings.CHANNEL_LAYERS = {"default": LAYERS[request.param]}
    return request.param


@pytest.fixture
def pipelines_entered(monkeypatch):
    """The psycopg pipelines entered from here on, in order (PostgreSQL only: elsewhere the test is skipped)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("pipeline mode is PostgreSQL's; elsewhere each statement waits for its answer")
    connection.ensure_connection()
    kind = type(connection.connection)
    original, entered = kind.pipeline, []

    def counted(raw, *args, **kwargs):
        entered.append(raw)
        return original(raw, *args, **kwargs)

    monkeypatch.setattr(kind, "pipeline", counted)
    return entered
