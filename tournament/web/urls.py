from django.contrib.auth import views as auth_views
from django.urls import path

from tournament.web import events, players_csv, printing, room_log, staff_views, views
from tournament.web.login import LoginView

urlpatterns = [
    path("login/", LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", views.tournament_list, name="tournament-list"),
    path("tournaments/new/", views.tournament_new, name="tournament-new"),
    path("events/", events.event_list, name="event-list"),
    path("events/new/", events.event_new, name="event-new"),
    path("events/<int:event_id>/", events.event_detail, name="event-detail"),
    path("tournaments/<int:tournament_id>/", views.tournament_detail, name="tournament-detail"),
    path("tournaments/<int:tournament_id>/edit/", views.tournament_edit, name="tournament-edit"),
    path("tournaments/<int:tournament_id>/plan/", views.table_plan, name="table-plan"),
    path(
        "tournaments/<int:tournament_id>/desk/", views.registration_desk, name="registration-desk"
    ),
    path(
        "tournaments/<int:tournament_id>/desk/search/",
        views.player_search_partial,
        name="player-search",
    ),
    path("tournaments/<int:tournament_id>/entries/", views.entry_list, name="entry-list"),
    path("entries/<int:entry_id>/card/", views.seat_card, name="seat-card"),
    path("staff/", staff_views.staff_page, name="staff"),
    path("log/", room_log.room_log, name="room-log"),
    path("log.csv", room_log.room_log_csv, name="room-log-csv"),
    path(
        "tournaments/<int:tournament_id>/log.csv",
        room_log.tournament_log_csv,
        name="tournament-log-csv",
    ),
    path("staff/<int:user_id>/", staff_views.staff_change, name="staff-change"),
    path("players/export.csv", players_csv.players_export, name="players-export"),
    path("players/import/", players_csv.players_import_page, name="players-import"),
    path(
        "tournaments/<int:tournament_id>/print/<str:kind>/",
        printing.print_list,
        name="print-list",
    ),
]
