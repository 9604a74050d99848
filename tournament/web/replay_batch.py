"""A tablet's queue in one request (README "When the network drops").

A floor tablet back online used to send its queued actions one request each:
with ten tablets back at once, the server spent about a third of each action on
the request itself (HTTP, the ASGI hop to the one thread that runs the views).
:func:`replay_queue` takes one device's queue, in the order taken, and runs
each action as the request it would have been: the same path and body, its own
``Idempotency-Key``, ``Device-Time``, ``Device-Name`` and ``Offline-Queue: 1``,
the sender's credentials, through the same middleware and view. So each action
is its own write through the one write unit with its own key; a refusal is kept
as a floor conflict as before; what changes is only the transport.

Each action's outcome is the one-by-one replay's (static/js/offline_queue.js):
``applied`` (2xx or 3xx), ``replayed`` (its key's stored answer), ``refused``
(a 4xx the tablet does not send again: the conflicts list has it) and, at the
first answer the tablet would send again later (the tournament busy, 409 with
``Retry-After``; a 5xx; signed out), the queue stops there: that action is
``busy`` and every one after it ``not_sent``, for the tablet to send again in
the order taken.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from io import BytesIO
from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.core.handlers.base import BaseHandler
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext_lazy as _

from tournament.errors import FieldNotFound, RuleBeyondSchema
from tournament.models import IdempotentRequest
from tournament.web.once import REPLAYED_HEADER

OFFLINE_QUEUE = "HTTP_OFFLINE_QUEUE"
FIELD = "actions"
FORM = "application/x-www-form-urlencoded"
JSON = "application/json"
# What the tablet sends again later, as its one-by-one replay did: signed out,
# timed out, too many; a 5xx; the tournament busy (409 with Retry-After).
AGAIN = frozenset({401, 408, 429})
# The request's own headers that are not the action's (each action brings its own).
NOT_PASSED = (
    "CONTENT_TYPE",
    "CONTENT_LENGTH",
    "HTTP_CONTENT_TYPE",
    "HTTP_CONTENT_LENGTH",
    "HTTP_IDEMPOTENCY_KEY",
    "HTTP_DEVICE_TIME",
    "HTTP_DEVICE_NAME",
    "HTTP_ACCEPT",
)

NOT_A_PATH = _("Action %(n)s: %(path)s is no path of this server.")
NOT_IN_A_QUEUE = _("Action %(n)s: the queue's own address cannot be queued.")


@dataclass(frozen=True)
class Queued:
    """One action as the tablet kept it."""

    method: str
    path: str
    key: str
    device_time: str | None = None
    device: str = ""
    body: Any = None
    fields: list[tuple[str, str]] | None = None
    accept: str = ""


@dataclass
class Outcome:
    """What became of one action."""

    key: str
    outcome: str  # applied, replayed, refused, busy, not_sent
    status: int | None = None
    answer: Any = None
    detail: str | None = None
    retry_after: int | None = None


class _Handler(BaseHandler):
    """Django's handler with the project's middleware, built once."""


_handler: _Handler | None = None


def _the_handler() -> _Handler:
    global _handler
    if _handler is None:
        handler = _Handler()
        handler.load_middleware(is_async=False)
        _handler = handler
    return _handler


def queue_checked(actions: list[Queued], own_path: str) -> None:
    """Nothing is done when an action's path is none of this server's (404
    naming the field, as a body naming what does not exist) or the queue's own
    (422 naming the rule)."""
    for n, action in enumerate(actions, start=1):
        path = action.path.split("?", 1)[0]
        if path == own_path:
            raise RuleBeyondSchema(FIELD, NOT_IN_A_QUEUE % {"n": n}, rule="not_the_queue")
        try:
            resolve(path)
        except Resolver404 as exc:
            shown = {"n": n, "path": f"«{action.path[:200]}»"}
            raise FieldNotFound(FIELD, NOT_A_PATH % shown) from exc


def replay_queue(request: HttpRequest, actions: list[Queued]) -> list[Outcome]:
    """Each action in order, each its own request; stops at the first one the
    tablet must send again (module docstring)."""
    outcomes: list[Outcome] = []
    stopped = False
    known = _bearer_known(request, actions)
    signed_in = _session_user(request) if known is None else None
    for action in actions:
        if stopped:
            outcomes.append(Outcome(key=action.key, outcome="not_sent"))
            continue
        sub = _request_of(request, action)
        if known is not None:
            token, user, stored = known
            # The token's user as this request found him, and whether the key is
            # stored (one query for the queue): what the action's own look-up
            # of its token and key would find (tournament.api.auth.user_for_bearer).
            mine = copy.copy(user)
            mine.once_id = stored.get(action.key)
            sub.bearer_seen = (token, mine)  # type: ignore[attr-defined]
        elif signed_in is not None:
            # The user the queue's request found with its session: Django's
            # AuthenticationMiddleware takes a request's user from here and
            # reads neither the session nor the user again for the action.
            sub._cached_user = copy.copy(signed_in)  # type: ignore[attr-defined]
        response = _the_handler().get_response(sub)
        # Not response.close(): that says the request is finished, and the
        # database connection would be closed (and opened again) per action.
        outcome = _outcome_of(action, response)
        stopped = outcome.outcome == "busy"
        outcomes.append(outcome)
    return outcomes


def _bearer_known(
    request: HttpRequest, actions: list[Queued]
) -> tuple[str, Any, dict[str, int]] | None:
    """A queue sent with a token: the token's user (looked up once for the
    queue) and the ids of its actions' keys stored already, in one query. A
    key stored meanwhile by a twin is still found at its answer's insert, which
    then answers the twin's (tournament.web.once)."""
    seen = getattr(request, "bearer_seen", None)
    if seen is None or seen[1] is None:
        return None
    keys = [a.key for a in actions]
    stored = dict(IdempotentRequest.objects.filter(key__in=keys).values_list("key", "pk"))
    return seen[0], seen[1], stored


