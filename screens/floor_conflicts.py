"""Refused queued actions kept as the floor's conflicts (README "When the network
drops").

A floor tablet back online sends its queued actions in the order taken, each
marked ``Offline-Queue: 1`` with its ``Idempotency-Key``, ``Device-Time`` (when
it was taken, ISO 8601 with an offset) and ``Device-Name``. When the server
refuses one (409, 422, 403, 404, 400), the refused write has rolled back;
a refusal of the moment (409 with ``Retry-After``: another action held the
tournament) is not kept, the tablet sends it again; this
middleware then keeps the refusal in a write of its own
(:func:`tables.services.conflicts.conflict_record`) in the tournament the path
names, and the answer goes out unchanged. It sits outside the one-time keys'
middleware, so it sees the answer after that write committed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.db import DatabaseError, models
from django.http import HttpRequest, HttpResponse
from django.http.request import RawPostDataException
from django.urls import Resolver404, ResolverMatch, resolve
from django.utils import translation
from django.utils.functional import Promise

from clock.models import ClockCall, ShotClockTurn
from rulings.models import Ruling
from tables.models import Move, Table
from tables.presenters_conflicts import action_of
from tables.services.conflicts import Refused, conflict_record
from tournament.errors import DomainError, NamesField, refusal_of
from tournament.inputs import API_PREFIX
from tournament.models import Entry
from tournament.writes import write

logger = logging.getLogger(__name__)

OFFLINE_HEADER = "Offline-Queue"
WRITES = ("POST", "PUT", "PATCH", "DELETE")
# Refusals a queued action cannot be sent again past: kept as conflicts. A 401
# (signed out) and a 5xx are not: the tablet signs in again or tries again.
KEPT = frozenset({400, 403, 404, 409, 410, 422})
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
NOT_THE_ACTION = {"csrfmiddlewaretoken", "idempotency_key"}

# The word before an id in a path, and the rows it names.
NAMED: dict[str, tuple[str, type[models.Model]]] = {
    "entries": ("entry", Entry),
    "results": ("entry", Entry),
    "tables": ("table", Table),
    "moves": ("move", Move),
    "clock-calls": ("clock_call", ClockCall),
    "shot-clock": ("shot_clock", ShotClockTurn),
    "rulings": ("ruling", Ruling),
}


class FloorConflictMiddleware:
    """After the answer: a queued action refused is kept as a floor conflict."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            request.method in WRITES
            and request.headers.get(OFFLINE_HEADER, "").strip() == "1"
            and response.status_code in KEPT
            # A refusal of the moment (the tournament busy): the tablet sends it again.
            and not response.has_header("Retry-After")
        ):
            try:
                _keep(request, response)
            except (DomainError, DatabaseError):  # the tournament busy, the database away
                logger.warning("a refused queued action was not kept: %s", request.path)
        return response


def _keep(request: HttpRequest, response: HttpResponse) -> None:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return
    match = _match(request.path_info)
    tournament_id, named = _located(match) if match is not None else (None, {})
    if tournament_id is None:
        tournament_id = _of_page_sent_from(request)
    if tournament_id is None:
        logger.warning("a refused queued action names no tournament: %s", request.path)
        return
    refused = Refused(
        key=request.headers.get("Idempotency-Key", "").strip()[:100],
        method=request.method or "",
        path=request.path,
        action=_action(match, request),
        status=response.status_code,
        message=_words(request, response),
        language=getattr(request, "LANGUAGE_CODE", "") or translation.get_language() or "",
        body=_body(request),
        named=named,
        device=request.headers.get("Device-Name", "").strip()[:100],
        device_time=_device_time(request.headers.get("Device-Time", "")),
    )
    conflict_record(tournament_id=tournament_id, refused=refused, by=user)


def _match(path: str) -> ResolverMatch | None:
    try:
        return resolve(path)
    except Resolver404:
        return None


def _action(match: ResolverMatch | None, request: HttpRequest) -> str:
    if match is None or not match.url_name:
        return f"{request.method} {request.path}".lower()[:40]
    return action_of(match.url_name, str(match.kwargs.get("action", "")))


def _located(match: ResolverMatch) -> tuple[int | None, dict[str, int]]:
    """The tournament the path names, and the rows it names on the way."""
    segments = match.route.strip("/").split("/")
    values = [v for k, v in match.kwargs.items() if k != "action"]
    tournament_id: int | None = None
    named: dict[str, int] = {}
    ids = iter(values)
    for before, segment in zip(["", *segments], segments, strict=False):
        if not segment.startswith("<"):
            continue
        value = next(ids, None)
        if value is None or not str(value).isdigit():
            continue
        pk = int(value)
        if before == "tournaments":
            tournament_id = pk
        elif before in NAMED:
            name, model = NAMED[before]
            named[name] = pk
            tournament_id = tournament_id or _tournament_of(model, pk)
    return tournament_id, named


def _tournament_of(model: type[models.Model], pk: int) -> int | None:
    try:
        scope = write.for_row_or_room(model, pk)
    except DomainError:  # no such row
        return None
    return scope.id if scope is not None else None


def _of_page_sent_from(request: HttpRequest) -> int | None:
    """A path that names no tournament (an id already gone): the floor page the
    tablet sent it from does."""
    referer = urlsplit(request.headers.get("Referer", ""))
    if referer.netloc and referer.netloc != request.get_host():
        return None
    match = _match(referer.path) if referer.path else None
    value = match.kwargs.get("tournament_id") if match is not None else None
    return int(value) if value is not None and str(value).isdigit() else None


def _words(request: HttpRequest, response: HttpResponse) -> dict[str, str]:
    """Why the action was refused, in every language when the refusal's words
    were not yet put in one (README "When the network drops")."""
    refused = refusal_of(request)
    language = getattr(request, "LANGUAGE_CODE", "") or translation.get_language() or "en"
    if refused is None:
        detail = _detail(response)
        return {language: detail} if detail else {}
    named = isinstance(refused, NamesField) and request.path.startswith(API_PREFIX)
    if not isinstance(refused.message, Promise):  # words filled in: the reader's only
        return {language: _said(refused, named)}
    words = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            words[code] = _said(refused, named)
    return words


def _said(refused: DomainError, named: bool) -> str:
    return refused.api_detail() if named and isinstance(refused, NamesField) else str(refused)


def _detail(response: HttpResponse) -> str:
    if "json" not in response.get("Content-Type", "") or response.streaming:
        return ""
    try:
        answer = json.loads(response.content)
    except ValueError:
        return ""
    detail = answer.get("detail") if isinstance(answer, dict) else None
    return str(detail)[:500] if detail else ""


def _body(request: HttpRequest) -> Any:
    """The action's body as JSON: a form's fields as an object (a field sent
    several times as a list), a JSON body as sent."""
    if request.content_type in FORMS:
        return {
            name: values[0] if len(values) == 1 else values
            for name, values in request.POST.lists()
            if name not in NOT_THE_ACTION
        }
    try:
        raw = request.body
    except RawPostDataException:
        return {}
    if not raw:
        return {}
    try:
        return json.loads(raw)
    except ValueError:
        return {"text": raw.decode("utf-8", "replace")[:2000]}


def _device_time(text: str) -> datetime | None:
    """``Device-Time`` with its offset; anything else is left out, never refused."""
    try:
        found = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    return found if found.tzinfo is not None else None
