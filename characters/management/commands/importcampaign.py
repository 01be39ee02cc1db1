import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from characters import backup


class Command(BaseCommand):
    help = (
        "Restore a campaign written by exportcampaign, with the same ids, into a database that does not have it "
        "(run migrate and loadrules first)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="The JSON file exportcampaign wrote.")

    def handle(self, *args, file, **options):
        try:
            data = json.loads(Path(file).read_text(encoding="utf-8"))
        except OSError as exc:
            raise CommandError(f"Cannot read {file}: {exc.strerror}.") from exc
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"{file} is not a JSON file ({exc}).") from exc
        try:
            imported = backup.import_campaign(data)
        except backup.BackupError as exc:
            raise CommandError(str(exc)) from exc
        campaign = imported.campaign
        self.stdout.write(
            f"Imported campaign '{campaign.name}' (id {campaign.pk}): {campaign.characters.count()} characters, "
            f"{campaign.encounters.count()} encounters."
        )
        if imported.new_users:
            self.stdout.write(
                f"Created users without a password: {', '.join(imported.new_users)}. "
                "Give each a password with manage.py changepassword USERNAME."
            )
