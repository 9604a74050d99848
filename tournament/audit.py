"""The one audit trail: every action-log line is written here (README "Audit trail").

A line belongs to a scope: the tournament it changed (``tournament:<id>``) or a
room-level thing (``room``, ``cashbox:<id>``, ``player:<id>`` ...). Writers go
through the write unit's ``w.log``; this module is what it calls.

Each scope's lines are a hash chain (``tournament.rules.audit_chain``): a line
takes the next number of its scope and the hash of the scope's last line, read
in one query. The writer holds the scope's lock while it appends (the
tournament row for a tournament's lines); the unique (scope, seq) constraint
turns a writer that does not into an error instead of a fork.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, connections, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.device_time import LOG_KEY, device_time
from tournament.errors import Busy
from tournament.models import ActionLog, PrivacyLog, Tournament
from tournament.rules.audit_chain import NewLine, canonical, chain, digest, normal

# Kinds of lines this module writes itself.
PRIVACY = "privacy"  # a PrivacyLog row, in its player's scope
LEDGER = "ledger"  # a ledger row, in its cash box's scope
WITHDRAWN = "lines_withdrawn"  # lines taken out on purpose, with their numbers and hashes
LEDGER_SCOPE = "ledger"  # ledger rows that passed no cash box
REWRITTEN = "rewritten"  # an erasure's line: the ids of the lines whose data it rewrote
CONSTRAINT = "actionlog_one_line_per_seq"
LOG_TABLE = ActionLog._meta.db_table  # the write unit's tests see a line written by it
RACED = _("Someone else wrote here at the same moment. Please try again.")


def tournament_scope(tournament_id: int) -> str:
    """The scope of a tournament's lines."""
    return f"tournament:{tournament_id}"


def player_scope(player_id: int) -> str:
    """The scope of what was done with a player's data (consent, exports, erasure)."""
    return f"player:{player_id}"


def cashbox_scope(cash_box_id: int | None) -> str:
    """The scope of a cash box's ledger rows (rows that passed no drawer: ``ledger``)."""
    return f"cashbox:{cash_box_id}" if cash_box_id is not None else LEDGER_SCOPE


def plain(values: dict[str, Any]) -> dict[str, Any]:
    """Values as a line keeps them: amounts and dates as their text."""
    found: dict[str, Any] = normal(json.loads(json.dumps(values, default=_text)))
    return found


def _text(value: Any) -> str:
    if isinstance(value, Decimal):  # 10.00 and 10 are one amount
        return format(value.normalize(), "f")
    return str(value)


def edits(before: dict[str, Any], after: dict[str, Any]) -> dict[str, list[Any]]:
    """What an edit changed, for its line: ``{field: [before, after]}`` of each
    field whose value differs (as a line keeps them). Never pass a secret."""
    old, new = plain(before), plain(after)
    return {key: [old.get(key), new[key]] for key in new if old.get(key) != new[key]}


def _user_id(by: Any) -> int | None:
    return by.pk if getattr(by, "pk", None) else None


def append(
    *,
    scope: str,
    tournament: Tournament | None,
    kind: str,
    data: dict[str, Any],
    by: Any,
    at: datetime | None = None,
) -> ActionLog:
    """One line of the trail, by a user (or None for the house)."""
    times = [at] if at is not None else None
    lines = [(kind, data)]
    return append_many(scope=scope, tournament=tournament, lines=lines, by=by, times=times)[0]


def append_many(
    *,
    scope: str,
    tournament: Tournament | None,
    lines: Sequence[tuple[str, dict[str, Any]]],
    by: Any,
    times: Sequence[datetime] | None = None,
) -> list[ActionLog]:
    """Several lines of one scope in the order given (a hand's busts); ``times``:
    each line's own time (an import's history), else now."""
    now = timezone.now()
    when = list(times) if times is not None else [now] * len(lines)
    if len(when) != len(lines):
        raise ValueError("one time per line")
    tournament_id, user = (tournament.pk if tournament else None), _user_id(by)
    return _store(
        [
            NewLine(
                scope,
                kind,
                normal(_taken(data) if times is None else data),
                user,
                at,
                tournament_id,
            )
            for (kind, data), at in zip(lines, when, strict=True)
        ]
    )


def _taken(data: dict[str, Any]) -> dict[str, Any]:
    """A line of an action taken on a device at its own time keeps that time in
    its data; ``at`` stays the time the server received it (README "Device time")."""
    moment = device_time()
    if moment is None or LOG_KEY in data:
        return data
    return {**data, LOG_KEY: moment.isoformat()}


def _store(lines: list[NewLine]) -> list[ActionLog]:
    """The lines, chained, in one INSERT (their scopes' heads read in one query)."""
    if not lines:
        return []
    chained = chain(_heads(sorted({line.scope for line in lines})), lines)
    with _one_writer():
        return ActionLog.objects.bulk_create([ActionLog(**columns) for columns in chained])


