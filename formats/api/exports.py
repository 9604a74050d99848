"""The result files other sites read, over the API (README "Results out: formats"):
The Hendon Mob's results file of a tournament and a league's federation points.
Directors only; both answer a CSV file (UTF-8, a dot and two decimals)."""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _
from ninja import Field, Query, Router, Schema

from formats.rules import federation
from formats.rules.money_out import HENDON_MOB_COLUMNS, plain_amount
from formats.selectors import federation_rows, hendon_mob_rows
from tournament.api.auth import require_role
from tournament.errors import RuleBeyondSchema
from tournament.roles import DIRECTOR
from tournament.rules import names
from tournament.rules.spreadsheet import SpreadsheetWriter
from tournament.services.tournaments import tournament_get

router = Router(tags=["results out"])
ONLY_DIRECTOR = _("Only a tournament director may export results.")
BAD_TOKENS = _("Tokens: whole numbers from the first place down, never more than the place above.")
TOKENS_PATTERN = r"^\s*(\d{1,6}\s*(,\s*\d{1,6}\s*)*)?$"
# The tokens as a whole (none more than the place above; a list for the tokens
# preset) is a relation between items and parameters, beyond the schema.
TOKENS_RULE = "tokens_by_place"
BAD_FACTOR = _("A factor is a number from 0 to 1000.")
FEDERATION_COLUMNS = ("date", "tournament", "type", "field", "place", "name", "points")
CSV_ANSWER = {
    "responses": {
        200: {
            "description": "A CSV file (UTF-8, comma-separated, a header row).",
            "content": {"text/csv": {"schema": {"type": "string"}}},
        }
    }
}


def csv_file(filename: str, header: tuple[str, ...], rows: list[list[str]]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    # Without a byte-order mark (the upload reads plain UTF-8), but every text
    # cell through the one safe writer: a name never runs as a formula.
    writer = SpreadsheetWriter(response)
    writer.writerow(header)
    writer.writerows(rows)
    return response


@router.get(
    "/tournaments/{tournament_id}/export/hendon-mob",
    response={200: None},
    openapi_extra=CSV_ANSWER,
    description="The places paid as The Hendon Mob's results upload takes them: place, "
    "name, country, prize, currency, event, date (ISO). Names as each player chose.",
)
def export_hendon_mob(request: HttpRequest, tournament_id: int) -> HttpResponse:
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tournament = tournament_get(tournament_id)
    rows = hendon_mob_rows(tournament)
    return csv_file(f"hendon-mob-{names.file_slug(tournament.name)}", HENDON_MOB_COLUMNS, rows)


class FederationQuery(Schema):
    preset: Literal["bottom", "tokens"] = Field(
        description="bottom: one point per place counted from the bottom times the type's "
        "factor; tokens: a cup's tokens per place from `tokens`."
    )
    tokens: str = Field(
        "",
        max_length=1000,
        pattern=TOKENS_PATTERN,
        description="tokens preset: tokens by place, best first: `5,3,2,1` (each no more "
        "than the one before it).",
    )
    factor_freezeout: Decimal = Field(Decimal(1), ge=0, le=1000, description="bottom: freezeouts.")
    factor_re_entry: Decimal = Field(
        Decimal(1), ge=0, le=1000, description="bottom: re-entry tournaments."
    )
    factor_event_day: Decimal = Field(
        Decimal(1), ge=0, le=1000, description="bottom: a flight or day of an event."
    )


def parsed_tokens(text: str) -> list[int]:
    try:
        return federation.checked_tokens([int(part) for part in text.split(",") if part.strip()])
    except (ValueError, federation.FederationError) as exc:
        raise RuleBeyondSchema("tokens", BAD_TOKENS, rule=TOKENS_RULE) from exc


@router.get(
    "/seasons/{season_id}/export/federation",
    response={200: None},
    openapi_extra=CSV_ANSWER,
    description="Every placed result of the season with a federation's points: "
    "date, tournament, type, field, place, name, points.",
)
def export_federation(
    request: HttpRequest, season_id: int, query: Query[FederationQuery]
) -> HttpResponse:
    require_role(request, (DIRECTOR,), ONLY_DIRECTOR)
    tokens = parsed_tokens(query.tokens) if query.preset == federation.TOKENS else []
    given = {
        federation.FREEZEOUT: query.factor_freezeout,
        federation.RE_ENTRY: query.factor_re_entry,
        federation.EVENT_DAY: query.factor_event_day,
    }
    try:
        factors = federation.checked_factors(given)
    except federation.FederationError as exc:
        raise RuleBeyondSchema(f"factor_{exc}", BAD_FACTOR, rule="factor_finite") from exc
    rows = federation_rows(season_id, preset=query.preset, factors=factors, tokens=tokens)
    lines = [
        [
            r.day.isoformat(),
            r.tournament,
            r.kind,
            str(r.field),
            str(r.place),
            r.name,
            plain_amount(r.points),
        ]
        for r in rows
    ]
    return csv_file(f"federation-{query.preset}-{season_id}", FEDERATION_COLUMNS, lines)
