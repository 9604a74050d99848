"""Helpers for the screens tests: a seated tournament, and real daphne servers."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from browser_support import (  # noqa: F401  (re-exported for the screens tests)
    BIN,
    ROOT,
    Server,
    director_site,
    free_port,
    manage,
    server_env,
    staff_token,
    wait_for_port,
)

from tables.services.registration import entry_register
from tables.services.seating import seats_draw
from tables.services.tables import tables_create
from tournament.models import Player, Tournament
from tournament.services.tournaments import TournamentSettings, tournament_create

# The private data of one player: none of it may reach a public screen.
SECRET_EMAIL = "anna.keller.private@example.org"
SECRET_PHONE = "+49 171 5550199"
SECRET_NOTES = "owes the house 200, do not extend credit"
PLAYERS = ["Anna Keller", "Bernd Schulz", "Clara Wagner", "Dieter Braun", "Eva Hoffmann"]


def seated_tournament(
    director: Any, *, tables: int = 2, players: list[str] = PLAYERS
) -> Tournament:
    """A drawn tournament; Anna Keller carries e-mail, phone and notes."""
    tournament = tournament_create(
        settings=TournamentSettings(name="Screens Cup", buy_in=50, fee=5, table_size=6),
        by=director,
    )
    tables_create(tournament_id=tournament.pk, count=tables, seats=6, by=director)
    for name in players:
        private = name == "Anna Keller"
        entry_register(
            tournament_id=tournament.pk,
            by=director,
            name=name,
            email=SECRET_EMAIL if private else "",
            phone=SECRET_PHONE if private else "",
            consent=private,
        )
    Player.objects.filter(name="Anna Keller").update(notes=SECRET_NOTES)
    seats_draw(tournament_id=tournament.pk, by=director)
    tournament.refresh_from_db()
    return tournament


def assert_private_data_absent(text: str) -> None:
    for secret in (SECRET_EMAIL, SECRET_PHONE, SECRET_NOTES, "Keller", "example.org"):
        assert secret not in text, f"{secret!r} leaked to a public screen"


def tournament_through_api(server: Server, token: str, *, with_clock: bool = True) -> dict:
    """A drawn tournament with a running clock, made the way an integration would."""
    tournament = server.api(
        "POST",
        "/tournaments",
        token,
        {
            "name": "Screens Cup",
            "starting_stack": 20000,
            "buy_in": "50",
            "fee": "5",
            "final_table_size": 6,
            "table_size": 6,
            "late_registration_levels": 2,
            "max_entries": 1,
        },
    )
    tid = tournament["id"]
    server.api("POST", f"/tournaments/{tid}/tables", token, {"count": 2, "seats": 6})
    for name in PLAYERS + ["Fritz Müller", "Greta Neumann", "Hans Richter"]:
        # By card: this token's user keeps no cash shift (README "Cash desk").
        body: dict[str, Any] = {"name": name, "payment": {"method": "card"}}
        if name == "Anna Keller":
            body.update(email=SECRET_EMAIL, phone=SECRET_PHONE, consent={"contact": True})
        server.api("POST", f"/tournaments/{tid}/entries", token, body)
    server.api("POST", f"/tournaments/{tid}/draw", token)
    if with_clock:
        levels = [
            {
                "kind": "level",
                "small_blind": 100,
                "big_blind": 200,
                "ante": 0,
                "big_blind_ante": False,
                "seconds": 1200,
            },
            {
                "kind": "level",
                "small_blind": 200,
                "big_blind": 400,
                "ante": 400,
                "big_blind_ante": True,
                "seconds": 1200,
            },
            {"kind": "break", "seconds": 600, "color_up": [25]},
            {
                "kind": "level",
                "small_blind": 300,
                "big_blind": 600,
                "ante": 600,
                "big_blind_ante": True,
                "seconds": 1200,
            },
        ]
        server.api("PUT", f"/tournaments/{tid}/structure", token, {"levels": levels})
        server.api("POST", f"/tournaments/{tid}/clock/start", token)
    return tournament


@contextmanager
def drawn_tournament_site(var: Path, password: str) -> Iterator[SimpleNamespace]:
    """A real daphne server on a fresh database with a drawn tournament (API-made)."""
    with director_site(var, password) as site:
        site.id = tournament_through_api(site.server, site.token)["id"]
        yield site
