"""Sent twice, done once, for the API and the pages (README "Sent twice, done once").

A write (POST, PUT, PATCH, DELETE) that carries an ``Idempotency-Key`` header, or a
page form's hidden one-time key (``{% once_key %}``, field ``idempotency_key``),
runs inside one transaction that first claims the key, then runs the view and
stores its answer with the key: a double click, the browser's back button and a
second "Register", an offline tablet sending its queue again, all get the first
answer and change nothing. Without a key a request runs as before.

What is stored: the API's answers 2xx and 3xx, and its 400 and 422 (the same body
is refused the same way); a page's redirect after a form (its target, shown again
with a note). Refusals of the moment (403, 404, 409 for a busy tournament or a
state that may change) free the key, so sending again tries again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _

from tournament.api.auth import token_digest
from tournament.errors import DomainError, refusal_headers, refusal_note
from tournament.inputs import API_PREFIX
from tournament.models import ApiToken, IdempotentRequest
from tournament.services.once_keys import (
    Claim,
    once_answer_store,
    once_key_checked,
    once_key_claim,
    once_key_release,
)
from tournament.writes import write

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
WRITES = ("POST", "PUT", "PATCH", "DELETE")
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")
# Form fields that differ between two sendings of one form without changing what it asks.
NOT_THE_REQUEST = {"csrfmiddlewaretoken", FIELD}
REPLAYED_HEADER = "Idempotent-Replayed"

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
        known, user_id = _sender(request)
        if not known:  # a token that opens nothing: the view answers 401
            return None
        try:
            claim = Claim(
                key=once_key_checked(key),
                user_id=user_id,
                operation=f"{request.method} {request.path}"[:300],
                body_hash=_body_hash(request),
            )
            # One write around the view: the key, the view's own writes nested in
            # it, the answer stored with the key; all commit together or none.
            with write(by=getattr(request, "user", None)) as w:
                stored = once_key_claim(w, claim)
                w.keep_quiet("the key and its answer: no screen shows them")
                if stored is not None:
                    return _replay(request, stored)
                response = view(request, *args, **kwargs)
                _keep_or_release(request, key, response)
        except DomainError as exc:
            return _refusal(request, exc)
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


def _sender(request: HttpRequest) -> tuple[bool, int | None]:
    """Whether the sender is known, and his user id (None: nobody signed in, the
    phone's public forms). A bearer token is looked up here, before the API's own
    check, so the key belongs to the token's user."""
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        user_id = (
            ApiToken.objects.filter(digest=token_digest(token.strip()), user__is_active=True)
            .values_list("user_id", flat=True)
            .first()
        )
        return user_id is not None, user_id
    user = getattr(request, "user", None)
    return True, (user.pk if user is not None and user.is_authenticated else None)


def _body_hash(request: HttpRequest) -> str:
    if _is_form(request):
        fields = sorted(
            (name, value)
            for name in request.POST
            if name not in NOT_THE_REQUEST
            for value in request.POST.getlist(name)
        )
        data = json.dumps(fields).encode()
    else:
        data = request.body
    return hashlib.sha256(data).hexdigest()


def _keep_or_release(request: HttpRequest, key: str, response: HttpResponse) -> None:
    render_now = getattr(response, "render", None)
    if callable(render_now) and not getattr(response, "is_rendered", True):
        render_now()
    status = response.status_code
    if 300 <= status < 400 and not _is_api(request):
        location = response.get("Location", "")
        if location and not location.startswith(settings.LOGIN_URL):
            once_answer_store(key, status=status, location=location)
            return
    elif _repeatable(request, status) and not response.streaming:
        try:
            body = response.content.decode()
        except UnicodeDecodeError:
            body = None
        if body is not None:
            content_type = response.get("Content-Type", "")
            once_answer_store(key, status=status, content_type=content_type, body=body)
            return
    once_key_release(key)


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
