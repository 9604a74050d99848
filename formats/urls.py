from django.urls import path

from formats.web import views

# Mounted before the APIs (config/urls.py): the share image sits under /api/public/v1/.
urlpatterns = [
    path("schedule.ics", views.schedule_ics, name="formats-schedule-ics"),
    path(
        "api/public/v1/tournaments/<int:tournament_id>/image.png",
        views.share_image,
        name="formats-share-image",
    ),
    path("embed/results/", views.embed_results, name="formats-embed-results"),
    path("embed/seasons/<int:season_id>/", views.embed_season, name="formats-embed-season"),
    path("embed.js", views.embed_js, name="formats-embed-js"),
    path("embed/", views.embed_help, name="formats-embed-help"),
]
