"""Calling the clock on a player, and the optional shot clock with time-bank chips.

Calling the clock (paraphrased from the rule texts, by profile):

- ``tda2019`` (TDA 2019 rule 29, document ``004``): a call is honoured
  only after a reasonable time; the player then has 60 seconds, and if
  he has not acted by then a final 10 seconds are counted down (60 s +
  10 s, as IFP spells out). When time runs out, a hand facing action is dead, otherwise checked.
  The floor may shorten the time against persistent stalling.
- ``ifp`` (IFP 4.26): 60 seconds, then a 10 second countdown; without an
  action the hand counts as folded.
- ``bdpv`` (BDPV No-Limit 12): one more minute from the call, then a ten
  second warning; after that the right to act lapses and the hand is out.
- ``room003`` (card room ``003``): after a reasonable time of 2 minutes a
  player may be put on the clock: one minute made of 50 seconds plus a
  10 second countdown; then the hand is declared dead. The ``house``
  profile starts from these values.
- ``tda2024``: 30 seconds in all, the last 5 counted down (25 s + 5 s).
  These are the values the rooms play by; no TDA 2024 rule number is cited
  for them.

Every value is a default: pass your own :class:`ClockCallRules` to
override per tournament. Times are epoch milliseconds passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from clock.rules.errors import RuleError

__all__ = [
    "CLOCK_CALL_PROFILES",
    "ClockCall",
    "ClockCallRules",
    "ClockCallStatus",
    "Outcome",
    "ShotClockOptions",
    "ShotClockTurn",
    "TimeBank",
    "call_clock",
    "clock_call_outcome",
    "clock_call_status",
    "start_turn",
    "time_bank_for_day",
    "turn_deadline_ms",
    "turn_expired",
    "turn_remaining_ms",
    "use_extension",
]

Outcome = Literal["dead", "check", "fold"]
Phase = Literal["thinking", "countdown", "expired"]


@dataclass(frozen=True, slots=True)
class ClockCallRules:
    """How a clock call runs under one rulebook."""

    think_seconds: int  # after the floor accepts the call, before the countdown
    countdown_seconds: int  # the final countdown
    outcome_facing_action: Outcome
    outcome_not_facing_action: Outcome
    reasonable_time_seconds: int | None = None  # thinking time before a call is honoured

    def __post_init__(self) -> None:
        if self.think_seconds < 0 or self.countdown_seconds < 0:
            raise RuleError("negative_seconds")
        if self.reasonable_time_seconds is not None and self.reasonable_time_seconds < 0:
            raise RuleError("negative_seconds")

    @property
    def total_seconds(self) -> int:
        return self.think_seconds + self.countdown_seconds


_ROOM003 = ClockCallRules(
    think_seconds=50,
    countdown_seconds=10,
    outcome_facing_action="dead",
    outcome_not_facing_action="dead",
    reasonable_time_seconds=120,
)

CLOCK_CALL_PROFILES: dict[str, ClockCallRules] = {
    "tda2019": ClockCallRules(
        60, 10, outcome_facing_action="dead", outcome_not_facing_action="check"
    ),
    "tda2024": ClockCallRules(
        25, 5, outcome_facing_action="dead", outcome_not_facing_action="check"
    ),
    "ifp": ClockCallRules(60, 10, outcome_facing_action="fold", outcome_not_facing_action="fold"),
    "bdpv": ClockCallRules(60, 10, outcome_facing_action="dead", outcome_not_facing_action="dead"),
    "room003": _ROOM003,
    "house": _ROOM003,
}


@dataclass(frozen=True, slots=True)
class ClockCall:
    """A clock call the floor accepted at ``called_at_ms``."""

    called_at_ms: int
    think_ms: int
    countdown_ms: int

    @property
    def countdown_at_ms(self) -> int:
        return self.called_at_ms + self.think_ms

    @property
    def expires_at_ms(self) -> int:
        return self.countdown_at_ms + self.countdown_ms


@dataclass(frozen=True, slots=True)
class ClockCallStatus:
    """Where a clock call stands at one instant."""

    phase: Phase
    remaining_ms: int  # until the call expires (0 once expired)
    countdown_at_ms: int
    expires_at_ms: int


def call_clock(
    rules: ClockCallRules,
    now_ms: int,
    *,
    thinking_since_ms: int | None = None,
    think_seconds: int | None = None,
) -> ClockCall:
    """Accept a clock call at ``now_ms``.

    With ``thinking_since_ms`` (when the player's turn began) a profile
    with a reasonable time refuses an early call (code ``too_early``).
    ``think_seconds`` lets the floor shorten (or set) the time to act.
    """
    if (
        thinking_since_ms is not None
        and rules.reasonable_time_seconds is not None
        and now_ms - thinking_since_ms < rules.reasonable_time_seconds * 1000
    ):
        raise RuleError(
            "too_early",
            available_at_ms=thinking_since_ms + rules.reasonable_time_seconds * 1000,
        )
    seconds = rules.think_seconds if think_seconds is None else think_seconds
    if seconds < 0:
        raise RuleError("negative_seconds")
    return ClockCall(
        called_at_ms=now_ms, think_ms=seconds * 1000, countdown_ms=rules.countdown_seconds * 1000
    )


def clock_call_status(call: ClockCall, now_ms: int) -> ClockCallStatus:
    """Thinking, counting down or expired at ``now_ms``, with the time left."""
    if now_ms >= call.expires_at_ms:
        phase: Phase = "expired"
    elif now_ms >= call.countdown_at_ms:
        phase = "countdown"
    else:
        phase = "thinking"
    return ClockCallStatus(
        phase=phase,
        remaining_ms=max(0, call.expires_at_ms - max(now_ms, call.called_at_ms)),
        countdown_at_ms=call.countdown_at_ms,
        expires_at_ms=call.expires_at_ms,
    )


def clock_call_outcome(rules: ClockCallRules, *, facing_action: bool) -> Outcome:
    """What becomes of a hand whose time ran out."""
    return rules.outcome_facing_action if facing_action else rules.outcome_not_facing_action


# -- shot clock --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShotClockOptions:
    """A shot clock: every decision gets ``action_seconds``; each time-bank
    chip adds ``extension_seconds``; each player gets ``extensions_per_day``
    chips per playing day (unused chips do not carry over)."""

    action_seconds: int = 30
    extension_seconds: int = 30
    extensions_per_day: int = 4

    def __post_init__(self) -> None:
        if self.action_seconds <= 0 or self.extension_seconds <= 0:
            raise RuleError("non_positive_seconds")
        if self.extensions_per_day < 0:
            raise RuleError("negative_count")


@dataclass(frozen=True, slots=True)
class TimeBank:
    """A player's time-bank chips left on playing day ``day``."""

    day: int
    extensions_left: int


@dataclass(frozen=True, slots=True)
class ShotClockTurn:
    """One decision on the shot clock."""

    started_at_ms: int
    extensions_used: int = 0


def time_bank_for_day(bank: TimeBank | None, options: ShotClockOptions, *, day: int) -> TimeBank:
    """The player's bank for ``day``: a full one on a new day, else unchanged."""
    if bank is not None and bank.day == day:
        return bank
    return TimeBank(day=day, extensions_left=options.extensions_per_day)


def start_turn(now_ms: int) -> ShotClockTurn:
    return ShotClockTurn(started_at_ms=now_ms)


def turn_deadline_ms(turn: ShotClockTurn, options: ShotClockOptions) -> int:
    """When the decision is due, counting the chips used on it."""
    seconds = options.action_seconds + turn.extensions_used * options.extension_seconds
    return turn.started_at_ms + seconds * 1000


def turn_remaining_ms(turn: ShotClockTurn, options: ShotClockOptions, now_ms: int) -> int:
    """Time left to act (never negative; the full time before the turn started)."""
    return max(0, turn_deadline_ms(turn, options) - max(now_ms, turn.started_at_ms))


def turn_expired(turn: ShotClockTurn, options: ShotClockOptions, now_ms: int) -> bool:
    return now_ms >= turn_deadline_ms(turn, options)


def use_extension(
    turn: ShotClockTurn, bank: TimeBank, options: ShotClockOptions, now_ms: int
) -> tuple[ShotClockTurn, TimeBank]:
    """Spend one time-bank chip on this decision.

    Refused once time has run out (``time_expired``) or with no chip left
    (``no_extensions_left``). Several chips may go on one decision.
    """
    if turn_expired(turn, options, now_ms):
        raise RuleError("time_expired")
    if bank.extensions_left <= 0:
        raise RuleError("no_extensions_left")
    return (
        replace(turn, extensions_used=turn.extensions_used + 1),
        replace(bank, extensions_left=bank.extensions_left - 1),
    )
