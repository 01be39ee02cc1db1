"""Game systems: each one a package behind the small `System` interface (systems/base.py), looked up by key.

The spine, the read model, the websocket consumer, the API and the page templates know a system only through
`systems.get(key)`; everything a system's rules need lives in its own package.
"""

from systems.base import System, Toggle  # noqa: F401

REGISTRY = {}


def register(system):
    REGISTRY[system.key] = system
    return system


def get(key):
    """The System of key `key` (e.g. "wfrp4e"); KeyError for a key no package registered."""
    return REGISTRY[key]


def offered():
    """(key, label) of the systems complete enough to start a campaign with."""
    return [(system.key, system.label) for system in REGISTRY.values() if system.complete]


def urlpatterns():
    """Every system's own pages (a `urls` module in its package), for config/urls.py."""
    from importlib import import_module
    from importlib.util import find_spec

    patterns = []
    for system in REGISTRY.values():
        package = type(system).__module__.rpartition(".")[0]
        if find_spec(f"{package}.urls"):
            patterns += import_module(f"{package}.urls").urlpatterns
    return patterns
