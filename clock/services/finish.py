"""Finish on time: the hard stop against the forecast, the proposals to meet
it, applying one, and the forecast of a structure before the start
(README "Finish on time: hard stop").

The warning is read for the director's screens (the staff part
``hard_stop``); applying a proposal sets the structure through
:func:`clock.services.structure.structure_set`, in one write with its own
audit line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clock.models import ClockState
from clock.rules import clock as clock_rules
from clock.rules import finish_proposals as rules
from clock.rules.errors import RuleError
from clock.rules.forecast import Forecast, ForecastInputs, forecast
from clock.rules.structure import Entry, level_numbers, to_json_data
from clock.selectors.forecast import live_inputs, room_model, tournament_forecast
from clock.services import clock_state
from clock.services.structure import chip_values, structure_set
from tournament.errors import Conflict, Invalid
from tournament.models import Tournament
from tournament.summary import tournament_summary
from tournament.writes import tournament_write

NO_SUCH_PROPOSAL = _("This proposal does not fit the structure as it is now.")
NO_STRUCTURE = _("The tournament has no blind structure yet.")
DEAL_ON_DEAL_PAGE = _("A deal is made on the deal page.")
TOO_MANY_PLAYERS = _("Give between 2 and 10,000 players.")
MAX_PLAYERS = 10_000


@dataclass(frozen=True)
class Now:
    """The structure, where the clock stands and the forecast's inputs at one instant."""

    play: rules.Play
    inputs: ForecastInputs


def _instant(now_ms: int) -> datetime:
    return datetime.fromtimestamp(now_ms / 1000, tz=UTC)


def _play_now(tournament: Tournament, now_ms: int) -> Now | None:
    entries = clock_state.structure_entries(tournament)
    if not entries:
        return None
    row = ClockState.objects.filter(tournament=tournament).first()
    state = clock_rules.normalise(clock_state.rule_state(row, entries), entries, now_ms)
    if state.status == "finished":
        return None
    view = clock_rules.clock_at(state, entries, now_ms)
    summary = tournament_summary(tournament)
    play = rules.Play(
        entries=entries,
        current=view.level_index,
        chip_values=chip_values(tournament.pk),
        players_left=summary["remaining"],
        final_table_size=tournament.final_table_size,
    )
    # The same inputs as the forecast line and GET .../forecast: one forecast on the page.
    return Now(play=play, inputs=live_inputs(tournament, _instant(now_ms)))


def _clock_text(moment: datetime) -> str:
    """A time as the room's clock shows it (23:40), in the room's time zone."""
    return timezone.localtime(moment).strftime("%H:%M")


def ends_payload(found: Forecast) -> dict[str, Any]:
    return {
        "predicted_end": found.predicted_end,
        "earliest": found.earliest,
        "latest": found.latest,
        "predicted_end_text": _clock_text(found.predicted_end),
        "earliest_text": _clock_text(found.earliest),
        "latest_text": _clock_text(found.latest),
        "players_left": found.players_left,
        "average_stack_bb": found.average_stack_bb,
    }


def _proposal_payload(
    proposal: rules.Proposal[Forecast], play: rules.Play, hard_stop: datetime
) -> dict[str, Any]:
    numbers = level_numbers(play.entries)
    index = proposal.index
    level = None
    chip = None
    if index is not None and proposal.kind in ("skip", "ante"):
        level = numbers[index]
    elif index is not None and proposal.kind == "colour_up" and proposal.entries is not None:
        # The break after this level; the chip that leaves with the others.
        level = next((n for n in reversed(numbers[:index]) if n is not None), None)
        chip = proposal.entries[index].color_up[-1]  # type: ignore[union-attr]
    return {
        "id": proposal.id,
        "kind": proposal.kind,
        "minutes": proposal.minutes,
        "level": level,
        "chip": chip,
        "method": proposal.method,
        "at": proposal.at,
        "at_text": _clock_text(proposal.at) if proposal.at else None,
        "forecast": ends_payload(proposal.forecast),
        "meets_hard_stop": proposal.forecast.latest <= hard_stop,
    }


def _found_proposals(now: Now, current: Forecast, hard_stop: datetime) -> list[dict[str, Any]]:
    play, inputs = now.play, now.inputs

    def forecast_of(entries: tuple[Entry, ...]) -> Forecast:
        return forecast(rules.inputs_with(inputs, play, entries))

    def deal_at(at: datetime) -> Forecast:
        return replace(current, predicted_end=at, earliest=at, latest=at)

    found = rules.proposals(
        play,
        current=current,
        hard_stop=hard_stop,
        now=inputs.now,
        forecast_of=forecast_of,
        deal_at=deal_at,
    )
    return [_proposal_payload(proposal, play, hard_stop) for proposal in found]


