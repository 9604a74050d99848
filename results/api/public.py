"""The public JSON feed, ``/api/public/v1/`` (README "Results out"): the room's
finished tournaments, one tournament's places and a league season's table, no
sign-in. Its own OpenAPI document (``/api/public/v1/openapi.json``), versioned
by its path: a new field is added freely, a field is never renamed or removed
within v1. Every answer carries an ETag; ``If-None-Match`` gets a 304.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Query, Schema
from ninja.errors import HttpError, ValidationError
from pydantic import Field

from results.selectors import kept, results_page, tournament_result
from results.selectors_league import PublicSeason, season_public
from results.web.http import cacheable
from tournament.api.shapes import MoneyText
from tournament.rules.payouts import money

DESCRIPTION = """\
The room's public results, for club websites, league sites and apps: finished
tournaments with their winner and field, one tournament's places and prizes, and
a league season's table. No sign-in. Players appear as they chose (full name,
first name and initial, a pseudonym, or hidden as "Player 7", numbered by their
position in that list); the feed never carries a hidden player's name.

**Versioning.** The path carries the version (`/api/public/v1/`). Within v1
fields are added, never renamed or removed.

**Caching.** Every answer has an `ETag` and `Cache-Control: public, max-age=30`;
send `If-None-Match` to get `304 Not Modified` while nothing changed. A finished
tournament appears at once (unless the room holds results until a director
publishes them).
"""

public_api = NinjaAPI(
    title="Poker room results (public)",
    version="1.0",
    description=DESCRIPTION,
    urls_namespace="public-v1",
    docs_url="docs",
    openapi_url="openapi.json",
)


class Error(Schema):
    detail: str = Field(description="What went wrong, in the reader's language.")


class ListedOut(Schema):
    tournament: int = Field(description="The tournament's id.")
    name: str = Field(description="The tournament's name.")
    date: datetime.date = Field(description="The day it was played.")
    entries: int = Field(description="Entries, re-entries counted.")
    winner: str | None = Field(description="The winner's public name; null if none.")


class ResultsOut(Schema):
    items: list[ListedOut] = Field(description="Finished tournaments, latest first.")
    page: int = Field(description="This page (from 1).")
    pages: int = Field(description="Pages in all.")
    total: int = Field(description="Tournaments in all (those the query matches).")


class PlaceOut(Schema):
    place: int = Field(description="Finishing place (shared places repeat).")
    name: str = Field(description='The player\'s public name, or "Player 7" when hidden.')
    prize: MoneyText
    bounties: MoneyText


class SpecialPrizeOut(Schema):
    name: str = Field(description="The special prize's name.")
    amount: MoneyText
    winners: list[str] = Field(description="The winners' public names.")


class LevelOut(Schema):
    kind: str = Field(description='"level" or "break".')
    small_blind: int | None = Field(None, description="Small blind (a level).")
    big_blind: int | None = Field(None, description="Big blind (a level).")
    ante: int | None = Field(None, description="Ante (a level).")
    big_blind_ante: int | None = Field(None, description="Big blind ante (a level).")
    seconds: int = Field(description="Its length in seconds.")


class TournamentOut(Schema):
    tournament: int = Field(description="The tournament's id.")
    name: str = Field(description="The tournament's name.")
    date: datetime.date = Field(description="The day it was played.")
    entries: int = Field(description="Entries, re-entries counted.")
    currency: str = Field(description="ISO 4217 code of the amounts.")
    prize_pool: MoneyText
    places: list[PlaceOut] = Field(description="Every placed player, best first.")
    special_prizes: list[SpecialPrizeOut] = Field(description="Special prizes awarded.")
    final_table: list[PlaceOut] = Field(description="The final table's places.")
    levels: list[LevelOut] = Field(description="The structure played, level by level.")


class CellOut(Schema):
    tournament: int = Field(description="The tournament's id.")
    place: int = Field(description="His place there.")
    points: str = Field(description="Points earned, corrections in (decimal string).")
    correction: str = Field(description="The corrections' points (decimal string).")
    counted: bool = Field(description="The result counts (a best-of season drops some).")


class StandingOut(Schema):
    rank: int = Field(description="Rank in the season (ties share it).")
    name: str = Field(description='The player\'s public name, or "Player 7" when hidden.')
    points: str = Field(description="Season points (decimal string).")
    played: int = Field(description="Tournaments played.")
    wins: int = Field(description="Tournaments won.")
    best_place: int = Field(description="His best place.")
    results: list[CellOut] = Field(description="Each result of his, oldest first.")


class SeasonTournamentOut(Schema):
    tournament: int = Field(description="The tournament's id.")
    name: str = Field(description="The tournament's name.")
    date: datetime.date = Field(description="The day it was played.")


class SeasonOut(Schema):
    season: int = Field(description="The season's id.")
    name: str = Field(description="The season's name.")
    best_of: int | None = Field(description="Best results counted; null: all.")
    tournaments: list[SeasonTournamentOut] = Field(description="Its tournaments, oldest first.")
    standings: list[StandingOut] = Field(description="The table, best first.")


def _answer(request: HttpRequest, schema: type[Schema], data: dict[str, Any]) -> HttpResponse:
    """The body as the schema says it, with its ETag (304 when the client holds it)."""
    return cacheable(request, _json_response(_body(schema, data)))


def _body(schema: type[Schema], data: dict[str, Any]) -> str:
    body = schema.model_validate(data).model_dump(mode="json")
    return json.dumps(body, cls=DjangoJSONEncoder, ensure_ascii=False)


def _json_response(body: str) -> HttpResponse:
    return HttpResponse(body, content_type="application/json; charset=utf-8")


def _not_found() -> HttpError:
    return HttpError(404, _("These results are not published."))


@public_api.exception_handler(HttpError)
def http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return public_api.create_response(request, {"detail": str(exc)}, status=exc.status_code)


@public_api.exception_handler(ValidationError)
def validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    return public_api.create_response(
        request, {"detail": _("The request is not valid."), "errors": exc.errors}, status=422
    )


class ResultsQuery(Schema):
    q: str = Field("", max_length=60, description="Part of a tournament's name.")
    page: int = Field(1, ge=1, le=100000, description="The page, from 1.")


@public_api.get(
    "/results",
    response={200: ResultsOut, 304: None, 422: Error},
    summary="Finished tournaments",
    operation_id="list_results",
)
def list_results(request: HttpRequest, filters: Query[ResultsQuery]):
    """The room's finished tournaments, latest first, 50 a page."""
    found = results_page(query=filters.q, page=filters.page)
    return _answer(
        request,
        ResultsOut,
        {
            "items": [item.__dict__ for item in found.items],
            "page": found.page,
            "pages": found.pages,
            "total": found.total,
        },
    )


