from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse, HttpResponseForbidden, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.errors import DomainError, refusal_headers, refusal_note
from tournament.roles import DIRECTOR, MONEY, has_role

ROLE_REFUSED = gettext_lazy("Your role may not open this page.")
SIGN_IN_AGAIN = gettext_lazy("You are signed out: sign in again, then repeat this.")


def role_required(*allowed: str) -> Callable:
    """Signed-in staff with one of `allowed` roles; others get the login page or a 403."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                if wants_json(request):  # a script's form: it says so where the form was
                    return JsonResponse({"detail": str(SIGN_IN_AGAIN)}, status=401)
                return redirect_to_login(request.get_full_path())
            if not has_role(request.user, allowed):
                if wants_json(request):
                    return JsonResponse({"detail": str(ROLE_REFUSED)}, status=403)
                body = render_to_string("forbidden.html", {"message": ROLE_REFUSED}, request)
                return HttpResponseForbidden(body)
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


def money_required(*allowed: str) -> Callable:
    """A page that takes, pays out or shows money: the desk and directors (or
    only those of ``allowed``), never the floor (README "Cash desk"). The view is
    marked, so the test of every money page finds one that forgot it."""
    roles = allowed or MONEY
    if not set(roles) <= set(MONEY):
        raise ValueError(f"money pages are for {MONEY} only, not {roles}")

    def decorate(view: Callable) -> Callable:
        wrapped = role_required(*roles)(view)
        wrapped.takes_money = True  # type: ignore[attr-defined]
        return wrapped

    return decorate


def not_a_director(request: HttpRequest) -> HttpResponse | None:
    """The 403 page for staff who may open a page but not do this on it (only a
    tournament director may); None for a director."""
    if has_role(request.user, (DIRECTOR,)):
        return None
    return render(
        request,
        "forbidden.html",
        {"message": _("Only a tournament director may do this.")},
        status=403,
    )


def back_to(request: HttpRequest, default: str) -> str:
    """Where a form post returns: the page's own ``next`` when it is a path on
    this site (anything else, "a:b" say, would be taken for a URL name)."""
    wanted = request.POST.get("next") or ""
    if wanted.startswith("/") and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return default


def wants_json(request: HttpRequest) -> bool:
    """A page's script sent the form with ``fetch`` and reads the answer itself
    (the floor tablet, README "Screen messages"): no redirect, no page."""
    return "application/json" in request.headers.get("Accept", "")


def said_as_json(request: HttpRequest) -> JsonResponse:
    """The messages the action left, as the page's script shows them in place:
    ``{messages: [{level, text, tags}]}``. Read here, they are not shown again
    on the next page."""
    said = [
        {"level": message.level_tag, "text": str(message), "tags": message.extra_tags}
        for message in messages.get_messages(request)
    ]
    return JsonResponse({"messages": said})


def run_action(
    request: HttpRequest,
    action: Callable[[], Any],
    *,
    success: str | Callable[[Any], str],
    back: str,
    page: Callable[[], HttpResponse] | None = None,
) -> HttpResponse:
    """Run one service call for a form post.

    On success: a message and a redirect back; ``success`` may be a function of
    the service's result, to say what happened ("Anna is an alternate, 2nd in
    line"). On a refused action: the error message and the page again with the
    error's 4xx status, nothing changed. A form a page's script sent
    (:func:`wants_json`) gets the same words as JSON instead: ``{detail}`` with
    the 4xx, or the messages with 200.
    """
    try:
        result = action()
    except DomainError as exc:
        refusal_note(request, exc)
        if wants_json(request):
            return JsonResponse(
                {"detail": str(exc)}, status=exc.status, headers=refusal_headers(exc)
            )
        # An error may ask for a link on the page (e.g. "open a shift"): its tag.
        messages.error(request, str(exc), extra_tags=getattr(exc, "message_tags", ""))
        response = page() if page is not None else redirect(back)
        if page is not None:
            response.status_code = exc.status
        for name, value in refusal_headers(exc).items():
            response[name] = value
        return response
    said = success(result) if callable(success) else success
    if said:
        messages.success(request, said)
    return said_as_json(request) if wants_json(request) else redirect(back)
