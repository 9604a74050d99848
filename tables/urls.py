from django.urls import path

from tables.web import chip_count_views, conflict_views, day_views, director_views, views

urlpatterns = [
    path("tournaments/<int:tournament_id>/floor/moves/", views.moves_list, name="floor-moves"),
    path("tournaments/<int:tournament_id>/floor/history/", views.history, name="floor-history"),
    path(
        "tournaments/<int:tournament_id>/floor/director/",
        director_views.director_tools,
        name="floor-director",
    ),
    path("floor/tables/<int:table_id>/seats/<int:seat>/", views.seat_panel, name="seat-panel"),
    path("floor/tables/<int:pk>/button/", views.button, name="floor-button"),
    path("floor/tables/<int:pk>/hand/", views.next_hand, name="floor-next-hand"),
    path("floor/tables/<int:pk>/break/", views.break_table, name="floor-break"),
    path(
        "floor/tables/<int:pk>/moves-done/", views.table_moves_done, name="floor-table-moves-done"
    ),
    path(
        "floor/tables/<int:pk>/hand-finished/",
        views.hand_finished,
        name="floor-hand-finished",
    ),
    path(
        "floor/tables/<int:pk>/chip-counts/",
        chip_count_views.table_chip_counts,
        name="floor-table-chips",
    ),
    path("tournaments/<int:tournament_id>/end-day/", day_views.day_end_page, name="day-end"),
    path("tournaments/<int:tournament_id>/bags/", day_views.bag_list_page, name="bag-list"),
    path(
        "tournaments/<int:tournament_id>/reopen-day/", day_views.day_reopen_page, name="day-reopen"
    ),
    path("events/<int:event_id>/days/new/", day_views.event_next_day, name="event-next-day"),
    path(
        "tournaments/<int:tournament_id>/chip-counts/",
        chip_count_views.chip_count_list,
        name="floor-chip-counts",
    ),
    path("floor/entries/<int:pk>/bust/", views.bust, name="floor-bust"),
    path("floor/entries/<int:pk>/unbust/", views.unbust, name="floor-unbust"),
    path("floor/moves/<int:move_id>/<str:action>/", views.move_action, name="floor-move"),
    path("floor/history/<int:action_id>/undo/", views.undo, name="floor-undo"),
    path(
        "floor/conflicts/<int:conflict_id>/resolve/",
        conflict_views.conflict_resolve_page,
        name="floor-conflict-resolve",
    ),
]
