"""Penalty arithmetic (TDA 2019 rule 69; BDPV Hausregeln 6 and Turnierreglement
introduction; IFP 4.25).

Pure Python (no Django). Kinds:

- ``warning``: a verbal warning, no hands.
- ``missed_hands``: the player sits out ``count`` hands.
- ``missed_rounds``: one round is one hand per player seated at the table
  when the penalty is given, the penalised player included; so the player
  sits out ``players_at_table * count`` hands (TDA2019-69).
- ``disqualification``: the player is out and his chips are taken out of
  play (TDA2019-69, BDPV-6.0).

While he sits out, the player is away from the table, is dealt in, and his
blinds and antes are posted, which may bust him (TDA2019-69). The penalty
starts after the current hand (TDA2019-66, IFP-4.25). A misdealt hand and
its redeal count as one hand (TDA2019-35), so callers count completed hands.

None of the books caps the count. The ceilings in :class:`PenaltyLimits`
are house options (the default: at most four rounds, as older TDA
editions described, and at most 40 hands) that a tournament may override.
Validation returns machine-readable codes; the translated texts belong to
the Django layer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

RULES = ("TDA2019-69", "BDPV-1.1.6", "BDPV-6.0", "IFP-4.25")


class PenaltyKind(StrEnum):
    WARNING = "warning"
    MISSED_HANDS = "missed_hands"
    MISSED_ROUNDS = "missed_rounds"
    DISQUALIFICATION = "disqualification"


COUNTED_KINDS = frozenset({PenaltyKind.MISSED_HANDS, PenaltyKind.MISSED_ROUNDS})


class ErrorCode(StrEnum):
    UNKNOWN_KIND = "unknown_kind"
    COUNT_REQUIRED = "count_required"
    COUNT_NOT_INTEGER = "count_not_integer"
    COUNT_NOT_POSITIVE = "count_not_positive"
    COUNT_TOO_LARGE = "count_too_large"
    COUNT_NOT_ALLOWED = "count_not_allowed"
    PLAYERS_REQUIRED = "players_required"
    PLAYERS_NOT_INTEGER = "players_not_integer"
    PLAYERS_OUT_OF_RANGE = "players_out_of_range"


@dataclass(frozen=True, slots=True)
class PenaltyLimits:
    """House ceilings; the rulebooks set none."""

    max_hands: int = 40
    max_rounds: int = 4
    min_players: int = 2
    max_players: int = 10

    def __post_init__(self) -> None:
        if self.max_hands < 1 or self.max_rounds < 1:
            raise ValueError("penalty ceilings must be at least 1")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError("min_players must be between 1 and max_players")


DEFAULT_LIMITS = PenaltyLimits()


@dataclass(frozen=True, slots=True)
class PenaltyProblem:
    code: ErrorCode
    field: str
    detail: str


class InvalidPenalty(ValueError):
    def __init__(self, problems: list[PenaltyProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.code}" for p in problems))

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(p.code.value for p in self.problems)


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: PenaltyKind
    count: int | None
    players_at_table: int | None
    hands: int
    """Hands the player sits out (0 for a warning or a disqualification)."""
    leaves_table: bool
    blinds_and_antes_posted: bool
    chips_out_of_play: bool
    rules: tuple[str, ...] = RULES


def validate_penalty(
    *,
    kind: str,
    count: object = None,
    players_at_table: object = None,
    limits: PenaltyLimits = DEFAULT_LIMITS,
) -> list[PenaltyProblem]:
    """Every problem with this penalty; an empty list means it is valid."""
    try:
        penalty_kind = PenaltyKind(kind)
    except ValueError:
        return [PenaltyProblem(ErrorCode.UNKNOWN_KIND, "kind", f"unknown penalty kind {kind!r}")]

    problems: list[PenaltyProblem] = []
    if penalty_kind not in COUNTED_KINDS:
        if count is not None:
            problems.append(
                PenaltyProblem(
                    ErrorCode.COUNT_NOT_ALLOWED, "count", f"a {penalty_kind} takes no count"
                )
            )
        return problems

    ceiling = limits.max_hands if penalty_kind is PenaltyKind.MISSED_HANDS else limits.max_rounds
    problems += _count_problems(penalty_kind, count, ceiling)
    if penalty_kind is PenaltyKind.MISSED_ROUNDS:
        problems += _players_problems(players_at_table, limits)
    return problems


def _count_problems(kind: PenaltyKind, count: object, ceiling: int) -> list[PenaltyProblem]:
    if count is None:
        return [PenaltyProblem(ErrorCode.COUNT_REQUIRED, "count", f"{kind} needs a count")]
    if isinstance(count, bool) or not isinstance(count, int):
        return [
            PenaltyProblem(ErrorCode.COUNT_NOT_INTEGER, "count", "count must be a whole number")
        ]
    if count < 1:
        return [PenaltyProblem(ErrorCode.COUNT_NOT_POSITIVE, "count", "count must be at least 1")]
    if count > ceiling:
        return [
            PenaltyProblem(ErrorCode.COUNT_TOO_LARGE, "count", f"count must be at most {ceiling}")
        ]
    return []


def _players_problems(players_at_table: object, limits: PenaltyLimits) -> list[PenaltyProblem]:
    if players_at_table is None:
        return [
            PenaltyProblem(
                ErrorCode.PLAYERS_REQUIRED,
                "players_at_table",
                "missed rounds need the number of players at the table",
            )
        ]
    if isinstance(players_at_table, bool) or not isinstance(players_at_table, int):
        return [
            PenaltyProblem(
                ErrorCode.PLAYERS_NOT_INTEGER,
                "players_at_table",
                "players_at_table must be a whole number",
            )
        ]
    if not limits.min_players <= players_at_table <= limits.max_players:
        return [
            PenaltyProblem(
                ErrorCode.PLAYERS_OUT_OF_RANGE,
                "players_at_table",
                f"players_at_table must be {limits.min_players}-{limits.max_players}",
            )
        ]
    return []


def missed_round_hands(*, players_at_table: int, rounds: int) -> int:
    """Hands in ``rounds`` missed rounds: one hand per seated player (him included) per round."""
    if players_at_table < 1 or rounds < 1:
        raise ValueError("players_at_table and rounds must be positive")
    return players_at_table * rounds


def compute_penalty(
    *,
    kind: str,
    count: int | None = None,
    players_at_table: int | None = None,
    limits: PenaltyLimits = DEFAULT_LIMITS,
) -> Penalty:
    """The penalty with its hand count; raises :class:`InvalidPenalty` with codes."""
    problems = validate_penalty(
        kind=kind, count=count, players_at_table=players_at_table, limits=limits
    )
    if problems:
        raise InvalidPenalty(problems)
    penalty_kind = PenaltyKind(kind)
    if penalty_kind is PenaltyKind.MISSED_HANDS:
        assert count is not None
        hands = count
    elif penalty_kind is PenaltyKind.MISSED_ROUNDS:
        assert count is not None and players_at_table is not None
        hands = missed_round_hands(players_at_table=players_at_table, rounds=count)
    else:
        hands = 0
    sits_out = penalty_kind in COUNTED_KINDS
    return Penalty(
        kind=penalty_kind,
        count=count if sits_out else None,
        players_at_table=players_at_table if penalty_kind is PenaltyKind.MISSED_ROUNDS else None,
        hands=hands,
        leaves_table=sits_out or penalty_kind is PenaltyKind.DISQUALIFICATION,
        blinds_and_antes_posted=sits_out,
        chips_out_of_play=penalty_kind is PenaltyKind.DISQUALIFICATION,
    )


def hands_left(penalty_hands: int, hands_played_since: int) -> int:
    """Hands still to sit out; never negative. Count a misdeal and its redeal once."""
    if penalty_hands < 0 or hands_played_since < 0:
        raise ValueError("hand counts cannot be negative")
    return max(0, penalty_hands - hands_played_since)


class Escalation(StrEnum):
    FIRST_OFFENCE = "first_offence"
    """No earlier warning or penalty: any kind may fit."""
    ESCALATE = "escalate"
    """Earlier warnings only: a warning alone is no longer enough; consider missed hands."""
    ESCALATE_FURTHER = "escalate_further"
    """Earlier sit-out penalties: consider a longer sit-out (missed rounds)."""
    CONSIDER_DISQUALIFICATION = "consider_disqualification"
    """Repeated sit-out penalties: disqualification is within the rules (BDPV-1.1.6)."""


@dataclass(frozen=True, slots=True)
class RepeatOffence:
    escalation: Escalation
    prior_warnings: int
    prior_penalties: int
    minimum_kind: PenaltyKind
    """The mildest kind that still escalates (a hint, the floor decides)."""
    rules: tuple[str, ...] = ("TDA2019-69", "TDA2019-68", "BDPV-1.1.6", "BDPV-6.24")


def repeat_offence(
    *,
    prior_warnings: int,
    prior_penalties: int,
    disqualification_after: int = 3,
) -> RepeatOffence:
    """Classify a player's record in this tournament as a hint for the next ruling.

    ``prior_warnings`` counts earlier warnings, ``prior_penalties`` earlier
    missed-hand or missed-round penalties. Repeat offences may escalate
    (TDA2019-69); repeated or serious misconduct may end in
    disqualification (BDPV-1.1.6, BDPV-6.24). ``disqualification_after`` is
    the house threshold of earlier sit-out penalties.
    """
    if prior_warnings < 0 or prior_penalties < 0:
        raise ValueError("counts cannot be negative")
    if disqualification_after < 1:
        raise ValueError("disqualification_after must be at least 1")
    if prior_penalties >= disqualification_after:
        escalation, minimum = Escalation.CONSIDER_DISQUALIFICATION, PenaltyKind.MISSED_ROUNDS
    elif prior_penalties > 0:
        escalation, minimum = Escalation.ESCALATE_FURTHER, PenaltyKind.MISSED_ROUNDS
    elif prior_warnings > 0:
        escalation, minimum = Escalation.ESCALATE, PenaltyKind.MISSED_HANDS
    else:
        escalation, minimum = Escalation.FIRST_OFFENCE, PenaltyKind.WARNING
    return RepeatOffence(
        escalation=escalation,
        prior_warnings=prior_warnings,
        prior_penalties=prior_penalties,
        minimum_kind=minimum,
    )
