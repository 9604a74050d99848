"""What on a public screen message is worth a sound (README "Named screens",
"Sounds and speech"): plain data in, events out.

Each event has a key that is the same however often and wherever it is
worked out (the level it starts, a move's id, the table that breaks), so a
screen that hears it twice (a reload, a reconnect, an undo and a redo, the
clock's boundary and the director's "next level" for the same level) sounds
it once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BOUNDARY_KINDS = ("level_up", "break_start", "break_end", "one_minute_left", "registration_closed")


@dataclass(frozen=True, slots=True)
class Event:
    kind: str
    key: str
    data: dict[str, Any] = field(default_factory=dict, compare=False)


def paid_places(payouts: dict[str, Any] | None) -> int | None:
    places = (payouts or {}).get("places") or []
    if not places:
        return None
    return max(int(p.get("to") or p.get("place") or 0) for p in places)


@dataclass
class Watch:
    """One tournament as a screen last heard it: what is new in the next message."""

    moves: set[int] = field(default_factory=set)
    level_index: int | None = None
    on_break: bool = False
    remaining: int | None = None
    paid: int | None = None
    final_table: int | None = None

    def seed(self, snapshot: dict[str, Any]) -> None:
        """Start from what the screen shows: nothing in it is news."""
        self.moves = {m["id"] for m in snapshot.get("moves") or []}
        self._level_seen(snapshot.get("clock") or {})
        self.remaining = (snapshot.get("summary") or {}).get("remaining")
        self.paid = paid_places(snapshot.get("payouts"))
        final = (snapshot.get("chip_counts") or {}).get("final_table")
        self.final_table = final.get("table") if final else None

    def events(self, message: dict[str, Any]) -> list[Event]:
        found: list[Event] = []
        if message.get("type") == "announcement" and message.get("kind") in BOUNDARY_KINDS:
            key = f"{message['kind']}:{message.get('level_index')}"
            found.append(Event(message["kind"], key, {"level": message.get("level")}))
        if "clock" in message:
            found += self._levels(message["clock"] or {})
        if "payouts" in message:
            self.paid = paid_places(message["payouts"]) or self.paid
        if "moves" in message:
            found += self._moves(message["moves"] or [])
        if "summary" in message:
            found += self._bubble((message["summary"] or {}).get("remaining"))
        if "chip_counts" in message:
            final = (message["chip_counts"] or {}).get("final_table")
            table = final.get("table") if final else None
            if table is not None and table != self.final_table:
                found.append(Event("final_table", f"final_table:{table}", {"table": table}))
            self.final_table = table
        unique: dict[str, Event] = {}
        for event in found:  # a boundary's message also carries the clock it moved
            unique.setdefault(event.key, event)
        return list(unique.values())

    def _level_seen(self, clock: dict[str, Any]) -> None:
        self.level_index = clock.get("level_index")
        self.on_break = (clock.get("level") or {}).get("kind") == "break"

    def _levels(self, clock: dict[str, Any]) -> list[Event]:
        """A level that starts by the director's hand ("next level") is news as
        one reached on time is; going back is not."""
        before, was_break = self.level_index, self.on_break
        self._level_seen(clock)
        index, level = self.level_index, clock.get("level")
        forward = type(index) is int and type(before) is int and index > before
        if not forward or clock.get("state") != "running" or not level:
            return []
        found = [Event("break_end", f"break_end:{before}", {})] if was_break else []
        kind = "break_start" if self.on_break else "level_up"
        return [*found, Event(kind, f"{kind}:{index}", {"level": level})]

    def _moves(self, moves: list[dict[str, Any]]) -> list[Event]:
        found = []
        breaking = sorted({m["from_table"] for m in moves if m.get("reason") == "break"} - {None})
        old_breaking = set()
        for move in moves:
            if move["id"] in self.moves and move.get("reason") == "break":
                old_breaking.add(move.get("from_table"))
        for table in breaking:
            if table not in old_breaking:
                found.append(Event("table_break", f"table_break:{table}", {"table": table}))
        for move in moves:
            if move["id"] not in self.moves:
                found.append(Event("move", f"move:{move['id']}", dict(move)))
        self.moves = {m["id"] for m in moves}
        return found

    def _bubble(self, remaining: int | None) -> list[Event]:
        before, self.remaining = self.remaining, remaining
        if remaining is None or before is None or not self.paid:
            return []
        if before > self.paid >= remaining:
            return [Event("bubble", "bubble", {"remaining": remaining})]
        return []
