from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from tournament.models import Tournament


class ClockConfig(AppConfig):
    name = "clock"
    verbose_name = _("Clock and chips")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from tournament.clock_port import plug_clock

        # The core and the tables decide registration and purchase windows, the
        # level played and a day's stop from the clock at the request's moment.
        plug_clock(ClockAnswers())
        # The clock process runs in every set-up: it removes the one-time keys
        # older than 72 hours once a day (README "Sent twice, done once").
        from clock.loop import daily_task_add
        from tournament.tasks import once_keys_expire_daily

        daily_task_add("tournament.once_keys_expire", once_keys_expire_daily.delay)


class ClockAnswers:
    """The clock's answers to :class:`tournament.clock_port.Clock` (its services
    import the models, so they are imported once the apps are ready)."""

    def registration_open(self, tournament: Tournament) -> bool:
        from clock.services.clock_state import registration_open_now

        return registration_open_now(tournament=tournament)

    def level_played(self, tournament: Tournament, at: datetime | None = None) -> tuple[int, bool]:
        from clock.services.clock_state import level_played_now

        at_ms = None if at is None else int(at.timestamp() * 1000)
        return level_played_now(tournament=tournament, now_ms=at_ms)

    def play_started(self, tournament: Tournament) -> bool:
        from clock.services.clock_state import play_started_now

        return play_started_now(tournament=tournament)

    def late_entries_expected(self, tournament: Tournament) -> bool:
        from clock.services.clock_state import late_entries_expected_now

        return late_entries_expected_now(tournament=tournament)

    def pause_within(self, tournament: Tournament, by: object, reason: str) -> bool:
        from clock.services.clock import clock_pause_within

        return clock_pause_within(tournament, by, reason)

    def continue_from(self, tournament: Tournament, previous: Sequence[Tournament]) -> None:
        from clock.services.clock import clock_continue

        clock_continue(tournament=tournament, previous=previous)
