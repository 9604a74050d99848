"""Every request's input is checked once, before any view or operation runs.

API (/api/v1/): Django Ninja reads a body only for operations that declare
one, parses it as JSON whatever its content type, and lets a bare value
(``"x"``, ``null``, ``-5``) through to operations whose fields all have
defaults. Here a non-empty body must be sent as JSON and be an object
(operations then validate its fields), a body over the size limit gets a
JSON 413 instead of Django's HTML page, and no string may carry a NUL
character: PostgreSQL cannot store one and a search for it ended in a 500.
JSON nested deeper than :data:`tournament.json_input.MAX_DEPTH` is a 422.

Links: a path with a NUL byte names nothing, so it is a 404 (JSON on the API)
before any view runs: a view that looked the text up on PostgreSQL ended in
a 500 ("text fields cannot contain NUL").

Pages: a NUL in a query or form value is refused with 400 the same way;
Django's forms refuse it already, this covers values views read directly. A
form with more files than a request takes, or too big, is a plain 422 / 413
in the reader's language instead of Django's "Bad Request" page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFilesSent
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext_lazy as _

from tournament.json_input import JsonRefused, json_parse

API_PREFIX = "/api/v1/"
# Operations that take files as multipart form data (README "Importing TD3 files"):
# their body is streamed to the upload handlers, never read whole here.
UPLOAD_PREFIXES = ("/api/v1/imports/",)
WITH_BODY = ("POST", "PUT", "PATCH")
NUL = "\x00"

NOT_JSON = _("Send the body as JSON (Content-Type: application/json).")
MALFORMED = _("The body is not valid JSON.")
NOT_AN_OBJECT = _("The body must be a JSON object, e.g. {}.")
TOO_LARGE = _("The body is too large.")
TOO_MANY_FILES = _("At most %(most)s files at once.")
NUL_IN_TEXT = _("%(field)s: text must not contain NUL characters.")
NOT_FOUND = _("Not found.")
METHOD_NOT_ALLOWED = _("This method is not allowed here.")


def _refuse(message: object, status: int) -> JsonResponse:
    return JsonResponse({"detail": str(message)}, status=status)


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """Every string in a parsed JSON value (keys included) with where it sits."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            yield where, str(key)
            yield from _strings(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}.{index}" if path else str(index))


def _field_with_nul(pairs: Iterator[tuple[str, str]]) -> str | None:
    return next((field for field, text in pairs if NUL in text), None)


def _query_pairs(request: HttpRequest) -> Iterator[tuple[str, str]]:
    for key, values in request.GET.lists():
        yield key, key
        for value in values:
            yield key, value


FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def has_body(request: HttpRequest) -> bool:
    """Whether the request carries a body. A form with no fields counts as none:
    some clients send an empty multipart form on a bare POST."""
    if not request.body.strip():
        return False
    if request.content_type in FORM_TYPES:
        return bool(request.POST or request.FILES)
    return True


def body_problem(request: HttpRequest) -> JsonResponse | None:
    """The error response for a body that is not a clean JSON object, or None."""
    try:
        body = request.body
    except RequestDataTooBig:
        return _refuse(TOO_LARGE, 413)
    if not has_body(request):
        return None
    content_type = request.content_type or ""
    if content_type != "application/json" and not content_type.endswith("+json"):
        return _refuse(NOT_JSON, 422)
    try:
        data = json_parse(body)
    except JsonRefused as refused:
        return _refuse(MALFORMED if refused.status == 400 else refused, refused.status)
    if not isinstance(data, dict):
        return _refuse(NOT_AN_OBJECT, 422)
    field = _field_with_nul(_strings(data, ""))
    if field is not None:
        return _refuse(NUL_IN_TEXT % {"field": field}, 422)
    return None


def upload_problem(request: HttpRequest) -> JsonResponse | None:
    """Files sent as multipart form data: too many, or a form too big, is a JSON error."""
    try:
        request.FILES  # noqa: B018 - parsing the form is the check
    except TooManyFilesSent:
        most = settings.DATA_UPLOAD_MAX_NUMBER_FILES
        return _refuse(TOO_MANY_FILES % {"most": most}, 422)
    except RequestDataTooBig:
        return _refuse(TOO_LARGE, 413)
    return None


def api_problem(request: HttpRequest) -> JsonResponse | None:
    field = _field_with_nul(_query_pairs(request))
    if field is not None:
        return _refuse(NUL_IN_TEXT % {"field": field}, 422)
    if request.method in WITH_BODY:
        if request.path.startswith(UPLOAD_PREFIXES) and request.content_type == FORM_TYPES[1]:
            return upload_problem(request)
        return body_problem(request)
    return None


def _page_refusal(message: object, status: int) -> HttpResponse:
    return HttpResponse(str(message), status=status, content_type="text/plain; charset=utf-8")


def page_problem(request: HttpRequest) -> HttpResponse | None:
    pairs = list(_query_pairs(request))
    if request.method == "POST" and request.content_type in FORM_TYPES:
        try:  # a page's upload (the TD3 import) with more files than a request takes
            form = request.POST
        except TooManyFilesSent:
            most = settings.DATA_UPLOAD_MAX_NUMBER_FILES
            return _page_refusal(TOO_MANY_FILES % {"most": most}, 422)
        except RequestDataTooBig:
            return _page_refusal(TOO_LARGE, 413)
        pairs += [(key, value) for key, values in form.lists() for value in values]
    field = _field_with_nul(iter(pairs))
    if field is not None:
        return HttpResponseBadRequest(str(NUL_IN_TEXT % {"field": field}))
    return None


class RequestInputMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path:
            if request.path.startswith(API_PREFIX):
                return _refuse(NOT_FOUND, 404)
            raise Http404(NOT_FOUND)  # the site's own 404 page
        if request.path.startswith(API_PREFIX):
            problem = api_problem(request)
            return problem if problem is not None else _json_405(self.get_response(request))
        problem = page_problem(request)
        return problem if problem is not None else self.get_response(request)


def _json_405(response: HttpResponse) -> HttpResponse:
    """The API's 405 (Django Ninja's is plain text) as JSON, keeping its Allow header."""
    if response.status_code != 405 or response.get("Content-Type", "").startswith(
        "application/json"
    ):
        return response
    answer = _refuse(METHOD_NOT_ALLOWED, 405)
    if response.has_header("Allow"):
        answer["Allow"] = response["Allow"]
    return answer
