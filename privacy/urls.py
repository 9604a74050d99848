from django.urls import path

from privacy import views

urlpatterns = [
    path("players/<int:player_id>/data/", views.player_data, name="player-data"),
    path("players/<int:player_id>/data/erase/", views.player_erase_page, name="player-erase"),
    path("players/<int:player_id>/data/consent/", views.player_consent_page, name="player-consent"),
]
