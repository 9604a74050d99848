"""The audit trail's hash chain, in plain Python (README "Audit trail").

Every line of a scope (``tournament:12``, ``cashbox:3`` ...) has a number
``seq`` (1, 2, 3 ... in its scope) and a ``hash`` over its own fields and the
hash of the line before it (``prev_hash``; the first line's is empty). A line
changed, taken out or put in between no longer fits the lines after it;
:func:`first_break` walks one scope and names the first line that does not fit.

The data is covered through its digest (the SHA-256 of its canonical JSON), so
an erasure may rewrite a line's data and keep the digest it had (``sealed``):
the chain still holds, and the erasure names the lines it rewrote. Lines taken
out on purpose (a TD3 file imported again replaces what it wrote) are named
with their numbers and hashes by a later line of the same scope, so the walk
steps over them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

GENESIS = ""  # the prev_hash of a scope's first line


def normal(value: Any) -> Any:
    """The value as JSON gives it back: tuples become lists, keys strings, and a
    float that is a whole number an int (PostgreSQL's jsonb keeps no difference
    between 1e+20 and 100000000000000000000)."""
    return _whole(json.loads(json.dumps(value)))


def _whole(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _whole(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_whole(item) for item in value]
    return value


def canonical(value: Any) -> str:
    """One text for one value as JSON gives it back (:func:`normal`): keys
    sorted, no spaces."""
    return json.dumps(
        normal(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def digest(data: Any) -> str:
    """The SHA-256 of the data's canonical JSON."""
    return hashlib.sha256(canonical(data).encode()).hexdigest()


def moment(at: datetime) -> str:
    """A line's time as the hash covers it: UTC, to the microsecond."""
    return at.astimezone(UTC).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class Link:
    """What the hash of a line covers (besides the hash before it)."""

    scope: str
    seq: int
    kind: str
    digest: str  # of the data, see digest()
    by: int | None
    at: str  # see moment()
    tournament: int | None


def line_hash(link: Link, prev_hash: str) -> str:
    fields = [
        link.scope,
        link.seq,
        link.kind,
        link.digest,
        link.by,
        link.at,
        link.tournament,
        prev_hash,
    ]
    return hashlib.sha256(canonical(fields).encode()).hexdigest()


def extend(
    head: tuple[int, str],
    *,
    scope: str,
    kind: str,
    data: Any,
    by: int | None,
    at: datetime,
    tournament: int | None,
) -> tuple[int, str, str]:
    """The next line of a scope whose last line is ``head`` (its number and
    hash; ``(0, GENESIS)`` for none): its number, the hash before it, its hash."""
    seq, prev = head[0] + 1, head[1]
    link = Link(scope, seq, kind, digest(data), by, moment(at), tournament)
    return seq, prev, line_hash(link, prev)


@dataclass(frozen=True)
class NewLine:
    """A line to write: what its hash covers besides its place in the chain."""

    scope: str
    kind: str
    data: Any  # normal JSON (see normal())
    by: int | None
    at: datetime
    tournament: int | None

    def fields(self) -> dict[str, Any]:
        """The line's columns (the action log's field names)."""
        return {
            "scope": self.scope,
            "kind": self.kind,
            "data": self.data,
            "by_id": self.by,
            "at": self.at,
            "tournament_id": self.tournament,
        }


def chain(heads: dict[str, tuple[int, str]], lines: Iterable[NewLine]) -> list[dict[str, Any]]:
    """Each line's number, the hash before it and its own (columns ``seq``,
    ``prev_hash``, ``hash``), after the heads of their scopes; moves the heads on."""
    chained = []
    for line in lines:
        seq, prev, own = extend(
            heads.get(line.scope, (0, GENESIS)),
            scope=line.scope,
            kind=line.kind,
            data=line.data,
            by=line.by,
            at=line.at,
            tournament=line.tournament,
        )
        heads[line.scope] = (seq, own)
        chained.append({**line.fields(), "seq": seq, "prev_hash": prev, "hash": own})
    return chained


@dataclass(frozen=True)
class Stored:
    """A line as the database holds it."""

    id: int
    link: Link  # its digest: of the data as stored now
    sealed: str  # the digest an erasure kept ("" when the data was never rewritten)
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class Break:
    """The first line of a scope that does not fit its chain."""

    scope: str
    seq: int
    id: int | None  # None: the line is missing
    what: str


def first_break(
    scope: str,
    lines: Iterable[Stored],
    *,
    withdrawn: Mapping[int, str],
    rewritten: frozenset[int] | set[int],
) -> Break | None:
    """Walk one scope's lines in ``seq`` order. ``withdrawn``: the numbers of lines
    taken out on purpose with their hashes (named by a later line of the scope);
    ``rewritten``: the ids of lines an erasure rewrote."""
    prev, expected, last_id = GENESIS, 1, None
    for line in lines:
        while expected < line.link.seq:
            if expected not in withdrawn:
                where = f" (after line {last_id})" if last_id is not None else ""
                return Break(scope, expected, None, f"removed: no line {expected}{where}")
            prev, expected = withdrawn[expected], expected + 1
        problem = _misfit(line, prev, rewritten)
        if not problem and last_id is not None and line.id < last_id:
            problem = f"out of order: written before line {last_id}, the line before it"
        if problem:
            return Break(scope, line.link.seq, line.id, problem)
        prev, expected, last_id = line.hash, expected + 1, line.id
    return None


def _misfit(line: Stored, prev: str, rewritten: frozenset[int] | set[int]) -> str:
    if line.link.seq < 1:
        return "not in the chain: the line has no number"
    if line.sealed:
        if line.id not in rewritten:
            return "changed: its data was rewritten and no erasure names it"
        covered = line.sealed
    else:
        covered = line.link.digest
    if line_hash(replace(line.link, digest=covered), line.prev_hash) != line.hash:
        return "changed: its content does not match its hash"
    if line.prev_hash != prev:
        return (
            "out of order: it does not follow the line before it "
            "(a line was inserted or renumbered here)"
        )
    return ""
