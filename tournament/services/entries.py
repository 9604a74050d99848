from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.db import IntegrityError
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament import audit, changes
from tournament.clock_port import clock
from tournament.errors import Conflict, Invalid, NotFound
from tournament.models import LIVE_STATUSES, Entry, Player, PrivacyLog, Tournament
from tournament.rules import names
from tournament.rules import places as place_rules
from tournament.services.buy_ins import buy_in_taken
from tournament.services.events import check_other_flights, ensure_day_open
from tournament.services.players import check_contact_consent, consent_given
from tournament.writes import Write, scopes, tournament_write, write

PLAYER_NOT_FOUND = _("Player not found.")
ENTRY_NOT_FOUND = _("Entry not found.")
ALREADY_IN = _("This player already has a live entry in this tournament.")
NO_REENTRY = _("This player has used all entries this tournament allows.")
REGISTRATION_CLOSED = _("Registration for this tournament is closed.")
TOURNAMENT_FINISHED = _("This tournament has finished.")
NAME_REQUIRED = _("A new player needs a name.")

# What follows a registration inside its write: the tables app seats the new
# entry once the seats are drawn (tables.services.registration passes it).
SeatStep = Callable[[Write, Entry], None]


def player_find_or_create(
    *,
    name: str,
    email: str = "",
    phone: str = "",
    nickname: str = "",
    consent: bool = False,
    news: bool = False,
    by: Any = None,
) -> Player:
    name = " ".join(name.split())
    if not name:
        raise Invalid(NAME_REQUIRED)
    email = email.strip()
    phone = phone.strip()
    check_contact_consent(email=email, phone=phone, consent=consent)
    if email:
        # The same name and e-mail is the same person: a second desk registering
        # him at the same moment (serialised by the tournament lock) finds him.
        known = Player.objects.filter(name__iexact=name, email__iexact=email).order_by("id").first()
        if known is not None:
            return known
    player = Player.objects.create(name=name, email=email, phone=phone, nickname=nickname)
    if email or phone:
        # League news comes by the same e-mail or phone, so only with them.
        consent_given(player, contact=True, news=news, by=by)
    return player


def player_search(query: str, limit: int = 20) -> list[Player]:
    query = query.strip()
    if not query:
        return []
    # The stored key holds name and nickname in plain letters: "lukasz" finds
    # Łukasz, "mueller" Müller (tournament.rules.names).
    condition = Q()
    for word in names.search_words(query):
        condition &= Q(search_key__contains=word)
    if query.isdigit():
        condition |= Q(pk=int(query))
    return list(Player.objects.filter(condition).order_by("search_key", "id")[:limit])


# The contact data shown is logged in the privacy log; no screen shows it.
CONTACTS_SHOWN = "the contact data shown is logged in the privacy log"


def player_contacts_search(*, query: str, by: Any, limit: int = 20) -> list[Player]:
    """The player search for a director, who sees e-mail and phone: every player
    whose contact data it shows gets a line in the privacy log (README "Player data")."""
    players = player_search(query, limit=limit)
    shown = [player.pk for player in players if player.email or player.phone]
    if shown:
        with write(*(scopes.player(pk) for pk in shown), by=by) as w:
            audit.privacy_record(shown, PrivacyLog.Kind.CONTACT_READ, by=by)
            w.keep_quiet(CONTACTS_SHOWN)
    return players


def _field_is_full(tournament: Tournament) -> bool:
    if tournament.max_players is None:
        return False
    seated_or_registered = tournament.entries.filter(status__in=("registered", "seated")).count()
    return seated_or_registered >= tournament.max_players


