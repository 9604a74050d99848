from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PreregConfig(AppConfig):
    """The room's schedule and the players' pre-registration from their phones (README
    "Pre-registration and the schedule"): the waiting list, the check-in deadline and the
    check-in at the desk. Check-in writes an entry and its payment through the cash desk,
    so it sits above the money."""

    name = "prereg"
    verbose_name = _("Pre-registration")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The check-in deadline is released on time by the clock loop's pass (both
        # set-ups run it), and lazily by every read of a pre-registration.
        from clock.loop import every_pass
        from prereg.tasks import hand_over_release

        every_pass(hand_over_release)
