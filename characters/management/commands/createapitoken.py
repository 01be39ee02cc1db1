from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from characters.models import ApiToken


class Command(BaseCommand):
    help = "Issue a new API token for USER (replacing any old one) and print it."

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no user '{username}'.")
        self.stdout.write(ApiToken.issue(user))
