from django.apps import AppConfig


class DuelConfig(AppConfig):
    name = "tests.minimal_system"
    label = "duel"
    verbose_name = "Duel d20"

    def ready(self):
        from tests.minimal_system import system  # noqa: F401  (registers the system and its command)
