"""The Redis channel layer as production configures it (combat/channel_layer.py, config/settings.py), on a real
Redis: a burst of phones joining at once shares a bounded pool of connections and goes in a few round trips, and a
join sets both the member and the group's expiry."""

import asyncio
import os
import uuid

import pytest
import redis.asyncio as aioredis
from channels.layers import get_channel_layer
from redis.asyncio.client import Pipeline

from combat.channel_layer import PooledRedisChannelLayer, group_key
from config.settings import redis_channel_layer
from tests.redis_db import this_database_clients

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs a Redis (REDIS_URL)")

PHONES = 300


@pytest.fixture
def layer(settings):
    """A fresh production layer with a prefix of its own, so no other test's keys or connections count."""
    config = redis_channel_layer(os.environ["REDIS_URL"])
    config["CONFIG"]["prefix"] = f"test-{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {"default": config}
    return get_channel_layer()


async def connected_clients():
    redis = aioredis.from_url(os.environ["REDIS_URL"])
    try:
        return len(await this_database_clients(redis))
    finally:
        await redis.aclose()


async def test_a_burst_of_phones_joining_at_once_shares_a_bounded_pool_of_connections(layer):
    assert isinstance(layer, PooledRedisChannelLayer)
    most = layer.hosts[0]["max_connections"]
    before = await connected_clients()
    channels = [await layer.new_channel() for _ in range(PHONES)]

    # Each join on its own, as if none arrived together: the pool alone must keep the connections bounded.
    await asyncio.gather(*(layer.join_all([("encounter-1", channel)]) for channel in channels))

    # redis-py's own pool opened a connection for every join that found none free: about 300 here.
    assert await connected_clients() - before <= most < PHONES
    await layer.group_send("encounter-1", {"type": "encounter.changed", "version": 7})
    first, last = await layer.receive(channels[0]), await layer.receive(channels[-1])
    assert first == last == {"type": "encounter.changed", "version": 7}
    await layer.flush()


async def test_phones_joining_at_once_join_together(layer, monkeypatch):
    """channels-redis made two round trips a join: 600 for 300 phones."""
    round_trips = []
    execute = Pipeline.execute

    async def counted(pipeline, *args, **kwargs):
        round_trips.append(len(pipeline.command_stack))
        return await execute(pipeline, *args, **kwargs)

    monkeypatch.setattr(Pipeline, "execute", counted)
    channels = [await layer.new_channel() for _ in range(PHONES)]

    await asyncio.gather(
        *(layer.group_add(f"encounter-{index % 3}", channel) for index, channel in enumerate(channels))
    )

    assert round_trips == [2 * 3]  # all arrived before the first trip left: each group's ZADD and EXPIRE, together
    connection = layer.connection(0)
    members = [await connection.zcard(group_key(layer, f"encounter-{index}")) for index in range(3)]
    assert members == [PHONES // 3] * 3
    await layer.group_send("encounter-2", {"type": "encounter.changed", "version": 3})
    assert await layer.receive(channels[-1]) == {"type": "encounter.changed", "version": 3}
    await layer.flush()


async def test_a_join_adds_the_member_and_sets_the_groups_expiry(layer):
    channel = await layer.new_channel()
    await layer.group_add("encounter-2", channel)

    connection = layer.connection(layer.consistent_hash("encounter-2"))
    key = group_key(layer, "encounter-2")
    assert await connection.zscore(key, channel) is not None
    assert 0 < await connection.ttl(key) <= layer.group_expiry
    await layer.group_discard("encounter-2", channel)  # channels-redis's own: it finds the member under that key
    assert await connection.zscore(key, channel) is None
    await layer.flush()
