"""A player's results in this room, for his public page (README "Results out"): the
shown tournaments he played, each place and prize; none for a hidden or erased
player."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from results.selectors import figures_many, played_on, room, shown_tournaments
from tournament.models import Player, RoomSettings
from tournament.public_labels import result_name


@dataclass(frozen=True)
class PlayerRow:
    tournament: int
    name: str
    date: datetime.date
    entries: int
    place: int | None
    prize: Decimal


@dataclass(frozen=True)
class PlayerResults:
    name: str
    public_id: str
    rows: list[PlayerRow]

    @property
    def wins(self) -> int:
        return sum(1 for row in self.rows if row.place == 1)

    @property
    def cashes(self) -> int:
        return sum(1 for row in self.rows if row.prize > 0)


def player_results(
    public_id: str, room_settings: RoomSettings | None = None
) -> PlayerResults | None:
    """A player's results in this room, latest first; None when unknown or hidden."""
    room_settings = room_settings or room()
    player = Player.objects.filter(public_id=public_id).first()
    if player is None:
        return None
    shown_name = result_name(player, room_settings.public_name_default)
    if shown_name is None:
        return None
    played = list(shown_tournaments(room_settings).filter(entries__player=player).distinct())
    rows = []
    # Every tournament's figures at once, kept per version (results.selectors).
    for tournament, figures in zip(played, figures_many(played), strict=True):
        if figures is None:  # places the payout rules refuse: left out
            continue
        mine = next((p for p in figures.places if p[1] == player.pk), None)
        rows.append(
            PlayerRow(
                tournament=tournament.pk,
                name=tournament.name,
                date=played_on(tournament),
                entries=figures.entries,
                place=mine[0] if mine else None,
                prize=mine[2] + mine[3] if mine else Decimal(0),
            )
        )
    return PlayerResults(name=shown_name, public_id=player.public_id, rows=rows)
