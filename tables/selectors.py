"""Reads of the tables app: plain queries, no writes, no services.

The screens layer and the pages read chip counts here (README "Events: flights, bags and the next day"): the
leaders, the average of the counts and, once one table is left, the final
table with every seat's count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q, Sum

from tables.models import ChipCount, ColourUpRecord, KeepApart, Move, Seat, Table
from tournament.models import LIVE_STATUSES, ActionLog, Bag, Entry, Player, Tournament
from tournament.public_labels import label_rows, player_fields, player_of, screen_name
from tournament.rules import names
from tournament.summary import tournament_summary

# The board and the lobby show this many leaders (the board pages them).
LEADERS_SHOWN = 20

IN_PLAY = (Table.Status.OPEN, Table.Status.BROKEN)


def _name(player: Player, style: str, public: bool) -> str | None:
    """His name; in public as he chose (None: hidden, the list labels him)."""
    return screen_name(player, style) if public else player.name


def _seats_of(entries: list[int]) -> dict[int, tuple[int, int]]:
    return {
        entry: (table, seat)
        for entry, table, seat in Seat.objects.filter(entry_id__in=entries).values_list(
            "entry_id", "table__number", "number"
        )
    }


@dataclass(frozen=True)
class _FinalTable:
    """The last table as read: its number, ``(seat, entry, player)`` per player and
    each counted player's ``(chips, counted_at)``."""

    number: int
    rows: list[tuple[int, int, Player]]
    chips: dict[int, tuple[int, Any]]


def _final_table_read(tournament: Tournament) -> _FinalTable | None:
    """The last table's seats and counts; None while two or more tables play."""
    playing = list(
        Table.objects.filter(
            tournament=tournament, status=Table.Status.OPEN, seated__gt=0
        ).values_list("pk", "number")[:2]
    )
    if len(playing) != 1:
        return None
    table_id, number = playing[0]
    # The players still walking over from a broken table (and a final table's
    # redraw) are shown in the seat they go to.
    going = dict(
        Move.objects.filter(
            tournament=tournament, status=Move.Status.PENDING, to_table_id=table_id
        ).values_list("entry_id", "to_seat")
    )
    sitting = Seat.objects.filter(table_id=table_id, entry__isnull=False).exclude(
        entry_id__in=going
    )
    fields = ("number", "entry_id", *player_fields("entry__player__"))
    rows = [(seat, entry, player_of(rest)) for seat, entry, *rest in sitting.values_list(*fields)]
    rows += [
        (going[entry], entry, player_of(rest))
        for _seat, entry, *rest in Seat.objects.filter(entry_id__in=going).values_list(*fields)
    ]
    chips = {
        entry: (count, counted_at)
        for entry, count, counted_at in ChipCount.objects.filter(
            entry_id__in=[row[1] for row in rows], latest=True
        ).values_list("entry_id", "chips", "counted_at")
    }
    return _FinalTable(number=number, rows=sorted(rows, key=lambda row: row[0]), chips=chips)


def _final_table_shown(
    final: _FinalTable, *, style: str, public: bool, last_bust: Any
) -> dict[str, Any]:
    """Every seat of the last table with its player's count (``before_busts``: the
    count predates the last bust)."""
    chips = final.chips
    return {
        "table": final.number,
        "seats": label_rows(
            [
                {
                    "seat": seat,
                    "name": _name(player, style, public),
                    "chips": chips[entry][0] if entry in chips else None,
                    "before_busts": entry in chips
                    and last_bust is not None
                    and chips[entry][1] < last_bust,
                }
                for seat, entry, player in final.rows
            ]
        ),
    }


def _last_bust(tournament: Tournament) -> Any:
    """When the latest bust happened (None before the first): every count taken
    earlier misses the chips that bust moved to a player still in."""
    return tournament.entries.filter(status=Entry.Status.BUSTED).aggregate(at=Max("busted_at"))[
        "at"
    ]


@dataclass(frozen=True)
class _Standing:
    """The chip counts part as read once: both audiences are shaped from it."""

    leaders: list[tuple[int, Player, int, Any]]  # entry, player, chips, counted at
    seats: dict[int, tuple[int, int]]
    totals: dict[str, Any]
    players: int
    last_bust: Any
    finished: bool
    final: _FinalTable | None


