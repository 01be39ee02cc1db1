from django.core.management.base import BaseCommand

from characters import demo


class Command(BaseCommand):
    help = "Create the demo campaigns, their players and an encounter in progress (once)."

    def handle(self, *args, **options):
        for campaign, created in demo.seed_all():
            self.stdout.write(("Created" if created else "Kept") + f" the demo campaign '{campaign.name}'.")
        self.stdout.write("Demo logins (username / password):")
        for username, password in demo.LOGINS:
            role = {"admin": "Django admin", "gm": "GM"}.get(username, "player")
            self.stdout.write(f"  {username:<8} / {password:<8} {role}")