def _place(place: Any) -> dict[str, Any]:
    return {
        "place": place.place,
        "name": place.name,
        "prize": money(place.prize),
        "bounties": money(place.bounties),
    }


@public_api.get(
    "/results/{tournament_id}",
    response={200: TournamentOut, 304: None, 404: Error},
    summary="One tournament's results",
    operation_id="get_result",
)
def get_result(request: HttpRequest, tournament_id: int):
    """Places, prizes, special prizes, the final table and the structure played."""
    result = tournament_result(tournament_id)
    if result is None:
        raise _not_found()
    return _answer(
        request,
        TournamentOut,
        {
            "tournament": result.tournament.pk,
            "name": result.tournament.name,
            "date": result.date,
            "entries": result.entries,
            "currency": result.tournament.currency,
            "prize_pool": money(result.prize_pool),
            "places": [_place(p) for p in result.places],
            "special_prizes": [
                {"name": s.name, "amount": money(s.amount), "winners": s.winners}
                for s in result.special_prizes
            ],
            "final_table": [_place(p) for p in result.final_table],
            "levels": result.levels,
        },
    )


@public_api.get(
    "/seasons/{season_id}",
    response={200: SeasonOut, 304: None, 404: Error},
    summary="A league season's table",
    operation_id="get_season",
)
def get_season(request: HttpRequest, season_id: int):
    """The table with each player's results and corrections."""
    table = season_public(season_id)
    if table is None:
        raise _not_found()
    # The body composed once per version of its figures (README "Results out"),
    # each standing's name (read on every ask) put in after.
    head, lines = kept(("season-feed", table.version), lambda: _season_body(table))
    names = [json.dumps(line.name, ensure_ascii=False) for line in table.lines]
    standings = ", ".join(
        before + name + after for (before, after), name in zip(lines, names, strict=True)
    )
    return cacheable(request, _json_response(f"{head}[{standings}]}}"))


NAME_LATER = '"name": null'  # where a kept standing's name goes


def _season_body(table: PublicSeason) -> tuple[str, list[tuple[str, str]]]:
    """The body up to its standings, and each standing split where its name goes.
    The standings are the body's last field (SeasonOut). The head and the first
    standing are checked by the schema; the others are built alike (checking
    3,000 results took longer than the page may)."""
    body = json.loads(
        _body(
            SeasonOut,
            {
                "season": table.season.pk,
                "name": table.season.name,
                "best_of": table.season.best_of,
                "tournaments": [
                    {"tournament": t.id, "name": t.name, "date": t.date} for t in table.tournaments
                ],
                "standings": [],
            },
        )
    )
    head = json.dumps(body, ensure_ascii=False).removesuffix("[]}")
    lines = []
    for number, line in enumerate(table.lines):
        standing = _standing(line)
        if number == 0:
            standing = StandingOut.model_validate(standing).model_dump(mode="json")
        standing["name"] = None  # its key comes second, before any result: split there
        before, after = json.dumps(standing, ensure_ascii=False).split(NAME_LATER, 1)
        lines.append((before + '"name": ', after))
    return head, lines


def _standing(line: Any) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "name": "",
        "points": str(line.points),
        "played": line.played,
        "wins": line.wins,
        "best_place": line.best_place,
        "results": [
            {
                "tournament": c.tournament,
                "place": c.place,
                "points": str(c.points),
                "correction": str(c.correction),
                "counted": c.counted,
            }
            for c in line.results
        ],
    }
