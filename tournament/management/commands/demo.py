"""Load a demo tournament into an empty database and make sure a director can sign in."""

import secrets
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand

from tournament.models import Tournament
from tournament.roles import DIRECTOR, ensure_role_groups

DEMO_PLAYERS = [
    "Anna Keller",
    "Bernd Schulz",
    "Clara Wagner",
    "Dieter Braun",
    "Eva Hoffmann",
    "Felix Zimmermann",
    "Greta Neumann",
    "Hans Richter",
    "Ines Krüger",
    "Jonas Wolf",
    "Katrin Schröder",
    "Lukas Hartmann",
    "Maria Lange",
    "Niklas Werner",
    "Olga Schmitt",
    "Paul Meier",
    "Quirin Huber",
    "Rosa Fischer",
    "Stefan Weber",
    "Tanja Becker",
    "Uwe Schäfer",
    "Vera Koch",
    "Walter Bauer",
    "Xenia Roth",
    "Yusuf Demir",
    "Zoe Lehmann",
    "Andreas Vogel",
    "Birgit Frank",
    "Christian Berger",
    "Daniela Kaiser",
    "Erik Fuchs",
    "Franziska Peters",
    "Georg Scholz",
    "Hanna Möller",
    "Ivan Jung",
    "Julia Hahn",
    "Karl Schubert",
    "Lena Winkler",
    "Moritz Lorenz",
    "Nina Baumann",
    "Oskar Albrecht",
    "Petra Simon",
    "Ralf Ludwig",
    "Sabine Böhm",
    "Thomas Graf",
]


DEMO_CASH_BOX = "Kasse 1"


class Command(BaseCommand):
    help = "Create the demo tournament (only into an empty database) and the director login."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="director")

    def handle(self, *args, username: str, **options):
        ensure_role_groups()
        password = self._director(username)
        if not Tournament.objects.exists():
            self._demo_tournament(username)
            self.stdout.write("Demo tournament loaded.")
            self.stdout.write(f"Cash box: {DEMO_CASH_BOX} (the director's shift is open)")
        self.stdout.write(f"Sign in as: {username}")
        self.stdout.write(f"Password:   {password}")

    def _director(self, username: str) -> str:
        password_file = settings.VAR_DIR / "director_password"
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        if user is None or not password_file.exists():
            password = secrets.token_urlsafe(9)
            user = user or User(username=username)
            user.set_password(password)
            user.is_staff = True
            user.save()
            user.groups.add(Group.objects.get(name=DIRECTOR))
            password_file.write_text(password)
            password_file.chmod(0o600)
        return password_file.read_text().strip()

    def _demo_tournament(self, username: str) -> None:
        from cashdesk.models import Method
        from cashdesk.services.payments import Payment, entry_register_paid
        from cashdesk.services.shifts import cash_box_create, shift_open
        from clock.services.clock import clock_start
        from clock.services.demo import load_demo_structure
        from tables.services.seating import seats_draw
        from tables.services.tables import tables_create
        from tournament.services.retention import room_settings_update
        from tournament.services.tournaments import TournamentSettings, tournament_create

        director = get_user_model().objects.get(username=username)
        # The privacy notice names the room and its contact for data questions.
        room_settings_update(
            changes={
                "name": "Demo Card Room",
                "address": "Hauptstraße 1\n10115 Berlin",
                "contact_email": "privacy@example.org",
            }
        )
        tournament = tournament_create(
            settings=TournamentSettings(
                name="Sunday Deepstack",
                table_size=9,
                starting_stack=20000,
                buy_in=Decimal("90"),
                fee=Decimal("10"),
                late_registration_levels=6,
                max_entries=2,
            ),
            by=director,
        )
        tables_create(tournament_id=tournament.pk, count=5, seats=9, by=director)
        # README "Cash desk": the director's shift is open on the demo's cash box,
        # and every entry paid there (a few by card), so the money page, the
        # payouts and the board agree from the first look.
        box = cash_box_create(name=DEMO_CASH_BOX, by=director)
        shift_open(box_id=box.pk, float_amount=Decimal("200"), by=director)
        for number, name in enumerate(DEMO_PLAYERS):
            first = name.split()[0]
            entry_register_paid(
                tournament_id=tournament.pk,
                by=director,
                payment=Payment(Method.CARD if number % 5 == 4 else Method.CASH),
                name=name,
                email=f"{first.lower()}@example.org",
                nickname=first if len(first) > 5 else "",
                # Demo players "agreed" to be contacted: their e-mail is kept.
                consent=True,
            )
        load_demo_structure(tournament_id=tournament.pk, by=director)
        seats_draw(tournament_id=tournament.pk, by=director)
        clock_start(tournament_id=tournament.pk, by=director)
