from django.apps import AppConfig


class SymbaroumConfig(AppConfig):
    name = "systems.symbaroum"
    label = "symbaroum"
    verbose_name = "Symbaroum"

    def ready(self):
        from systems.symbaroum import system  # noqa: F401  (registers the system and its commands)
