"""ASGI entry point: HTTP through Django, websockets through Channels (daphne).

In the embedded default (``CLOCK_LOOP_IN_PROCESS``) the server process also
runs the clock loop in a daemon thread; never under pytest.
"""

import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402
from tournament.ws_auth import TokenOrSessionAuthMiddleware  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            TokenOrSessionAuthMiddleware(URLRouter(websocket_urlpatterns))
        ),
    }
)

import gc  # noqa: E402

from django.conf import settings  # noqa: E402
from django.urls import get_resolver  # noqa: E402

# The URLs and the API they import (the pages' first request would load them)
# are loaded now, so they are frozen with the rest.
get_resolver().url_patterns  # noqa: B018

# Everything imported so far lives as long as the process: keep it out of the
# collector's full passes, which otherwise scan ~150,000 start-up objects
# (about 100 ms) in the middle of a floor action or a public page (README
# "Benchmarks": the public results pages' collector passes took 250 ms).
gc.freeze()

if settings.CLOCK_LOOP_IN_PROCESS and "pytest" not in sys.modules:
    from clock.loop import start_in_background

    start_in_background()
