from importlib import import_module

from django.apps import AppConfig


class SystemsConfig(AppConfig):
    name = "systems"
    label = "systems"
    verbose_name = "Game systems"
    # One package per game system; importing it registers the System and its commands.
    PACKAGES = ("systems.wfrp4e", "systems.symbaroum", "systems.wfrp3e")

    def ready(self):
        for package in self.PACKAGES:
            import_module(package)
        import_module("systems.checks")
