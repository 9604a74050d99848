from django.core.management.base import BaseCommand, CommandError

from tournament.roles import ROLES, ensure_role_groups
from tournament.services.staff import staff_set_by_the_house


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
        _user, created = staff_set_by_the_house(username=username, role=role, password=password)
        verb = "Created" if created else "Updated"
        self.stdout.write(f"{verb} {username} ({role}).")
