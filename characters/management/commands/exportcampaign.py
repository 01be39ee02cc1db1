from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from characters import backup
from characters.models import Campaign


class Command(BaseCommand):
    help = "Write a campaign (characters, encounters, combatants, conditions, log) to JSON, for importcampaign."

    def add_arguments(self, parser):
        parser.add_argument("campaign", type=int, help="The campaign's id (in its page's address).")
        parser.add_argument("-o", "--output", help="File to write; standard output without it.")

    def handle(self, *args, campaign, output=None, **options):
        found = Campaign.objects.filter(pk=campaign).first()
        if found is None:
            raise CommandError(f"There is no campaign {campaign}.")
        text = backup.as_json(backup.export_campaign(found))
        if output is None:
            self.stdout.write(text)
            return
        try:
            Path(output).write_text(text + "\n", encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot write {output}: {exc.strerror}.") from exc
        self.stdout.write(f"Wrote campaign '{found.name}' to {output}.")
