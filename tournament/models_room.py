"""The room itself (README "Player data"): its name and contact for the privacy notice,
and how long it keeps a player's contact data. One row, edited by a director.
Imported at the end of ``tournament.models``."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.rules import public_names

__all__ = ["RoomSettings"]

# The bounds of the retention period a director may choose, in months.
RETENTION_MONTHS_MIN, RETENTION_MONTHS_MAX = 1, 120


class RoomSettings(models.Model):
    """The card room: who is responsible for the players' data and for how long
    contact data is kept after a player's last entry."""

    name = models.CharField(_("card room"), max_length=120, blank=True)
    address = models.TextField(_("address"), max_length=300, blank=True)
    contact_email = models.EmailField(_("e-mail for data questions"), blank=True)
    contact_phone = models.CharField(_("phone for data questions"), max_length=40, blank=True)
    retention_months = models.PositiveSmallIntegerField(
        _("keep contact data for (months)"),
        default=24,
        validators=[
            MinValueValidator(RETENTION_MONTHS_MIN),
            MaxValueValidator(RETENTION_MONTHS_MAX),
        ],
    )
    # README "Pre-registration and the schedule": off, the public schedule and the
    # pre-registration forms are closed for every tournament.
    public_schedule = models.BooleanField(
        _("public schedule and pre-registration"),
        default=True,
        help_text=_(
            "Off: the schedule and the pre-registration forms answer that they are closed."
        ),
    )
    # README "Cash desk": on, cash is taken only in a cashier's open shift; off
    # ("no shifts"), a small room takes cash without cash boxes or shifts.
    cash_shifts = models.BooleanField(
        _("cash needs an open shift"),
        default=True,
        help_text=_("Off (no shifts): the desk takes cash without opening a shift on a cash box."),
    )
    # README "Results out": how a player who has not chosen appears in public.
    public_name_default = models.CharField(
        _("players' names in public"),
        max_length=10,
        default=public_names.ROOM_DEFAULT,
        choices=[
            (public_names.FULL, _("Full name")),
            (public_names.INITIALS, _("First name and initial")),
        ],
    )
    # README "Results out": a finished tournament's results stay off the public pages
    # and the feed until the director publishes them.
    hold_results = models.BooleanField(
        _("hold results until published"),
        default=False,
        help_text=_(
            "On: a finished tournament shows on the public results pages only once a "
            "director publishes it. Off: within a minute of its end."
        ),
    )
    # README "Finish on time: where it shows": on, the board's and the lobby's clock
    # tile and the public schedule show a running tournament's forecast end;
    # off, the public screens' messages do not carry it.
    public_forecast = models.BooleanField(
        _("forecast end on the public screens"),
        default=False,
        help_text=_(
            "On: the board, the lobby and the schedule show when a running tournament "
            "is forecast to end. Off: only the staff see the forecast."
        ),
    )
    # The daily task's last run, for the director's page.
    retention_last_run = models.DateTimeField(null=True, blank=True)
    retention_last_removed = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("room settings")
        verbose_name_plural = _("room settings")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(retention_months__gte=RETENTION_MONTHS_MIN)
                & models.Q(retention_months__lte=RETENTION_MONTHS_MAX),
                name="retention_months_in_range",
            )
        ]

    def __str__(self) -> str:
        return self.name or str(_("Card room"))

    @classmethod
    def current(cls) -> RoomSettings:
        """The room's one row; its defaults, unsaved, where the row is missing (a
        migration makes it; a test's flush removes it). Reading never writes: a
        screen message or a floor write that reads a setting must not insert a row
        inside its transaction. Saving it stores the row."""
        room = cls.objects.filter(pk=1).first()
        return room if room is not None else cls(pk=1)
