"""Blind structures: levels and breaks, validation, templates, JSON.

A structure is a sequence of entries, each a :class:`Level` (blinds and
ante for ``seconds``) or a :class:`Break` (``seconds`` of pause, with the
chip denominations that leave play at that break).

Rule background (paraphrased, cited by document and number):

- Blinds go up on a fixed schedule, e.g. every 20 minutes; an ante may
  join later, usually about a quarter of the small blind (IFP 2.2;
  BDPV Turnierreglement 6; card room ``003``: 20-minute levels).
- A big blind ante is one ante paid by the big blind for the whole table
  (``big_blind_ante=True``; ``ante`` is then the amount the big blind
  posts). When a player cannot pay everything, the ante comes before the
  blinds (TDA 2019 rule 24).
- Every blind and ante must be payable with the chips in play: after a
  colour-up the smallest remaining chip must divide every amount
  (BDPV Turnierreglement 8: the smallest chips leave when they no longer
  fit the blind level).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from clock.rules.errors import RuleError

__all__ = [
    "Break",
    "Entry",
    "Level",
    "Problem",
    "StructureDataError",
    "denominations_in_play",
    "from_json_data",
    "has_errors",
    "level_numbers",
    "to_json_data",
    "validate_structure",
]


@dataclass(frozen=True, slots=True)
class Level:
    """A blind level: amounts in chips, length in seconds."""

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    seconds: int = 20 * 60

    @property
    def kind(self) -> Literal["level"]:
        return "level"

    @property
    def duration_ms(self) -> int:
        return self.seconds * 1000

    def amounts(self) -> tuple[tuple[str, int], ...]:
        """The non-zero amounts a player may have to post, by field name."""
        fields = (
            ("small_blind", self.small_blind),
            ("big_blind", self.big_blind),
            ("ante", self.ante),
        )
        return tuple((name, value) for name, value in fields if value)


@dataclass(frozen=True, slots=True)
class Break:
    """A pause; ``color_up`` lists the denominations removed at this break."""

    seconds: int
    color_up: tuple[int, ...] = ()

    @property
    def kind(self) -> Literal["break"]:
        return "break"

    @property
    def duration_ms(self) -> int:
        return self.seconds * 1000


Entry = Level | Break

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding of :func:`validate_structure`.

    ``code`` is stable and machine-readable; ``index`` is the entry's
    position (``None`` for the structure as a whole); ``field`` and
    ``value`` point at the offending number where there is one.
    """

    code: str
    index: int | None
    severity: Severity = "error"
    field: str | None = None
    value: int | None = None


class StructureDataError(RuleError):
    """The JSON body of a structure is malformed (see :func:`from_json_data`)."""


def has_errors(problems: Iterable[Problem]) -> bool:
    """True if any problem is an error (warnings do not block saving)."""
    return any(problem.severity == "error" for problem in problems)


def level_numbers(entries: Sequence[Entry]) -> tuple[int | None, ...]:
    """The 1-based number of each Level counting levels only; None for breaks."""
    numbers: list[int | None] = []
    count = 0
    for entry in entries:
        if isinstance(entry, Level):
            count += 1
            numbers.append(count)
        else:
            numbers.append(None)
    return tuple(numbers)


def denominations_in_play(
    entries: Sequence[Entry], denominations: Iterable[int]
) -> tuple[tuple[int, ...], ...]:
    """The denominations still in play during each entry, ascending.

    A break's colour-up takes effect after that break, so the break itself
    still has the removed chips in play.
    """
    in_play = sorted(set(denominations))
    result: list[tuple[int, ...]] = []
    for entry in entries:
        result.append(tuple(in_play))
        if isinstance(entry, Break):
            in_play = [d for d in in_play if d not in entry.color_up]
    return tuple(result)


def validate_structure(
    entries: Sequence[Entry], *, denominations: Iterable[int] | None = None
) -> tuple[Problem, ...]:
    """All problems of a structure, errors and warnings, in entry order.

    With ``denominations`` (the chip set's values) it also checks that
    each colour-up removes a chip that is still in play, that some chip
    stays in play, and that every blind and ante is a multiple of the
    smallest denomination in play at that level (code ``not_payable``).
    """
    problems: list[Problem] = []
    if not entries:
        return (Problem("empty_structure", None),)
    if not any(isinstance(entry, Level) for entry in entries):
        problems.append(Problem("no_levels", None))

    previous_level: Level | None = None
    for index, entry in enumerate(entries):
        if entry.seconds <= 0:
            problems.append(
                Problem("non_positive_seconds", index, field="seconds", value=entry.seconds)
            )
        if isinstance(entry, Level):
            problems.extend(_level_problems(index, entry, previous_level))
            previous_level = entry
        else:
            problems.extend(_break_problems(index, entry, entries))

    if denominations is not None:
        problems.extend(_chip_problems(entries, tuple(denominations)))
    return tuple(problems)


def _level_problems(index: int, level: Level, previous: Level | None) -> list[Problem]:
    problems: list[Problem] = []
    for name in ("small_blind", "big_blind", "ante"):
        value = getattr(level, name)
        if value < 0:
            problems.append(Problem("negative_amount", index, field=name, value=value))
    if level.big_blind <= level.small_blind:
        problems.append(
            Problem(
                "big_blind_not_above_small_blind", index, field="big_blind", value=level.big_blind
            )
        )
    if level.big_blind_ante and level.ante <= 0:
        problems.append(Problem("big_blind_ante_without_amount", index, "warning", field="ante"))
    if previous is not None and level.big_blind < previous.big_blind:
        problems.append(
            Problem("blinds_decrease", index, "warning", field="big_blind", value=level.big_blind)
        )
    return problems


