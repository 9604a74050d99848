from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournament.api.auth import issue_token


class Command(BaseCommand):
    help = "Issue an API bearer token for a user and print it on its own line."

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username: str, **options):
        user = get_user_model().objects.filter(username=username, is_active=True).first()
        if user is None:
            raise CommandError(f"No active user {username!r}.")
        self.stdout.write(issue_token(user))
