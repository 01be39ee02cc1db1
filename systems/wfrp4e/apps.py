from django.apps import AppConfig


class Wfrp4eConfig(AppConfig):
    name = "systems.wfrp4e"
    label = "wfrp4e"
    verbose_name = "Warhammer Fantasy Roleplay 4e"

    def ready(self):
        from systems.wfrp4e import system  # noqa: F401  (registers the system and its commands)
