from importlib import import_module
from pkgutil import iter_modules

from django.apps import AppConfig


class SystemsConfig(AppConfig):
    name = "systems"
    label = "systems"
    verbose_name = "Game systems"

    def ready(self):
        """Import every game system's package (systems/<key>/): each registers its System and its commands."""
        for package in iter_modules(import_module("systems").__path__):
            if package.ispkg:
                import_module(f"systems.{package.name}")
        import_module("systems.checks")