def _standing_read(tournament: Tournament) -> _Standing:
    current = ChipCount.objects.filter(
        tournament=tournament, latest=True, entry__status__in=LIVE_STATUSES
    )
    last_bust = _last_bust(tournament)
    before = Q(counted_at__lt=last_bust) if last_bust is not None else Q(pk__in=[])
    totals = current.aggregate(
        counted=Count("id"), total=Sum("chips"), stale=Count("id", filter=before)
    )
    players = (
        Table.objects.filter(tournament=tournament, status__in=IN_PLAY).aggregate(
            players=Sum("seated")
        )["players"]
        or 0
    )
    finished = tournament.status == Tournament.Status.FINISHED
    fields = ("entry_id", "chips", "counted_at", *player_fields("entry__player__"))
    leaders = (
        []
        if finished
        else [
            (entry, player_of(rest), chips, counted_at)
            for entry, chips, counted_at, *rest in current.order_by(
                "-chips", "entry__player__name"
            ).values_list(*fields)[:LEADERS_SHOWN]
        ]
    )
    return _Standing(
        leaders=leaders,
        seats=_seats_of([row[0] for row in leaders]),
        totals=totals,
        players=players,
        last_bust=last_bust,
        finished=finished,
        # Once the winner is known the results take the board's place.
        final=None if finished else _final_table_read(tournament),
    )


def _standing_shown(read: _Standing, *, style: str, public: bool) -> dict[str, Any]:
    counted, stale = read.totals["counted"] or 0, read.totals["stale"] or 0
    last_bust, seats = read.last_bust, read.seats
    return {
        "leaders": label_rows(
            [
                {
                    "name": _name(player, style, public),
                    "chips": chips,
                    "table": seats.get(entry, (None, None))[0],
                    "seat": seats.get(entry, (None, None))[1],
                    "before_busts": last_bust is not None and counted_at < last_bust,
                }
                for entry, player, chips, counted_at in read.leaders
            ]
        ),
        "counted": counted,
        "players": read.players,
        "stale": stale,
        "complete": bool(read.players)
        and counted >= read.players
        and not stale
        and not read.finished,
        # Counts older than a bust miss the chips it moved: no average of the counts then.
        "average": (read.totals["total"] or 0) // counted if counted and not stale else None,
        "final_table": None
        if read.final is None
        else _final_table_shown(read.final, style=style, public=public, last_bust=last_bust),
    }


def chip_standing_both(tournament: Tournament) -> tuple[dict[str, Any], dict[str, Any]]:
    """The screens' ``chip_counts`` part for the floor and for the public, read
    once: the two differ only in the names."""
    read = _standing_read(tournament)
    style = tournament.display_names
    return (
        _standing_shown(read, style=style, public=False),
        _standing_shown(read, style=style, public=True),
    )


def chip_standing(tournament: Tournament, *, public: bool) -> dict[str, Any]:
    """The screens' ``chip_counts`` part, constant in size for any field: the
    leaders by their latest count, how many of the players in play are counted,
    how many of those counts were taken before a later bust (``stale``), the
    average of the counts (``complete`` once every player has a count taken
    since the last bust) and the final table. Once the winner is known nobody
    is a chip leader: he holds every chip."""
    return _standing_shown(
        _standing_read(tournament), style=tournament.display_names, public=public
    )


def chip_counts_current(tournament: Tournament) -> list[dict[str, Any]]:
    """The latest count of every seated player who has one, highest first;
    ``before_busts`` marks a count taken before a later bust (it misses the
    chips that bust moved)."""
    counts = {
        entry: (chips, counted_at)
        for entry, chips, counted_at in ChipCount.objects.filter(
            tournament=tournament, latest=True
        ).values_list("entry_id", "chips", "counted_at")
    }
    seated = Seat.objects.filter(table__tournament=tournament, entry__isnull=False).values_list(
        "entry_id", "entry__player__name", "table__number", "number"
    )
    last_bust = _last_bust(tournament) if counts else None
    rows = [
        {
            "entry": entry,
            "name": name,
            "table": table,
            "seat": seat,
            "chips": counts[entry][0],
            "counted_at": counts[entry][1],
            "before_busts": last_bust is not None and counts[entry][1] < last_bust,
        }
        for entry, name, table, seat in seated
        if entry in counts
    ]
    return sorted(rows, key=lambda row: (-row["chips"], names.name_order(row["name"])))


def chip_count_check(tournament: Tournament) -> dict[str, Any]:
    """The counted total against the chips in play (entries, rebuys, add-ons,
    and what the recorded colour-ups changed); the difference once every seated
    player has a count taken since the last bust (an older count misses the
    chips that bust moved to him, which are not missing)."""
    counted = chip_counts_current(tournament)
    seated = Seat.objects.filter(table__tournament=tournament, entry__isnull=False).count()
    colour_ups = ColourUpRecord.objects.filter(tournament=tournament).aggregate(
        before=Sum("chips_before"), after=Sum("chips_after")
    )
    colour_up_change = (colour_ups["after"] or 0) - (colour_ups["before"] or 0)
    in_play = tournament_summary(tournament)["chips_in_play"] + colour_up_change
    total = sum(row["chips"] for row in counted)
    stale = sum(1 for row in counted if row["before_busts"])
    return {
        "counted_players": len(counted),
        "seated_players": seated,
        "counted_total": total,
        "chips_in_play": in_play,
        "colour_up_change": colour_up_change,
        "stale_counts": stale,
        "difference": total - in_play if len(counted) == seated and not stale else None,
        "average": total // len(counted) if counted and not stale else None,
    }


