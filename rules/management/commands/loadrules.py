from django.core.management.base import BaseCommand

from rules.loading import load


class Command(BaseCommand):
    help = "Load rules reference data from rules/data/. Rows an admin edited are kept unless --force."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Overwrite rows an admin customised.")

    def handle(self, *args, force=False, **options):
        counts = load(force=force)
        self.stdout.write(
            f"Rules data: {counts['created']} created, {counts['updated']} updated, "
            f"{counts['kept']} kept as customised in admin."
        )
