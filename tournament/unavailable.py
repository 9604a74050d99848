"""When the database does not answer: a 503 that says so, never a 500 page or a long wait.

PostgreSQL down, restarting or out of connections ends a request with
``OperationalError`` (or ``InterfaceError``) within about two seconds (the
connect and pool timeouts in config/settings.py). The API answers JSON
``{"detail": ...}`` with 503 and ``Retry-After`` (so do the screens' polls,
which ask for JSON); pages answer a translated
503 page drawn without the database (no session, no user). README
"Production", "When Redis or PostgreSQL fails".

A write that committed is never answered with an error: every write records
its change (:meth:`tournament.writes.Write.record`), which notes its commit for
the request. If the database fails after that, while the answer is being
built, the API answers 202 with ``{"detail": ..., "saved": true}`` and a page
says the change was saved, so the floor does not repeat a bust that happened.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.db.utils import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.views import defaults

from tournament.changes import commits_of_request, committed_in_request
from tournament.inputs import API_PREFIX

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
DATABASE_DOWN = _("The database is not answering right now. Try again in a moment.")
SAVED_BUT_UNREAD = _(
    "Saved. The database stopped answering before the answer was ready: "
    "reload in a moment to see the result."
)


def database_down(exc: BaseException | None) -> bool:
    return isinstance(exc, OperationalError | InterfaceError)


def answer(request: HttpRequest, exc: BaseException) -> HttpResponse:
    """The answer to a request that the database left without one."""
    saved = committed_in_request()
    logger.warning(
        "database not answering (%s %s, %s): %s",
        request.method,
        request.path,
        "after its commit" if saved else "nothing saved",
        exc,
    )
    if _wants_json(request):
        if saved:
            return JsonResponse({"detail": str(SAVED_BUT_UNREAD), "saved": True}, status=202)
        response: HttpResponse = JsonResponse({"detail": str(DATABASE_DOWN)}, status=503)
    else:
        response = _page(request, saved=saved)
    if not saved:
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _wants_json(request: HttpRequest) -> bool:
    """The API, and the screens' polls, which ask for JSON."""
    accept = request.headers.get("Accept", "")
    return request.path.startswith(API_PREFIX) or accept.startswith("application/json")


def _page(request: HttpRequest, *, saved: bool) -> HttpResponse:
    language = translation.get_language_from_request(request)
    with translation.override(language):
        html = render_to_string(
            "503.html",
            {
                "message": SAVED_BUT_UNREAD if saved else DATABASE_DOWN,
                "saved": saved,
                "again": request.method == "GET" and not saved,
                "LANGUAGE_CODE": language,
            },
        )
    return HttpResponse(html, status=200 if saved else 503)


class DatabaseUnavailableMiddleware:
    """Outermost: answers a view's database failure, and notes the request's commits."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        with commits_of_request():
            return self.get_response(request)

    def process_exception(self, request: HttpRequest, exc: Exception) -> HttpResponse | None:
        return answer(request, exc) if database_down(exc) else None


def server_error(request: HttpRequest, template_name: str = "500.html") -> HttpResponse:
    """handler500: a database failure outside the view (a middleware, the
    session save) is a 503 too; anything else is Django's plain 500."""
    exc = sys.exc_info()[1]
    if database_down(exc):
        assert exc is not None
        return answer(request, exc)
    return defaults.server_error(request, template_name)
