"""Sent twice, done once, for the API and the pages (README "Sent twice, done once").

A write (POST, PUT, PATCH, DELETE) that carries an ``Idempotency-Key`` header, or a
page form's hidden one-time key (``{% once_key %}``, field ``idempotency_key``),
runs with its answer in one transaction: a key stored already is answered from
its row, else the view runs and its answer is stored with the key in one
statement before the commit. A double click, the browser's back button and a
second "Register", an offline tablet sending its queue again, all get the first
answer and change nothing. Without a key a request runs as before.

The view's own write nests in the key's without a savepoint (a keyed write costs
one statement more than without a key, README "Benchmarks"). If that write
fails, the whole transaction is broken and goes back: the view's refusal is
the answer (stored in a transaction of its own if it is one to keep); a view
that went on after the failure (another read, an answer of success) runs again
the careful way, its write in a savepoint, as without a key. A twin sent at the
same time finds the key taken when it stores its answer: its work goes back and
it answers what the first stored.

A tablet's queue sent in one request (``POST /api/v1/offline-queue``, README
"When the network drops") runs each of its actions as a request of its own with
its own key; the queue's key, if it has one, keeps the whole answer in a write
of its own after them (:func:`_run_on_its_own`), not around them, unless the
queue said to keep nothing (:func:`once_not_kept`: an action was busy).

What is stored: the API's answers 2xx and 3xx, and its 400 and 422 (the same body
is refused the same way); a page's redirect after a form (its target, shown again
with a note). Refusals of the moment (403, 404, 409 for a busy tournament or a
state that may change) store nothing, so sending again tries again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _

from tournament.api.auth import user_for_bearer
from tournament.errors import DomainError, refusal_headers, refusal_note
from tournament.inputs import API_PREFIX
from tournament.models import IdempotentRequest
from tournament.services.once_keys import (
    Answer,
    Claim,
    once_answer_keep,
    once_key_checked,
    once_stored,
)
from tournament.writes import Write, write

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
WRITES = ("POST", "PUT", "PATCH", "DELETE")
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
# Form fields that differ between two sendings of one form without changing what it asks.
NOT_THE_REQUEST = {"csrfmiddlewaretoken", FIELD}
REPLAYED_HEADER = "Idempotent-Replayed"
# Runs its parts as writes of their own: its key is kept after them (docstring).
ON_ITS_OWN = f"{API_PREFIX}offline-queue"
NOT_KEPT = "once_not_kept"

SENT_BEFORE = _("This form was sent already. Shown is its first result; nothing was done twice.")


class OnceMiddleware:
    """After the sign-in and CSRF checks: runs a keyed write and keeps its answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if request.method not in WRITES:
            return None
        key = _key_of(request)
        if key is None:
            return None
        sender = _sender(request, key)
        if not sender.known:  # a token that opens nothing: the view answers 401
            return None
        try:
            claim = Claim(
                key=once_key_checked(key),
                user_id=sender.user_id,
                operation=f"{request.method} {request.path}"[:300],
                body_hash=_body_hash(request),
            )
            stored = once_stored(claim, sender.stored) if sender.stored != NEW else None
            if stored is not None:
                return _replay(request, stored)
            if request.path == ON_ITS_OWN:
                return _run_on_its_own(request, claim, partial(view, request, *args, **kwargs))
            return _run(request, claim, partial(view, request, *args, **kwargs), sender.user)
        except _TwinFirst:
            stored = once_stored(claim)
            if stored is None:  # removed by the daily run meanwhile: never in 72 hours
                raise
            return _replay(request, stored)
        except DomainError as exc:
            return _refusal(request, exc)


class _TwinFirst(Exception):
    """A request with the same key committed its answer first."""


class _Broken(Exception):
    """The view's write failed without a savepoint: the transaction is lost."""


def _run(
    request: HttpRequest, claim: Claim, view: Callable[[], HttpResponse], by: Any
) -> HttpResponse:
    """The view and its answer in one transaction; the view's own write without
    a savepoint. If that write failed, all went back: a refusal stands as the
    answer, anything else runs again the careful way (module docstring). ``by``
    is who sends the key: the token's user, whom the API's check names only
    inside the view, or the session's."""
    opened: list[Write] = []
    refused: list[HttpResponse] = []
    try:
        with write.keyed_request(by=by) as w:
            opened.append(w)
            response = view()
            if w.broken:
                refused.extend([response] if response.status_code >= 400 else [])
                raise _Broken
            return _answered(w, request, claim, response)
    except Exception:
        if not (opened and opened[0].broken):
            raise
    with write(by=by) as w:
        return _answered(w, request, claim, refused[0] if refused else view())


def _run_on_its_own(
    request: HttpRequest, claim: Claim, view: Callable[[], HttpResponse]
) -> HttpResponse:
    """The view (its own writes, each committed), then its answer kept with the
    key in a write of its own; a twin that kept it first: the twin's answer."""
    response = view()
    if getattr(request, NOT_KEPT, False):
        return response
    answer = _answer_of(request, response)
    if answer is None:
        return response
    with write(by=getattr(request, "user", None)) as w:
        w.keep_quiet("the key and its answer: no screen shows them")
        if not once_answer_keep(claim, answer):
            raise _TwinFirst
    return response