def append_plain(
    *,
    scope: str,
    tournament_id: int | None,
    kind: str,
    lines: Sequence[dict[str, Any]],
    by_id: int | None,
    at: datetime,
) -> None:
    """Lines of one kind in one plain INSERT, nothing read back: the bust's path
    (README "Benchmarks"), one query for the head and one for the lines."""
    if not lines:
        return
    pending = [
        NewLine(scope, kind, normal(_taken(data)), by_id, at, tournament_id) for data in lines
    ]
    connection = connections[ActionLog.objects.db]
    quote = connection.ops.quote_name
    json_field = ActionLog._meta.get_field("data")
    stamp = connection.ops.adapt_datetimefield_value(at)
    columns: tuple[str, ...] = ("tournament_id", "scope", "seq", "kind", "data", "by_id", "at")
    columns += ("prev_hash",)
    columns += ("hash", "sealed")
    rows = [
        (tournament_id, scope, line["seq"], kind)
        + (json_field.get_db_prep_save(line["data"], connection), by_id, stamp)
        + (line["prev_hash"], line["hash"], "")
        for line in chain(_heads([scope]), pending)
    ]
    one = "(" + ", ".join(["%s"] * len(columns)) + ")"
    with _one_writer(), connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(ActionLog._meta.db_table)} "
            f"({', '.join(quote(c) for c in columns)}) VALUES {', '.join([one] * len(rows))}",
            [value for row in rows for value in row],
        )


@contextmanager
def _one_writer() -> Iterator[None]:
    """A second writer in the same scope without its lock: refused (409) with
    the whole write, never a fork of the chain."""
    try:
        yield
    except IntegrityError as exc:
        if CONSTRAINT in str(exc) or "actionlog.scope" in str(exc):
            raise Busy(RACED) from exc
        raise


def _heads(scopes: list[str]) -> dict[str, tuple[int, str]]:
    """The number and hash of each scope's last line, in one plain query."""
    connection = connections[ActionLog.objects.db]
    table = connection.ops.quote_name(ActionLog._meta.db_table)
    with connection.cursor() as cursor:
        if len(scopes) == 1:
            cursor.execute(
                f"SELECT scope, seq, hash FROM {table} WHERE scope = %s ORDER BY seq DESC LIMIT 1",
                scopes,
            )
        else:
            marks = ", ".join(["%s"] * len(scopes))
            cursor.execute(
                f"SELECT scope, seq, hash FROM {table} WHERE (scope, seq) IN "
                f"(SELECT scope, MAX(seq) FROM {table} WHERE scope IN ({marks}) GROUP BY scope)",
                scopes,
            )
        return {scope: (seq, own) for scope, seq, own in cursor.fetchall()}


def withdraw(
    lines: QuerySet[ActionLog], *, scope: str, tournament: Tournament | None, why: str, by: Any
) -> int:
    """Take lines of one scope out of the trail on purpose (a TD3 file saved
    again replaces what it wrote): a line of the scope names each with its number
    and hash, so the chain still verifies. Returns how many."""
    taken = list(lines.filter(scope=scope).order_by("seq").values_list("pk", "seq", "hash"))
    if not taken:
        return 0
    ActionLog.objects.filter(pk__in=[pk for pk, _seq, _hash in taken]).delete()
    facts = {"why": why, "lines": [[seq, own] for _pk, seq, own in taken]}
    append(scope=scope, tournament=tournament, kind=WITHDRAWN, data=facts, by=by)
    return len(taken)


def rewrite(lines: QuerySet[ActionLog], change: Callable[[Any], Any]) -> list[int]:
    """An erasure's rewrite of lines' data (README "Player data"): each line
    rewritten keeps the digest of its data as first written (``sealed``), so the
    chain holds; the erasure names the ids returned in its own line."""
    changed = []
    for pk, data, sealed in lines.values_list("pk", "data", "sealed"):
        new = normal(change(data))
        if canonical(new) == canonical(data):
            continue
        ActionLog.objects.filter(pk=pk).update(data=new, sealed=sealed or digest(data))
        changed.append(pk)
    return changed


def privacy_record(
    player_ids: Iterable[int],
    kind: str,
    *,
    by: Any,
    note: str = "",
    facts: dict[str, Any] | None = None,
) -> list[PrivacyLog]:
    """One PrivacyLog row per player, each with its line in the player's scope;
    ``by`` is the staff member, or none for the daily run."""
    user = by if getattr(by, "pk", None) else None
    # Inside the caller's write, which holds the players' scopes: a row never
    # without its line, and their chains appended under their locks.
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("privacy_record runs inside a write on the players")
    rows = PrivacyLog.objects.bulk_create(
        PrivacyLog(player_id=player_id, kind=kind, note=note[:500], by=user)
        for player_id in player_ids
    )
    _store(
        [
            NewLine(
                player_scope(row.player_id),
                PRIVACY,
                normal({**privacy_facts(row), **(facts or {})}),
                _user_id(user),
                row.at,
                None,
            )
            for row in rows
        ]
    )
    return rows


def privacy_facts(row: PrivacyLog) -> dict[str, Any]:
    """What a PrivacyLog row's line records of it (``audit verify`` compares)."""
    return {"privacy": row.pk, "player": row.player_id, "kind": row.kind, "note": row.note}
