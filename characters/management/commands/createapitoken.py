from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from characters.models import ApiToken

TOKEN_NAME = "createapitoken"


class Command(BaseCommand):
    help = (
        "Make a full-access API token for USER that never expires, named createapitoken, and print it. It replaces the "
        "token this command made for USER before."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"There is no user '{username}'.")
        self.stdout.write(ApiToken.issue(user, name=TOKEN_NAME))
