"""A league's results as a federation's points (README "Results out: formats").

Two presets, each a plain function of a place and the field:

- ``bottom``: one point per place counted from the bottom (the last place 1, the
  winner as many as the field had), times the factor of the tournament's type.
- ``tokens``: a cup's tokens per place from a table (place 1 -> the first
  number, and so on); places beyond the table get none.

Points are never negative and a better place never earns fewer: a factor below
zero, a negative token or a table that gives a lower place more is refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

BOTTOM = "bottom"
TOKENS = "tokens"
PRESETS = (BOTTOM, TOKENS)
# The tournament types a factor is given for (what the room knows of a tournament).
FREEZEOUT = "freezeout"
RE_ENTRY = "re_entry"
EVENT_DAY = "event_day"
TYPES = (FREEZEOUT, RE_ENTRY, EVENT_DAY)
ONE = Decimal(1)
ZERO = Decimal(0)
MAX_TABLE = 200


class FederationError(ValueError):
    """The preset's settings cannot give points (said to the reader)."""


def tournament_type(*, max_entries: int, event_day: bool) -> str:
    if event_day:
        return EVENT_DAY
    return RE_ENTRY if max_entries > 1 else FREEZEOUT


def checked_factors(factors: Mapping[str, Decimal]) -> dict[str, Decimal]:
    """A factor per type (1 where none is given); a negative one is refused."""
    out = {kind: ONE for kind in TYPES}
    for kind, factor in factors.items():
        if kind not in TYPES:
            raise FederationError(kind)
        if not factor.is_finite() or factor < ZERO:
            raise FederationError(kind)
        out[kind] = factor
    return out


def checked_tokens(table: Sequence[int]) -> list[int]:
    """Tokens by place, best first: none negative, none more than the place above."""
    tokens = list(table)
    if not tokens or len(tokens) > MAX_TABLE:
        raise FederationError("tokens")
    if any(t < 0 for t in tokens) or any(b > a for a, b in zip(tokens, tokens[1:], strict=False)):
        raise FederationError("tokens")
    return tokens


def bottom_points(place: int, field: int, factor: Decimal) -> Decimal:
    """(field - place + 1) x factor; a place outside the field earns nothing."""
    if place < 1 or place > field:
        return ZERO
    return (Decimal(field - place + 1) * factor).quantize(Decimal("0.01"))


def cup_tokens(place: int, tokens: Sequence[int]) -> int:
    return tokens[place - 1] if 1 <= place <= len(tokens) else 0