def once_not_kept(request: HttpRequest) -> None:
    """The view's answer is one of the moment: its key keeps nothing."""
    setattr(request, NOT_KEPT, True)


def _answered(w: Write, request: HttpRequest, claim: Claim, response: HttpResponse) -> HttpResponse:
    """Store the answer with the key (one statement), unless a twin stored it first."""
    w.keep_quiet("the key and its answer: no screen shows them")
    answer = _answer_of(request, response)
    if answer is None:
        # A refusal of the moment is not kept; but it may be the work of a twin
        # that committed meanwhile (the player it busted): then the twin's answer.
        if once_stored(claim) is not None:
            raise _TwinFirst
    elif not once_answer_keep(claim, answer):
        raise _TwinFirst
    return response


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def _is_form(request: HttpRequest) -> bool:
    return request.content_type in FORMS


def _key_of(request: HttpRequest) -> str | None:
    key = request.headers.get(HEADER)
    if key is None and _is_form(request):
        key = request.POST.get(FIELD)
    return key


NEW = -1  # the key is known not to be stored yet


@dataclass(frozen=True)
class _Sender:
    known: bool  # False: a token that opens nothing
    user: Any  # the token's user, or the session's (its anonymous user on the phone's forms)
    stored: int | None  # the stored key's row, None when not looked up, NEW when not stored

    @property
    def user_id(self) -> int | None:
        """None: nobody signed in (the phone's public forms)."""
        return self.user.pk if self.user is not None and self.user.is_authenticated else None


def _sender(request: HttpRequest, key: str) -> _Sender:
    """Who sends the key. A bearer token is looked up here, before the API's own
    check, so the key belongs to the token's user; the same query says whether
    the key is stored (README "Sent twice, done once")."""
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        user = user_for_bearer(request, token.strip(), once_key=key)
        if user is None:
            return _Sender(known=False, user=None, stored=None)
        stored = getattr(user, "once_id", None)
        return _Sender(known=True, user=user, stored=NEW if stored is None else stored)
    return _Sender(known=True, user=getattr(request, "user", None), stored=None)


def _body_hash(request: HttpRequest) -> str:
    if _is_form(request):
        fields = sorted(
            (name, value)
            for name in request.POST
            if name not in NOT_THE_REQUEST
            for value in request.POST.getlist(name)
        )
        # A file sent is part of the request: another file with the key is another request.
        files = sorted(
            (name, upload.name or "", _digest_of(upload))
            for name in request.FILES
            for upload in request.FILES.getlist(name)
        )
        data = json.dumps([fields, files] if files else fields).encode()
    else:
        data = request.body
    return hashlib.sha256(data).hexdigest()


def _digest_of(upload: Any) -> str:
    digest = hashlib.sha256()
    for chunk in upload.chunks():
        digest.update(chunk)
    upload.seek(0)
    return digest.hexdigest()


def _answer_of(request: HttpRequest, response: HttpResponse) -> Answer | None:
    """The answer to keep with the key, or None for one not to keep."""
    render_now = getattr(response, "render", None)
    if callable(render_now) and not getattr(response, "is_rendered", True):
        render_now()
    status = response.status_code
    if 300 <= status < 400 and not _is_api(request):
        location = response.get("Location", "")
        if location and not location.startswith(settings.LOGIN_URL):
            return Answer(status=status, location=location)
        return None
    if not _repeatable(request, status) or response.streaming:
        return None
    try:
        body = response.content.decode()
    except UnicodeDecodeError:
        return None
    return Answer(status=status, content_type=response.get("Content-Type", ""), body=body)


def _repeatable(request: HttpRequest, status: int) -> bool:
    """An answer the same request would get again (see the module's docstring)."""
    if 200 <= status < 300:
        return True
    return _is_api(request) and (300 <= status < 400 or status in (400, 422))


def _replay(request: HttpRequest, stored: IdempotentRequest) -> HttpResponse:
    if stored.location:
        if request.user.is_authenticated:  # the phone's public pages show no messages
            messages.info(request, SENT_BEFORE)
        response: HttpResponse = redirect(stored.location)
    else:
        response = HttpResponse(
            stored.body, status=stored.status, content_type=stored.content_type or None
        )
    response[REPLAYED_HEADER] = "true"
    return response


def _refusal(request: HttpRequest, exc: DomainError) -> HttpResponse:
    refusal_note(request, exc)
    if _is_api(request) or not _is_form(request):
        return JsonResponse({"detail": str(exc)}, status=exc.status, headers=refusal_headers(exc))
    back = request.headers.get("Referer", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = ""
    context = {"message": str(exc), "back": back}
    response = render(request, "once_refused.html", context, status=exc.status)
    for name, value in refusal_headers(exc).items():
        response[name] = value
    return response
