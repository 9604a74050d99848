"""The bounties of a bust: who eliminated each player (checked against the
floor) and what the hand pays (README "Bounties")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from tables.models import Seat
from tournament.clock_port import clock
from tournament.device_time import action_time
from tournament.errors import FieldInvalid
from tournament.models import LIVE_STATUSES, Entry, Tournament
from tournament.rules import bounties as bounty_rules
from tournament.selectors import bounty_settings_for
from tournament.services import bounties
from tournament.summary import EntryCounts, tournament_summary
from tournament.writes import Write


@dataclass(frozen=True)
class BustReport:
    """One player out in a hand, as the floor reports him."""

    entry: int
    starting_stack: int | None = None
    # Who took his last chip; several when they split the pot (bounty tournaments).
    eliminated_by: tuple[int, ...] = ()


DUPLICATE_ELIMINATOR = _("An entry is listed twice.")
ELIMINATOR_NEEDED = _(
    "This tournament pays bounties: say who eliminated the player (every winner of a split pot)."
)
ELIMINATOR_NOT_PLAYING = _("Whoever eliminated him must still be playing in this tournament.")
ELIMINATOR_OTHER_TABLE = _("Whoever eliminated him must sit at his table.")


def eliminations_of(
    tournament: Tournament,
    reports: Sequence[BustReport],
    entries: Sequence[Entry],
    seat_of: dict[int, Seat | None],
) -> list[bounties.Elimination]:
    """Each busted entry with his eliminators, first left of the button first.
    A bounty tournament needs them; an eliminator plays at the busted player's
    table and is not busted in the same hand. `seat_of`: the busted entries'
    seats (with their tables)."""
    busted = {report.entry for report in reports}
    by_id = {entry.pk: entry for entry in entries}
    made = []
    for report in reports:
        if not report.eliminated_by:
            raise FieldInvalid("eliminated_by", ELIMINATOR_NEEDED)
        victim_seat = seat_of[report.entry]
        seats = eliminator_seats(tournament, report, busted, victim_seat)
        table = victim_seat.table if victim_seat is not None else None
        order = bounty_rules.clockwise_from_button(
            [seats[e].number for e in report.eliminated_by],
            table.button_seat if table else None,
            table.seats if table else tournament.table_size,
        )
        entry_at = {seats[e].number: e for e in report.eliminated_by}
        made.append(bounties.Elimination(by_id[report.entry], [entry_at[n] for n in order]))
    return made


def eliminators_check(
    tournament: Tournament, reports: Sequence[BustReport], seat_of: dict[int, Seat | None]
) -> None:
    """A tournament without bounties takes `eliminated_by` too (the league's hits
    read it from the log): the players named must be real and still playing.
    No bounty money depends on their table, so it is not checked (README "API")."""
    busted = {report.entry for report in reports}
    for report in reports:
        if report.eliminated_by:
            eliminator_seats(tournament, report, busted, None)


def eliminator_seats(
    tournament: Tournament, report: BustReport, busted: set[int], victim_seat: Seat | None
) -> dict[int | None, Seat]:
    """The seats of the report's eliminators: each listed once, still playing in
    this tournament (not busted in the same hand) and at the busted player's table."""
    if len(set(report.eliminated_by)) != len(report.eliminated_by):
        raise FieldInvalid("eliminated_by", DUPLICATE_ELIMINATOR)
    seats = {
        seat.entry_id: seat
        for seat in Seat.objects.select_related("table").filter(
            entry_id__in=report.eliminated_by, entry__status=Entry.Status.SEATED
        )
    }
    for eliminator in report.eliminated_by:
        seat = seats.get(eliminator)
        if eliminator in busted or seat is None or seat.table.tournament_id != tournament.pk:
            raise FieldInvalid("eliminated_by", ELIMINATOR_NOT_PLAYING)
        if victim_seat is not None and seat.table_id != victim_seat.table_id:
            raise FieldInvalid("eliminated_by", ELIMINATOR_OTHER_TABLE)
    return seats


def settle_bounties(
    w: Write,
    eliminations: list[bounties.Elimination],
    counts: EntryCounts,
    left: int,
) -> None:
    """Pay this hand's bounties; the last bust also pays the winner his own."""
    tournament = w.tournament
    winner = None
    if left == 1:
        winner = tournament.entries.filter(status__in=LIVE_STATUSES).values_list("pk", flat=True)[0]
    bounty = bounty_settings_for(tournament)
    in_the_money = False
    if bounty.mystery_start_in_money:
        # The money is reached once no more players are left than places are paid.
        in_the_money = left <= tournament_summary(tournament, counts)["paid_places"]
    bounties.bounties_settle(
        w,
        eliminations,
        winner=winner,
        level=clock().level_played(tournament, at=action_time())[0],
        in_the_money=in_the_money,
    )
