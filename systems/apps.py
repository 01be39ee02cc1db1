from importlib import import_module

from django.apps import AppConfig


class SystemsConfig(AppConfig):
    name = "systems"
    label = "systems"
    verbose_name = "Game systems"

    def ready(self):
        """Each game system's app registers its System in its own ready()."""
        import_module("systems.checks")