def bag_list(tournament: Tournament) -> list[dict[str, Any]]:
    """A day's bags in bag-number order, for the bag list and the count slips."""
    return [
        {
            "bag": bag.number,
            "entry": bag.entry_id,
            "name": bag.entry.player.name,
            "chips": bag.chips,
            "verified_by": bag.verified_by.get_username() if bag.verified_by else None,
            "bagged_at": bag.bagged_at,
            "carried": bag.carried_to_id is not None,
            "forfeited": bag.forfeited,
        }
        for bag in Bag.objects.filter(tournament=tournament).select_related(
            "entry__player", "verified_by"
        )
    ]


def move_done_in_ring(*, move_id: int, user: Any) -> Move | None:
    """The move, when it is done and was carried out by `user` together with other
    moves, as one ring (players swapping seats); else None.

    A "done" on such a move found the work done by the caller's own "done" on
    another member: it is answered as a success, not as "already carried out"
    (README "API", "Moves in the order they can be done")."""
    move = (
        Move.objects.select_related("entry__player", "from_table", "to_table")
        .filter(pk=move_id, status=Move.Status.DONE, finished_by_id=getattr(user, "pk", None))
        .exclude(finished_at=None)
        .first()
    )
    if move is None:
        return None
    together = Move.objects.filter(
        tournament_id=move.tournament_id, status=Move.Status.DONE, finished_at=move.finished_at
    ).exclude(pk=move.pk)
    return move if together.exists() else None


ALTERNATES_SHOWN = 50


def alternates_waiting(tournament: Tournament) -> list[dict[str, Any]]:
    """The alternates waiting for a seat, first to sit down first (the order the
    seating takes them); the floor map lists them (README "Places, re-entries and moves")."""
    waiting = (
        tournament.entries.filter(status=Entry.Status.WAITING)
        .order_by("waiting_since", "id")
        .values_list("pk", "player__name")[:ALTERNATES_SHOWN]
    )
    return [
        {"entry": entry, "name": name, "position": position}
        for position, (entry, name) in enumerate(waiting, start=1)
    ]


# The floor's alerts (README "Screen messages", part ``floor_alerts``): what the
# floor must act on that is neither a move nor an alternate. Each is a dict
# with its ``kind``; a screen draws the kinds it knows.
BACK_IN_PLAY = "table_back_in_play"
KEPT_APART_TOGETHER = "kept_apart_together"


def _tables_back_in_play(tournament: Tournament) -> list[int]:
    """Broken tables put back in play because their players had no seat
    elsewhere (the last such line of the log), while they still play."""
    last = (
        ActionLog.objects.filter(tournament=tournament, kind=BACK_IN_PLAY)
        .order_by("-pk")
        .values_list("data", flat=True)
        .first()
    )
    if not last:
        return []
    return list(
        Table.objects.filter(
            tournament=tournament, number__in=last["tables"], status=Table.Status.OPEN
        )
        .order_by("number")
        .values_list("number", flat=True)
    )


def _kept_apart_together(tournament: Tournament) -> list[dict[str, Any]]:
    """Keep-apart pairs that sit at one table now (BDPV Sitzordnung 4): the
    seats of the pairs' players only, never the whole field."""
    pairs = list(
        KeepApart.objects.filter(tournament=tournament)
        .order_by("pk")
        .values_list("first_id", "second_id", "first__player__name", "second__player__name")
    )
    if not pairs:
        return []
    entries = {entry for pair in pairs for entry in pair[:2]}
    table_of = dict(
        Seat.objects.filter(entry_id__in=entries, table__tournament=tournament).values_list(
            "entry_id", "table__number"
        )
    )
    together = []
    for first, second, first_name, second_name in pairs:
        table = table_of.get(first)
        if table is not None and table == table_of.get(second):
            together.append({"first": first_name, "second": second_name, "table": table})
    return sorted(together, key=lambda pair: pair["table"])


def floor_alerts(tournament: Tournament) -> list[dict[str, Any]]:
    """``[{kind: "table_back_in_play", tables: [3]}, {kind: "kept_apart_together",
    pairs: [{first, second, table}]}]``: only the kinds that have something to say."""
    alerts: list[dict[str, Any]] = []
    back = _tables_back_in_play(tournament)
    if back:
        alerts.append({"kind": BACK_IN_PLAY, "tables": back})
    together = _kept_apart_together(tournament)
    if together:
        alerts.append({"kind": KEPT_APART_TOGETHER, "pairs": together})
    return alerts
