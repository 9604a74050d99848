from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournament.roles import ROLES, assign_role, ensure_role_groups


class Command(BaseCommand):
    help = "Create (or update) a staff user with a role: director, floor or desk."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--role", choices=ROLES, required=True)
        parser.add_argument("--password", help="Without it the user cannot log in to pages.")

    def handle(self, *args, username: str, role: str, password: str | None, **options):
        username = username.strip()
        if not username:
            raise CommandError("The user name must not be empty.")
        ensure_role_groups()
        user, created = get_user_model().objects.get_or_create(username=username)
        if password:
            user.set_password(password)
        elif created:
            user.set_unusable_password()
        assign_role(user, role)
        verb = "Created" if created else "Updated"
        self.stdout.write(f"{verb} {username} ({role}).")
