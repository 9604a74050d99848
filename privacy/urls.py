from django.urls import path

from privacy.web import views

urlpatterns = [
    path("players/<int:player_id>/data/", views.player_data, name="player-data"),
    path("players/<int:player_id>/data/erase/", views.player_erase_page, name="player-erase"),
    path("players/<int:player_id>/data/consent/", views.player_consent_page, name="player-consent"),
    path("room/", views.room_settings_page, name="room-settings"),
    path("players/retention/", views.retention_page, name="retention"),
    path("players/retention/run/", views.retention_run_page, name="retention-run"),
    path(
        "players/retention/without-consent/",
        views.without_consent_remove_page,
        name="retention-without-consent",
    ),
    path("privacy/", views.privacy_notice, name="privacy-notice"),
]
