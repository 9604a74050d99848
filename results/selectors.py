"""The room's public results (README "Results out"): what the public pages and the
JSON feed read. Reads only: no writes, no services' writes.

A finished tournament is shown at once, read live, unless the room holds results
until a director publishes them. Every name goes through the one public-name
selector (``tournament.public_labels``) with the room's default: a hidden player
is "Player 7" by his position in the list shown, and never found by a search.

The figures of a finished tournament (places, prizes, the field) are worked out
once per version of the tournament in this process; the names are read live on
every request, so a player who changes how he appears, or is erased, shows so at
once.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone

from clock.models import ClockState, Structure
from tournament.errors import DomainError
from tournament.kept import entries_of, kept, kept_each, tournament_tag, winners_of
from tournament.models import (
    Player,
    RoomSettings,
    Tournament,
)
from tournament.models_prizes import SpecialPrize
from tournament.public_labels import labelled, result_name
from tournament.rules import names
from tournament.services.results import results_compute

PER_PAGE = 50
FOUND_MAX = 30

__all__ = ["kept"]  # the pages keep what they render by the same means


def room() -> RoomSettings:
    return RoomSettings.current()


def shown_tournaments(room_settings: RoomSettings) -> QuerySet[Tournament]:
    """The finished tournaments the public sees, latest first."""
    shown = Tournament.objects.filter(status=Tournament.Status.FINISHED).annotate(
        played_on=Coalesce("starts_at", "created_at")
    )
    if room_settings.hold_results:
        shown = shown.filter(results_published_at__isnull=False)
    return shown.order_by("-played_on", "-id")


def is_shown(tournament: Tournament, room_settings: RoomSettings) -> bool:
    finished = tournament.status == Tournament.Status.FINISHED
    held = room_settings.hold_results and tournament.results_published_at is None
    return finished and not held


def played_on(tournament: Tournament) -> datetime.date:
    return timezone.localdate(tournament.starts_at or tournament.created_at)


def names_of(players: dict[int, Player], ids: list[int | None], default: str) -> list[str]:
    """The public names of one list of players (by id, in the list's order)."""
    return labelled(
        result_name(players[pk], default) if pk is not None and pk in players else None
        for pk in ids
    )


def players_by_id(ids: set[int]) -> dict[int, Player]:
    return {player.pk: player for player in Player.objects.filter(pk__in=ids)}


# -- the list ------------------------------------------------------------------


@dataclass(frozen=True)
class ListedResult:
    tournament: int
    name: str
    date: datetime.date
    entries: int
    winner: str | None


@dataclass(frozen=True)
class FoundPlayer:
    name: str
    public_id: str


@dataclass(frozen=True)
class ResultsPage:
    items: list[ListedResult]
    page: int
    pages: int
    total: int
    players: list[FoundPlayer]


def listed(tournaments: list[Tournament], default: str) -> list[ListedResult]:
    ids = [t.pk for t in tournaments]
    winners = winners_of(ids)
    entries = entries_of(ids)
    players = players_by_id(set(winners.values()))
    return [
        ListedResult(
            tournament=t.pk,
            name=t.name,
            date=played_on(t),
            entries=entries.get(t.pk, 0),
            # A hidden winner is the list of one: "Player 1".
            winner=names_of(players, [winners[t.pk]], default)[0] if t.pk in winners else None,
        )
        for t in tournaments
    ]


def players_found(query: str, default: str) -> list[FoundPlayer]:
    """Players whose public name matches: never by a name they do not show."""
    words = names.search_words(query)
    if not words:
        return []
    by_name = Q()
    for word in words:
        by_name &= Q(search_key__contains=word)
    candidates = Player.objects.filter(by_name | ~Q(pseudonym="")).filter(
        entries__tournament__status=Tournament.Status.FINISHED
    )
    found: dict[int, FoundPlayer] = {}
    for player in candidates.distinct().order_by("search_key", "id")[:2000]:
        shown = result_name(player, default)
        if shown is not None and names.matches(query, names.search_key(shown)):
            found[player.pk] = FoundPlayer(shown, player.public_id)
    return sorted(found.values(), key=lambda p: names.name_order(p.name))[:FOUND_MAX]


def results_page(
    *,
    query: str = "",
    page: int = 1,
    per_page: int = PER_PAGE,
    room_settings: RoomSettings | None = None,
) -> ResultsPage:
    """One page of the finished tournaments, latest first; a query finds tournaments
    by name and players by the name they show."""
    room_settings = room_settings or room()
    default = room_settings.public_name_default
    shown = shown_tournaments(room_settings)
    query = query.strip()
    if query:
        shown = shown.filter(name__icontains=query)
    total = shown.count()
    pages = max(1, -(-total // per_page))
    page = min(max(page, 1), pages)
    tournaments = list(shown[(page - 1) * per_page : page * per_page])
    return ResultsPage(
        items=listed(tournaments, default),
        page=page,
        pages=pages,
        total=total,
        players=players_found(query, default) if query else [],
    )


# -- one tournament -------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """A finished tournament's results without names (kept per version)."""

    places: list[tuple[int, int, Decimal, Decimal]]  # place, player id, prize, bounties
    entries: int
    prize_pool: Decimal
    specials: list[tuple[str, Decimal, tuple[int, ...]]]  # name, amount, winners' player ids
    levels: list[dict[str, Any]]
    final_table_size: int


def _levels(tournament: Tournament) -> list[dict[str, Any]]:
    """The structure played: its levels up to the one the clock ended in."""
    structure = Structure.objects.filter(tournament=tournament).first()
    levels = list(structure.levels) if structure is not None else []
    clock = ClockState.objects.filter(tournament=tournament).first()
    if clock is not None and levels:
        levels = levels[: clock.level_index + 1]
    return levels


def _figures(tournament: Tournament) -> Figures:
    view, rows = results_compute(tournament)
    best: dict[int, Any] = {}
    for row in rows:
        if row.place is not None and row.entry.player_id not in best:
            best[row.entry.player_id] = row
    places = sorted(
        ((r.place, pid, r.prize, r.bounties) for pid, r in best.items()),
        key=lambda p: (p[0], p[1]),
    )
    specials = [
        (prize.name, prize.amount, tuple(sorted(e.player_id for e in prize.winners.all())))
        for prize in SpecialPrize.objects.filter(tournament=tournament)
        .prefetch_related("winners")
        .order_by("pk")
    ]
    return Figures(
        places=places,
        entries=view.counts.field,
        prize_pool=view.pool.total,
        specials=specials,
        levels=_levels(tournament),
        final_table_size=tournament.final_table_size,
    )


def _figures_or_none(tournament: Tournament) -> Figures | None:
    try:
        return _figures(tournament)
    except DomainError:  # places the payout rules refuse (README "Payouts"): not shown
        return None


def figures_many(tournaments: Sequence[Tournament]) -> list[Figures | None]:
    """Each tournament's figures (None where the payout rules refuse its places),
    kept per version: one read of the cache for all, worked out only where
    missing (after a write on a finished tournament, ``results.tasks`` has
    worked them out)."""
    slots = [(("figures", t.pk), tournament_tag(t)) for t in tournaments]
    return kept_each(slots, lambda index: _figures_or_none(tournaments[index]))


@dataclass(frozen=True)
class ShownPlace:
    place: int
    name: str
    prize: Decimal
    bounties: Decimal
    public_id: str | None  # his page, unless hidden


@dataclass(frozen=True)
class ShownSpecial:
    name: str
    amount: Decimal
    winners: list[str]


@dataclass(frozen=True)
class TournamentResult:
    tournament: Tournament
    date: datetime.date
    entries: int
    prize_pool: Decimal
    places: list[ShownPlace]
    special_prizes: list[ShownSpecial]
    levels: list[dict[str, Any]]
    final_table: list[ShownPlace]


def tournament_result(
    tournament_id: int, room_settings: RoomSettings | None = None
) -> TournamentResult | None:
    """One finished tournament as the public sees it; None when not shown."""
    room_settings = room_settings or room()
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not is_shown(tournament, room_settings):
        return None
    default = room_settings.public_name_default
    figures = figures_many([tournament])[0]
    if figures is None:  # places the payout rules refuse (README "Payouts"): not shown
        return None
    ids = {pid for _p, pid, _m, _b in figures.places}
    ids |= {pid for _n, _a, winners in figures.specials for pid in winners}
    players = players_by_id(ids)
    shown_names = names_of(players, [pid for _p, pid, _m, _b in figures.places], default)
    places = [
        ShownPlace(
            place,
            shown,
            prize,
            bounties,
            None if result_name(players[pid], default) is None else players[pid].public_id,
        )
        for (place, pid, prize, bounties), shown in zip(figures.places, shown_names, strict=True)
    ]
    specials = [
        ShownSpecial(name, amount, names_of(players, list(winners), default))
        for name, amount, winners in figures.specials
    ]
    return TournamentResult(
        tournament=tournament,
        date=played_on(tournament),
        entries=figures.entries,
        prize_pool=figures.prize_pool,
        places=places,
        special_prizes=specials,
        levels=figures.levels,
        final_table=places[: figures.final_table_size],
    )
