from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClockConfig(AppConfig):
    name = "clock"
    verbose_name = _("Clock and chips")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from clock.services.clock import (
            clock_continue,
            clock_pause_within,
            level_played_now,
            registration_open_now,
        )
        from tournament import extensions

        # The core decides registration and purchase windows from the clock at
        # the request's moment; it asks through these answers.
        extensions.clock_answers(
            registration_open=lambda tournament: registration_open_now(tournament=tournament),
            level_played=lambda tournament: level_played_now(tournament=tournament),
            continue_clock=lambda tournament, previous: clock_continue(
                tournament=tournament, previous=previous
            ),
            pause_clock=clock_pause_within,
        )
