"""channels-redis's layer with two changes for a burst of phones joining at once (bench/connects.py).

- A bounded pool that waits for a free connection: channels-redis's own pool opens one more connection for every
  call that finds none free, so 300 phones joining at once opened about 300 Redis connections, each a TCP handshake
  and redis-py's greeting; measured here, that made a group join cost five times the CPU of one on a warm pool of 20
  (1.15 against 0.23 ms). Calls are short, so a few dozen connections serve a process; the one blocking read of the
  layer (its receive loop) holds only one of them.
- Joining a group is one round trip, not two: the member and the group's expiry go in one pipeline. Every socket
  joins on connect and again every few seconds (combat/consumers.py REJOIN_INTERVAL).
"""

import time

import redis.asyncio as aioredis
from channels_redis.core import RedisChannelLayer


class PooledRedisChannelLayer(RedisChannelLayer):
    def create_pool(self, index):
        host = dict(self.hosts[index])
        return aioredis.BlockingConnectionPool.from_url(host.pop("address"), **host)

    async def group_add(self, group, channel):
        assert self.require_valid_group_name(group), "Group name not valid"
        assert self.require_valid_channel_name(channel), "Channel name not valid"
        group_key = self._group_key(group)
        connection = self.connection(self.consistent_hash(group))
        async with connection.pipeline(transaction=False) as both:
            both.zadd(group_key, {channel: time.time()})
            both.expire(group_key, self.group_expiry)
            await both.execute()
