from __future__ import annotations

import secrets
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from tournament.models_schedule import OriginFields, ScheduleFields
from tournament.rules import names, public_names
from tournament.rules.profiles import resolve_options


class Tournament(ScheduleFields, OriginFields, models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Rulebook(models.TextChoices):
        TDA2019 = "tda2019", _("TDA 2019")
        TDA2024 = "tda2024", _("TDA 2024")
        BDPV = "bdpv", _("BDPV")
        IFP = "ifp", _("IFP")
        HOUSE = "house", _("House rules")

    class TieRule(models.TextChoices):
        SHARE = "share", _("Equal stacks share the place")
        BUTTON = "button", _("Closer to the button finishes higher")

    class DisplayNames(models.TextChoices):
        NICKNAME_OR_INITIAL = "nickname", _("Nickname, else first name and initial")
        INITIAL = "initial", _("First name and initial")

    class Places(models.TextChoices):
        BY_PLAYER = "by_player", _("One place per player")
        BY_ENTRY = "by_entry", _("One place per entry, re-entries included")

    class Currency(models.TextChoices):
        EUR = "EUR", _("Euro (€)")
        CHF = "CHF", _("Swiss franc (CHF)")
        USD = "USD", _("US dollar ($)")
        GBP = "GBP", _("Pound sterling (£)")

    name = models.CharField(_("name"), max_length=120)
    table_size = models.PositiveSmallIntegerField(
        _("table size"), default=9, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    starting_stack = models.PositiveIntegerField(
        _("starting stack"), default=20000, validators=[MinValueValidator(1)]
    )
    buy_in = models.DecimalField(
        _("buy-in"),
        max_digits=10,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0"))],
    )
    fee = models.DecimalField(
        _("fee"),
        max_digits=10,
        decimal_places=2,
        default=Decimal("0"),
        validators=[MinValueValidator(Decimal("0"))],
    )
    # Buy-in options (README "Buy-in options"): [{name, price, fee, chips}] with
    # money as decimal strings; empty: the one buy-in above (buy_in, fee, starting_stack).
    buy_ins = models.JSONField(_("buy-in options"), default=list, blank=True)
    max_entries = models.PositiveSmallIntegerField(
        _("entries per player"),
        default=1,
        validators=[MinValueValidator(1)],
        help_text=_("1 is a freezeout; more allows re-entries."),
    )
    max_players = models.PositiveIntegerField(
        _("field limit"),
        null=True,
        blank=True,
        help_text=_("Players seated at once; later registrations wait as alternates."),
    )
    late_registration_levels = models.PositiveSmallIntegerField(
        _("late registration (levels)"), default=0
    )
    final_table_size = models.PositiveSmallIntegerField(
        _("final table size"), default=9, validators=[MinValueValidator(2), MaxValueValidator(10)]
    )
    rulebook = models.CharField(
        _("rulebook"), max_length=10, choices=Rulebook.choices, default=Rulebook.TDA2019
    )
    options = models.JSONField(_("rule options"), default=dict, blank=True)
    tie_rule = models.CharField(_("tie rule"), max_length=10, choices=TieRule.choices)
    display_names = models.CharField(
        _("public names"),
        max_length=10,
        choices=DisplayNames.choices,
        default=DisplayNames.NICKNAME_OR_INITIAL,
    )
    currency = models.CharField(
        _("currency"), max_length=3, choices=Currency.choices, default=Currency.EUR
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PLANNED
    )
    registration_closed = models.BooleanField(_("registration closed"), default=False)
    # README "Registration window": sold through the break after the last late level.
    late_registration_through_break = models.BooleanField(
        _("late registration through the following break"),
        default=False,
        help_text=_(
            "Buy-ins and re-entries are sold until the break after the last late level ends."
        ),
    )
    # Reopened by hand after the clock's window: open until closed again.
    registration_reopened = models.BooleanField(default=False, editable=False)
    # README "Places, re-entries and moves".
    places = models.CharField(
        _("places"),
        max_length=10,
        choices=Places.choices,
        default=Places.BY_PLAYER,
        help_text=_("By player, an entry the player re-entered after holds no place of its own."),
    )
    break_during_registration = models.BooleanField(
        _("break tables during registration"),
        default=True,  # README "Breaking during registration"
        help_text=_(
            "No: while registration is open no table breaks, so re-entries never "
            "move players around."
        ),
    )
    hand_for_hand = models.BooleanField(_("hand for hand"), default=False)
    # A flight (day 1) or a later day of a multi-day event (README "Events: flights, bags and the next day").
    event = models.ForeignKey(
        "tournament.Event", null=True, blank=True, on_delete=models.PROTECT, related_name="days"
    )
    day = models.PositiveSmallIntegerField(_("day"), null=True, blank=True)
    # A later day starts with the chips bagged the day before, not with stacks.
    carried_chips = models.PositiveBigIntegerField(default=0)
    day_closed_at = models.DateTimeField(_("day closed"), null=True, blank=True)
    day_stop_players = models.PositiveIntegerField(
        _("play stops for the day at"),
        null=True,
        blank=True,
        help_text=_("Players left when the clock stops and the chips are bagged. Empty: never."),
    )
    # Bumped under the tournament lock by every change; screens detect gaps with it.
    version = models.PositiveBigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    # README "Results out": when the director published the results of a room that
    # holds them until then; null: not published (shown anyway when nothing is held).
    results_published_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(table_size__gte=2, table_size__lte=10), name="table_size_2_to_10"
            ),
            models.CheckConstraint(
                condition=Q(final_table_size__gte=2, final_table_size__lte=10),
                name="final_table_size_2_to_10",
            ),
            models.CheckConstraint(
                condition=Q(starting_stack__gte=1), name="starting_stack_positive"
            ),
            models.CheckConstraint(
                condition=Q(buy_in__gte=0, fee__gte=0), name="money_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(max_entries__gte=1), name="max_entries_at_least_one"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @cached_property
    def rule_options(self) -> dict:
        return resolve_options(self.rulebook, {**self.options, "tie_rule": self.tie_rule})


def new_public_id() -> str:
    """A player's public page id: 12 random URL-safe letters (README "Results out")."""
    return secrets.token_urlsafe(9)


class Player(models.Model):
    name = models.CharField(_("name"), max_length=120)
    nickname = models.CharField(_("nickname"), max_length=40, blank=True)
    email = models.EmailField(_("e-mail"), blank=True)
    phone = models.CharField(_("phone"), max_length=40, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Contact data only with consent, what for, when, by whom; withdrawn, it goes (README "Player data").
    consent_contact = models.BooleanField(_("results by e-mail or phone"), default=False)
    consent_news = models.BooleanField(_("league news"), default=False)
    consent_at = models.DateTimeField(_("consent recorded"), null=True, blank=True)
    consent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # Erased: name and contact data replaced by a pseudonym; results stay.
    erased_at = models.DateTimeField(_("erased"), null=True, blank=True)
    # Name and nickname in plain letters for the search ("lukasz" finds Łukasz,
    # "mueller" Müller): written with every save (tournament.rules.names).
    search_key = models.CharField(max_length=400, blank=True, editable=False, db_index=True)
    # How he appears in public (README "Results out"): "" takes the room's default.
    public_name_choice = models.CharField(
        _("name in public"),
        max_length=10,
        blank=True,
        choices=[
            (public_names.FULL, _("Full name")),
            (public_names.INITIALS, _("First name and initial")),
            (public_names.PSEUDONYM, _("Pseudonym")),
            (public_names.HIDDEN, _("Hidden")),
        ],
    )
    pseudonym = models.CharField(
        _("pseudonym"), max_length=public_names.PSEUDONYM_MAX_LENGTH, blank=True
    )
    # His public page's address (/players/<public_id>/): random, never his database id.
    public_id = models.CharField(max_length=16, unique=True, default=new_public_id, editable=False)

    class Meta:
        ordering = ["search_key", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.fill_search_key()
        fields = kwargs.get("update_fields")
        if fields is not None and {"name", "nickname"} & set(fields):
            kwargs["update_fields"] = {*fields, "search_key"}
        super().save(*args, **kwargs)

    def fill_search_key(self) -> None:
        self.search_key = names.search_key(self.name, self.nickname)

    def appearance(self) -> public_names.Appearance:
        """What the public-name rule needs of him (README "Results out")."""
        return public_names.Appearance(
            name=self.name,
            choice=self.public_name_choice,
            pseudonym=self.pseudonym,
            erased=self.erased_at is not None,
        )

    def shown_name(self, room_default: str = public_names.ROOM_DEFAULT) -> str | None:
        """His name in public outputs, or None when he is hidden."""
        return public_names.shown_name(self.appearance(), room_default)

    def public_name(self, style: str = Tournament.DisplayNames.NICKNAME_OR_INITIAL) -> str:
        """A name safe for public screens: nickname, or first name and initial."""
        if style == Tournament.DisplayNames.NICKNAME_OR_INITIAL and self.nickname:
            return self.nickname
        parts = self.name.split()
        # A number is no surname: an erased player's pseudonym ("Player 93")
        # stays whole, or "Player 9." would stand for Players 9, 90 to 99.
        if len(parts) < 2 or parts[-1].isdigit():
            return self.name
        return f"{parts[0]} {parts[-1][0]}."


LIVE_STATUSES = ("registered", "seated", "waiting")
# Entries out of the field altogether: unregistered, the money refunded.
WITHDRAWN_STATUSES = ("withdrawn",)


class Entry(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        SEATED = "seated", _("Seated")
        WAITING = "waiting", _("Alternate")
        BUSTED = "busted", _("Busted")
        DISQUALIFIED = "disqualified", _("Disqualified")
        # Unregistered before playing, the money refunded (README "Cash desk"):
        # out of the field, the pool, the counts and the seat lists.
        WITHDRAWN = "withdrawn", _("Unregistered")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", db_index=False
    )  # the (tournament, status) index serves it (README "Benchmarks")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    number = models.PositiveSmallIntegerField(
        _("entry number"), default=1, help_text=_("1 for the first entry, 2 for the first re-entry")
    )
    # The entry's number in its tournament (1, 2, 3 ...), printed on seat cards
    # and lists; database ids run on across tournaments and mean nothing to a room.
    start_number = models.PositiveIntegerField(_("start number"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTERED
    )
    wait_for_button = models.BooleanField(_("wait for the button"), default=False)
    rebuys = models.PositiveSmallIntegerField(_("rebuys"), default=0)
    addons = models.PositiveSmallIntegerField(_("add-ons"), default=0)
    place = models.PositiveIntegerField(_("place"), null=True, blank=True)
    place_shared = models.BooleanField(default=False)
    starting_stack_at_bust = models.PositiveBigIntegerField(null=True, blank=True)
    # The chips a disqualification took out of play (TDA 2019 rule 69); None otherwise.
    chips_removed = models.PositiveBigIntegerField(null=True, blank=True)
    bust_group = models.PositiveIntegerField(
        null=True, blank=True, help_text="Busts of one hand share a group number."
    )
    busted_at = models.DateTimeField(null=True, blank=True)
    waiting_since = models.DateTimeField(null=True, blank=True)
    # The buy-in option the entry took and what it paid, kept as paid (README
    # "Buy-in options"); empty/None: the tournament's one buy-in.
    buy_in_name = models.CharField(_("buy-in option"), max_length=40, blank=True)
    paid_price = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    paid_fee = models.DecimalField(max_digits=10, decimal_places=2, null=True, blank=True)
    paid_chips = models.PositiveIntegerField(null=True, blank=True)
    # The cost of the rebuys and add-ons as an imported file recorded each (README
    # "Switching from TD3"); None: their count at the tournament's price.
    paid_rebuys = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    paid_addons = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        # A bust in a 10,000-entry field looks up alternates, its bust group and
        # the highest group: without these each was a scan of every entry.
        indexes = [
            models.Index(fields=["tournament", "status"], name="entry_tournament_status"),
            models.Index(fields=["tournament", "bust_group"], name="entry_tournament_bust_group"),
        ]
        constraints = [
            # One live entry per player and tournament: a re-entry needs a bust first.
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(status__in=LIVE_STATUSES),
                name="one_live_entry_per_player",
            ),
            # A player who unregistered and comes back takes his number again.
            models.UniqueConstraint(
                fields=["tournament", "player", "number"],
                condition=~Q(status="withdrawn"),
                name="entry_number_unique_per_player",
            ),
            models.UniqueConstraint(
                fields=["tournament", "start_number"], name="start_number_unique_per_tournament"
            ),
            models.CheckConstraint(
                condition=Q(place__isnull=True) | Q(status__in=["busted", "disqualified"]),
                name="place_only_when_out",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} #{self.number}"

    @property
    def is_live(self) -> bool:
        return self.status in LIVE_STATUSES


from tournament.models_bounties import *  # noqa: E402,F401,F403 - bounty models live beside
from tournament.models_events import *  # noqa: E402,F401,F403 - event models live beside
from tournament.models_log import *  # noqa: E402,F401,F403 - the audit trail and API tokens live beside
from tournament.models_once import *  # noqa: E402,F401,F403 - one-time keys' answers live beside
from tournament.models_payouts import *  # noqa: E402,F401,F403 - payout models live beside
from tournament.models_privacy import *  # noqa: E402,F401,F403 - privacy models live beside
from tournament.models_room import *  # noqa: E402,F401,F403 - the room's settings live beside
from tournament.models_tally import *  # noqa: E402,F401,F403 - the entry counts live beside
