from django.urls import path

from screens import live
from screens.web import floor, me_views, offline, table_view, tile_preview, views

urlpatterns = [
    # The floor tablet: drawn by floor.js from the snapshot it carries.
    path("tournaments/<int:tournament_id>/floor/", floor.floor_map, name="floor-map"),
    path("healthz", views.healthz, name="healthz"),
    # The floor pages' service worker, from the root so its scope covers them
    # (README "When the network drops").
    path("offline-sw.js", offline.service_worker, name="offline-service-worker"),
    path("display/<int:tournament_id>/", views.display, name="screens-display"),
    path(
        "layouts/<int:layout_id>/preview",
        tile_preview.layout_preview,
        name="screens-layout-preview",
    ),
    path("lobby/", views.lobby_list, name="screens-lobby-list"),
    path("lobby/<int:tournament_id>/", views.lobby, name="screens-lobby"),
    path("lobby/<int:tournament_id>/me/", me_views.me_finder, name="screens-me-finder"),
    path("me/<str:token>", me_views.me_page, name="screens-me"),
    path("me/<str:token>/public-name", me_views.me_public_name, name="screens-me-public-name"),
    # The sockets' snapshots over HTTP (/ws/... -> /live/...), polled while pushes are down.
    path(
        "live/tournaments/<int:tournament_id>/display",
        views.live_snapshot,
        {"audience": live.DISPLAY},
        name="screens-live-display",
    ),
    path(
        "live/tournaments/<int:tournament_id>/floor",
        views.live_snapshot,
        {"audience": live.FLOOR},
        name="screens-live-floor",
    ),
    path("tables/<int:table_id>/view/", table_view.table_view, name="screens-table-view"),
]
