"""The header ``Device-Time`` of a write (README "Device time"): the request's
actions were taken on the device at that time; a time that is none is a 422
naming the header, before anything is done."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse

from tournament.device_time import HEADER, device_time_parsed, taken_on_device
from tournament.errors import DomainError
from tournament.web.once import WRITES


class DeviceTimeMiddleware:
    """Keeps a write's device time for the length of the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        sent = request.headers.get(HEADER)
        if sent is None or request.method not in WRITES:
            return self.get_response(request)
        try:
            moment = device_time_parsed(sent)
        except DomainError as exc:
            return JsonResponse({"detail": str(exc)}, status=exc.status)
        with taken_on_device(moment):
            return self.get_response(request)
