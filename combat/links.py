"""The URLs an encounter's page repeats on every row and button, each prefix reversed once per process.

A `{% url %}` per button cost nearly half the GM screen's render at 100 combatants; these hand out the same paths
as `reverse` from a prefix reversed once.
"""

import functools

from django.urls import get_script_prefix, reverse

PLACEHOLDER = 0  # stands in for the last argument, the part a link fills in (a whole number fits every converter)


def prefix_of(name, *args):
    """The path of URL `name` up to its last argument, which the placeholder stands for."""
    path = reverse(name, args=[*args, PLACEHOLDER])
    head, placeholder, tail = path.rpartition(f"/{PLACEHOLDER}/")
    if not placeholder or tail:
        raise ValueError(f"URL {name!r} does not end in its last argument: {path}")
    return f"{head}/"


class Prefixed(dict):
    """`prefix<key>/` by key (`links.commands.apply_damage` in a template), made once per key and page."""

    def __init__(self, prefix):
        super().__init__()
        self.prefix = prefix

    def __missing__(self, key):
        path = self[key] = f"{self.prefix}{key}/"
        return path


class EncounterLinks:
    """`commands.<name>`: `/encounters/<id>/do/<name>/`, where command <name> posts. A name or id known only at
    render time (an open test's answer, a row's character) is appended to its prefix with a slash, as templates
    cannot pass an argument to a lookup: `command_prefix` (`/encounters/<id>/do/`), `sheet_prefix`
    (`/characters/`, for `/characters/<id>/`)."""

    def __init__(self, encounter_pk):
        self.command_prefix = prefix_of("command", encounter_pk)
        self.commands = Prefixed(self.command_prefix)
        self.sheet_prefix = prefix_of("sheet")


def encounter_links(encounter_pk):
    """The encounter's EncounterLinks, made once per process (for each prefix the site is served under)."""
    return links_under(encounter_pk, get_script_prefix())


@functools.lru_cache(maxsize=256)
def links_under(encounter_pk, script_prefix):
    return EncounterLinks(encounter_pk)
