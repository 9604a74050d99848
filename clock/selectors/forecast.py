"""The forecast of a tournament's end from the live or the recorded state (README "Finish on time").

:func:`tournament_record` reads a tournament as it was played (the clock's
marks from its log, or for an imported one from the levels of its busts);
:func:`room_model` fits the room's finished tournaments; and
:func:`tournament_forecast` puts both into :func:`clock.rules.forecast.forecast`.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from clock.rules.clock import ClockState as RuleClock
from clock.rules.clock import clock_at, datetime_from_ms
from clock.rules.finish_proposals import entry_ahead
from clock.rules.forecast import Ahead, Forecast, ForecastInputs, RoomModel, forecast
from clock.rules.forecast_fit import ClockMark, Record, fit_room, inputs_at
from clock.rules.late_registration import late_registration_close_index
from clock.rules.structure import Entry
from clock.services.clock_state import clock_row, rule_state, structure_entries
from tournament.models import WITHDRAWN_STATUSES, ActionLog, Tournament
from tournament.models import Entry as PlayerEntry
from tournament.services.prize_pool import payout_settings_for
from tournament.summary import tournament_summary

CLOCK_KINDS = (
    "clock_start",
    "clock_pause",
    "clock_resume",
    "clock_next",
    "clock_previous",
    "clock_adjust",
    "clock_set_remaining",
    "clock_go_to",
)
BUY_KINDS = ("entry_rebuy", "entry_addon")
OUT = (PlayerEntry.Status.BUSTED, PlayerEntry.Status.DISQUALIFIED)

# The room's model per set of finished tournaments (their ids and versions).
_ROOMS: dict[tuple[tuple[tuple[int, int, datetime], ...], tuple[Ahead, ...] | None], RoomModel] = {}
_RECORDS: dict[tuple[int, int, datetime], Record] = {}


def ahead_of(entry: Entry, table_size: int) -> Ahead:
    return entry_ahead(entry, entry.duration_ms // 1000, table_size)


def _lines(tournament: Tournament, kinds: Iterable[str]) -> list[ActionLog]:
    return list(
        ActionLog.objects.filter(tournament=tournament, kind__in=list(kinds), undone_by=None)
        .only("kind", "data", "at")
        .order_by("at", "id")
    )


def _clock_marks(lines: list[ActionLog]) -> list[ClockMark]:
    marks: list[ClockMark] = []
    for line in lines:
        after = line.data.get("after") if isinstance(line.data, dict) else None
        if not isinstance(after, dict):
            continue
        running = after.get("status") == "running"
        since = after.get("running_since_ms") if running else line.data.get("at_ms")
        at = datetime_from_ms(int(since)) if since is not None else line.at
        marks.append(
            ClockMark(
                at=at,
                index=int(after.get("level_index", 0)),
                remaining_s=int(after.get("remaining_ms", 0)) / 1000,
                running=running,
            )
        )
    return marks


def _imported_marks(
    structure: tuple[Ahead, ...], start: datetime, busts: list[ActionLog]
) -> list[ClockMark]:
    """The clock of an imported evening: run from the start, held back by what its busts
    say (a bust at a level the plan had ended already shows the clock was paused)."""
    ends: list[float] = []
    total = 0.0
    for entry in structure:
        total += entry.duration_s
        ends.append(total)
    marks = [ClockMark(at=start, index=0, remaining_s=float(structure[0].duration_s), running=True)]
    delay = 0.0
    for line in busts:
        index = line.data.get("level_index") if isinstance(line.data, dict) else None
        if not isinstance(index, int) or not 0 <= index < len(structure):
            continue
        offset = (line.at - start).total_seconds()
        late = offset - ends[index]
        if late <= delay:
            continue
        delay = late
        planned = offset - delay  # the plan's offset: the very end of the bust's level
        marks.append(
            ClockMark(at=line.at, index=index, remaining_s=ends[index] - planned, running=True)
        )
    return marks


def tournament_record(tournament: Tournament, until: datetime | None = None) -> Record:
    """The tournament as played (up to ``until``: what was known then)."""
    table_size = tournament.table_size or 9
    structure = tuple(ahead_of(e, table_size) for e in structure_entries(tournament))
    entries = list(
        PlayerEntry.objects.filter(tournament=tournament)
        .exclude(status__in=WITHDRAWN_STATUSES)
        .values_list("created_at", "paid_chips", "status", "busted_at")
    )
    settings = payout_settings_for(tournament)
    buys = [(at, chips or tournament.starting_stack, 1) for at, chips, _s, _b in entries]
    for line in _lines(tournament, BUY_KINDS):
        count = int(line.data.get("count", 1)) if isinstance(line.data, dict) else 1
        stack = settings.rebuy_chips if line.kind == "entry_rebuy" else settings.addon_chips
        buys.append((line.at, count * int(stack or 0), 0))
    busts = sorted(b for _a, _c, status, b in entries if status in OUT and b is not None)
    clock_lines = _lines(tournament, CLOCK_KINDS)
    started: datetime | None = clock_lines[0].at if clock_lines else None
    if tournament.imported_from and not clock_lines:
        started = tournament.created_at
        bust_lines = [
            line for line in _lines(tournament, ("bust",)) if until is None or line.at <= until
        ]
        marks = _imported_marks(structure, started, bust_lines) if structure else []
    else:
        marks = _clock_marks([line for line in clock_lines if until is None or line.at <= until])
    record = Record(
        structure=structure,
        marks=tuple(marks),
        buys=tuple(sorted(buys, key=lambda buy: buy[0])),
        busts=tuple(busts),
        started_at=started,
        ended_at=busts[-1] if tournament.status == Tournament.Status.FINISHED and busts else None,
        table_size=table_size,
    )
    close = late_registration_close_index(
        structure_entries(tournament),
        tournament.late_registration_levels,
        through_break=tournament.late_registration_through_break,
    )
    return Record(**{**record.__dict__, "late_registration_ends": _end_of(record, close)})


def _end_of(record: Record, index: int | None) -> datetime | None:
    """When the clock left entry ``index`` (projected while it runs)."""
    if index is None or not record.marks:
        return None
    marks = record.marks
    for number, mark in enumerate(marks):
        following = marks[number + 1].at if number + 1 < len(marks) else None
        if mark.index > index:
            return mark.at
        if not mark.running:
            continue
        seconds = mark.remaining_s + sum(
            e.duration_s for e in record.structure[mark.index + 1 : index + 1]
        )
        end = mark.at + timedelta(seconds=seconds)
        if following is None or end <= following:
            return end
    return None


def _cached_record(tournament: Tournament) -> Record:
    # The row's creation too: a tournament made again under the same id (a test's
    # rolled-back id, a restored backup) starts its versions again.
    key = (tournament.pk, tournament.version, tournament.created_at)
    found = _RECORDS.get(key)
    if found is None:
        found = tournament_record(tournament)
        if len(_RECORDS) > 2000:
            _RECORDS.clear()
        _RECORDS[key] = found
    return found


def room_model(
    exclude: int | None = None,
    among: Iterable[int] | None = None,
    structure: tuple[Ahead, ...] | None = None,
) -> RoomModel:
    """What the room's finished tournaments (but ``exclude``; only ``among`` if given) teach,
    those that played ``structure`` most."""
    history = Tournament.objects.filter(status=Tournament.Status.FINISHED)
    if exclude is not None:
        history = history.exclude(pk=exclude)
    if among is not None:
        history = history.filter(pk__in=list(among))
    rows = list(history.order_by("pk"))
    key = (tuple((row.pk, row.version, row.created_at) for row in rows), structure)
    found = _ROOMS.get(key)
    if found is None:
        found = fit_room([_cached_record(row) for row in rows], structure)
        if len(_ROOMS) > 200:
            _ROOMS.clear()
        _ROOMS[key] = found
    return found


def _live_inputs(tournament: Tournament, now: datetime, room: RoomModel) -> ForecastInputs:
    table_size = tournament.table_size or 9
    entries = structure_entries(tournament)
    summary = tournament_summary(tournament)
    ahead: tuple[Ahead, ...] = ()
    offset: float | None = None
    if entries:
        row = clock_row(tournament, entries) if tournament.status != "planned" else None
        state = rule_state(row, entries) if row is not None else RuleClock.initial(entries)
        view = clock_at(state, entries, now)
        current = ahead_of(entries[view.level_index], table_size)
        ahead = (
            current._replace(duration_s=view.remaining_ms // 1000),
            *(ahead_of(e, table_size) for e in entries[view.level_index + 1 :]),
        )
        played = sum(e.duration_ms for e in entries[: view.level_index]) + view.elapsed_ms
        offset = played / 1000
    busts = PlayerEntry.objects.filter(tournament=tournament, status__in=OUT)
    return ForecastInputs(
        now=now,
        ahead=ahead,
        players_left=int(summary["remaining"]),
        chips_in_play=int(summary["chips_in_play"]),
        bust_times=tuple(
            at for at in busts.values_list("busted_at", flat=True).order_by("busted_at") if at
        ),
        room=room,
        table_size=table_size,
        clock_offset_s=offset,
    )


def _room_for(tournament: Tournament, among: Iterable[int] | None = None) -> RoomModel:
    """The room's other finished tournaments, those that played this structure most."""
    table_size = tournament.table_size or 9
    structure = tuple(ahead_of(e, table_size) for e in structure_entries(tournament))
    return room_model(exclude=tournament.pk, among=among, structure=structure)