def _break_problems(index: int, brk: Break, entries: Sequence[Entry]) -> list[Problem]:
    problems: list[Problem] = []
    if index == 0:
        problems.append(Problem("break_first", index, "warning"))
    elif isinstance(entries[index - 1], Break):
        problems.append(Problem("consecutive_breaks", index, "warning"))
    if index == len(entries) - 1:
        problems.append(Problem("break_last", index, "warning"))
    seen: set[int] = set()
    for value in brk.color_up:
        if value <= 0:
            problems.append(Problem("bad_denomination", index, field="color_up", value=value))
        elif value in seen:
            problems.append(Problem("duplicate_color_up", index, field="color_up", value=value))
        seen.add(value)
    return problems


def _chip_problems(entries: Sequence[Entry], denominations: tuple[int, ...]) -> list[Problem]:
    if not denominations or any(d <= 0 for d in denominations):
        return [Problem("bad_denomination", None, field="denominations")]
    problems: list[Problem] = []
    in_play = set(denominations)
    for index, entry in enumerate(entries):
        if isinstance(entry, Break):
            for value in entry.color_up:
                if value > 0 and value not in in_play:
                    problems.append(
                        Problem("color_up_not_in_play", index, field="color_up", value=value)
                    )
            remaining = in_play - set(entry.color_up)
            if not remaining:
                problems.append(Problem("all_denominations_removed", index, field="color_up"))
                return problems
            in_play = remaining
            continue
        smallest = min(in_play)
        for name, value in entry.amounts():
            if value > 0 and value % smallest:
                problems.append(Problem("not_payable", index, field=name, value=value))
    return problems


# -- JSON --------------------------------------------------------------------


def to_json_data(entries: Sequence[Entry]) -> dict[str, list[dict[str, Any]]]:
    """The API body ``{"levels": [...]}`` for a structure."""
    levels: list[dict[str, Any]] = []
    for entry in entries:
        if isinstance(entry, Level):
            levels.append(
                {
                    "kind": "level",
                    "small_blind": entry.small_blind,
                    "big_blind": entry.big_blind,
                    "ante": entry.ante,
                    "big_blind_ante": entry.big_blind_ante,
                    "seconds": entry.seconds,
                }
            )
        else:
            levels.append(
                {"kind": "break", "seconds": entry.seconds, "color_up": list(entry.color_up)}
            )
    return {"levels": levels}


def from_json_data(data: Any) -> tuple[Entry, ...]:
    """Parse the API body ``{"levels": [...]}``; raise :class:`StructureDataError`.

    Only the shape and types are checked here (codes ``not_an_object``,
    ``levels_missing``, ``levels_not_a_list``, ``unknown_kind``,
    ``missing_field``, ``not_an_integer``, ``out_of_range``, ``not_a_boolean``,
    ``not_a_list``); call :func:`validate_structure` for the poker rules.
    ``ante`` defaults to 0, ``big_blind_ante`` to false, ``color_up`` to
    an empty list. Unknown fields are ignored.
    """
    if not isinstance(data, Mapping):
        raise StructureDataError("not_an_object")
    if "levels" not in data:
        raise StructureDataError("levels_missing")
    raw_levels = data["levels"]
    if not isinstance(raw_levels, list):
        raise StructureDataError("levels_not_a_list")
    return tuple(_entry_from_json(index, raw) for index, raw in enumerate(raw_levels))


def _entry_from_json(index: int, raw: Any) -> Entry:
    if not isinstance(raw, Mapping):
        raise StructureDataError("not_an_object", index=index)
    kind = raw.get("kind")
    if kind == "level":
        return Level(
            small_blind=_integer(raw, "small_blind", index),
            big_blind=_integer(raw, "big_blind", index),
            ante=_integer(raw, "ante", index, default=0),
            big_blind_ante=_boolean(raw, "big_blind_ante", index, default=False),
            seconds=_integer(raw, "seconds", index),
        )
    if kind == "break":
        color_up = raw.get("color_up", [])
        if not isinstance(color_up, list):
            raise StructureDataError("not_a_list", index=index, field="color_up")
        values = tuple(_plain_int(value, index, "color_up") for value in color_up)
        return Break(seconds=_integer(raw, "seconds", index), color_up=values)
    raise StructureDataError("unknown_kind", index=index, field="kind")


def _integer(raw: Mapping[str, Any], field: str, index: int, default: int | None = None) -> int:
    if field not in raw:
        if default is None:
            raise StructureDataError("missing_field", index=index, field=field)
        return default
    return _plain_int(raw[field], index, field)


# The largest amount or duration (seconds) a structure may hold: PostgreSQL's
# `integer`, as the rest of the app's chip amounts; the clock keeps durations
# as milliseconds in a `bigint`, which this keeps far from overflowing.
MAX_NUMBER = 2**31 - 1


def _plain_int(value: object, index: int, field: str) -> int:
    # bool is an int subclass in Python; true/false is never an amount.
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureDataError("not_an_integer", index=index, field=field)
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise StructureDataError("out_of_range", index=index, field=field)
    return value


def _boolean(raw: Mapping[str, Any], field: str, index: int, default: bool) -> bool:
    value = raw.get(field, default)
    if not isinstance(value, bool):
        raise StructureDataError("not_a_boolean", index=index, field=field)
    return value
