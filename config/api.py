"""The JSON API, /api/v1/ (README "API"), put together from every
app's router. It lives in the project package: it is the one place that knows
all the apps' faces (README "How a floor action flows").

Every error answers ``{"detail": "..."}`` with a 4xx status.
"""

from __future__ import annotations

from typing import Any

from django.db.utils import InterfaceError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError

from clock.api import router as clock_router
from privacy.api import router as privacy_router
from rulings.api import router as rulings_router
from screens.api import router as screens_router
from tables.api import router as tables_router
from tournament import unavailable
from tournament.api.auth import API_AUTH
from tournament.api.openapi import document_errors
from tournament.api.payouts import router as payouts_router
from tournament.api.tournaments import router as tournaments_router
from tournament.errors import DomainError, FieldInvalid


class DirectorAPI(NinjaAPI):
    """The API whose schema also lists the errors each operation can answer."""

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        return document_errors(super().get_openapi_schema(*args, **kwargs))


api = DirectorAPI(
    title="Tournament director API",
    version="1",
    urls_namespace="api-v1",
    auth=API_AUTH,
    docs_url="/docs",
    openapi_url="/openapi.json",
)


def _detail(request: HttpRequest, message: str, status: int, **extra) -> HttpResponse:
    return api.create_response(request, {"detail": message, **extra}, status=status)


@api.exception_handler(DomainError)
def on_domain_error(request: HttpRequest, exc: DomainError) -> HttpResponse:
    if isinstance(exc, FieldInvalid):
        return _detail(request, exc.api_detail(), exc.status, field=exc.field)
    return _detail(request, str(exc), exc.status)


def _describe(error: dict) -> str:
    where = ".".join(str(part) for part in error.get("loc", ()) if part not in ("body", "payload"))
    return f"{where}: {error.get('msg', '')}" if where else str(error.get("msg", ""))


@api.exception_handler(ValidationError)
def on_validation_error(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    errors = list(exc.errors)
    message = "; ".join(_describe(e) for e in errors) or _("Invalid request.")
    safe = [{"loc": list(map(str, e.get("loc", ()))), "msg": str(e.get("msg", ""))} for e in errors]
    return _detail(request, message, 422, errors=safe)


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
api.add_router("", rulings_router)
api.add_router("", payouts_router)
api.add_router("", screens_router)
api.add_router("", privacy_router)
