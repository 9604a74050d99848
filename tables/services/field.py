"""After the field changed (a bust, an unbust, a move, a break): seat the
alternates, plan the floor's next steps, end the tournament once one player is
left, and record what changed for the screens (README "How a floor action flows")."""

from __future__ import annotations

from collections.abc import Sequence

from tables.services.planning import floor_replan
from tables.services.seating import seat_alternates
from tournament import changes
from tournament.models import LIVE_STATUSES, Tournament
from tournament.prize_port import prizes
from tournament.summary import EntryCounts, entry_counts
from tournament.writes import Write


def after_field_change(
    w: Write,
    event: str,
    extra: dict,
    touched: Sequence[int | None] = (),
    counts: EntryCounts | None = None,
    reopened: bool = False,
    field_changed: bool = False,
) -> dict:
    """Seat alternates, plan the floor's next steps, and record what changed.

    The screens get the summary, the pending moves and the rows of the tables
    that changed (`touched`, the tables broken, and every table a pending move
    involves), built after the commit. `counts`, when given, are the entry
    counts as the caller left them; seating an alternate makes them stale.
    `reopened`: the caller took back the bust that had ended the tournament.
    `field_changed`: an entry joined or left the paid field (an unbust that
    finds no seat waits as an alternate), so the payouts are sent too.
    """
    # The planner recounts these tables before it reads the floor.
    w.touch(tables=touched)
    if counts is None:
        counts = entry_counts(w.tournament)
    # The tally says whether anyone waits: most busts read no alternates.
    if counts.waiting and seat_alternates(w):
        field_changed = True
        # Planning and the end-of-event check change no entry: one count serves both.
        counts = entry_counts(w.tournament)
    plan = floor_replan(w)
    won = finish_if_won(w, counts)
    w.record(
        event,
        parts=(changes.SUMMARY, changes.MOVES, changes.TABLES)
        # The winner is known: every screen stops its clock and shows the results.
        + ((changes.CLOCK, changes.RESULTS) if won or reopened else ())
        # An alternate taking a seat joins the field the payouts are built on.
        + ((changes.PAYOUTS,) if field_changed else ()),
        tables=[*touched, *plan.break_tables],
        facts={**extra, "plan": plan.to_log()},
    )
    return {"plan": plan.to_log()}


def finish_if_won(w: Write, counts: EntryCounts) -> bool:
    """End the tournament when one player is left; True when this write ended it."""
    tournament = w.tournament
    if tournament.status == Tournament.Status.FINISHED or counts.remaining != 1:
        return False
    if not counts.out:
        return False
    live_entries = tournament.entries.filter(status__in=LIVE_STATUSES)
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    w.log("winner", {"entry": live_entries.get().pk})
    # The winner is known: the cash desk fixes the prizes (README "Satellites and tickets").
    prizes().winner_known(w)
    return True
