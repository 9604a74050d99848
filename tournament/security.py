"""Security headers on every response: the pages load nothing from elsewhere.

The policy allows only this origin (websockets to it included): scripts,
styles, images, fonts, frames and connections must all come from this
server, so a page can neither load nor send anything beyond the LAN host.
No page runs inline script (buttons and forms are wired by data attributes
in ``static/js/page_actions.js``); inline ``style`` attributes stay allowed.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from tournament.signin import from_trusted_proxy

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "media-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
# Tablets, TVs and phones: no page needs a sensor, the camera or payment.
PERMISSIONS_POLICY = ", ".join(
    f"{feature}=()"
    for feature in (
        "accelerometer",
        "camera",
        "geolocation",
        "gyroscope",
        "magnetometer",
        "microphone",
        "payment",
        "usb",
    )
)


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        return response


class ForwardedProtoMiddleware:
    """X-Forwarded-Proto only from a trusted proxy (README "Production").

    Django reads the header for ``request.is_secure()`` from whoever sent it;
    a client talking to the server directly could claim HTTPS and dodge the
    redirect to it. This runs before Django's security middleware and drops
    the header unless the peer is one of ``TRUSTED_PROXIES``."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "HTTP_X_FORWARDED_PROTO" in request.META and not from_trusted_proxy(request):
            del request.META["HTTP_X_FORWARDED_PROTO"]
        return self.get_response(request)
