from django.urls import path

from clock.web import chip_views, finish_views, structure_views, template_views, views

urlpatterns = [
    path("tournaments/<int:tournament_id>/clock/", views.clock_page, name="clock-page"),
    path("tournaments/<int:tournament_id>/clock/call/", views.clock_call, name="clock-call"),
    path(
        "tournaments/<int:tournament_id>/shot-clock/", views.shot_clock_page, name="shot-clock-page"
    ),
    path(
        "tournaments/<int:tournament_id>/shot-clock/<slug:action>/",
        views.shot_clock_action,
        name="shot-clock-action",
    ),
    path(
        "tournaments/<int:tournament_id>/clock/<slug:action>/",
        views.clock_action,
        name="clock-action",
    ),
    path(
        "tournaments/<int:tournament_id>/structure/",
        structure_views.structure_page,
        name="structure-page",
    ),
    path(
        "tournaments/<int:tournament_id>/finish/apply/",
        finish_views.finish_apply,
        name="finish-apply",
    ),
    path(
        "tournaments/<int:tournament_id>/structure/save-as-template/",
        template_views.structure_template_save,
        name="structure-template-save",
    ),
    path(
        "structure-templates/<int:template_id>/delete/",
        template_views.structure_template_delete,
        name="structure-template-delete",
    ),
    path("tournaments/<int:tournament_id>/chips/", chip_views.chips_page, name="chips-page"),
    path(
        "tournaments/<int:tournament_id>/tables/<int:table_number>/chip-race/",
        chip_views.chip_race_page,
        name="chip-race-page",
    ),
]
