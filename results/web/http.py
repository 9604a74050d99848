"""The public results' answers are cacheable (README "Results out"): an ETag of the
body, ``If-None-Match`` answered 304, and at most 30 seconds in a cache, so a
finished tournament shows within a minute even behind a proxy."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

MAX_AGE = 30


def etag_of(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def cacheable(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The response with its ETag and cache time, or 304 when the client holds it."""
    if response.status_code != 200:
        response["Cache-Control"] = f"public, max-age={MAX_AGE}"
        return response
    tag = etag_of(response.content + response.get("Content-Language", "").encode())
    cache_control = f"public, max-age={MAX_AGE}"
    asked = request.headers.get("If-None-Match", "")
    if tag in [t.strip().removeprefix("W/") for t in asked.split(",")]:
        not_modified = HttpResponseNotModified()
        not_modified["ETag"], not_modified["Cache-Control"] = tag, cache_control
        return not_modified
    response["ETag"], response["Cache-Control"] = tag, cache_control
    response["Vary"] = "Accept-Language, Cookie"
    return response