def live_inputs(tournament: Tournament, now: datetime) -> ForecastInputs:
    """The live forecast's inputs at ``now``: what the hard stop's proposals change
    (README "Finish on time: hard stop"), so they start from the same forecast."""
    return _live_inputs(tournament, now, _room_for(tournament))


def tournament_forecast(
    tournament: Tournament,
    as_of: datetime | None = None,
    *,
    among: Iterable[int] | None = None,
    now: datetime | None = None,
) -> Forecast:
    """The forecast now (the live state; ``now``: the clock's time, else the wall's)
    or as it was at ``as_of`` (the recorded state), the room's history being its
    other finished tournaments (only ``among`` if given)."""
    room = _room_for(tournament, among)
    if as_of is None and tournament.status != Tournament.Status.FINISHED:
        return forecast(_live_inputs(tournament, now or timezone.now(), room))
    record = tournament_record(tournament, until=as_of)
    at = as_of or record.ended_at or timezone.now()
    return forecast(inputs_at(record, at, room))


def forecast_payload(result: Forecast, as_of: datetime) -> dict[str, Any]:
    return {
        "predicted_end": result.predicted_end,
        "earliest": result.earliest,
        "latest": result.latest,
        "players_left": result.players_left,
        "average_stack_bb": result.average_stack_bb,
        "basis": result.basis,
        "as_of": as_of,
    }
