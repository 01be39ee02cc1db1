"""Each test process has a Redis database of its own (pytest-xdist runs two or more): the channel layer's group names
hold encounter ids, which every process's own test database hands out again, so one Redis database for all would
let one process's broadcasts reach another's sockets."""

import os
from urllib.parse import urlsplit, urlunsplit


def database_number(url):
    return int(urlsplit(url).path.strip("/") or 0)


def url_for_worker(url, worker):
    """`url` with its database number moved on by the worker's index ("gw0" → +0, "gw1" → +1, ...)."""
    parts = urlsplit(url)
    number = database_number(url) + int(worker.removeprefix("gw"))
    return urlunsplit((parts.scheme, parts.netloc, f"/{number}", parts.query, parts.fragment))


def isolate_worker():
    """Point REDIS_URL and the default channel layer at this worker's database (settings were read before)."""
    worker, url = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("REDIS_URL")
    if not (worker and url):
        return
    from django.conf import settings

    from config.settings import redis_channel_layer

    os.environ["REDIS_URL"] = settings.REDIS_URL = url_for_worker(url, worker)
    settings.CHANNEL_LAYERS = {"default": redis_channel_layer(settings.REDIS_URL)}


async def this_database_clients(client):
    """The connections to this process's database, the asking one left out: the other processes' are not ours."""
    number, me = database_number(os.environ["REDIS_URL"]), await client.client_id()
    return [c for c in await client.client_list(_type="normal") if int(c["db"]) == number and int(c["id"]) != me]
