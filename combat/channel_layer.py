"""channels-redis's layer with two changes for a burst of phones joining at once (bench/connects.py).

- A bounded pool that waits for a free connection: channels-redis's own pool opens one more connection for every
  call that finds none free, so 300 phones joining at once opened about 300 Redis connections, each a TCP handshake
  and redis-py's greeting; measured here, that made a group join cost five times the CPU of one on a warm pool of 20
  (1.15 against 0.23 ms). Calls are short, so a few dozen connections serve a process; the one blocking read of the
  layer (its receive loop) holds only one of them.
- Joins go together: the joins that arrive while one is under way (combat/batching.py) go as one pipeline a Redis
  host, each group's new members in one ZADD followed by its expiry, where channels-redis made two round trips a
  join. Every socket joins on connect and again every few seconds (combat/consumers.py REJOIN_INTERVAL), so a burst
  of connects and the beat of a busy process both join in a few round trips.
"""

import asyncio
import time

import redis.asyncio as aioredis
from channels_redis.core import RedisChannelLayer

from combat.batching import Batched


def group_key(layer, group):
    """The Redis key under which channels-redis keeps a group's members: the layer's `prefix` (its documented option,
    "asgi" by default), then ":group:" and the group's name. channels-redis makes it in a method of its own that is
    not part of its API, so the joins that go together write it here; its group_discard and group_send read the same
    key (tests/combat/test_channel_layer.py holds the two to it)."""
    return f"{layer.prefix}:group:{group}".encode()


class PooledRedisChannelLayer(RedisChannelLayer):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.join_together = Batched(self.join_all)

    def create_pool(self, index):
        host = dict(self.hosts[index])
        return aioredis.BlockingConnectionPool.from_url(host.pop("address"), **host)

    async def group_add(self, group, channel):
        assert self.require_valid_group_name(group), "Group name not valid"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        await self.join_together((group, channel))

    async def join_all(self, joins):
        """Each join's answer for Batched: None, or the error of the Redis host its group lives on, so a host that
        is down fails only the joins it holds."""
        now = time.time()
        members = {}  # {group: {channel: when joined}}
        for group, channel in joins:
            members.setdefault(group, {})[channel] = now
        on_host = {}  # {host index: {group: members}}: a group's keys live on the host its name hashes to
        for group, channels in members.items():
            on_host.setdefault(self.consistent_hash(group), {})[group] = channels
        outcomes = await asyncio.gather(
            *(self.join_on_host(index, groups) for index, groups in on_host.items()), return_exceptions=True
        )
        failed = {index: outcome for index, outcome in zip(on_host, outcomes) if isinstance(outcome, Exception)}
        return [failed.get(self.consistent_hash(group)) for group, _ in joins]

    async def join_on_host(self, index, groups):
        async with self.connection(index).pipeline(transaction=False) as together:
            for group, channels in groups.items():
                together.zadd(group_key(self, group), channels)
                together.expire(group_key(self, group), self.group_expiry)
            await together.execute()
