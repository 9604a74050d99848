"""Every API request body is the documented JSON object, or 4xx and nothing happens.

Django Ninja reads a body only for operations that declare one, parses it as
JSON whatever its content type, and lets a bare value (``"x"``, ``null``,
``-5``) through to operations whose fields all have defaults. One check here,
before any operation runs, covers them all: a non-empty body must be sent as
JSON and be an object. Operations then validate the object's fields.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext_lazy as _

API_PREFIX = "/api/v1/"
WITH_BODY = ("POST", "PUT", "PATCH")

NOT_JSON = _("Send the body as JSON (Content-Type: application/json).")
MALFORMED = _("The body is not valid JSON.")
NOT_AN_OBJECT = _("The body must be a JSON object, e.g. {}.")


def _refuse(message: object, status: int) -> JsonResponse:
    return JsonResponse({"detail": str(message)}, status=status)


def body_problem(request: HttpRequest) -> JsonResponse | None:
    """The error response for a body that is not a JSON object, or None."""
    body = request.body
    if not body.strip():
        return None
    content_type = request.content_type or ""
    if content_type != "application/json" and not content_type.endswith("+json"):
        return _refuse(NOT_JSON, 422)
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return _refuse(MALFORMED, 400)
    if not isinstance(data, dict):
        return _refuse(NOT_AN_OBJECT, 422)
    return None


class JsonObjectBodyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method in WITH_BODY and request.path.startswith(API_PREFIX):
            problem = body_problem(request)
            if problem is not None:
                return problem
        return self.get_response(request)