def entry_register(
    *,
    tournament_id: int,
    by: Any,
    player_id: int | None = None,
    name: str | None = None,
    email: str = "",
    phone: str = "",
    nickname: str = "",
    consent: bool = False,
    news: bool = False,
    buy_in: str | None = None,
    seat: SeatStep | None = None,
) -> Entry:
    """Register a player (new or known) for a buy-in or a re-entry.

    When the field is full the entry waits as an alternate; otherwise ``seat``
    seats him, once seats are drawn (the pages and the API register through
    :mod:`tables.services.registration`, which passes the seating engine's step).
    """
    try:
        with tournament_write(tournament_id, by=by) as w:
            tournament = w.tournament
            if tournament.status == Tournament.Status.FINISHED:
                raise Conflict(TOURNAMENT_FINISHED)
            if not _registration_open(tournament):
                raise Conflict(REGISTRATION_CLOSED)
            if player_id is not None:
                player = Player.objects.filter(pk=player_id).first()
                if player is None:
                    raise NotFound(PLAYER_NOT_FOUND)
            else:
                player = player_find_or_create(
                    name=name or "",
                    email=email,
                    phone=phone,
                    nickname=nickname,
                    consent=consent,
                    news=news,
                    by=w.user,
                )
            ensure_day_open(tournament)
            check_other_flights(tournament, player)
            previous = tournament.entries.filter(player=player)
            if previous.filter(status__in=LIVE_STATUSES).exists():
                raise Conflict(ALREADY_IN)
            # An entry he unregistered from is no bullet: he takes its number again.
            count = (
                previous.exclude(status=Entry.Status.WITHDRAWN).aggregate(n=Max("number"))["n"] or 0
            )
            if count >= tournament.max_entries:
                raise Conflict(NO_REENTRY)
            paid = buy_in_taken(tournament, buy_in, re_entry=count > 0)
            waiting = _field_is_full(tournament)
            last = tournament.entries.aggregate(n=Max("start_number"))["n"] or 0
            entry = Entry.objects.create(
                tournament=tournament,
                player=player,
                number=count + 1,
                start_number=last + 1,
                status=Entry.Status.WAITING if waiting else Entry.Status.REGISTERED,
                waiting_since=timezone.now() if waiting else None,
                created_by=w.user,
                **paid,
            )
            _places_of_players_out_move_down(tournament, player)
            w.log(
                "entry_registered",
                {"entry": entry.pk, "player": player.pk, "number": entry.number}
                | ({"buy_in": paid["buy_in_name"]} if "buy_in_name" in paid else {}),
            )
            if not waiting and seat is not None:
                seat(w, entry)
            w.record(
                "entry",
                # A new entry grows the field and the pool: the payouts follow.
                parts=(changes.SUMMARY, changes.MOVES, changes.TABLES, changes.PAYOUTS),
                facts={"entry": entry.pk},
            )
    except IntegrityError as exc:
        # The database constraint is the last line: two desks registering one player at once.
        raise Conflict(ALREADY_IN) from exc
    entry.refresh_from_db()
    return entry


def _registration_open(tournament: Tournament) -> bool:
    # Decided from the clock at this request, never from a flag a boundary task
    # may not have set yet (Redis down, worker late); the clock app answers.
    return clock().registration_open(tournament)


def _places_of_players_out_move_down(tournament: Tournament, player: Player) -> None:
    """A new entry finishes above everyone already out: their places move down.

    Places count from the bottom of the field (see tournament.rules.places), so
    they stay provisional while entries can still join and are final once
    registration closes. By player, a re-entry takes his lost bullet's place
    out of the field. During late registration few are out yet.
    """
    out = list(
        tournament.entries.filter(place__isnull=False).only(
            "pk", "place", "place_shared", "player_id"
        )
    )
    lost = next((e.pk for e in out if e.player_id == player.pk), None)
    after = {
        p.entry_id: p
        for p in place_rules.places_after_entry(
            out=[place_rules.Place(e.pk, e.place or 0, e.place_shared) for e in out],
            # The field's choices (Tournament.Places) are the rule's bases.
            basis=cast(place_rules.PlacesBasis, tournament.places),
            re_entered=lost,
        )
    }
    changed = []
    for entry in out:
        place = after.get(entry.pk)
        now = (place.place, place.shared) if place else (None, False)
        if (entry.place, entry.place_shared) != now:
            entry.place, entry.place_shared = now
            changed.append(entry)
    Entry.objects.bulk_update(changed, ["place", "place_shared"], batch_size=500)


def entry_get(entry_id: int) -> Entry:
    entry = Entry.objects.select_related("player", "tournament").filter(pk=entry_id).first()
    if entry is None:
        raise NotFound(ENTRY_NOT_FOUND)
    return entry