def _session_user(request: HttpRequest) -> Any | None:
    """The user signed in by the queue's session (looked up once for the
    queue), or None."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    return getattr(request, "_cached_user", None)


def _request_of(request: HttpRequest, action: Queued) -> WSGIRequest:
    """The action as the request the tablet would have sent, with the sender's
    cookies, credentials and CSRF header."""
    path, _mark, query = action.path.partition("?")
    if action.fields is not None:
        data, content_type = urlencode(action.fields).encode(), FORM
    else:
        body = {} if action.body is None else action.body
        data, content_type = json.dumps(body).encode(), JSON
    environ = {k: v for k, v in request.META.items() if k not in NOT_PASSED}
    environ.update(
        {
            "REQUEST_METHOD": action.method,
            "PATH_INFO": path,
            "SCRIPT_NAME": settings.FORCE_SCRIPT_NAME or "",
            "QUERY_STRING": query,
            "CONTENT_TYPE": content_type,
            "CONTENT_LENGTH": str(len(data)),
            "HTTP_IDEMPOTENCY_KEY": action.key,
            "HTTP_DEVICE_NAME": action.device,
            "HTTP_ACCEPT": action.accept or request.META.get("HTTP_ACCEPT", JSON),
            OFFLINE_QUEUE: "1",
            "wsgi.input": BytesIO(data),
            "wsgi.url_scheme": request.scheme or "http",
        }
    )
    if action.device_time is not None:
        environ["HTTP_DEVICE_TIME"] = action.device_time
    return WSGIRequest(environ)


def _outcome_of(action: Queued, response: HttpResponse) -> Outcome:
    status = response.status_code
    answer = _answer(response)
    detail = answer.get("detail") if isinstance(answer, dict) else None
    signed_out = 300 <= status < 400 and response.get("Location", "").startswith(
        str(settings.LOGIN_URL)
    )
    wait = response.get("Retry-After")
    if status >= 500 or status in AGAIN or signed_out or (status == 409 and wait):
        return Outcome(
            key=action.key,
            outcome="busy",
            status=status,
            detail=str(detail) if detail else None,
            retry_after=int(wait) if wait and wait.isdigit() else None,
        )
    if status >= 400:
        kind = "refused"
    elif response.get(REPLAYED_HEADER) == "true":
        kind = "replayed"
    else:
        kind = "applied"
    return Outcome(
        key=action.key,
        outcome=kind,
        status=status,
        answer=answer,
        detail=str(detail) if detail and kind == "refused" else None,
    )


def _answer(response: HttpResponse) -> Any:
    """The action's JSON answer, or None (a page's redirect or HTML)."""
    if response.streaming or "json" not in response.get("Content-Type", ""):
        return None
    try:
        return json.loads(response.content)
    except ValueError:
        return None