def finish_warning(tournament: Tournament, *, now_ms: int | None = None) -> dict[str, Any] | None:
    """The staff part ``hard_stop``: null without a hard stop (or a clock to
    forecast from), else the stop, the forecast, whether its latest end passes
    the stop and, when it does, the proposals."""
    hard_stop = tournament.hard_stop
    if hard_stop is None or tournament.status == Tournament.Status.FINISHED:
        return None
    now = _play_now(tournament, clock_state.now() if now_ms is None else now_ms)
    if now is None:
        return None
    current = forecast(now.inputs)
    late = current.latest > hard_stop
    return {
        "hard_stop": hard_stop,
        "hard_stop_text": _clock_text(hard_stop),
        "late": late,
        "forecast": ends_payload(current),
        "proposals": _found_proposals(now, current, hard_stop) if late else [],
    }


def clock_words(moment: datetime) -> dict[str, int]:
    """A time as the room's clock shows it, in parts the reader's language puts
    together (``{hour}:{minute}`` or ``{hour12}:{minute} {ampm}``)."""
    local = timezone.localtime(moment)
    return {"hour": local.hour, "minute": local.minute}


def time_text(words: dict[str, int], pattern: str) -> str:
    """``clock_words`` in the reader's pattern, as ``finish.js`` fills it."""
    hour = words["hour"]
    return pattern.format(
        hour=hour,
        hour12=hour % 12 or 12,
        minute=f"{words['minute']:02d}",
        ampm="am" if hour < 12 else "pm",
    )


def forecast_line(tournament: Tournament) -> dict[str, Any] | None:
    """The staff part ``forecast`` (README "Finish on time: where it shows"):
    null before the clock started, once the tournament finished, or
    without a structure; else the forecast's ends (``tournament_forecast``, as
    the API gives it), each also as the room's clock shows it."""
    if tournament.status != Tournament.Status.RUNNING:
        return None
    row = ClockState.objects.filter(tournament=tournament).only("status").first()
    if row is None or row.status == ClockState.Status.STOPPED:
        return None
    if not clock_state.structure_entries(tournament):
        return None
    found = tournament_forecast(tournament, now=_instant(clock_state.now()))
    return {
        "predicted_end": found.predicted_end,
        "earliest": found.earliest,
        "latest": found.latest,
        "players_left": found.players_left,
        "clock": {
            "predicted": clock_words(found.predicted_end),
            "earliest": clock_words(found.earliest),
            "latest": clock_words(found.latest),
        },
    }


def finish_proposal_apply(
    *, tournament_id: int, proposal: str, by: Any, now_ms: int | None = None
) -> dict[str, Any] | None:
    """Apply a proposal (its id, e.g. ``shorten-15``) to the structure: one write,
    logged, the clock following as for any structure change. Returns the
    warning as it stands after it (null: no hard stop)."""
    if proposal.startswith("deal-"):
        raise Conflict(DEAL_ON_DEAL_PAGE)
    now_ms = clock_state.now() if now_ms is None else now_ms
    with tournament_write(tournament_id, by=by) as w:
        now = _play_now(w.tournament, now_ms)
        if now is None:
            raise Conflict(NO_STRUCTURE)
        try:
            entries = rules.changed_structure(now.play, proposal)
        except RuleError as exc:
            raise Invalid(NO_SUCH_PROPOSAL) from exc
        w.log("finish_proposal_applied", {"proposal": proposal})
        structure_set(tournament_id=tournament_id, data=to_json_data(entries), by=by, now_ms=now_ms)
    return finish_warning(Tournament.objects.get(pk=tournament_id), now_ms=now_ms)


def finish_planning(
    *, tournament: Tournament, players: int, entries: tuple[Entry, ...] | None = None
) -> dict[str, Any]:
    """The forecast of a structure before the start (README "Finish on time:
    hard stop"): ``players`` each with the starting stack, from the start time
    (or now), every level ahead."""
    if not 2 <= players <= MAX_PLAYERS:
        raise Invalid(TOO_MANY_PLAYERS)
    entries = clock_state.structure_entries(tournament) if entries is None else entries
    if not entries:
        raise Invalid(NO_STRUCTURE)
    start = tournament.starts_at or _instant(clock_state.now())
    inputs = ForecastInputs(
        now=start,
        ahead=rules.entries_ahead(entries, 0, entries[0].seconds, tournament.table_size),
        players_left=players,
        chips_in_play=players * tournament.starting_stack,
        room=room_model(exclude=tournament.pk),
        table_size=tournament.table_size,
    )
    found = forecast(inputs)
    return {
        "players": players,
        "starts_at": start,
        "hard_stop": tournament.hard_stop,
        "meets_hard_stop": None
        if tournament.hard_stop is None
        else found.latest <= tournament.hard_stop,
        **ends_payload(found),
    }
