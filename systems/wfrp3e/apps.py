from django.apps import AppConfig


class Wfrp3eConfig(AppConfig):
    name = "systems.wfrp3e"
    label = "wfrp3e"
    verbose_name = "Warhammer Fantasy Roleplay 3e"

    def ready(self):
        from systems.wfrp3e import system  # noqa: F401  (registers the system and its commands)
