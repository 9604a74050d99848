from django.urls import path

from screens.consumers import DisplayConsumer, FloorConsumer

websocket_urlpatterns = [
    path("ws/tournaments/<int:tournament_id>/display", DisplayConsumer.as_asgi()),
    path("ws/tournaments/<int:tournament_id>/floor", FloorConsumer.as_asgi()),
]
