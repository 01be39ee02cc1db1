from django.apps import AppConfig


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = "Rules reference data"

    def ready(self):
        from rules.changes import follow_reference_data

        follow_reference_data()
