from django.urls import path, re_path

from screens.consumers import DisplayConsumer, FloorConsumer, UnknownSocket
from signage.consumers import ScreenConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/display", DisplayConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/floor", FloorConsumer.as_asgi()),
    path("ws/screens/<str:code>", ScreenConsumer.as_asgi()),
    # Anything else (a typo, letters for the id): refused, not a server error.
    re_path(r"", UnknownSocket.as_asgi()),
]
