"""The project's settings, with the minimal game system of tests/minimal_system installed beside the three real
ones: the generic tests, which take their systems from the registry, check it like any other."""

from config.settings import *  # noqa: F403

INSTALLED_APPS = [*INSTALLED_APPS, "tests.minimal_system"]  # noqa: F405
