"""Reading the audit trail back to check it (README "Audit trail"): ``manage.py
audit verify`` walks every scope's chain and compares the rows that keep their
own log (privacy events here, the ledger in ``cashdesk.selectors``) with their
lines."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from itertools import groupby
from typing import Any

from tournament import audit
from tournament.models import ActionLog, PrivacyLog
from tournament.rules.audit_chain import Break, Link, Stored, digest, first_break, moment, normal

CHUNK = 5000
FIELDS = ("pk", "scope", "seq", "kind", "data", "by_id", "at", "tournament_id")
FIELDS += ("prev_hash", "hash", "sealed")


@dataclass
class Walked:
    """What a walk over the chains saw."""

    scopes: int = 0
    lines: int = 0
    breaks: list[Break] | None = None


def _withdrawn() -> dict[str, dict[int, str]]:
    """Per scope, the numbers and hashes of the lines taken out on purpose, as a
    later line of the scope names them."""
    found: dict[str, dict[int, str]] = {}
    for scope, seq, data in ActionLog.objects.filter(kind=audit.WITHDRAWN).values_list(
        "scope", "seq", "data"
    ):
        named = found.setdefault(scope, {})
        for pair in data.get("lines", []) if isinstance(data, dict) else []:
            if isinstance(pair, list) and len(pair) == 2 and int(pair[0]) < seq:
                named[int(pair[0])] = str(pair[1])
    return found


def _rewritten() -> set[int]:
    """The ids of the lines an erasure rewrote, as the erasures' lines name them."""
    found: set[int] = set()
    for data in ActionLog.objects.filter(kind=audit.PRIVACY).values_list("data", flat=True):
        ids = data.get(audit.REWRITTEN, []) if isinstance(data, dict) else []
        found.update(pk for pk in ids if isinstance(pk, int))
    return found


def _stored(row: tuple[Any, ...]) -> Stored:
    pk, scope, seq, kind, data, by, at, tournament, prev_hash, own, sealed = row
    link = Link(scope, seq or 0, kind, digest(data), by, moment(at), tournament)
    return Stored(pk, link, sealed, prev_hash, own)


def chains_walk() -> Walked:
    """Every scope's chain from its first line; the first break of each."""
    withdrawn, rewritten = _withdrawn(), _rewritten()
    walked = Walked(breaks=[])
    rows = ActionLog.objects.order_by("scope", "seq", "pk").values_list(*FIELDS)
    counted = _Counted(rows.iterator(chunk_size=CHUNK))
    for scope, lines in groupby(counted, key=lambda row: row[1]):
        walked.scopes += 1
        found = first_break(
            scope,
            (_stored(row) for row in lines),
            withdrawn=withdrawn.get(scope, {}),
            rewritten=rewritten,
        )
        if found is not None:
            assert walked.breaks is not None
            walked.breaks.append(found)
    walked.lines = counted.count
    return walked


class _Counted:
    def __init__(self, rows: Iterator[tuple[Any, ...]]) -> None:
        self.rows, self.count = rows, 0

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for row in self.rows:
            self.count += 1
            yield row


def heads() -> dict[str, tuple[int, str]]:
    """Each scope's last line: its number and hash (``audit heads`` prints them
    to be kept apart from the database)."""
    last: dict[str, tuple[int, str]] = {}
    for scope, seq, own in ActionLog.objects.order_by("scope", "seq").values_list(
        "scope", "seq", "hash"
    ):
        last[scope] = (seq, own)
    return last


def heads_check(kept: dict[str, tuple[int, str]]) -> list[str]:
    """Heads written down before: each line must still be there with its hash,
    so a chain cut short at its end or written anew is found too."""
    withdrawn = _withdrawn()
    problems = []
    for scope, (seq, own) in sorted(kept.items()):
        now = ActionLog.objects.filter(scope=scope, seq=seq).values_list("pk", "hash").first()
        if now is None and withdrawn.get(scope, {}).get(seq) == own:
            continue
        if now is None:
            problems.append(f"{scope} seq {seq}: removed: the head kept before is gone")
        elif now[1] != own:
            problems.append(f"{scope} seq {seq} (line {now[0]}): changed: not the head kept before")
    return problems


Facts = tuple[int, dict[str, Any], int | None, datetime]  # a row's id, facts, by, at


def rows_against_lines(label: str, kind: str, key: str, rows: Iterable[Facts]) -> list[str]:
    """Rows that keep a log of their own (privacy events, the ledger) against
    their lines in the trail: each row has one line that says what it says."""
    lines: dict[Any, tuple[Any, ...]] = {}
    for line in ActionLog.objects.filter(kind=kind).values_list(
        "pk", "scope", "seq", "data", "by_id", "at"
    ):
        data = line[3] if isinstance(line[3], dict) else {}
        lines[data.get(key)] = line
    problems = []
    for pk, facts, by, at in rows:
        line = lines.pop(pk, None)
        if line is None:
            problems.append(f"{label} {pk}: inserted: no line in the trail records it")
            continue
        line_id, scope, seq, data, line_by, line_at = line
        differs = _differs(data, normal(facts)) + (["by"] if by != line_by else [])
        differs += ["at"] if moment(at) != moment(line_at) else []
        if differs:
            where = f"{scope} seq {seq}, line {line_id}"
            problems.append(
                f"{label} {pk}: changed: differs from its line ({where}): {', '.join(differs)}"
            )
    for pk, (line_id, scope, seq, *_rest) in sorted(lines.items(), key=lambda item: item[1][0]):
        problems.append(
            f"{scope} seq {seq} (line {line_id}): records {label} {pk}, which is removed"
        )
    return problems


def _differs(recorded: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """The facts a line recorded that the row no longer says (facts a later
    version of the code added are not in older lines)."""
    return [
        name
        for name, value in recorded.items()
        if name != audit.REWRITTEN and now.get(name, object()) != value
    ]


def privacy_against_trail() -> list[str]:
    rows = (
        (row.pk, audit.privacy_facts(row), row.by_id, row.at)
        for row in PrivacyLog.objects.order_by("pk").iterator(chunk_size=CHUNK)
    )
    return rows_against_lines("privacy log row", audit.PRIVACY, "privacy", rows)
