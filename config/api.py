"""The JSON API, /api/v1/ (README "API"), put together from every
app's router. It lives in the project package: it is the one place that knows
all the apps' faces (README "How a floor action flows").

Every error answers ``{"detail": "..."}`` with one status per kind of error
(README "API", Errors).
"""

from __future__ import annotations

import json
from typing import Any

from django.db.utils import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.parser import Parser

from cashdesk.api.desk import router as cashdesk_router
from cashdesk.api.tickets import router as tickets_router
from clock.api.clock import router as clock_router
from clock.api.finish import router as finish_router
from clock.api.forecast import router as forecast_router
from formats.api.exports import router as formats_router
from imports.api.imports import router as imports_router
from layouts.api.layouts import router as layouts_router
from prereg.api.prereg import router as prereg_router
from privacy.api.privacy import router as privacy_router
from results.api.publish import router as results_router
from rulings.api.rulings import router as rulings_router
from screens.api.screens import router as screens_router
from signage.api.signage import router as signage_router
from tables.api.tables import router as tables_router
from tournament import unavailable
from tournament.api import validation
from tournament.api.auth import API_AUTH
from tournament.api.offline_queue import router as offline_queue_router
from tournament.api.openapi import document_errors
from tournament.api.payouts import router as payouts_router
from tournament.api.players import router as players_router
from tournament.api.prizes import router as prizes_router
from tournament.api.tournaments import router as tournaments_router
from tournament.errors import (
    DomainError,
    NamesField,
    RuleBeyondSchema,
    refusal_headers,
    refusal_note,
)
from tournament.json_input import json_number


class BodyParser(Parser):
    """Request bodies through the app's one JSON reader: a whole number written
    ``1.0`` is the integer 1, as the schema's ``integer`` promises."""

    def parse_body(self, request: HttpRequest) -> Any:
        return json.loads(request.body, parse_float=json_number)


class DirectorAPI(NinjaAPI):
    """The API whose schema also lists the errors each operation can answer."""

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        return document_errors(super().get_openapi_schema(*args, **kwargs))

    def get_openapi_operation_id(self, operation: Any) -> str:
        # The handler's name alone ("create_tournament"): what a generated client
        # calls the function. The schema test holds the names unique.
        return operation.view_func.__name__


DESCRIPTION = """\
The tournament director of a live poker room: tournaments, registrations, the
seat draw, tables, bust-outs and moves, the clock, rulings, payouts and
results. Result websites, league sites, cashier systems and dealer tablets use
it to read and run the room's tournaments.

**Authentication.** Send a per-user token as `Authorization: Bearer <token>`
(a director prints one with `python manage.py apitoken USERNAME`). A browser
signed in to the site may use its session instead, with the CSRF header on
writes. What a caller may do follows the user's role: director, floor or desk.

**Ids and numbers.** Paths take ids. Inside a tournament's payloads `table` is
the table's number, as the floor says it (unique in its tournament), not its id.

**Money** is a decimal string with two decimals (`"1250.00"`); chips are
whole numbers.

**Errors** answer `{"detail": "..."}` in the reader's language
(`Accept-Language`): 400 a body that is not JSON, 401 no valid credentials,
403 the role may not do this, 404 unknown id, 409 the tournament's state
forbids the action (or another action is in progress), 413 body too large,
422 a value the schema or a field's rules refuse (`field` names it),
503 the database is not answering.
"""

api = DirectorAPI(
    title="Tournament director API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api-v1",
    auth=API_AUTH,
    docs_url="/docs",
    openapi_url="/openapi.json",
    parser=BodyParser(),
)


def _detail(request: HttpRequest, message: str, status: int, **extra) -> HttpResponse:
    return api.create_response(request, {"detail": message, **extra}, status=status)


def _refused(request: HttpRequest, exc: DomainError, message: str, **extra) -> HttpResponse:
    response = _detail(request, message, exc.status, **extra)
    for name, value in refusal_headers(exc).items():
        response[name] = value
    return response


@api.exception_handler(DomainError)
def on_domain_error(request: HttpRequest, exc: DomainError) -> HttpResponse:
    refusal_note(request, exc)
    if isinstance(exc, RuleBeyondSchema):
        return _refused(request, exc, exc.api_detail(), field=exc.field, rule=exc.rule)
    if isinstance(exc, NamesField):
        return _refused(request, exc, exc.api_detail(), field=exc.field)
    return _refused(request, exc, str(exc))


def _field(errors: list) -> str | None:
    """The first refused field, dotted, as a service's field error names it."""
    return next((validation.where(e) for e in errors if validation.where(e)), None)


@api.exception_handler(ValidationError)
def on_validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    errors = list(exc.errors)
    message = "; ".join(validation.describe(e) for e in errors) or _("Invalid request.")
    safe = [{"loc": list(map(str, e.get("loc", ()))), "msg": validation.message(e)} for e in errors]
    return _detail(request, message, 422, field=_field(errors), errors=safe)


@api.exception_handler(AuthenticationError)
def on_unauthenticated(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return _detail(request, _("Sign in or send a valid API token."), 401)


@api.exception_handler(HttpError)
def on_http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    return _detail(request, str(exc), exc.status_code)


@api.exception_handler(Http404)
def on_not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return _detail(request, _("Not found."), 404)


@api.exception_handler(OperationalError)
@api.exception_handler(InterfaceError)
def on_database_down(request: HttpRequest, exc: Exception) -> HttpResponse:
    # 503 {"detail"} (or 202 "saved" when the write had committed), never a 500.
    return unavailable.answer(request, exc)


api.add_router("", tournaments_router)
api.add_router("", tables_router)
api.add_router("", clock_router)
api.add_router("", finish_router)
api.add_router("", forecast_router)
api.add_router("", rulings_router)
api.add_router("", payouts_router)
api.add_router("", prizes_router)
api.add_router("", screens_router)
api.add_router("", privacy_router)
api.add_router("", players_router)
api.add_router("", results_router)
api.add_router("", imports_router)
api.add_router("", tickets_router)
api.add_router("", cashdesk_router)
api.add_router("", layouts_router)
api.add_router("", prereg_router)
api.add_router("", signage_router)
api.add_router("", formats_router)
api.add_router("", offline_queue_router)
