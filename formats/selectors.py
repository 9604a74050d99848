"""What the formats other sites read hold, as plain data (README "Results out:
formats"): the Hendon Mob rows, the share image's source data, the schedule's
events, the embed's latest results and league table. Reads only; every name
through ``formats.labels.public_labels``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.http import Http404
from django.utils import timezone

from formats.labels import public_labels, room_default
from formats.rules import federation
from formats.rules.money_out import plain_amount
from prereg.presenters import running_forecasts
from prereg.selectors import schedule_tournaments
from tournament.kept import entries_of, season_standings_kept, winners_of
from tournament.models import LeagueSeason, Player, Tournament
from tournament.rules.league import Standing
from tournament.services.league import season_standings, season_tournaments
from tournament.services.results import ResultRow, results_compute

LATEST = 10
TABLE_ROWS = 20


def played_on(tournament: Tournament) -> date:
    """The day it was played: its start time, else the day it was made (local)."""
    return timezone.localdate(tournament.starts_at or tournament.created_at)


def placed_rows(tournament: Tournament) -> list[ResultRow]:
    _view, rows = results_compute(tournament)
    return [row for row in rows if row.place is not None]


@dataclass(frozen=True)
class ShownPlace:
    place: int
    name: str
    prize: Decimal


def shown_places(tournament: Tournament) -> list[ShownPlace]:
    rows = placed_rows(tournament)
    labels = public_labels([row.entry.player for row in rows])
    return [ShownPlace(r.place or 0, label, r.prize) for r, label in zip(rows, labels, strict=True)]


def hendon_mob_rows(tournament: Tournament) -> list[list[str]]:
    """The places paid, best first: place, name, country, prize, currency, event, date."""
    day = played_on(tournament).isoformat()
    return [
        [str(p.place), p.name, "", plain_amount(p.prize), tournament.currency, tournament.name, day]
        for p in shown_places(tournament)
        if p.prize > 0
    ]


def finished_tournament(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.filter(
        pk=tournament_id, status=Tournament.Status.FINISHED
    ).first()
    if tournament is None:
        raise Http404
    return tournament


@dataclass(frozen=True)
class ShareImageSource:
    """Everything the share image shows, and nothing else."""

    name: str
    day: date
    currency: str
    entries: int
    winner: ShownPlace | None
    final_table: list[ShownPlace]


def share_image_source(tournament: Tournament) -> ShareImageSource:
    places = shown_places(tournament)
    final_table = [p for p in places if p.place <= tournament.final_table_size]
    return ShareImageSource(
        name=tournament.name,
        day=played_on(tournament),
        currency=tournament.currency,
        entries=len(places),
        winner=next((p for p in places if p.place == 1), None),
        final_table=final_table,
    )


@dataclass(frozen=True)
class LatestResult:
    tournament: Tournament
    day: date
    entries: int
    winner: str


def latest_results(limit: int = LATEST) -> list[LatestResult]:
    """The latest finished tournaments with their winner and field: three queries
    however many are shown (README "Results out")."""
    finished = Tournament.objects.filter(status=Tournament.Status.FINISHED)
    latest = list(finished.order_by("-created_at", "-id")[:limit])
    ids = [t.pk for t in latest]
    winners, entries = winners_of(ids), entries_of(ids)
    players = Player.objects.in_bulk(set(winners.values()))
    default = room_default()
    return [
        LatestResult(
            tournament,
            played_on(tournament),
            entries.get(tournament.pk, 0),
            # A hidden winner is the list of one: "Player 1".
            public_labels([players[winners[tournament.pk]]], default)[0]
            if tournament.pk in winners
            else "",
        )
        for tournament in latest
    ]


@dataclass(frozen=True)
class TableLine:
    rank: int
    name: str
    points: Decimal
    played: int


def league_standings(season: LeagueSeason) -> list[Standing]:
    """The season's standings over the tournaments that count (running ones
    too), kept per version of the season and its tournaments (``tournament.kept``)."""
    table, _points = season_standings_kept(season, season_tournaments(season), "embed")
    return table


def season_table_lines(season_id: int, limit: int = TABLE_ROWS) -> tuple[str, list[TableLine]]:
    """The top of a season's table; 404 for an unknown season."""
    season = LeagueSeason.objects.filter(pk=season_id).first()
    if season is None:
        raise Http404
    shown = league_standings(season)[:limit]
    players = Player.objects.in_bulk([standing.player_id for standing in shown])
    labels = public_labels([players[standing.player_id] for standing in shown])
    lines = [
        TableLine(standing.rank, label, standing.points, standing.played)
        for standing, label in zip(shown, labels, strict=True)
    ]
    return season.name, lines


def schedule_for_calendar() -> list[Tournament]:
    """The listed tournaments still to come that have a start time."""
    return [t for t in schedule_tournaments() if t.starts_at is not None]


def forecast_ends(tournaments: list[Tournament]) -> dict[int, datetime]:
    """A running tournament's forecast end, while the room shows it in public
    (README "Finish on time: where it shows"): its event's end in the calendar."""
    return {pk: line["predicted_end"] for pk, line in running_forecasts(tournaments).items()}


@dataclass(frozen=True)
class FederationRow:
    day: date
    tournament: str
    kind: str
    field: int
    place: int
    name: str
    points: Decimal


def federation_rows(
    season_id: int, *, preset: str, factors: dict[str, Decimal], tokens: list[int]
) -> list[FederationRow]:
    """Every placed result of the season's tournaments, in the order they were
    played, with the points (or tokens) the preset gives it."""
    _season, tournaments, _standings = season_standings(season_id=season_id)
    out = []
    for tournament in tournaments:
        kind = federation.tournament_type(
            max_entries=tournament.max_entries, event_day=tournament.event_id is not None
        )
        places = shown_places(tournament)
        for shown in places:
            if preset == federation.TOKENS:
                points = Decimal(federation.cup_tokens(shown.place, tokens))
            else:
                points = federation.bottom_points(shown.place, len(places), factors[kind])
            day = played_on(tournament)
            out.append(
                FederationRow(
                    day, tournament.name, kind, len(places), shown.place, shown.name, points
                )
            )
    return out
